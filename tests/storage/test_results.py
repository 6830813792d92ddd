"""Recording finished games: exactly once, atomically, with the right standings."""

from __future__ import annotations

import asyncio

import pytest

from storage.base import StorageError
from storage.models import Metric, MoveRecord, TableSnapshot
from storage.sql import SqlStorage

from .conftest import CHANNEL, GUILD, Backend, result


async def test_concurrent_double_recording_counts_once(store: SqlStorage, backend: Backend) -> None:
    record = result([1, 2])
    outcomes = await asyncio.gather(*(store.finish_game(record) for _ in range(5)))
    assert sorted(outcomes) == [False, False, False, False, True]
    row = await store.rank_of(GUILD, "hurricane", 1, Metric.WINS)
    assert row is not None and (row.games, row.wins) == (1, 1)
    assert await backend.count("SELECT count(*) FROM games") == 1
    assert await backend.count("SELECT count(*) FROM game_seats") == 2


async def test_two_connections_record_once(store: SqlStorage, backend: Backend) -> None:
    other = backend.new_store()
    await other.open()
    try:
        record = result([1, 2])
        outcomes = await asyncio.gather(store.finish_game(record), other.finish_game(record))
    finally:
        await other.close()
    assert sorted(outcomes) == [False, True]
    assert await backend.count("SELECT games FROM standings WHERE user_id = 1") == 1


async def test_a_second_recording_changes_nothing(store: SqlStorage) -> None:
    record = result([1, 2])
    snap = TableSnapshot(CHANNEL, GUILD, record.game_id, "playing", {"k": 1}, 1.0)
    assert await store.finish_game(record)
    await store.save_table(snap)  # e.g. a restored table that was already recorded
    last = MoveRecord(record.game_id, 99, 0, "7H", 2.0)
    assert not await store.finish_game(record, snapshot_channel_id=CHANNEL, move=last)
    assert await store.load_tables() == [snap]
    log = await store.game_log(record.game_id)
    assert log is not None and log.actions == ()


async def test_every_field_is_stored(store: SqlStorage, backend: Backend) -> None:
    record = result([5, -2], winners=(1,), scores=(4, 16), double=True, options={"preset": "open"})
    assert await store.finish_game(record)
    assert await backend.count("SELECT duration FROM games") == 300  # seconds, ended - started
    assert (
        await backend.count(f"SELECT guild_id = {GUILD} AND channel_id = {CHANNEL} FROM games") == 1
    )
    [summary] = await store.history(GUILD, 5)
    assert summary.game_id == record.game_id
    assert summary.seats == record.seats
    assert summary.seats[1].is_bot
    assert (summary.scores, summary.winners, summary.double) == ((4, 16), (1,), True)
    assert summary.options == {"preset": "open"}
    assert summary.ended_by == "finished"
    log = await store.game_log(record.game_id)
    assert log is not None
    assert (log.game, log.seed, log.players, log.options) == (
        "hurricane",
        record.seed,
        2,
        {"preset": "open"},
    )


async def test_double_win_counts_two_match_points(store: SqlStorage) -> None:
    await store.finish_game(result([1, 2], double=True))
    await store.finish_game(result([1, 2]))
    await store.finish_game(result([2, 1]))
    one = await store.rank_of(GUILD, "hurricane", 1, Metric.POINTS)
    two = await store.rank_of(GUILD, "hurricane", 2, Metric.POINTS)
    assert one is not None and two is not None
    assert (one.wins, one.losses, one.points) == (2, 1, 3)
    assert (two.wins, two.losses, two.points) == (1, 2, 1)


async def test_streaks_grow_break_and_keep_the_best(store: SqlStorage) -> None:
    for winner_first in (True, True, True, False, True, None, True):
        if winner_first is None:  # a draw also ends a streak
            await store.finish_game(result([1, 2], winners=(), scores=(7, 7)))
        else:
            await store.finish_game(result([1, 2] if winner_first else [2, 1]))
    row = await store.rank_of(GUILD, "hurricane", 1, Metric.STREAK)
    assert row is not None
    assert (row.streak, row.best_streak) == (1, 3)
    assert (row.wins, row.losses, row.draws, row.games) == (5, 1, 1, 7)


async def test_resign_and_forfeit_count_abandoned_does_not(store: SqlStorage) -> None:
    await store.finish_game(result([1, 2], winners=(1,), ended_by="resigned"))
    await store.finish_game(result([1, 2], winners=(0,), ended_by="forfeit"))
    abandoned = result([1, 2], winners=(), scores=(3, 2), ended_by="abandoned")
    assert await store.finish_game(abandoned)
    row = await store.rank_of(GUILD, "hurricane", 1, Metric.WINS)
    assert row is not None and (row.games, row.wins, row.losses) == (2, 1, 1)
    history = await store.history(GUILD, 1)
    assert [g.ended_by for g in history] == ["abandoned", "forfeit", "resigned"]


