"""Which table cards a played card may take (H-4..H-8): equal cards and subset sums.

A set of table cards is a bitmask, card ``c`` being bit ``c``: a crowded table has thousands of
captures, and an int per set is cheap to build and combine (ints need no garbage collection).
Tables are short in real play but the search stays fast on crowded ones: candidates are sorted
by value, high first, and the search stops as soon as the remaining cards cannot reach the target.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, combinations

from .cards import PACK_SIZE, VALUE

#: The bit of each card in a card-set mask.
BIT: tuple[int, ...] = tuple(1 << c for c in range(PACK_SIZE))

#: Above this many candidate cards the search works on value groups (see ``_grouped_sum_sets``).
_SMALL_TABLE = 7


def set_cards(mask: int) -> list[int]:
    """The cards of a card-set mask, lowest (canonical order) first."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def set_mask(cards: Sequence[int]) -> int:
    """The card-set mask of some distinct card ints."""
    mask = 0
    for c in cards:
        mask |= BIT[c]
    return mask


def sum_sets(table: Sequence[int], value: int) -> list[int]:
    """Every set (mask) of two or more table cards whose values add up to ``value``."""
    return TableSums(table).sets(value)


def _small_sum_sets(cands: list[int], value: int) -> list[int]:
    """A few candidates (high values first): a depth-first search with a reachability bound."""
    n = len(cands)
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


def _cross(first: list[int], second: list[int]) -> list[int]:
    """``a + b`` for every ``a`` of ``first`` and then every ``b`` of ``second`` (the bits of
    two card sets are distinct, so the sum is the union)."""
    return [a + b for a in first for b in second]


class TableSums:
    """The subset sums of one table, for any number of played values.

    Crowded tables (more than ``_SMALL_TABLE`` candidates) are searched by value groups, high
    values first: how many cards of each value, every choice of those cards a precomputed mask
    list, and the sets of "groups ``i``.. adding up to ``r``" kept and shared between the played
    values (a king's and a queen's captures share most of their parts). The order is that of a
    plain search over card counts, high values first. Lists returned are fresh copies.
    """

    __slots__ = ("_table", "_cands", "_vals", "_groups", "_capacity", "_choices", "_memo")

    def __init__(self, table: Sequence[int]) -> None:
        self._table = table
        self._cands = sorted(table, reverse=True)
        groups: dict[int, list[int]] = {}
        for c in self._cands:
            v = VALUE[c]
            if v in groups:
                groups[v].append(BIT[c])
            else:
                groups[v] = [BIT[c]]
        self._vals = vals = sorted(groups, reverse=True)
        self._groups = [groups[v] for v in vals]
        capacity = [0] * (len(vals) + 1)
        for i in range(len(vals) - 1, -1, -1):
            capacity[i] = capacity[i + 1] + vals[i] * len(self._groups[i])
        self._capacity = capacity
        self._choices: dict[tuple[int, int], list[int]] = {}
        self._memo: dict[tuple[int, int], list[list[int]]] = {}

    def sets(self, value: int) -> list[int]:
        """Every set (mask) of two or more table cards whose values add up to ``value``."""
        vals = self._vals
        first = 0
        while first < len(vals) and vals[first] >= value:
            first += 1
        n = sum(len(g) for g in self._groups[first:])
        if n < 2:
            return []
        if n <= _SMALL_TABLE:
            return _small_sum_sets([c for c in self._cands if VALUE[c] < value], value)
        return list(chain.from_iterable(self._reach(first, value)))

    def _masks(self, i: int, k: int) -> list[int]:
        """The masks of every choice of ``k`` cards of value group ``i``."""
        got = self._choices.get((i, k))
        if got is None:
            group = self._groups[i]
            got = group if k == 1 else list(map(sum, combinations(group, k)))
            self._choices[i, k] = got
        return got

    def _reach(self, i: int, r: int) -> list[list[int]]:
        """Every set of cards of groups ``i``.. adding up to ``r``, as one list per choice of
        card counts, in the group-by-group search's order. Shared: never mutate."""
        key = (i, r)
        got = self._memo.get(key)
        if got is not None:
            return got
        out: list[list[int]] = []
        if i < len(self._vals) and self._capacity[i] >= r:
            v = self._vals[i]
            for k in range(min(len(self._groups[i]), r // v), 0, -1):
                rest = r - k * v
                if rest == 0:
                    out.append(self._masks(i, k))
                else:
                    masks = self._masks(i, k)
                    out += [_cross(masks, tail) for tail in self._reach(i + 1, rest)]
            out += self._reach(i + 1, r)
        self._memo[key] = out
        return out

    def captures(self, value: int, equal_first: bool, min_cards: bool) -> list[int]:
        """Every legal capture (card-set mask) for a card of ``value`` (H-5, H-6, H-8)."""
        equal = [BIT[c] for c in self._table if VALUE[c] == value]
        if equal and equal_first:
            return equal
        sums = self.sets(value)
        if min_cards and sums:
            fewest = min(s.bit_count() for s in sums)
            sums = [s for s in sums if s.bit_count() == fewest]
        return equal + sums if equal else sums


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
    return TableSums(table).captures(value, equal_first, min_cards)
