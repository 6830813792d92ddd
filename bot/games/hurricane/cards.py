"""The 40-card Hurricane pack as small ints (H-1), with names, values and primiera values.

A card is ``rank_index * 4 + suit_index`` so that sorting ints sorts by rank, then suit (H D C S);
that order is the canonical order of every card list the engines print.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.errors import IllegalAction
from bot.games.quote import quote

RANKS = "A234567JQK"
SUITS = "HDCS"
PACK_SIZE = 40

#: Card names in canonical notation, indexed by card int.
NAMES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
#: Capture value (A=1 … 7=7, J=8, Q=9, K=10) by card int.
VALUE: tuple[int, ...] = tuple(c // 4 + 1 for c in range(PACK_SIZE))
#: Suit index (0=H, 1=D, 2=C, 3=S) by card int.
SUIT: tuple[int, ...] = tuple(c % 4 for c in range(PACK_SIZE))
_PRIMIERA_BY_RANK = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12}
_PRIMIERA_BY_RANK.update({"K": 10, "Q": 9, "J": 8})
#: Primiera value (H-15) by card int.
PRIMIERA: tuple[int, ...] = tuple(_PRIMIERA_BY_RANK[NAMES[c][0]] for c in range(PACK_SIZE))
INDEX: dict[str, int] = {name: c for c, name in enumerate(NAMES)}
SEVEN_OF_HEARTS = INDEX["7H"]
HEARTS = 0


def names(cards: Iterable[int]) -> list[str]:
    """Canonical (sorted) names of some cards."""
    return list(map(NAMES.__getitem__, sorted(cards)))


def lookup(text: str) -> int | None:
    """The card int for a name such as ``7H`` / ``qs`` (or None when it is no card of this pack)."""
    return INDEX.get(text.strip().upper())


def parse_card(text: str) -> int:
    """Parse one card name or raise IllegalAction saying what a card looks like."""
    card = lookup(text) if isinstance(text, str) else None
    if card is not None:
        return card
    word = text.strip().upper() if isinstance(text, str) else ""
    if len(word) >= 2 and word[:-1] in {"8", "9", "10"} and word[-1] in SUITS:
        raise IllegalAction(f"{word} is not in this pack: Hurricane plays without 8s, 9s and 10s")
    if not word:
        shown = quote(text, 30) if not isinstance(text, str) else "an empty string"
    elif word.isascii() and word.isprintable() and len(word) <= 12:
        shown = word  # a short typo is shown as typed: 9X is not a card
    else:
        shown = quote(word, 30)
    raise IllegalAction(
        f"{shown} is not a card: write rank A 2 3 4 5 6 7 J Q K and suit H D C S, e.g. 7H or QS"
    )
