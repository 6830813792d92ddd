"""Arena pairing and scoring: properties over random play, streaks, pauses and the window."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.arena import Arena, Outcome


def test_streak_doubles_from_the_third_win_until_a_non_win():
    a = Arena()
    a.join("x")
    for i in range(6):
        a.join(f"o{i}")
    got = []
    for i, outcome in enumerate(
        [
            Outcome.FIRST_WINS,
            Outcome.FIRST_WINS,
            Outcome.FIRST_WINS,
            Outcome.DRAW,
            Outcome.FIRST_WINS,
        ]
    ):
        got.append(a.finish("x", f"o{i}", outcome)[0])
    assert got == [2, 2, 4, 2, 2]  # two wins light it, the draw counts double and puts it out
    assert a.entrants["x"].points == 12
    assert a.finish("o5", "x", Outcome.FIRST_WINS) == (2, 0)


def test_nearest_score_and_never_the_same_opponent_twice_in_a_row():
    a = Arena()
    for k, pts in (("a", 10), ("b", 9), ("c", 2), ("d", 1)):
        a.join(k)
        a.entrants[k].points = pts
    assert a.pair(0, 100, 10) == [("a", "b"), ("c", "d")]
    a.finish("a", "b", Outcome.DRAW)
    a.finish("c", "d", Outcome.DRAW)
    # a (11) and b (10) just met: a takes the next nearest, c.
    assert a.pair(0, 100, 10) == [("a", "c"), ("b", "d")]


def test_paused_players_wait_and_the_last_pairing_must_fit_the_window():
    a = Arena()
    for k in "abc":
        a.join(k)
    a.pause("a")
    assert a.pair(0, 100, 10) == [("b", "c")]
    a.finish("b", "c", Outcome.FIRST_WINS)
    a.resume("a")
    assert a.pair(95, 100, 10) == []  # a game would end after the window
    assert a.pair(90, 100, 10) == [("b", "a")]


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 12), seed=st.integers(0, 10_000))
def test_properties_over_random_play(n, seed):
    rng = random.Random(seed)
    a = Arena()
    for i in range(n):
        a.join(f"p{i}", rng.randint(1000, 2000))
    playing: list[tuple[str, str]] = []
    last: dict[str, str] = {}
    for t in range(60):
        if rng.random() < 0.2:
            k = rng.choice(list(a.entrants))
            (a.resume if a.entrants[k].paused else a.pause)(k)
        busy = {k for p in playing for k in p}
        before = {k: e.paused for k, e in a.entrants.items()}
        new = a.pair(t, 100, 5)
        seen: set[str] = set()
        for x, y in new:
            assert x != y
            assert x not in busy and y not in busy
            assert not before[x] and not before[y]
            assert x not in seen and y not in seen
            assert last.get(x) != y
            seen |= {x, y}
        playing += new
        if playing and rng.random() < 0.7:
            x, y = playing.pop(rng.randrange(len(playing)))
            a.finish(x, y, rng.choice(list(Outcome)))
            last[x], last[y] = y, x
    assert sum(e.points for e in a.entrants.values()) == sum(
        sum(e.results) for e in a.entrants.values()
    )
