"""Haggis card facts for the players, read from the canonical notation and the rules' analyser.

``classify`` turns a play's text into its combination (kind, size, width, rank) plus what it costs
the hand (wild face cards used), using the engine's public analyser ``readings`` (G-4..G-9).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bot.games import readings_of

FACES = ("J", "Q", "K")
POINTS = {3: 1, 5: 1, 7: 1, 9: 1}
FACE_POINTS = {"J": 2, "Q": 3, "K": 5}


def card_points(card: str) -> int:
    if card in FACE_POINTS:
        return FACE_POINTS[card]
    return POINTS.get(int(card[:-1]), 0)


@dataclass(frozen=True)
class Combo:
    kind: str  # "set" | "seq" | "bomb"
    size: int
    width: int
    rank: int  # set rank, sequence top rank, or bomb level 1..6
    cards: tuple[str, ...]
    wilds: int  # face cards in the play

    @property
    def is_bomb(self) -> bool:
        return self.kind == "bomb"

    @property
    def points(self) -> int:
        return sum(card_points(c) for c in self.cards)


def split_play(text: str) -> tuple[tuple[str, ...], str | None]:
    body, _, suffix = text.partition(" =")
    return tuple(body.split()), (suffix or None)


def is_bomb_text(text: str) -> bool:
    """Bombs by shape alone (G-8): only face cards (two or three), or four numbers 3-5-7-9."""
    cards, suffix = split_play(text)
    if suffix or not cards or text.startswith(("bet", "pass", "give")):
        return False
    numbers = [c for c in cards if c not in FACES]
    if not numbers:
        return len(cards) >= 2
    return len(cards) == 4 and sorted(int(c[:-1]) for c in numbers) == [3, 5, 7, 9]


@lru_cache(maxsize=1 << 15)
def classify(text: str, suits: int, top_shape: tuple[str, int, int] | None = None) -> Combo | None:
    """The combination a play text stands for; on a follow, the reading of ``top_shape``
    (kind, size, width) when several fit. None for pass / bet / give or no combination."""
    if text.startswith(("bet", "pass", "give")):
        return None
    cards, suffix = split_play(text)
    found = readings_of(list(cards), 2 if suits == 4 else 3)
    if not found:
        return None
    chosen = found[0]
    if suffix is not None:
        for r in found:
            if r.reading == suffix:
                chosen = r
                break
    elif top_shape is not None:
        for r in found:
            if r.kind.value == top_shape[0] and r.size == top_shape[1] and r.width == top_shape[2]:
                chosen = r
                break
            if r.is_bomb:
                chosen = r
    wilds = sum(1 for c in cards if c in FACES)
    return Combo(chosen.kind.value, chosen.size, chosen.width, chosen.rank, cards, wilds)
