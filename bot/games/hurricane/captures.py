"""Which table cards a played card may take (H-4..H-8): equal cards and subset sums.

Tables are short in real play but the search stays fast on crowded ones: candidates are sorted by
value, high first, and the DFS stops as soon as the remaining cards cannot reach the target.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import VALUE


def sum_sets(table: Sequence[int], value: int) -> list[tuple[int, ...]]:
    """Every set of two or more table cards whose values add up to ``value`` (ascending tuples)."""
    cands = sorted((c for c in table if VALUE[c] < value), reverse=True)
    n = len(cands)
    if n < 2:
        return []
    vals = [VALUE[c] for c in cands]
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + vals[i]
    if suffix[0] < value:
        return []
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def dfs(start: int, remaining: int) -> None:
        for j in range(start, n):
            if suffix[j] < remaining:
                return
            v = vals[j]
            if v > remaining:
                continue
            chosen.append(cands[j])
            if v == remaining:
                if len(chosen) > 1:
                    out.append(tuple(reversed(chosen)))
            else:
                dfs(j + 1, remaining - v)
            chosen.pop()

    dfs(0, value)
    return out


def has_sum(table: Sequence[int], value: int) -> bool:
    """Whether two or more table cards add up to ``value`` (bitset subset sum)."""
    reach = 1
    for c in table:
        v = VALUE[c]
        if v < value:
            reach |= reach << v
    return bool((reach >> value) & 1)


def can_capture(table: Sequence[int], value: int) -> bool:
    """Whether a card of ``value`` can take anything at all (equal card or a sum)."""
    for c in table:
        if VALUE[c] == value:
            return True
    return has_sum(table, value)


def captures(
    table: Sequence[int], value: int, equal_first: bool, min_cards: bool
) -> list[tuple[int, ...]]:
    """Every legal capture for a card of ``value`` under the options (H-5, H-6, H-8)."""
    equal: list[tuple[int, ...]] = [(c,) for c in table if VALUE[c] == value]
    if equal and equal_first:
        return equal
    sums = sum_sets(table, value)
    if min_cards and sums:
        fewest = min(len(s) for s in sums)
        sums = [s for s in sums if len(s) == fewest]
    return equal + sums if equal else sums
