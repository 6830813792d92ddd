"""Two-card High and Low (P-7..P-9) as integer keys: a bigger key is a better hand on that side.

High: a pair ``1000 + r`` beats every non-pair ``hi * 16 + lo`` (A = 14).
Low: aces count 1; a non-pair ``1000 - (hi * 16 + lo)`` beats every pair ``100 - r``, and the lower
pair is the better Low. Wild cards follow P-9: one wild pairs the other card for High and becomes
the lowest rank differing from it for Low; two wilds are a pair of aces on both sides. Keys for
every pair of cards are tabulated once per ``wild`` option, so a showdown costs two lookups a hand.
"""

from __future__ import annotations

from functools import cache

from .cards import NUM_IDS, RANK_TEXT, WILD_CARDS, rank_of

ACE = 14


def high_natural(a: int, b: int) -> int:
    """High key of two natural ranks (2..14)."""
    if a == b:
        return 1000 + a
    return max(a, b) * 16 + min(a, b)


def low_value(rank: int) -> int:
    return 1 if rank == ACE else rank


def low_natural(a: int, b: int) -> int:
    """Low key of two natural ranks (2..14; aces play as 1)."""
    x, y = low_value(a), low_value(b)
    if x == y:
        return 100 - x
    return 1000 - (max(x, y) * 16 + min(x, y))


def keys_of(a: int, b: int, wild: frozenset[int]) -> tuple[int, int]:
    """(High key, Low key) of the cards ``a`` and ``b`` (ids) under P-9."""
    wa, wb = a in wild, b in wild
    if wa and wb:
        return high_natural(ACE, ACE), low_natural(ACE, ACE)
    if wa or wb:
        other = rank_of(b if wa else a)
        partner = 2 if other == ACE else ACE  # the lowest rank that differs (aces low)
        return high_natural(other, other), low_natural(other, partner)
    ra, rb = rank_of(a), rank_of(b)
    return high_natural(ra, rb), low_natural(ra, rb)


@cache
def tables(wild_option: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """High and Low keys indexed by ``a * 54 + b`` for one ``wild`` option."""
    wild = WILD_CARDS[wild_option]
    high = [0] * (NUM_IDS * NUM_IDS)
    low = [0] * (NUM_IDS * NUM_IDS)
    for a in range(NUM_IDS):
        for b in range(NUM_IDS):
            if (
                a == b
                or (a >= 52 and wild_option != "jokers")
                or (b >= 52 and wild_option != "jokers")
            ):
                continue
            high[a * NUM_IDS + b], low[a * NUM_IDS + b] = keys_of(a, b, wild)
    return tuple(high), tuple(low)


def high_key(cards: list[int] | tuple[int, ...], wild_option: str) -> int:
    return tables(wild_option)[0][cards[0] * NUM_IDS + cards[1]]


def low_key(cards: list[int] | tuple[int, ...], wild_option: str) -> int:
    return tables(wild_option)[1][cards[0] * NUM_IDS + cards[1]]


def _rank_name(rank: int) -> str:
    return "A" if rank in (1, ACE) else RANK_TEXT[rank]


def describe_high(key: int) -> str:
    """``K–K``, ``A–7``: the ranks a High key stands for."""
    if key >= 1000:
        return f"{_rank_name(key - 1000)}–{_rank_name(key - 1000)}"
    return f"{_rank_name(key // 16)}–{_rank_name(key % 16)}"


def describe_low(key: int) -> str:
    """``A–2``, ``5–3``, ``A–A``: the ranks a Low key stands for, lower card first."""
    if key < 500:
        rank = 100 - key
        return f"{_rank_name(rank)}–{_rank_name(rank)}"
    value = 1000 - key
    return f"{_rank_name(value % 16)}–{_rank_name(value // 16)}"


@cache
def strength_tables(wild_option: str) -> tuple[dict[int, float], dict[int, float]]:
    """Key -> share of all two-card hands of the pack it beats (ties count half), per side.

    Used to say on which side a hand is stronger (P-13's automatic declaration) and by the
    computer players as a quick hand strength.
    """
    high, low = tables(wild_option)
    size = 54 if wild_option == "jokers" else 52
    hands = [(a, b) for a in range(size) for b in range(a + 1, size)]
    result: list[dict[int, float]] = []
    for table in (high, low):
        counts: dict[int, int] = {}
        for a, b in hands:
            key = table[a * NUM_IDS + b]
            counts[key] = counts.get(key, 0) + 1
        below = 0
        strength: dict[int, float] = {}
        for key in sorted(counts):
            strength[key] = (below + counts[key] / 2) / len(hands)
            below += counts[key]
        result.append(strength)
    return result[0], result[1]


def strengths(cards: list[int] | tuple[int, ...], wild_option: str) -> tuple[float, float]:
    """(High strength, Low strength) in 0..1 of a two-card hand."""
    hs, ls = strength_tables(wild_option)
    return hs[high_key(cards, wild_option)], ls[low_key(cards, wild_option)]


def stronger_side(cards: list[int] | tuple[int, ...], wild_option: str) -> str:
    """``high`` or ``low``: where the hand beats more of the possible hands (ties: high)."""
    h, lo = strengths(cards, wild_option)
    return "low" if lo > h else "high"
