"""Which table cards a played card may take (H-4..H-8): equal cards and subset sums.

A set of table cards is a bitmask, card ``c`` being bit ``c``: a crowded table has thousands of
captures, and an int per set is cheap to build and combine (ints need no garbage collection).
Tables are short in real play but the search stays fast on crowded ones: candidates are sorted
by value, high first, and the search stops as soon as the remaining cards cannot reach the target.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from .cards import PACK_SIZE, VALUE

#: The bit of each card in a card-set mask.
BIT: tuple[int, ...] = tuple(1 << c for c in range(PACK_SIZE))

#: Above this many candidate cards the search works on value groups (see ``_grouped_sum_sets``).
_SMALL_TABLE = 7


def set_cards(mask: int) -> Iterator[int]:
    """The cards of a card-set mask, lowest (canonical order) first."""
    card = 0
    while mask:
        if mask & 1:
            yield card
        mask >>= 1
        card += 1


def set_mask(cards: Sequence[int]) -> int:
    """The card-set mask of some distinct card ints."""
    mask = 0
    for c in cards:
        mask |= BIT[c]
    return mask


def sum_sets(table: Sequence[int], value: int) -> list[int]:
    """Every set (mask) of two or more table cards whose values add up to ``value``."""
    cands = sorted((c for c in table if VALUE[c] < value), reverse=True)
    n = len(cands)
    if n < 2:
        return []
    if n > _SMALL_TABLE:
        return _grouped_sum_sets(cands, value)
    vals = [VALUE[c] for c in cands]
    bits = [BIT[c] for c in cands]
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + vals[i]
    if suffix[0] < value:
        return []
    out: list[int] = []

    def dfs(start: int, remaining: int, mask: int, count: int) -> None:
        for j in range(start, n):
            if suffix[j] < remaining:
                return
            v = vals[j]
            if v > remaining:
                continue
            if v == remaining:
                if count:
                    out.append(mask | bits[j])
            else:
                dfs(j + 1, remaining - v, mask | bits[j], count + 1)

    dfs(0, value, 0, 0)
    return out


def _grouped_sum_sets(cands: list[int], value: int) -> list[int]:
    """Crowded tables: choose how many cards of each value, then expand the card choices in C.

    Many cards share a value on a crowded table, so the value-count search is small; the masks
    of each (value, count) choice are summed by ``itertools`` and ``sum`` without Python code
    per set (the bits are distinct, so a sum is a union).
    """
    groups: dict[int, list[int]] = {}
    for c in cands:
        groups.setdefault(VALUE[c], []).append(BIT[c])
    vals = sorted(groups, reverse=True)
    m = len(vals)
    capacity = [0] * (m + 1)
    for i in range(m - 1, -1, -1):
        capacity[i] = capacity[i + 1] + vals[i] * len(groups[vals[i]])
    choices: dict[tuple[int, int], list[int]] = {}
    out: list[int] = []
    parts: list[tuple[int, int]] = []

    def masks(v: int, k: int) -> list[int]:
        got = choices.get((v, k))
        if got is None:
            got = choices[v, k] = (
                groups[v] if k == 1 else list(map(sum, combinations(groups[v], k)))
            )
        return got

    def rec(i: int, remaining: int) -> None:
        if remaining == 0:
            if len(parts) == 1:
                out.extend(masks(*parts[0]))
            else:
                out.extend(map(sum, product(*[masks(v, k) for v, k in parts])))
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


def small_table_sums(table: Sequence[int]) -> dict[int, list[int]]:
    """All sets (masks) of two or more cards of a short table by their value sum (up to 10)."""
    subsets: list[tuple[int, int, int]] = [(0, 0, 0)]
    for c in table:
        v = VALUE[c]
        b = BIT[c]
        subsets += [(t | b, s + v, n + 1) for t, s, n in subsets if s + v <= 10]
    sums: dict[int, list[int]] = {}
    for t, s, n in subsets:
        if n > 1:
            if s in sums:
                sums[s].append(t)
            else:
                sums[s] = [t]
    return sums


def captures(table: Sequence[int], value: int, equal_first: bool, min_cards: bool) -> list[int]:
    """Every legal capture (card-set mask) for a card of ``value`` (H-5, H-6, H-8)."""
    equal = [BIT[c] for c in table if VALUE[c] == value]
    if equal and equal_first:
        return equal
    sums = sum_sets(table, value)
    if min_cards and sums:
        fewest = min(s.bit_count() for s in sums)
        sums = [s for s in sums if s.bit_count() == fewest]
    return equal + sums if equal else sums
