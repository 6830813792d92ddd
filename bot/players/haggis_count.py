"""Counting for Haggis: the number cards this seat has not seen, and whether they can beat a play.

What is unseen is the deck less this seat's hand and every card played this round (the other
hands and the Haggis together); each opponent's face cards are public and wild (G-5). A
combination nobody can beat without a bomb is a *sure winner*: led, it keeps the lead (unless
bombed), which is how a hand with one loose combination left goes out first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .base import View, seat_of
from .haggis_cards import FACES, Combo

FACE_RANK = {"J": 11, "Q": 12, "K": 13}


@dataclass(frozen=True)
class Outstanding:
    """What the other seats might still hold, as far as this seat can tell."""

    by_rank: Counter[int]  # unseen number cards per rank (2..10)
    by_suit: dict[str, frozenset[int]]  # unseen ranks per suit
    wilds: int  # most face cards one opponent still holds
    top_face: int  # highest face rank an opponent holds (0: none)
    most_cards: int  # most cards one opponent holds

    @property
    def face_bomb(self) -> bool:
        """Some opponent holds two face cards: a bomb (G-8)."""
        return self.wilds >= 2


def outstanding(view: View) -> Outstanding:
    n = int(view.get("num_players", 2))
    suits = "ROYG" if n == 2 else "ROYGB"
    seen = {c for c in (view.get("hand") or ()) if c not in FACES}
    seen.update(c for c in (view.get("played_cards") or ()) if c not in FACES)
    by_rank: Counter[int] = Counter()
    by_suit: dict[str, set[int]] = {s: set() for s in suits}
    for suit in suits:
        for rank in range(2, 11):
            if f"{rank}{suit}" not in seen:
                by_rank[rank] += 1
                by_suit[suit].add(rank)
    seat = seat_of(view)
    out = set(view.get("out") or ())
    faces = list(view.get("faces") or [[] for _ in range(n)])
    sizes = list(view.get("hand_sizes") or [0] * n)
    rivals = [s for s in range(n) if s != seat and s not in out and sizes[s] > 0]
    wilds = max((len(faces[s]) for s in rivals), default=0)
    top_face = max((FACE_RANK[f] for s in rivals for f in faces[s]), default=0)
    return Outstanding(
        by_rank,
        {s: frozenset(r) for s, r in by_suit.items()},
        wilds,
        top_face,
        max((sizes[s] for s in rivals), default=0),
    )


def can_be_beaten(combo: Combo, out: Outstanding) -> bool:
    """Could an opponent beat ``combo`` without a bomb, from the unseen cards and its wilds?
    Generous to the opponent (suits of wider sequences and who holds what are not tracked)."""
    if combo.is_bomb:
        return False  # only a higher bomb: counted apart
    if out.most_cards < combo.size:
        return False
    if combo.kind == "set":
        if combo.size == 1 and out.top_face > combo.rank:
            return True
        for rank in range(combo.rank + 1, 11):
            have = out.by_rank[rank]
            if have and have + out.wilds >= combo.size:
                return True
        return False
    width = combo.width
    length = combo.size // width
    for top in range(combo.rank + 1, 14):
        ranks = range(top - length + 1, top + 1)
        if width == 1:
            for held in out.by_suit.values():
                numbers = sum(1 for r in ranks if r in held)
                if numbers and length - numbers <= out.wilds:
                    return True
            continue
        numbers = sum(min(width, out.by_rank[r]) for r in ranks if r <= 10)
        if numbers and width * length - numbers <= out.wilds:
            return True
    return False


def sure_ranks(hand: Sequence[str], out: Outstanding) -> int:
    """Ranks of the hand whose whole set (all of that rank held) nobody can beat without a bomb."""
    counts = Counter(int(c[:-1]) for c in hand if c not in FACES)
    sure = 0
    for rank, count in counts.items():
        combo = Combo("set", count, 1, rank, (), 0)
        if not can_be_beaten(combo, out):
            sure += 1
    return sure
