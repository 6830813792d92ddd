"""Scoring one Hurricane deal (H-14..H-16) into the ``deal_scored`` breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import NAMES, PRIMIERA, SEVEN_OF_HEARTS, SUIT, VALUE
from .options import Rules


def _most(counts: Sequence[int]) -> int | None:
    """Index of the strictly largest count, or None on a tie."""
    best = max(counts)
    winners = [i for i, c in enumerate(counts) if c == best]
    return winners[0] if len(winners) == 1 else None


def _best_by_suit(pile: Sequence[int]) -> list[int]:
    best: dict[int, int] = {}
    for c in pile:
        s = SUIT[c]
        if s not in best or PRIMIERA[c] > PRIMIERA[best[s]]:
            best[s] = c
    return sorted(best.values())


def _best_set(pile: Sequence[int]) -> list[int]:
    """The cards of the best three- or four-of-a-kind (count x primiera value), or []."""
    by_rank: dict[int, list[int]] = {}
    for c in sorted(pile):  # by rank: equal sets resolve the same whatever the capture order
        by_rank.setdefault(VALUE[c], []).append(c)
    best: list[int] = []
    best_score = 0
    for cards in by_rank.values():
        if len(cards) >= 3:
            score = len(cards) * PRIMIERA[cards[0]]
            if score > best_score:
                best, best_score = sorted(cards), score
    return best


def primiera(piles: Sequence[Sequence[int]], rules: Rules) -> dict[str, Any]:
    """Winner, values and deciding cards of the primiera category (H-15, H-16)."""
    if rules.primiera == "none":
        return {"winner": None, "values": [None, None], "cards": [[], []]}
    if rules.primiera == "sets":
        deciding = [_best_set(p) for p in piles]
        values: list[int | None] = [
            len(cards) * PRIMIERA[cards[0]] if cards else None for cards in deciding
        ]
    else:
        deciding = [_best_by_suit(p) for p in piles]
        values = []
        for cards in deciding:
            total = sum(PRIMIERA[c] for c in cards)
            eligible = len(cards) == 4 or (rules.missing_sum and cards)
            values.append(total if eligible else None)
    present = [v for v in values if v is not None]
    winner: int | None = None
    if len(present) == 1:
        winner = values.index(present[0])
    elif len(present) == 2 and present[0] != present[1]:
        winner = 0 if present[0] > present[1] else 1
    return {
        "winner": winner,
        "values": values,
        "cards": [[NAMES[c] for c in cards] for cards in deciding],
    }


def score_deal(
    piles: Sequence[Sequence[int]], sweeps: Sequence[int], rules: Rules
) -> tuple[list[int], dict[str, Any], dict[str, Any]]:
    """Points per side, the ``categories`` of ``deal_scored`` and the details behind them."""
    counts = [len(p) for p in piles]
    hearts = [sum(1 for c in p if SUIT[c] == 0) for p in piles]
    seven = next((i for i, p in enumerate(piles) if SEVEN_OF_HEARTS in p), None)
    prim = primiera(piles, rules)
    categories: dict[str, Any] = {
        "sweeps": list(sweeps),
        "cards": _most(counts),
        "hearts": _most(hearts),
        "seven": seven,
        "primiera": prim["winner"],
    }
    points = list(sweeps)
    for key in ("cards", "hearts", "seven", "primiera"):
        w = categories[key]
        if w is not None:
            points[w] += 1
    details = {"cards": counts, "hearts": hearts, "primiera": prim}
    return points, categories, details
