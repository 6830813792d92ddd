"""What a Haggis hand interface needs, computed from one seat's view only (docs/engine-api.md):
the readings of a selection of cards, which of them are legal now and, if none, the engine's
reason; and what a move does (``describe``).

The checks run on a *view state*: a ``HaggisState`` holding nothing but what the view shows (the
seat's own hand, the trick, bets, turn), so the answers are the engine's own rule checks and no
hidden card can influence them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalAction
from ..quote import quote
from ..types import HaggisCombination, HaggisMove
from .actions import BetAction, GiveAction, PassAction, PlayAction, parse_action
from .cards import LABELS, ids_of, num_suits, parse_card
from .combinations import Combination, Kind, analyse, combo
from .options import parse_options
from .state import Entry, HaggisState


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to play a selection of cards (G-4..G-9): a set, a sequence or a bomb.

    ``rank`` is the set's rank, the sequence's top rank (J, Q, K = 11, 12, 13) or, for a bomb, its
    level 1 (rainbow 3-5-7-9) .. 6 (suited 3-5-7-9), also given as ``bomb_level``.
    """

    kind: Kind
    size: int
    width: int
    length: int
    rank: int
    reading: str | None  # the notation suffix (``set``, ``seqW``); None for a bomb
    text: str  # "three 5s", "a sequence 9-10-J", "a J-Q bomb"

    @property
    def is_bomb(self) -> bool:
        return self.kind is Kind.BOMB

    @property
    def bomb_level(self) -> int | None:
        return self.rank if self.kind is Kind.BOMB else None

    def _combination(self) -> Combination:
        return combo(self.kind, self.size, self.width, self.rank)

    def beats(self, other: Reading) -> bool:
        """G-11: same shape and a higher rank, or a bomb over a non-bomb or a lower bomb."""
        return self._combination().beats(other._combination())

    def shape(self) -> str:
        """What beats it must look like, in words: "a pair", "a sequence of 3", "a higher bomb"."""
        return self._combination().shape()

    def to_dict(self) -> HaggisCombination:
        return _combination_dict(self._combination())

    @classmethod
    def of(cls, c: Combination) -> Reading:
        return cls(c.kind, c.size, c.width, c.length, c.rank, c.suffix, c.describe())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reading:
        """The reading of a view's or an event's ``combination`` (``view["top"]["combination"]``)."""
        try:
            return cls.of(combo(Kind(data["kind"]), data["size"], data["width"], data["rank"]))
        except (KeyError, TypeError, ValueError):
            raise IllegalAction(f"{quote(data)} is not a Haggis combination") from None


def _combination_dict(c: Combination) -> HaggisCombination:
    data: Any = c.to_dict()
    out: HaggisCombination = data
    return out


@dataclass(frozen=True, slots=True)
class Selection:
    """A selection of hand cards as the hand UI sees it (``selection_plays``)."""

    cards: tuple[str, ...]  # canonical order
    readings: tuple[Reading, ...]  # every reading; empty: no combination at all
    plays: tuple[str, ...]  # the legal actions for exactly these cards now (canonical text)
    reason: str | None  # why none is legal now (the engine's words); None when one is
    to_beat: Reading | None  # the trick's top combination, if following
    played_as: Reading | None  # the reading the engine would use (None: ask which)

    @property
    def legal(self) -> bool:
        return bool(self.plays)

    @property
    def ask_reading(self) -> bool:
        """More than one legal reading: the player declares which (G-9)."""
        return len(self.plays) > 1


def readings_of(cards: Iterable[str], players: int = 3) -> list[Reading]:
    """Every reading of a selection (``["5G", "J", "Q"]`` -> three 5s, a sequence 5-6-7).

    ``players`` decides the suits in play (2 players: no blue, so no sequence 5 suits wide).
    Raises ``IllegalAction`` for a token that is no card or a card listed twice.
    """
    return [Reading.of(c) for c in analyse(_mask(cards), num_suits(_players(players)))]


def _players(players: Any) -> int:
    if type(players) is not int or players not in (2, 3):
        raise IllegalAction(f"Haggis is for 2 or 3 players, not {quote(players)}")
    return int(players)


def _mask(cards: Iterable[str]) -> int:
    if isinstance(cards, str):
        cards = cards.replace("+", " ").split()
    mask = 0
    for card in cards:
        if not isinstance(card, str):
            raise IllegalAction(f"{quote(card)} is not a Haggis card")
        bit = 1 << parse_card(card)
        if mask & bit:
            raise IllegalAction(f"{card.strip().upper()} is listed twice")
        mask |= bit
    return mask


