"""Multi-seat rounds: table sizes, seating by standing, points by place."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.multiseat import (
    MultiSeatStandings,
    final_table,
    first_round,
    place_points,
    points_by_place,
    seat_round,
    table_sizes,
)


def test_published_points_by_place():
    assert points_by_place(2) == (1, 0)
    assert points_by_place(3) == (2, 1, 0)
    assert points_by_place(8) == (7, 6, 5, 4, 3, 2, 1, 0)
    assert place_points([2, 1, 2]) == [Fraction(1, 2), Fraction(2), Fraction(1, 2)]


@settings(max_examples=30, deadline=None)
@given(n=st.integers(0, 100), lo=st.integers(2, 3), hi=st.integers(3, 8))
def test_tables_seat_everyone_within_limits(n, lo, hi):
    ranked = [f"p{i}" for i in range(n)]
    tables, out = seat_round(ranked, lo, hi)
    seated = [e for t in tables for e in t]
    assert seated + out == ranked  # blocks by rank, the lowest left out
    assert all(lo <= len(t) <= hi for t in tables)
    if n >= lo:
        assert len(out) < lo
        assert max(map(len, tables)) - min(map(len, tables)) <= 1
    if lo == 2:
        assert not out or n < lo


def test_twelve_poker_players_two_rounds_then_a_final_table():
    ratings = {f"p{i:02}": 1000 + i for i in range(12)}
    order = first_round(ratings)
    assert order[0] == "p11"
    tables, _ = seat_round(order, 2, 8)
    assert [len(t) for t in tables] == [6, 6]
    assert tables[0] == order[:6]  # by rating: the strongest together
    st = MultiSeatStandings(dict(ratings))
    for t in tables:
        st.record_table(t, list(range(len(t), 0, -1)))  # the lowest seated wins
    ranked = st.ranked()
    assert st.points[ranked[0]] == 5
    assert len(final_table(ranked, 8)) == 8
    assert table_sizes(7, 2, 3) == [3, 2, 2]


def test_a_no_show_is_placed_last_and_the_others_close_up():
    from bot.tournaments.state import forfeited

    assert forfeited((1, 2, 3), [0]) == (3, 1, 2)
    assert forfeited((2, 1, 1, 4), [1]) == (2, 4, 1, 3)
    assert forfeited((1, 2, 3, 4), [0, 3]) == (3, 1, 2, 3)
    assert forfeited((1, 1), []) == (1, 1)
