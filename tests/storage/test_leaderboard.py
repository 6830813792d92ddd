"""Leaderboard ordering, tie-breaks, pagination, the computer-player filter and the query plan."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from storage.models import Metric
from storage.sql import ORDERINGS, SqlStorage, order_by
from storage.sqlite import SqliteStorage

from .conftest import GUILD, Backend, query, result

# (user_id, games, wins, points, streak, best_streak, rating, chips): every tie-break matters
ROWS = [
    (1, 10, 5, 6, 2, 3, 1100.0, 40),
    (2, 12, 5, 5, 2, 4, 1100.0, 40),  # rating tie with 1: more games first; chips: fewer first
    (3, 10, 5, 6, 2, 3, 1100.0, -5),  # complete tie with 1: lower user id first
    (4, 8, 5, 7, 0, 5, 1050.0, 40),  # 5 wins in fewer games: first on wins (and on 40 chips)
    (5, 12, 7, 9, 2, 4, 990.0, 0),
    (-1, 30, 20, 25, 9, 9, 1300.0, 100),  # a computer player, best at everything
]
EXPECTED = {
    Metric.RATING: [-1, 2, 1, 3, 4, 5],
    Metric.WINS: [-1, 5, 4, 1, 3, 2],
    Metric.POINTS: [-1, 5, 4, 1, 3, 2],
    Metric.GAMES: [-1, 5, 2, 1, 3, 4],
    Metric.STREAK: [-1, 2, 5, 1, 3, 4],
    Metric.CHIPS: [-1, 4, 1, 2, 5, 3],
}


@pytest.fixture
async def board(store: SqlStorage, backend: Backend) -> SqlStorage:
    insert = (
        "INSERT INTO standings (guild_id, game, user_id, name, is_bot, games, wins, losses, "
        "draws, points, streak, best_streak, mu, sigma, rating, updated_at, chips) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, 25, 8, ?, 0, ?)"
    )
    for u, g, w, pts, st, best, rating, chips in ROWS:
        await backend.query(
            insert,
            *(GUILD, "haggis", u, f"p{u}", int(u < 0), g, w, g - w, pts, st, best, rating, chips),
        )
    # the same users in another guild and another game must not leak in
    other = (0, 99, 99, 0, 99, 99, 99, 9999.0, 999)
    await backend.query(insert, GUILD + 1, "haggis", 99, "x", *other)
    await backend.query(insert, GUILD, "hurikan", 98, "y", *other)
    return store


@pytest.mark.parametrize("metric", list(Metric))
async def test_ordering_and_tie_breaks(board: SqlStorage, metric: Metric) -> None:
    everyone = await board.leaderboard(GUILD, "haggis", metric, include_bots=True)
    assert [r.user_id for r in everyone] == EXPECTED[metric]
    assert [r.rank for r in everyone] == list(range(1, 7))
    humans = await board.leaderboard(GUILD, "haggis", metric)
    assert [r.user_id for r in humans] == EXPECTED[metric][1:]
    assert [r.rank for r in humans] == list(range(1, 6))


@pytest.mark.parametrize("metric", list(Metric))
async def test_rank_of_agrees_with_the_board(board: SqlStorage, metric: Metric) -> None:
    for include_bots in (False, True):
        rows = await board.leaderboard(GUILD, "haggis", metric, include_bots=include_bots)
        for row in rows:
            mine = await board.rank_of(
                GUILD, "haggis", row.user_id, metric, include_bots=include_bots
            )
            assert mine == row
    assert await board.rank_of(GUILD, "haggis", -1, metric) is None  # bots filtered by default
    assert await board.rank_of(GUILD, "haggis", 42, metric) is None  # never played


async def test_pagination_walks_the_whole_board(board: SqlStorage) -> None:
    pages = [
        await board.leaderboard(GUILD, "haggis", Metric.WINS, limit=2, offset=o) for o in (0, 2, 4)
    ]
    assert [[r.user_id for r in p] for p in pages] == [[5, 4], [1, 3], [2]]
    assert [r.rank for p in pages for r in p] == [1, 2, 3, 4, 5]
    assert await board.leaderboard(GUILD, "haggis", offset=10) == []


async def test_row_fields(board: SqlStorage) -> None:
    [top] = await board.leaderboard(GUILD, "haggis", Metric.RATING, limit=1, include_bots=True)
    assert (top.user_id, top.name, top.is_bot, top.games, top.wins, top.losses) == (
        -1,
        "p-1",
        True,
        30,
        20,
        10,
    )
    assert (top.points, top.streak, top.best_streak, top.rating) == (25, 9, 9, 1300.0)


async def test_boards_are_per_guild_and_per_game(store: SqlStorage) -> None:
    await store.finish_game(result([1, 2]))
    await store.finish_game(result([3, 4], guild=GUILD + 1))
    await store.finish_game(result([5, 6], game="hurikan"))
    assert [r.user_id for r in await store.leaderboard(GUILD, "hurricane")] == [1, 2]
    assert [r.user_id for r in await store.leaderboard(GUILD + 1, "hurricane")] == [3, 4]
    assert [r.user_id for r in await store.leaderboard(GUILD, "hurikan")] == [5, 6]


async def test_results_feed_the_wins_board(store: SqlStorage) -> None:
    for winner, loser in [
        (1, 101),
        (1, 101),
        (3, 103),
        (3, 103),
        (2, 102),
        (2, 102),
        (102, 2),
        (4, 104),
    ]:
        await store.finish_game(result([winner, loser]))
    board = await store.leaderboard(GUILD, "hurricane", Metric.WINS)
    assert [r.user_id for r in board] == [1, 3, 2, 4, 102, 104, 101, 103]


async def test_poker_results_feed_the_chips_board(store: SqlStorage) -> None:
    """Chips won add up per player (final chips minus the stack; a loss counts negative) and
    order the "chips won" board; a tie for the most chips shares first place in the rating."""
    stack = {"stack": 100}
    games = [  # (users, final chips, winners)
        ([1, 2, 3], [180, 70, 50], (0,)),
        ([1, 2, 3], [90, 90, 120], (2,)),
        ([2, 3, 4], [150, 150, 0], (0, 1)),  # 2 and 3 level on the most chips: both first
    ]
    for users, chips, winners in games:
        record = result(users, winners, chips, game="hurricane_poker", options=stack)
        await store.finish_game(replace(record, winnings=tuple(c - 100 for c in chips)))
    board = await store.leaderboard(GUILD, "hurricane_poker", Metric.CHIPS)
    assert [(r.user_id, r.chips) for r in board] == [(1, 70), (3, 20), (2, 10), (4, -100)]
    assert {r.user_id: (r.wins, r.losses) for r in board} == {
        1: (1, 1),
        2: (1, 2),
        3: (2, 1),
        4: (0, 1),
    }
    mine = await store.rank_of(GUILD, "hurricane_poker", 2, Metric.CHIPS)
    assert mine is not None and mine.rank == 3 and mine.chips == 10
    # other games leave the chips at 0
    await store.finish_game(result([1, 2]))
    hurricane = await store.leaderboard(GUILD, "hurricane", Metric.CHIPS)
    assert [r.chips for r in hurricane] == [0, 0]


async def test_winnings_must_match_the_sides(store: SqlStorage) -> None:
    record = replace(result([1, 2], game="hurricane_poker"), winnings=(5,))
    with pytest.raises(ValueError, match="winnings"):
        await store.finish_game(record)


@pytest.mark.parametrize("metric", list(Metric))
@pytest.mark.parametrize("include_bots", [False, True])
async def test_top_ten_is_an_index_scan(db_path: Path, metric: Metric, include_bots: bool) -> None:
    """SQLite's plan (PostgreSQL's is measured by bench/storage.py --backend postgres)."""
    s = SqliteStorage(db_path)
    await s.open()
    await s.close()
    bots = "" if include_bots else " AND is_bot = 0"
    plan = query(
        db_path,
        f"EXPLAIN QUERY PLAN SELECT * FROM standings WHERE guild_id = 1 AND game = 'x'{bots} "
        f"ORDER BY {order_by(metric)} LIMIT 10",
    )
    text = " | ".join(str(row[3]) for row in plan)
    assert f"USING INDEX standings_{metric.value}" in text
    assert "TEMP B-TREE" not in text
    assert ORDERINGS[metric][-1] == ("user_id", False)
