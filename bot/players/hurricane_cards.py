"""Hurricane card facts the players need, read from the canonical notation (H-1, H-14, H-15)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

RANKS = "A234567JQK"
SUITS = "HDCS"
PACK: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
VALUE: dict[str, int] = {card: RANKS.index(card[0]) + 1 for card in PACK}


def value(card: str) -> int:
    return VALUE[card]


def card_worth(card: str) -> float:
    """Rough share of deal points a captured card brings (cards, hearts, 7♥, primiera)."""
    worth = 0.07
    if card[1] == "H":
        worth += 0.14
    if card == "7H":
        worth += 1.0
    worth += {"7": 0.3, "6": 0.15, "A": 0.09, "5": 0.04}.get(card[0], 0.0)
    return worth


WORTH: dict[str, float] = {card: card_worth(card) for card in PACK}


@dataclass(frozen=True)
class Play:
    """One Hurricane/Hurikan action text, split: ``played`` cards and the ``taken`` ones."""

    text: str
    played: tuple[str, ...]
    taken: tuple[str, ...]
    flip: int | None = None

    @property
    def is_capture(self) -> bool:
        return bool(self.taken)


@lru_cache(maxsize=1 << 16)
def parse_play(text: str) -> Play:
    if text.startswith("flip"):
        return Play(text, (), (), flip=int(text.split()[1]))
    left, _, right = text.partition(":")
    played = tuple(c for c in left.split("+") if c)
    taken = tuple(c for c in right.split("+") if c)
    return Play(text, played, taken)


def unseen(known: Iterable[str]) -> list[str]:
    """Cards of the pack that are not among ``known``."""
    seen = set(known)
    return [c for c in PACK if c not in seen]


def unseen_in(view: Mapping[str, Any]) -> list[str]:
    """Cards a seat's view does not show: not in its hand, on the table, in a pile or in an open
    hand (what other hands, face-down cards and the stock hold between them)."""
    known: list[str] = [*(view.get("hand") or ()), *(view.get("table") or ())]
    for cards in [*(view.get("piles") or ()), *(view.get("open_hands") or ())]:
        known.extend(cards)
    return unseen(known)