async def test_only_abandoned_games_give_no_standing(store: SqlStorage) -> None:
    await store.finish_game(result([1, 2], winners=(), ended_by="abandoned"))
    assert await store.leaderboard(GUILD, "hurricane") == []
    assert await store.rank_of(GUILD, "hurricane", 1) is None
    assert len(await store.history(GUILD, 1)) == 1


async def test_finish_deletes_the_snapshot_and_logs_the_last_move(store: SqlStorage) -> None:
    record = result([1, 2])
    await store.save_table(
        TableSnapshot(CHANNEL, GUILD, record.game_id, "playing", {"n": 1}, 1.0),
        MoveRecord(record.game_id, 1, 0, "7H", 1.0),
    )
    await store.save_table(TableSnapshot(CHANNEL + 1, GUILD, "other", "lobby", {}, 1.0))
    last = MoveRecord(record.game_id, 2, 1, "3C", 2.0)
    assert await store.finish_game(record, snapshot_channel_id=CHANNEL, move=last)
    assert [t.channel_id for t in await store.load_tables()] == [CHANNEL + 1]
    log = await store.game_log(record.game_id)
    assert log is not None and [(m.move_no, m.action) for m in log.actions] == [
        (1, "7H"),
        (2, "3C"),
    ]


async def test_failure_inside_the_transaction_leaves_nothing(
    store: SqlStorage, backend: Backend
) -> None:
    record = result([1, 666])
    await store.save_table(TableSnapshot(CHANNEL, GUILD, record.game_id, "playing", {}, 1.0))
    # A real database failure late in the transaction: after the game and seat rows are written.
    await backend.fail("fail_666", "standings", "INSERT", "injected failure", "NEW.user_id = 666")
    last = MoveRecord(record.game_id, 1, 0, "7H", 2.0)
    with pytest.raises(StorageError, match="injected failure"):
        await store.finish_game(record, snapshot_channel_id=CHANNEL, move=last)
    for table in ("games", "game_seats", "standings", "moves"):
        assert await backend.count(f"SELECT count(*) FROM {table}") == 0, table
    assert len(await store.load_tables()) == 1
    # the storage stays usable, and the same game can be recorded once the fault is gone
    await backend.unfail("fail_666")
    assert await store.finish_game(record, snapshot_channel_id=CHANNEL, move=last)
    assert await backend.count("SELECT count(*) FROM standings") == 2


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"winners": (5,)}, "not seats"),
        ({"scores": (1, 2, 3)}, "3 scores"),
        ({"ended_by": "bored"}, "ended_by"),
    ],
)
async def test_inconsistent_records_are_refused(
    store: SqlStorage, backend: Backend, kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        await store.finish_game(result([1, 2], **kwargs))  # type: ignore[arg-type]
    assert await backend.count("SELECT count(*) FROM games") == 0


async def test_same_computer_in_two_seats_is_not_rated_against_itself(store: SqlStorage) -> None:
    await store.finish_game(result([1, -2, -2], game="haggis", scores=(250, 100, 90)))
    assert await store.rank_of(GUILD, "haggis", -2, include_bots=True) is None
    human = await store.rank_of(GUILD, "haggis", 1)
    assert human is not None and human.wins == 1


async def test_two_processes_rating_one_player_at_once_lose_no_update(backend: Backend) -> None:
    """Each process reads the player's standing, rates and writes it back; without the row lock
    (PostgreSQL) or the write lock (SQLite) one of two simultaneous updates would be lost."""
    a, b = backend.new_store(), backend.new_store()
    await a.open()
    await b.open()
    try:
        records = [result([1, 100 + i]) for i in range(24)]
        outcomes = await asyncio.gather(
            *((a if i % 2 else b).finish_game(r) for i, r in enumerate(records))
        )
    finally:
        await a.close()
        await b.close()
    assert all(outcomes)
    assert await backend.query(
        "SELECT games, wins, streak, best_streak FROM standings WHERE user_id = 1"
    ) == [(24, 24, 24, 24)]
    assert await backend.count("SELECT count(*) FROM standings WHERE games = 1") == 24
    # every opponent is a newcomer, so the order does not matter: recorded one by one in another
    # guild, player 1 ends with exactly the same rating
    serial = backend.new_store()
    await serial.open()
    try:
        for i in range(24):
            await serial.finish_game(result([1, 100 + i], guild=GUILD + 1))
    finally:
        await serial.close()
    ratings = await backend.query(
        "SELECT guild_id, mu, sigma FROM standings WHERE user_id = 1 ORDER BY guild_id"
    )
    assert [r[0] for r in ratings] == [GUILD, GUILD + 1]
    assert ratings[0][1:] == pytest.approx(ratings[1][1:])
