"""``normal`` for Hurricane (every preset): one-ply evaluation of each legal play.

A play is worth what it takes (cards, hearts, the 7♥, primiera cards, a hurricane) minus what the
next opponent can then expect to take from the table it leaves (sweeps above all). The opponent's
chances come only from cards this seat has not seen: its own hand, the table and the piles.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from math import comb

from bot.games import Action

from .base import View
from .hurricane_cards import VALUE, WORTH, parse_play
from .hurricane_view import HurricaneInfo, hurricane_info

SWEEP = 1.0
PLAYING_CARD = 0.05


def _subset_gains(table: Sequence[str]) -> dict[int, tuple[float, bool]]:
    """For each sum 2..10: the best worth of a set of 2+ table cards with that sum, and whether
    that set is the whole table."""
    cards = sorted(table, key=VALUE.__getitem__)
    n = len(cards)
    best: dict[int, tuple[float, bool]] = {}

    def walk(i: int, total: int, worth: float, size: int) -> None:
        if size >= 2:
            whole = size == n
            old = best.get(total)
            score = worth + (SWEEP if whole else 0.0)
            if old is None or score > old[0] + (SWEEP if old[1] else 0.0):
                best[total] = (worth, whole)
        for j in range(i, n):
            v = VALUE[cards[j]]
            if total + v > 10:
                break
            walk(j + 1, total + v, worth + WORTH[cards[j]], size + 1)

    walk(0, 0, 0.0, 0)
    return best


def _gains_by_value(
    table: tuple[str, ...], equal_first: bool, sweep_counts: bool
) -> tuple[float, ...]:
    subsets = _subset_gains(table)
    best_equal: dict[int, float] = {}  # value -> the best worth of a single table card
    for c in table:
        v, w = VALUE[c], WORTH[c]
        if w > best_equal.get(v, -1.0):
            best_equal[v] = w
    sweep = sweep_counts and len(table) == 1
    gains = []
    for v in range(1, 11):
        equal = best_equal.get(v)
        options: list[float] = []
        if equal is not None:
            options.append(equal + (SWEEP if sweep else 0.0))
        if equal is None or not equal_first:
            found = subsets.get(v)
            if found is not None:
                worth, whole = found
                options.append(worth + (SWEEP if whole and sweep_counts else 0.0))
        gains.append(max(options) + PLAYING_CARD if options else 0.0)
    return tuple(gains)


def holding_chances(info: HurricaneInfo) -> dict[int, float]:
    """P(the next opponent holds at least one card of each value), from unseen cards only."""
    if info.next_known is not None:
        return {
            v: (1.0 if any(VALUE[c] == v for c in info.next_known) else 0.0) for v in range(1, 11)
        }
    pool = len(info.unseen)
    h = min(info.next_hand_size, pool)
    if h <= 0 or pool <= 0:
        return {v: 0.0 for v in range(1, 11)}
    counts = [0] * 11
    for c in info.unseen:
        counts[VALUE[c]] += 1
    total = comb(pool, h)
    return {v: 1.0 - comb(pool - counts[v], h) / total for v in range(1, 11)}


def threat(table: Sequence[str], chances: dict[int, float], info: HurricaneInfo) -> float:
    """Expected best take of the next opponent from ``table``."""
    if not table or info.next_hand_size <= 0:
        return 0.0
    expected, miss = 0.0, 1.0
    for gain, v in _ranked_gains(
        tuple(sorted(table)), info.equal_first, not info.next_is_last_play
    ):
        p = chances[v]
        expected += gain * p * miss
        miss *= 1.0 - p
    return expected


@lru_cache(maxsize=1 << 16)
def _ranked_gains(
    table: tuple[str, ...], equal_first: bool, sweep_counts: bool
) -> tuple[tuple[float, int], ...]:
    """The positive gains by card value (1..10), best first: the order the opponent's chances
    are taken in (``threat``). Cached: rollouts meet the same tables again and again."""
    gains = _gains_by_value(table, equal_first, sweep_counts)
    return tuple(sorted(((g, v + 1) for v, g in enumerate(gains) if g > 0), reverse=True))


def score_play(text: str, info: HurricaneInfo, chances: dict[int, float]) -> float:
    play = parse_play(text)
    if play.flip is not None:
        return 0.0
    card = play.played[0]
    table = list(info.table)
    if play.is_capture:
        left = [c for c in table if c not in play.taken]
        gain = WORTH[card] + sum(WORTH[c] for c in play.taken)
        if not left and not info.is_last_play:
            gain += SWEEP
        if info.is_last_play:
            return gain
        return gain - threat(left, chances, info)
    after = [*table, card]
    if info.is_last_play:
        return -WORTH[card]
    # A trailed card is spent: prefer giving up the least useful one.
    return -0.4 * WORTH[card] - 0.01 * VALUE[card] - threat(after, chances, info)


def hurricane_normal(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    info = hurricane_info(view)
    chances = holding_chances(info)
    best: list[Action] = []
    best_score = float("-inf")
    for action in legal:
        score = score_play(str(action), info, chances)
        if score > best_score + 1e-9:
            best, best_score = [action], score
        elif abs(score - best_score) <= 1e-9:
            best.append(action)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]