def view_state(view: Mapping[str, Any]) -> tuple[HaggisState, int | None]:
    """A state holding only what ``view`` shows, for rule checks on behalf of its seat."""
    try:
        n = _players(view["num_players"])
        state = HaggisState(n, parse_options(view.get("options")), 0)
        seat = view.get("seat")
        if seat is not None:
            state.hands[seat] = _mask(view.get("hand") or [])
        for s, size in enumerate(view["hand_sizes"]):
            if s != seat and size:
                state.hands[s] = 1  # some card: that seat still plays; which is not known
        trick: list[Entry] = []
        for item in view.get("trick") or []:
            data = item.get("combination")
            if data is None:
                trick.append(Entry(item["player"], 0, None))
                continue
            action = parse_action(item["play"])
            mask = action.mask if isinstance(action, PlayAction) else 0
            trick.append(Entry(item["player"], mask, Reading.from_dict(data)._combination()))
        state.trick = trick
        state.pending_give = view.get("pending_give")
        state.turn = view.get("turn")
        state.bets = list(view["bets"])
        state.played = list(view["played"])
        state.out = list(view["out"])
        state.over = bool(view.get("is_over"))
    except (KeyError, TypeError, ValueError, IndexError):
        raise IllegalAction("this is not a Haggis view") from None
    return state, seat


def selection_plays(view: Mapping[str, Any], cards: Iterable[str]) -> Selection:
    """The readings of ``cards`` for the view's seat, which are legal now, and why not if none."""
    state, seat = view_state(view)
    mask = _mask(cards)
    top = state.top()
    to_beat = Reading.of(top.combo) if top is not None and top.combo is not None else None
    readings = tuple(Reading.of(c) for c in analyse(mask, state.suits))
    text = " ".join(LABELS[c] for c in ids_of(mask))
    plays: tuple[str, ...] = ()
    reason: str | None = None
    played_as: Reading | None = None
    if seat is None:
        reason = "spectators do not play"
    elif not mask:
        reason = "select the cards to play"
    else:
        try:
            options = state.play_options(text, seat)
        except IllegalAction as exc:
            reason = str(exc)
        else:
            plays = tuple(str(a) for a in options)
            if len(options) == 1:
                played_as = Reading.of(state._check_play(seat, options[0]))
    return Selection(
        cards=tuple(LABELS[c] for c in ids_of(mask)),
        readings=readings,
        plays=plays,
        reason=reason,
        to_beat=to_beat,
        played_as=played_as,
    )


def describe(view: Mapping[str, Any], action: Any) -> HaggisMove:
    """What ``action`` does for the view's seat (``docs/engine-api.md``): never consults hidden
    cards; a play's reading is the engine's choice (the declared one, the best that beats the top,
    or the only one), or None with ``needs_reading`` when a lead must say which."""
    act = parse_action(str(action) if not isinstance(action, str) else action)
    state, _seat = view_state(view)
    top = state.top()
    to_beat = _combination_dict(top.combo) if top is not None and top.combo is not None else None
    move: HaggisMove = {
        "kind": "play",
        "cards": [],
        "readings": [],
        "combination": None,
        "needs_reading": False,
        "lead": top is None,
        "to_beat": to_beat,
        "beats": False,
        "amount": None,
        "seat": None,
        "reason": "",
    }
    if isinstance(act, PassAction):
        move["kind"] = "pass"
        move["lead"] = False
        move["reason"] = "pass (you may play again in this trick)"
        return move
    if isinstance(act, BetAction):
        amount = act.amount
        text = "no bet" if amount == 0 else f"bet {amount}: you go out first, or it pays others"
        move["kind"] = "bet"
        move["lead"] = False
        move["amount"] = amount
        move["reason"] = text
        return move
    if isinstance(act, GiveAction):
        move["kind"] = "give"
        move["lead"] = False
        move["seat"] = act.seat
        move["reason"] = f"seat {act.seat} takes it"
        return move
    if not (isinstance(act, PlayAction)):
        raise RuntimeError("internal error: expected isinstance(act, PlayAction)")
    reads = analyse(act.mask, state.suits)
    move["cards"] = [LABELS[c] for c in ids_of(act.mask)]
    move["readings"] = [_combination_dict(c) for c in reads]
    if act.reading is not None:
        reads = tuple(c for c in reads if c.code == act.reading)
    chosen: Combination | None = None
    if not reads:
        move["reason"] = "no combination" if act.reading is None else "no such reading"
    elif top is not None and top.combo is not None:
        good = [c for c in reads if c.beats(top.combo)]
        if good:
            chosen = max(good, key=lambda c: c.rank)
            move["beats"] = True
            move["reason"] = f"{chosen.describe()}, beats {top.combo.describe()}"
        else:
            chosen = reads[0]
            move["reason"] = f"{chosen.describe()}, does not beat {top.combo.describe()}"
    elif len(reads) == 1:
        chosen = reads[0]
        move["reason"] = f"leads {chosen.describe()}"
    else:
        move["needs_reading"] = True
        move["reason"] = " or ".join(c.describe() for c in reads) + ": say which"
    move["combination"] = _combination_dict(chosen) if chosen is not None else None
    return move
