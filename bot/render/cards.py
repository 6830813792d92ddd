"""Cards as text players read: ``7H`` -> ``7♥``, ``10G`` -> ``10🟩``; ``J``/``Q``/``K`` stay as they are."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

HURRICANE_SUITS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
HAGGIS_SUITS = {"R": "🟥", "O": "🟧", "Y": "🟨", "G": "🟩", "B": "🟦"}
HAGGIS_SUIT_NAMES = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue"}


@lru_cache(maxsize=512)
def card_label(card: str) -> str:
    """One card in canonical notation, with its suit as a symbol (works for every game)."""
    if len(card) >= 2:
        rank, suit = card[:-1], card[-1]
        if suit in HURRICANE_SUITS:
            return rank + HURRICANE_SUITS[suit]
        if suit in HAGGIS_SUITS and rank not in {"J", "Q", "K"}:
            return rank + HAGGIS_SUITS[suit]
    return card


def cards_label(cards: Iterable[str], sep: str = " ") -> str:
    return sep.join(card_label(card) for card in cards)
