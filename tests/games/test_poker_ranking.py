"""P-7..P-9: two-card High and Low, checked exhaustively against a brute force over wild ranks."""

from __future__ import annotations

import itertools

import pytest

from bot.games.hurricane_poker.cards import BY_LABEL, WILD_CARDS, deck, rank_of
from bot.games.hurricane_poker.ranking import (
    describe_high,
    describe_low,
    high_key,
    high_natural,
    low_key,
    low_natural,
    stronger_side,
)

RANKS = range(2, 15)


def _cards(*labels: str) -> list[int]:
    return sorted(BY_LABEL[c] for c in labels)


def brute(a: int, b: int, wild: frozenset[int]) -> tuple[int, int]:
    """Best High and best Low over every rank each wild card could take, chosen per side."""
    choices_a = RANKS if a in wild else [rank_of(a)]
    choices_b = RANKS if b in wild else [rank_of(b)]
    pairs = list(itertools.product(choices_a, choices_b))
    return max(high_natural(x, y) for x, y in pairs), max(low_natural(x, y) for x, y in pairs)


def _high_order(ranks: tuple[int, int]) -> tuple[int, int, int]:
    """P-7 spelled out: pair first, then the higher card, then the lower."""
    hi, lo = max(ranks), min(ranks)
    return (1 if hi == lo else 0, hi, lo)


def _low_order(ranks: tuple[int, int]) -> tuple[int, int, int]:
    """P-8 spelled out (smaller is better): non-pair first, then the higher card, then the lower."""
    values = [1 if r == 14 else r for r in ranks]
    hi, lo = max(values), min(values)
    return (1 if hi == lo else 0, hi, lo)


def test_natural_keys_follow_p7_and_p8_orders():
    hands = [(a, b) for a in RANKS for b in RANKS if a >= b]
    for x, y in itertools.product(hands, repeat=2):
        assert (high_natural(*x) > high_natural(*y)) == (_high_order(x) > _high_order(y))
        assert (high_natural(*x) == high_natural(*y)) == (_high_order(x) == _high_order(y))
        assert (low_natural(*x) > low_natural(*y)) == (_low_order(x) < _low_order(y))


def test_p8_low_sequence_starts_a2_a3_23_a4():
    seq = [(14, 2), (14, 3), (2, 3), (14, 4), (2, 4), (3, 4), (14, 5)]
    keys = [low_natural(*h) for h in seq]
    assert keys == sorted(keys, reverse=True)
    assert low_natural(13, 12) > low_natural(14, 14) > low_natural(2, 2)  # A–A best pair


@pytest.mark.parametrize("wild", sorted(WILD_CARDS))
def test_every_hand_matches_brute_force_except_two_wilds_low(wild):
    cards = WILD_CARDS[wild]
    checked = 0
    for a, b in itertools.combinations(deck(wild), 2):
        high, low = high_key([a, b], wild), low_key([a, b], wild)
        b_high, b_low = brute(a, b, cards)
        assert high == b_high, (a, b)
        if a in cards and b in cards:
            # P-9 deliberately differs: two wilds are a pair of aces for Low too, not A–2.
            assert b_low == low_natural(14, 2)
            assert low == low_natural(14, 14)
        else:
            assert low == b_low, (a, b)
        checked += 1
    assert checked == (54 * 53 // 2 if wild == "jokers" else 52 * 51 // 2)


@pytest.mark.parametrize(
    ("wild", "hand", "high", "low"),
    [
        ("jokers", ("X1", "AS"), "A–A", "A–2"),
        ("jokers", ("X2", "KH"), "K–K", "A–K"),
        ("jokers", ("X1", "3C"), "3–3", "A–3"),
        ("jokers", ("X1", "2C"), "2–2", "A–2"),
        ("jokers", ("X1", "X2"), "A–A", "A–A"),
        ("deuces", ("2H", "AS"), "A–A", "A–2"),
        ("deuces", ("2H", "2S"), "A–A", "A–A"),
        ("deuces", ("2D", "3S"), "3–3", "A–3"),
        ("one_eyes", ("JS", "KD"), "A–A", "A–A"),
        ("one_eyes", ("JH", "7C"), "7–7", "A–7"),
        ("one_eyes", ("JD", "7C"), "J–7", "7–J"),
        ("none", ("2H", "AS"), "A–2", "A–2"),
    ],
)
def test_p9_wild_examples(wild, hand, high, low):
    cards = _cards(*hand)
    assert describe_high(high_key(cards, wild)) == high
    assert describe_low(low_key(cards, wild)) == low


def test_p9_wild_ace_is_the_best_low_and_two_wilds_the_best_high():
    wild = "jokers"
    best_high = max(high_key(list(h), wild) for h in itertools.combinations(deck(wild), 2))
    assert high_key(_cards("X1", "X2"), wild) == best_high == high_key(_cards("AH", "AS"), wild)
    best_low = max(low_key(list(h), wild) for h in itertools.combinations(deck(wild), 2))
    assert low_key(_cards("X1", "AS"), wild) == best_low == low_key(_cards("AH", "2S"), wild)
    # two wilds are a pair of aces for Low: worse than any non-pair
    assert low_key(_cards("X1", "X2"), wild) < low_key(_cards("KH", "QS"), wild)


def test_suits_never_matter():
    for wild in ("none", "deuces"):
        assert high_key(_cards("KH", "9H"), wild) == high_key(_cards("KS", "9D"), wild)
        assert low_key(_cards("4H", "3H"), wild) == low_key(_cards("4C", "3D"), wild)


def test_stronger_side():
    assert stronger_side(_cards("KH", "KS"), "none") == "high"
    assert stronger_side(_cards("AH", "2S"), "none") == "low"
    assert stronger_side(_cards("X1", "AS"), "jokers") == "high"  # A–A beats all; A–2 ties some
