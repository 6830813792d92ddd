"""What the hands need to know about moves that only the engine can tell: which capture is a
hurricane, what a Haggis play is and what it beats, whether a selection may be played now and why
not, and a Hurikan card's value.

Every answer comes from the engine's public view-only API (``bot.games.describe``,
``selection_plays``, ``Reading``, ``card_value``: docs/engine-api.md), computed from the seat's
own view, so nothing hidden can reach a hand through it. The hands ask here, not the engine, so
that a change of that API touches this one module."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games import IllegalAction, Reading, describe, selection_plays
from bot.games import card_value as _card_value
from bot.i18n import current

from .combos import combo_shape, combo_text, combo_words


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
    """A Hurricane/Hurikan card's value (A=1 … 7=7, J=8, Q=9, K=10), as the engine counts it."""
    return _card_value(card)


def _top(view: Mapping[str, Any]) -> Reading | None:
    top = view.get("top")
    data = top.get("combination") if isinstance(top, Mapping) else None
    if not isinstance(data, Mapping):
        return None
    try:
        return Reading.from_dict(data)
    except IllegalAction:
        return None


def _is_play(move: str) -> bool:
    return move != "pass" and move.split(" ")[0] not in ("bet", "give")


@dataclass
class EngineFacts:
    """The engine's answers for the seat whose view ``view`` is, at one moment."""

    game: str
    view: Mapping[str, Any]
    _sweeps: dict[tuple[str, ...], frozenset[str]] = field(default_factory=dict, repr=False)
    # play_words by (move, language): a hand asks about the same moves several times (the menu's
    # kinds, its sorting, each option's label); each answer costs an engine ``describe``
    _words: dict[tuple[str, str], str | None] = field(default_factory=dict, repr=False)

    # --- Hurricane ---------------------------------------------------------------------------
    def sweeps(self, legal: Sequence[str]) -> frozenset[str]:
        """The captures among ``legal`` that would be hurricanes. Only a capture of every table
        card can leave the table empty, so only those are asked about."""
        key = tuple(legal)
        if key not in self._sweeps:
            self._sweeps[key] = self._find_sweeps(key)
        return self._sweeps[key]

    def _find_sweeps(self, legal: Sequence[str]) -> frozenset[str]:
        if self.game != "hurricane":
            return frozenset()
        on_table = len(self.view.get("table") or [])
        found = []
        for t in legal:
            if ":" not in t or t.count("+") + 1 != on_table:
                continue
            try:
                move = describe(self.game, self.view, t)
            except IllegalAction:  # a stale list: that move just gets no mark
                continue
            if move.get("hurricane"):
                found.append(t)
        return frozenset(found)

    # --- Haggis --------------------------------------------------------------------------------
    def top(self) -> Combo | None:
        """The combination to beat (the view's ``top``), or None when leading."""
        top = _top(self.view)
        return None if top is None else Combo(combo_text(top), combo_shape(top), top.is_bomb)

    def play_words(self, move: str) -> str | None:
        """What a Haggis play is (``three 5s``): as declared, the reading that beats the top, or
        the first of its readings."""
        key = (move, current())
        if key not in self._words:
            self._words[key] = self._play_words(move)
        return self._words[key]

    def _play_words(self, move: str) -> str | None:
        try:
            described = describe(self.game, self.view, move)
        except (IllegalAction, ValueError):
            return None
        chosen = described.get("combination")
        readings = described.get("readings")
        if not isinstance(chosen, Mapping) and isinstance(readings, list) and readings:
            chosen = readings[0]  # an undeclared lead with several readings: the first
        return combo_words(chosen) if isinstance(chosen, Mapping) else None

    def selection(self, cards: Sequence[str], legal: Sequence[str]) -> SelectionFacts:
        """What ``cards`` are and, on the seat's turn with a play legal, whether they may be played
        now (the engine's reason when not)."""
        try:
            chosen = selection_plays(self.game, self.view, cards)
        except (IllegalAction, ValueError):
            return SelectionFacts(())
        readings = list(chosen.readings)
        to_beat = chosen.to_beat
        if to_beat is not None:  # following: name the reading that beats the top, if one does
            readings = [r for r in readings if r.beats(to_beat)] or readings
        kinds = tuple(combo_text(r) for r in readings)
        seat = self.view.get("seat")
        if seat is None or self.view.get("current_player") != seat:
            return SelectionFacts(kinds)
        if not any(_is_play(t) for t in legal):
            return SelectionFacts(kinds)
        if chosen.reason is not None:
            return SelectionFacts(kinds, checked=True, reason=chosen.reason)
        return SelectionFacts(kinds, checked=True, choices=len(chosen.plays))


def facts_for(view: Mapping[str, Any]) -> EngineFacts:
    """The engine's answers for the seat whose view ``view`` is."""
    return EngineFacts(str(view.get("game") or ""), view)
