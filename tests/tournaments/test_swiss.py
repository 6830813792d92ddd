"""Swiss pairing: published Dutch examples and properties over random events."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.swiss import (
    Game,
    History,
    NoPairing,
    Pairing,
    max_rounds,
    pair_round,
    standings,
)

EIGHT = {str(i): 2400 - 10 * i for i in range(1, 9)}


def play(history: History, pairing: Pairing, rng: random.Random) -> None:
    for a, b in pairing.pairs:
        history.games.append(Game(a, b, Fraction(rng.choice([0, 1, 2]), 2)))
    if pairing.bye:
        history.byes.append(pairing.bye)


def test_round_one_is_the_dutch_textbook_pairing():
    """FIDE Dutch, round 1 of 8 ranked players: 1-5, 6-2, 3-7, 8-4 (top seed first on board 1)."""
    p = pair_round(EIGHT, History())
    assert p.pairs == (("1", "5"), ("6", "2"), ("3", "7"), ("8", "4"))
    assert p.bye is None


def test_round_two_after_the_favourites_win_follows_the_dutch_colours():
    """Winners 1-4 meet top half against bottom half; colours alternate and the higher ranked
    gets its preference when both want the same: 3-1, 2-4, 5-7, 8-6."""
    h = History()
    for a, b in pair_round(EIGHT, h).pairs:
        h.games.append(Game(a, b, Fraction(1) if int(a) < int(b) else Fraction(0)))
    assert pair_round(EIGHT, h).pairs == (("3", "1"), ("2", "4"), ("5", "7"), ("8", "6"))


def test_odd_field_gives_the_bye_to_the_lowest_ranked_and_never_twice():
    seven = {k: v for k, v in EIGHT.items() if k != "8"}
    h = History()
    rng = random.Random(3)
    byes = []
    for _ in range(max_rounds(7)):
        p = pair_round(seven, h)
        byes.append(p.bye)
        play(h, p, rng)
    assert byes[0] == "7"  # round 1: all on 0, the lowest rated
    assert len(set(byes)) == len(byes) == 7


def test_tie_breaks_buchholz_then_sonneborn_berger_then_rating():
    r = {"a": 1500, "b": 1600, "c": 1700, "d": 1800}
    h = History(
        games=[
            Game("a", "c", Fraction(1)),  # a beats c
            Game("b", "d", Fraction(1)),  # b beats d
            Game("c", "d", Fraction(1)),  # c beats d
            Game("a", "b", Fraction(1, 2)),
        ]
    )
    rows = standings(r, h)
    # a 1.5 (opps c=1, b=1.5: Buchholz 2.5), b 1.5 (opps d=0, a=1.5: 1.5)
    assert [s.entrant for s in rows[:2]] == ["a", "b"]
    assert rows[0].buchholz == Fraction(5, 2) and rows[1].buchholz == Fraction(3, 2)
    assert rows[0].sonneborn_berger == Fraction(1) + Fraction(3, 4)
    # Equal everything but rating: the higher rating first.
    tie = standings({"x": 1000, "y": 1200}, History())
    assert [s.entrant for s in tie] == ["y", "x"]


def perfect_without_repeats(entrants: list[str], met: set[frozenset[str]]) -> bool:
    if not entrants:
        return True
    head, rest = entrants[0], entrants[1:]
    return any(
        frozenset((head, o)) not in met
        and perfect_without_repeats([x for x in rest if x != o], met)
        for o in rest
    )


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 9), rounds=st.integers(1, 6), seed=st.integers(0, 10_000))
def test_properties_over_random_events(n, rounds, seed):
    rng = random.Random(seed)
    ratings = {f"p{i}": rng.randint(1000, 2000) for i in range(n)}
    h = History()
    for _ in range(min(rounds, max_rounds(n))):
        pts = h.points()
        p = pair_round(ratings, h)
        seated = [e for pair in p.pairs for e in pair] + ([p.bye] if p.bye else [])
        assert sorted(seated) == sorted(ratings)  # everyone exactly once
        assert all(a != b for a, b in p.pairs)
        met = h.met()
        repeats = [pr for pr in p.pairs if frozenset(pr) in met]
        if repeats:  # only when no allowed bye avoids them (one bye each comes first)
            fresh = [e for e in ratings if e not in h.byes] or list(ratings)
            for bye in [None] if n % 2 == 0 else fresh:
                rest = [e for e in ratings if e != bye]
                assert not perfect_without_repeats(rest, met)
        if p.bye:
            assert p.bye not in h.byes or set(h.byes) >= set(ratings)
        # Score groups: when each group is even and nobody in it met, nobody floats.
        groups: dict[Fraction, list[str]] = {}
        for e in ratings:
            groups.setdefault(pts.get(e, Fraction(0)), []).append(e)
        clean = all(len(g) % 2 == 0 for g in groups.values()) and not any(
            frozenset(pr) in met for g in groups.values() for pr in permutations(g, 2)
        )
        if clean:
            assert all(pts.get(a, 0) == pts.get(b, 0) for a, b in p.pairs)
        play(h, p, rng)
    assert all(h.byes.count(e) <= 1 for e in ratings)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_sides_stay_balanced(seed):
    """Over 5 rounds of 10, nobody is first more than 3 times or second more than 3 times (the
    Dutch limit: a difference of at most 2, no-one three times the same side in a row is not
    required here)."""
    rng = random.Random(seed)
    ratings = {f"p{i}": rng.randint(1000, 2000) for i in range(10)}
    h = History()
    for _ in range(5):
        play(h, pair_round(ratings, h), rng)
    for e in ratings:
        firsts = sum(g.first == e for g in h.games)
        assert 2 <= firsts <= 3


def test_no_rematch_left_stops_a_tournament_instead_of_repeating():
    """Four players after three rounds have all met: a fourth would repeat a pair, so a
    tournament's pairing (``rematches=False``) refuses; six players whose unplayed pairs make two
    triangles cannot be paired either, after only three rounds (fewer than n - 1)."""
    four = {"a": 1400, "b": 1300, "c": 1200, "d": 1100}
    h = History()
    rng = random.Random(1)
    for _ in range(3):
        play(h, pair_round(four, h, rematches=False), rng)
    with pytest.raises(NoPairing):
        pair_round(four, h, rematches=False)
    assert len(pair_round(four, h).pairs) == 2  # (as a fallback, repeats are still possible)
    six = {k: 1000 for k in "abcdef"}
    # Unplayed: a-b, b-c, c-a and d-e, e-f, f-d: two triangles, no perfect matching.
    played = ["ad", "be", "cf", "ae", "bf", "cd", "af", "bd", "ce"]
    h6 = History(games=[Game(x, y, Fraction(1, 2)) for x, y in played])
    with pytest.raises(NoPairing):
        pair_round(six, h6, rematches=False)


def test_no_second_bye_for_a_tournament():
    """Three players, three rounds: each has had the bye and met both others: no fourth round."""
    three = {"a": 1300, "b": 1200, "c": 1100}
    h = History()
    rng = random.Random(2)
    for _ in range(3):
        p = pair_round(three, h, rematches=False)
        play(h, p, rng)
    assert sorted(h.byes) == ["a", "b", "c"]
    with pytest.raises(NoPairing):
        pair_round(three, h, rematches=False)
