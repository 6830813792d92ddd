"""History (most recent first) and personal stats across games."""

from __future__ import annotations

from dataclasses import replace

from storage.models import GameRecord, Metric
from storage.sql import RECENT_PER_GAME, SqlStorage

from .conftest import GUILD, result


async def test_history_is_most_recent_first_and_limited(store: SqlStorage) -> None:
    records = [result([1, 2], ended_at=1000.0 + i) for i in range(6)]
    for r in reversed(records):  # insertion order must not matter
        await store.finish_game(r)
    await store.finish_game(result([3, 4], ended_at=2000.0))
    mine = await store.history(GUILD, 1, limit=4)
    assert [g.game_id for g in mine] == [r.game_id for r in reversed(records)][:4]
    everyone = await store.history(GUILD, None, limit=2)
    assert [g.ended_at for g in everyone] == [2000.0, 1005.0]
    assert await store.history(GUILD + 1, 1) == []
    assert await store.history(GUILD, 999) == []


async def test_equal_end_times_order_by_game_id(store: SqlStorage) -> None:
    for game_id in ("b", "c", "a"):
        await store.finish_game(result([1, 2], ended_at=5.0, game_id=game_id))
    assert [g.game_id for g in await store.history(GUILD, 1)] == ["c", "b", "a"]


async def test_personal_stats_across_games(store: SqlStorage) -> None:
    await store.finish_game(result([1, 2], double=True))
    await store.finish_game(result([2, 1]))
    await store.finish_game(result([3, 1, 2], game="haggis", winners=(1,), scores=(100, 260, 90)))
    await store.finish_game(result([1, 2], game="hurikan", winners=(), scores=(110, 110)))
    await store.finish_game(result([-2, 1], game="hurikan"))
    stats = await store.player_stats(GUILD, 1)
    assert [s.game for s in stats] == ["haggis", "hurikan", "hurricane"]
    haggis, hurikan, hurricane = stats
    assert (hurricane.row.games, hurricane.row.wins, hurricane.row.losses) == (2, 1, 1)
    assert hurricane.row.points == 2
    assert (haggis.row.wins, haggis.row.rank) == (1, 1)
    assert (hurikan.row.draws, hurikan.row.losses) == (1, 1)
    # the rank matches the public rating board (computer players filtered out)
    board = await store.leaderboard(GUILD, "hurikan", Metric.RATING)
    assert hurikan.row == next(r for r in board if r.user_id == 1)
    assert [len(s.recent) for s in stats] == [1, 2, 2]
    assert hurikan.recent[0].seats[0].is_bot  # most recent first: the game against the computer
    assert await store.player_stats(GUILD, 77) == []


async def test_recent_games_per_game_are_capped(store: SqlStorage) -> None:
    for _ in range(RECENT_PER_GAME + 2):
        await store.finish_game(result([1, 2]))
    [stats] = await store.player_stats(GUILD, 2)
    assert len(stats.recent) == RECENT_PER_GAME
    assert stats.row.losses == RECENT_PER_GAME + 2


async def test_a_computer_players_stats_rank_among_everyone(store: SqlStorage) -> None:
    await store.finish_game(result([-3, 1]))
    [stats] = await store.player_stats(GUILD, -3)
    assert stats.row.is_bot and stats.row.rank == 1


def elsewhere(record: GameRecord, place: int) -> GameRecord:
    """The same game played outside a server: a DM or group DM, keyed by its channel."""
    return replace(record, guild_id=place, channel_id=place, in_server=False)


async def test_a_players_own_record_adds_up_their_games_outside_servers(store: SqlStorage) -> None:
    """Games in DMs and group DMs, wherever played, make one record per game (no rating: that is
    per place); server games stay out of it; abandoned games are history only."""
    group, dm = 7001, 7002
    await store.finish_game(result([1, 2]))  # a server game: not on the own record
    await store.finish_game(elsewhere(result([1, 2], double=True), group))
    await store.finish_game(elsewhere(result([1, 3]), dm))
    await store.finish_game(elsewhere(result([2, 1]), group))
    await store.finish_game(elsewhere(result([1, 2]), dm))
    await store.finish_game(elsewhere(result([1, 2], ended_by="abandoned"), group))
    await store.finish_game(
        elsewhere(result([1, 2], game="haggis", winners=(), scores=(5, 5)), group)
    )
    haggis, hurricane = await store.personal_stats(1)
    assert (haggis.game, haggis.games, haggis.draws, haggis.places) == ("haggis", 1, 1, 1)
    assert (hurricane.games, hurricane.wins, hurricane.losses, hurricane.draws) == (4, 3, 1, 0)
    assert (hurricane.points, hurricane.streak, hurricane.best_streak) == (4, 1, 2)
    assert hurricane.places == 2 and len(hurricane.recent) == 5  # the abandoned one too
    assert all(not g.in_server for g in hurricane.recent)
    mine = await store.personal_history(1, limit=10)
    assert len(mine) == 6 and [g.ended_at for g in mine] == sorted(
        (g.ended_at for g in mine), reverse=True
    )
    assert all(not g.in_server for g in mine)
    assert len(await store.personal_history(1, limit=2)) == 2
    assert [s.games for s in await store.personal_stats(3)] == [1]
    assert await store.personal_stats(4) == [] and await store.personal_history(4) == []
    # each place keeps its own standings, as before
    _haggis, here = await store.player_stats(group, 1)
    assert (here.row.games, here.row.wins) == (2, 1)
    log = await store.game_log(mine[0].game_id)
    assert log is not None and not log.in_server
    assert (await store.history(GUILD, 1))[0].in_server
