"""What the hands need to know about moves that only the engine can tell: which capture is a
hurricane, what a Haggis play is and what it beats, whether a selection may be played now and why
not, and a Hurikan card's value.

This is the ONE module outside ``bot/games`` that reads engine internals (Haggis ``readings`` /
``Combination`` / ``state.play_options`` / ``state.suits``, Hurricane's ``INDEX``/``VALUE``, and a
cloned state to try a capture), until the engine exposes ``describe`` and a selection helper in its
public API; then only this module changes. Every question is asked for one seat, from that seat's
view (the state, when given, is used only to answer for that seat)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games import GameState, IllegalAction
from bot.games.haggis import Combination, Kind, readings
from bot.games.hurricane.cards import INDEX, VALUE


@dataclass(frozen=True, slots=True)
class Combo:
    """A Haggis combination in words: ``text`` what it is, ``shape`` what a follower must match."""

    text: str
    shape: str
    is_bomb: bool


@dataclass(frozen=True, slots=True)
class SelectionFacts:
    """What some selected hand cards are and whether they may be played now.

    ``readings``: what the cards can be, in words (only those that beat the top when one does);
    ``checked``: False when the question was not asked (not the seat's turn, no play legal);
    ``reason``: why they may not be played now; ``choices``: legal readings (2+: ask after Play)."""

    readings: tuple[str, ...]
    checked: bool = False
    reason: str | None = None
    choices: int = 0


def card_value(card: str) -> int:
    """A Hurricane/Hurikan card's value (A=1 … 7=7, J=8, Q=9, K=10), from the engine's table."""
    return VALUE[INDEX[card]]


def _combo(c: Combination) -> Combo:
    return Combo(c.describe(), c.shape(), c.is_bomb)


def _top_combination(view: Mapping[str, Any]) -> Combination | None:
    top = view.get("top")
    data = top.get("combination") if isinstance(top, dict) else None
    if not isinstance(data, dict):
        return None
    try:
        return Combination(Kind(data["kind"]), data["size"], data["width"], data["rank"])
    except (KeyError, TypeError, ValueError):
        return None


@dataclass
class EngineFacts:
    """The engine's answers for one seat at one moment (``state`` may be None: a view only, as in
    tests of pure text; then hurricanes and "may I play this" are simply not known)."""

    game: str
    view: Mapping[str, Any]
    state: GameState | None = None
    seat: int | None = None
    _sweeps: dict[tuple[str, ...], frozenset[str]] = field(default_factory=dict, repr=False)

    # --- Hurricane ---------------------------------------------------------------------------
    def sweeps(self, legal: Sequence[str]) -> frozenset[str]:
        """The captures that would be hurricanes, as the engine says (each tried on a copy). Only
        a capture of every table card can leave the table empty, so only those are tried."""
        key = tuple(legal)
        if key not in self._sweeps:
            self._sweeps[key] = self._find_sweeps(key)
        return self._sweeps[key]

    def _find_sweeps(self, legal: Sequence[str]) -> frozenset[str]:
        state, seat = self.state, self.seat
        if state is None or seat is None or self.game != "hurricane":
            return frozenset()
        on_table = len(self.view.get("table") or [])
        found = []
        for t in legal:
            if ":" not in t or t.count("+") + 1 != on_table:
                continue
            try:
                events = state.clone().apply(t, seat)
            except IllegalAction:  # a stale list: that move just gets no mark
                continue
            if any(ev.get("type") == "sweep" for ev in events):
                found.append(t)
        return frozenset(found)

    # --- Haggis --------------------------------------------------------------------------------
    @property
    def _suits(self) -> int:
        suits = getattr(self.state, "suits", None)
        if isinstance(suits, int):
            return suits
        return 5 if self.view.get("num_players") == 3 else 4

    def top(self) -> Combo | None:
        """The combination to beat (the view's ``top``), or None when leading."""
        combo = _top_combination(self.view)
        return None if combo is None else _combo(combo)

    def _readings(self, cards: Sequence[str]) -> list[Combination]:
        try:
            return readings(list(cards), self._suits)
        except IllegalAction:
            return []

    def play_words(self, move: str) -> str | None:
        """What a Haggis play is (``three 5s``), read as declared, else in the shape of the top."""
        body, _, suffix = move.partition("=")
        found = self._readings(body.split())
        suffix = suffix.strip()
        top = _top_combination(self.view)
        if suffix:
            found = [r for r in found if r.suffix == suffix] or found
        elif top is not None:
            found = [r for r in found if r.beats(top)] or found
        return found[0].describe() if found else None

    def selection(self, cards: Sequence[str], legal: Sequence[str]) -> SelectionFacts:
        """What ``cards`` are and, on the seat's turn with a play legal, whether they may be played
        now (the engine's reason when not)."""
        combos = self._readings(cards)
        top = _top_combination(self.view)
        if top is not None:  # following: name the reading that beats the top, if one does
            combos = [c for c in combos if c.beats(top)] or combos
        kinds = tuple(c.describe() for c in combos)
        state, seat = self.state, self.seat
        may_play = any(t != "pass" and t.split(" ")[0] not in ("bet", "give") for t in legal)
        if state is None or seat is None or state.current_player != seat or not may_play:
            return SelectionFacts(kinds)
        try:
            options = state.play_options(" ".join(cards), seat)  # type: ignore[attr-defined]
        except IllegalAction as exc:
            return SelectionFacts(kinds, checked=True, reason=str(exc))
        return SelectionFacts(kinds, checked=True, choices=len(options))


def facts_for(state: GameState | None, seat: int, view: Mapping[str, Any]) -> EngineFacts:
    """The engine's answers for ``seat`` (its view ``view``) in ``state``."""
    game = str(view.get("game") or getattr(state, "name", ""))
    return EngineFacts(game, view, state, seat)
