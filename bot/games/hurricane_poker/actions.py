"""Hurricane poker actions and their canonical notation (ENGINE.md): ``check``, ``call``,
``fold``, ``bet 2``, ``raise 3``, ``draw 7H``, ``stand``, ``declare high|low|both``.

Actions are interned: every distinct action is one object, so ``legal_actions`` hands out slices
of prebuilt lists and ``apply`` compares by identity first.
"""

from __future__ import annotations

from enum import Enum

from ..base import Action
from ..errors import IllegalAction
from .cards import LABELS, NUM_IDS, parse_card

#: Bet and raise sizes are bounded by ``bet_max`` (at most 20); the parser refuses more digits.
MAX_AMOUNT = 20


class Kind(Enum):
    CHECK = "check"
    CALL = "call"
    FOLD = "fold"
    BET = "bet"
    RAISE = "raise"
    DRAW = "draw"
    STAND = "stand"
    DECLARE = "declare"


SIDES = ("high", "low", "both")


class PokerAction(Action):
    """One move: ``kind`` plus an amount (bet/raise), a card id (draw) or a side (declare)."""

    __slots__ = ("kind", "amount", "card", "side", "_text")

    def __init__(self, kind: Kind, amount: int = 0, card: int = -1, side: str = "") -> None:
        self.kind = kind
        self.amount = amount
        self.card = card
        self.side = side
        if kind in (Kind.BET, Kind.RAISE):
            self._text = f"{kind.value} {amount}"
        elif kind is Kind.DRAW:
            self._text = f"draw {LABELS[card]}"
        elif kind is Kind.DECLARE:
            self._text = f"declare {side}"
        else:
            self._text = kind.value

    def __str__(self) -> str:
        return self._text

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, PokerAction):
            return self._text == other._text
        return Action.__eq__(self, other)

    def __hash__(self) -> int:
        return hash(self._text)

    def __reduce__(self) -> tuple[object, ...]:
        return (parse_action, (self._text,))


CHECK = PokerAction(Kind.CHECK)
CALL = PokerAction(Kind.CALL)
FOLD = PokerAction(Kind.FOLD)
STAND = PokerAction(Kind.STAND)
#: ``BETS[n]`` / ``RAISES[n]`` for n = 1..MAX_AMOUNT (index 0 unused).
BETS = [PokerAction(Kind.BET, n) for n in range(MAX_AMOUNT + 1)]
RAISES = [PokerAction(Kind.RAISE, n) for n in range(MAX_AMOUNT + 1)]
DRAWS = [PokerAction(Kind.DRAW, card=c) for c in range(NUM_IDS)]
DECLARES = {side: PokerAction(Kind.DECLARE, side=side) for side in SIDES}
_WORDS = {"check": CHECK, "call": CALL, "fold": FOLD, "stand": STAND}


def _amount(word: str, verb: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 4:
        raise IllegalAction(f"'{verb}' needs a number of chips from 1 to {MAX_AMOUNT}")
    amount = int(word)
    if not 1 <= amount <= MAX_AMOUNT:
        raise IllegalAction(f"'{verb}' needs a number of chips from 1 to {MAX_AMOUNT}")
    return amount


def parse_action(text: str) -> PokerAction:
    """Canonical notation (any case, extra spaces) -> action; anything else is ``IllegalAction``."""
    if not isinstance(text, str):
        raise IllegalAction("an action must be text such as 'call', 'bet 2' or 'draw 7H'")
    if len(text) > 40:
        raise IllegalAction("that is not a poker action: try check, call, fold, bet N, raise N")
    words = text.split()
    if not words:
        raise IllegalAction("empty action: check, call, fold, bet N, raise N, draw CARD or stand")
    head = words[0].lower()
    if head in _WORDS:
        if len(words) != 1:
            raise IllegalAction(f"'{head}' takes nothing after it")
        return _WORDS[head]
    if head in ("bet", "raise"):
        if len(words) != 2:
            raise IllegalAction(f"write '{head} N' with the chips beyond the amount to call")
        amount = _amount(words[1], head)
        return BETS[amount] if head == "bet" else RAISES[amount]
    if head == "draw":
        if len(words) != 2:
            raise IllegalAction("write 'draw 7H' with the card you discard")
        return DRAWS[parse_card(words[1])]
    if head == "declare":
        if len(words) != 2 or words[1].lower() not in DECLARES:
            raise IllegalAction("write 'declare high', 'declare low' or 'declare both'")
        return DECLARES[words[1].lower()]
    raise IllegalAction(
        "that is not a poker action: check, call, fold, bet N, raise N, draw CARD, stand, "
        "declare high|low|both"
    )
