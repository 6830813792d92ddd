"""Haggis actions and their canonical notation (ENGINE.md): ``5G J Q =set``, ``pass``, ``bet 15``,
``give 2``."""

from __future__ import annotations

from functools import lru_cache

from ..base import Action
from ..checks import action_text
from ..errors import IllegalAction
from ..quote import quote
from .cards import LABELS, ids_of, parse_cards
from .combinations import parse_reading, reading_name

BET_AMOUNTS = (0, 15, 30)


@lru_cache(maxsize=1 << 16)
def _play_text(mask: int, reading: int | None) -> str:
    """The notation of a play: a search lists the same plays of a hand again and again (a lead
    of many cards has hundreds), each a new action."""
    text = " ".join(LABELS[c] for c in ids_of(mask))
    if reading is not None:
        text += f" ={reading_name(reading)}"
    return text


class PlayAction(Action):
    """Play the cards of ``mask``; ``reading`` is the declared reading code (0 set, W seqW) or None."""

    __slots__ = ("mask", "reading", "_text")

    def __init__(self, mask: int, reading: int | None = None) -> None:
        self.mask = mask
        self.reading = reading
        self._text: str | None = None

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._text = _play_text(self.mask, self.reading)
        return text

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PlayAction):
            return self.mask == other.mask and self.reading == other.reading
        return Action.__eq__(self, other)

    def __hash__(self) -> int:
        return Action.__hash__(self)


class PassAction(Action):
    __slots__ = ()

    def __str__(self) -> str:
        return "pass"


class BetAction(Action):
    """A bet of 0 (no bet), 15 (little) or 30 (big) (G-17)."""

    __slots__ = ("amount",)

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def __str__(self) -> str:
        return f"bet {self.amount}"


class GiveAction(Action):
    """``bomb_capture=chooser``: the bomber gives the won trick to ``seat`` (G-13)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def __str__(self) -> str:
        return f"give {self.seat}"


HaggisAction = PlayAction | PassAction | BetAction | GiveAction


def _number(word: str, what: str) -> int:
    # '²'.isdigit() is true, int('²') fails; and int() refuses 4,300+ digits
    if not (word.isascii() and word.isdigit() and len(word) <= 3):
        raise IllegalAction(f"{what} needs a number, not {quote(word)}")
    return int(word)


def parse_action(text: str) -> Action:
    """Parse the canonical notation (any card order, spaces or ``+``); bad input is ``IllegalAction``."""
    text = action_text(text, "cards such as '7R 7G', or 'pass', or 'bet 0/15/30'")
    words = text.replace("+", " ").split()
    if not words:
        raise IllegalAction("empty action: name the cards to play, or 'pass', or 'bet 0/15/30'")
    head = words[0].lower()
    if head == "pass":
        if len(words) != 1:
            raise IllegalAction("'pass' takes nothing after it")
        return PassAction()
    if head == "bet":
        if len(words) != 2:
            raise IllegalAction("write a bet as 'bet 0', 'bet 15' or 'bet 30'")
        amount = _number(words[1], "a bet")
        if amount not in BET_AMOUNTS:
            raise IllegalAction("a bet is 0 (no bet), 15 (little bet) or 30 (big bet)")
        return BetAction(amount)
    if head == "give":
        if len(words) != 2:
            raise IllegalAction("write 'give N' with the seat number that takes the trick")
        return GiveAction(_number(words[1], "give"))
    reading: int | None = None
    if words[-1].startswith("="):
        reading = parse_reading(words[-1][1:])
        words = words[:-1]
        if not words:
            raise IllegalAction("a reading needs cards before it, like '5G J Q =set'")
    return PlayAction(parse_cards(words), reading)
