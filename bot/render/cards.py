"""Cards as text players read: ``7H`` -> ``7♥``, ``10G`` -> ``10🟩``; ``J``/``Q``/``K`` stay as they are;
and sorted the way players hold them, for every game."""

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


HURRICANE_RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]
HURRICANE_SUIT_ORDER = ["H", "D", "C", "S"]
HAGGIS_RANKS = [str(n) for n in range(2, 11)] + ["J", "Q", "K"]
HAGGIS_SUIT_ORDER = ["R", "O", "Y", "G", "B"]


def _key(card: str) -> tuple[int, int, str]:
    if card in ("J", "Q", "K"):  # Haggis face cards (no suit)
        return (HAGGIS_RANKS.index(card) + 100, 0, card)
    rank, suit = card[:-1], card[-1]
    if suit in HURRICANE_SUIT_ORDER and rank in HURRICANE_RANKS:
        return (HURRICANE_RANKS.index(rank), HURRICANE_SUIT_ORDER.index(suit), card)
    if suit in HAGGIS_SUIT_ORDER and rank in HAGGIS_RANKS:
        return (HAGGIS_RANKS.index(rank), HAGGIS_SUIT_ORDER.index(suit), card)
    return (999, 0, card)


def _known_keys() -> dict[str, tuple[int, int, str]]:
    cards = [r + s for r in HURRICANE_RANKS for s in HURRICANE_SUIT_ORDER]
    cards += [r + s for r in HAGGIS_RANKS for s in HAGGIS_SUIT_ORDER] + ["J", "Q", "K"]
    return {c: _key(c) for c in cards}


_KEYS = _known_keys()  # every card of every game: a hand is re-sorted on each redraw


def _sort_key(card: str) -> tuple[int, int, str]:
    key = _KEYS.get(card)
    return key if key is not None else _key(card)


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards by rank, then suit (Haggis face cards last)."""
    return sorted(cards, key=_sort_key)
