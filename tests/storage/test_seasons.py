"""Seasons in both backends: games filed under the open season, live and archived boards,
ratings reset on request, one open season and unique names per server."""

from __future__ import annotations

import pytest

from storage.models import Metric
from storage.sql import SqlStorage
from tests.storage.conftest import GUILD, result


async def test_a_season_files_its_games_and_archives_its_board(store: SqlStorage) -> None:
    await store.finish_game(result([1, 2]))  # before any season: all-time only
    s = await store.start_season(GUILD, "Winter", 10.0)
    assert s is not None and await store.current_season(GUILD) == s
    assert await store.start_season(GUILD, "Spring", 11.0) is None  # one open at a time
    await store.finish_game(result([2, 3]))
    await store.finish_game(result([2, 1], double=True))
    await store.finish_game(result([3, -1]))  # a computer
    live = await store.season_leaderboard(s, "hurricane", Metric.WINS)
    assert [(r.user_id, r.games, r.wins, r.points) for r in live] == [
        (2, 2, 2, 3),
        (3, 2, 1, 1),
        (1, 1, 0, 0),
    ]
    alltime = await store.leaderboard(GUILD, "hurricane", Metric.GAMES)
    assert alltime[0].games == 3  # user 2: the game before the season counts all-time
    ended = await store.end_season(GUILD, 20.0)
    assert ended is not None and ended.ended_at == 20.0
    assert await store.end_season(GUILD, 21.0) is None
    await store.finish_game(result([1, 2]))  # after the season: not in it
    archived = await store.season_leaderboard(ended, "hurricane", Metric.WINS)
    assert [(r.user_id, r.games, r.wins) for r in archived] == [(2, 2, 2), (3, 2, 1), (1, 1, 0)]
    with_bots = await store.season_leaderboard(ended, "hurricane", Metric.GAMES, include_bots=True)
    assert -1 in [r.user_id for r in with_bots]
    assert await store.start_season(GUILD, "Winter", 30.0) is None  # a name is used once
    assert [x.name for x in await store.seasons(GUILD)] == ["Winter"]
    with pytest.raises(ValueError):
        await store.season_leaderboard(ended, "hurricane", Metric.STREAK)


async def test_reset_ratings_at_the_start(store: SqlStorage) -> None:
    for _ in range(3):
        await store.finish_game(result([1, 2]))
    before = await store.rank_of(GUILD, "hurricane", 1)
    assert before is not None and before.rating > 1000
    assert await store.start_season(GUILD + 1, "Other", 5.0, reset_ratings=True)
    assert (await store.rank_of(GUILD, "hurricane", 1)) == before  # another server: untouched
    s = await store.start_season(GUILD, "Fresh", 5.0, reset_ratings=True)
    assert s is not None
    after = await store.rank_of(GUILD, "hurricane", 1)
    assert after is not None and after.rating < before.rating and after.games == 3
