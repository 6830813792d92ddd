"""Which table cards a played card may take (H-4..H-8): equal cards and subset sums.

Tables are short in real play but the search stays fast on crowded ones: candidates are sorted by
value, high first, and the DFS stops as soon as the remaining cards cannot reach the target.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .cards import VALUE

#: Above this many candidate cards the search works on value groups (see ``_grouped_sum_sets``).
_SMALL_TABLE = 7


def sum_sets(table: Sequence[int], value: int) -> list[tuple[int, ...]]:
    """Every set of two or more table cards whose values add up to ``value``."""
    cands = sorted((c for c in table if VALUE[c] < value), reverse=True)
    n = len(cands)
    if n < 2:
        return []
    if n > _SMALL_TABLE:
        return _grouped_sum_sets(cands, value)
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


def _grouped_sum_sets(cands: list[int], value: int) -> list[tuple[int, ...]]:
    """Crowded tables: choose how many cards of each value, then expand the card choices in C.

    Many cards share a value on a crowded table, so the value-count DFS is small and
    ``itertools`` builds the (possibly thousands of) card tuples.
    """
    groups: dict[int, list[int]] = {}
    for c in cands:
        groups.setdefault(VALUE[c], []).append(c)
    vals = sorted(groups, reverse=True)
    m = len(vals)
    capacity = [0] * (m + 1)
    for i in range(m - 1, -1, -1):
        capacity[i] = capacity[i + 1] + vals[i] * len(groups[vals[i]])
    out: list[tuple[int, ...]] = []
    parts: list[tuple[int, int]] = []

    def emit() -> None:
        if len(parts) == 1:
            v, k = parts[0]
            out.extend(combinations(groups[v], k))
            return
        acc = list(combinations(groups[parts[0][0]], parts[0][1]))
        for v, k in parts[1:]:
            acc = [a + b for a in acc for b in combinations(groups[v], k)]
        out.extend(acc)

    def rec(i: int, remaining: int) -> None:
        if remaining == 0:
            emit()
            return
        if i == m or capacity[i] < remaining:
            return
        v = vals[i]
        for k in range(min(len(groups[v]), remaining // v), 0, -1):
            parts.append((v, k))
            rec(i + 1, remaining - k * v)
            parts.pop()
        rec(i + 1, remaining)

    rec(0, value)
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


def small_table_sums(table: Sequence[int]) -> dict[int, list[tuple[int, ...]]]:
    """All sets of two or more cards of a short table by their value sum (sums up to 10)."""
    subsets: list[tuple[tuple[int, ...], int]] = [((), 0)]
    for c in table:
        v = VALUE[c]
        subsets += [(t + (c,), s + v) for t, s in subsets if s + v <= 10]
    sums: dict[int, list[tuple[int, ...]]] = {}
    for t, s in subsets:
        if len(t) > 1:
            if s in sums:
                sums[s].append(t)
            else:
                sums[s] = [t]
    return sums


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
