"""The table layer (TableManager) on the real SQLite storage: a finished game is recorded exactly
once even when the first attempt fails, and a resignation records the right winners and ratings."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.tables.errors import TableError, TableLost
from bot.tables.manager import TableManager
from bot.tables.models import GameSpec, Table, TableStatus
from bot.tables.serial import table_to_data
from storage.models import Metric
from storage.sql import SqlStorage

from .conftest import GUILD, Backend

CHANNEL = 3131
USERS = (11, 12, 13, 14)


@pytest.fixture
async def manager(store: SqlStorage) -> AsyncIterator[TableManager]:
    m = TableManager(store, computer_delay=0.0, rng_seed=3)
    yield m
    await m.close()


async def seat_everyone(manager: TableManager, spec: GameSpec) -> Table:
    await manager.open_table(
        channel_id=CHANNEL, guild_id=GUILD, host_id=USERS[0], host_name="u11", spec=spec
    )
    for user in USERS[1 : spec.players]:
        await manager.join(CHANNEL, user, f"u{user}")
    return await manager.start(CHANNEL, USERS[0])


def user_at(table: Table, seat: int) -> int:
    occupant = table.seats[seat]
    assert occupant is not None
    return occupant.user_id


async def test_a_failed_result_write_is_retried_and_recorded_once(
    manager: TableManager, store: SqlStorage, backend: Backend
) -> None:
    table = await seat_everyone(manager, GameSpec("hurikan", {}, 2, turn_timer=0))
    # every write of a result fails until the trigger is dropped; moves still save
    await backend.fail("no_results", "games", "INSERT", "disk full")
    rng = random.Random(4)
    failed: tuple[int, str] | None = None
    while failed is None:
        seat = table.current_seat
        assert seat is not None
        user = user_at(table, seat)
        action = str(rng.choice(manager.legal_actions(CHANNEL, user)))
        moves_before = table.move_no
        try:
            await manager.act(CHANNEL, user, action, table.move_no)
        except TableError:
            failed = (user, action)
            assert table.move_no == moves_before  # the last move was not applied
    assert table.status is TableStatus.PLAYING
    assert await backend.count("SELECT count(*) FROM games") == 0
    assert await backend.count("SELECT count(*) FROM moves") == table.move_no  # last one not logged
    assert [t.game_id for t in await store.load_tables()] == [table.game_id]

    await backend.unfail("no_results")
    user, action = failed
    outcome = await manager.act(CHANNEL, user, action, table.move_no)  # the same click again
    assert outcome.game_over
    with pytest.raises(TableError):  # a third click finds the game over: nothing more recorded
        await manager.act(CHANNEL, user, action, table.move_no - 1)
    assert await backend.count("SELECT count(*) FROM games") == 1
    assert await backend.count("SELECT count(*) FROM game_seats") == 2
    assert await backend.count("SELECT sum(games) FROM standings") == 2
    assert await backend.count("SELECT count(*) FROM moves") == table.move_no
    assert await store.load_tables() == []
    log = await store.game_log(table.game_id)
    assert log is not None and [m.action for m in log.actions] == [a for _, a in table.history]


@pytest.mark.parametrize(
    ("spec", "loser_seat", "winner_seats"),
    [
        (GameSpec("haggis", {}, 3, turn_timer=0), 1, (0, 2)),
        (GameSpec("hurricane", {"preset": "pairs"}, 4, turn_timer=0), 2, (1, 3)),
        (GameSpec("hurricane", {"preset": "standard"}, 2, turn_timer=0), 0, (1,)),
    ],
)
async def test_a_resignation_records_the_others_as_winners(
    manager: TableManager,
    store: SqlStorage,
    spec: GameSpec,
    loser_seat: int,
    winner_seats: tuple[int, ...],
) -> None:
    table = await seat_everyone(manager, spec)
    await manager.resign(CHANNEL, user_at(table, loser_seat))
    [summary] = await store.history(GUILD, user_at(table, loser_seat))
    assert (summary.winners, summary.ended_by) == (winner_seats, "resigned")
    game = table.spec.game
    losers = [s for s in range(spec.players) if s not in winner_seats]
    rows = {
        s: await store.rank_of(GUILD, game, user_at(table, s), Metric.WINS)
        for s in range(spec.players)
    }
    for seat, row in rows.items():
        assert row is not None
        won = seat in winner_seats
        assert (row.games, row.wins, row.losses, row.points) == (
            1,
            int(won),
            int(not won),
            int(won),
        )
    # winners are rated above every loser; sides that share a result share a rating
    winners_rating = {rows[s].rating for s in winner_seats}  # type: ignore[union-attr]
    losers_rating = {rows[s].rating for s in losers}  # type: ignore[union-attr]
    assert len(winners_rating) == 1 and len(losers_rating) == 1
    assert min(winners_rating) > max(losers_rating)
    board = await store.leaderboard(GUILD, game)
    assert {r.user_id for r in board[: len(winner_seats)]} == {
        user_at(table, s) for s in winner_seats
    }
    assert await store.load_tables() == []


async def test_an_abandoned_game_is_history_without_standings(
    manager: TableManager, store: SqlStorage
) -> None:
    table = await seat_everyone(manager, GameSpec("hurikan", {}, 2, turn_timer=0))
    for user in USERS[:2]:
        await manager.vote_abandon(CHANNEL, user)
    [summary] = await store.history(GUILD, USERS[0])
    assert (summary.game_id, summary.ended_by, summary.winners) == (table.game_id, "abandoned", ())
    assert await store.leaderboard(GUILD, "hurikan") == []
    assert await store.load_tables() == []


def fingerprint(table: Table) -> dict[str, object]:
    """Everything a restart must bring back (the turn clock starts afresh by design)."""
    data = table_to_data(table)
    del data["turn_deadline"], data["reminded"]
    return data


async def test_a_restart_replays_the_moves_logged_after_the_last_snapshot(
    manager: TableManager, store: SqlStorage, backend: Backend
) -> None:
    table = await seat_everyone(manager, GameSpec("hurricane", {"preset": "standard"}, 2, 0))
    rng = random.Random(21)
    while table.move_no < 45:
        user = user_at(table, table.current_seat or 0)
        await manager.act(
            CHANNEL, user, str(rng.choice(manager.legal_actions(CHANNEL, user))), table.move_no
        )
    assert table.status is TableStatus.PLAYING
    expected = fingerprint(table)
    snapshot_at = await backend.count("SELECT move_no FROM tables")
    assert 0 < snapshot_at < table.move_no  # the last moves are only in the log
    assert await backend.count("SELECT count(*) FROM moves") == table.move_no
    await manager.close()

    other = backend.new_store()  # the next process
    await other.open()
    fresh = TableManager(other, computer_delay=0.0, rng_seed=3)
    try:
        [again] = await fresh.restore()
        assert fingerprint(again) == expected
        stale = user_at(table, table.current_seat or 0)
        move = str(manager.legal_actions(CHANNEL, stale)[0])
        with pytest.raises(TableLost, match="another instance"):  # the old process lost it
            await manager.act(CHANNEL, stale, move, table.move_no)
        assert manager.get(CHANNEL) is None  # and has let it go
        while again.status is TableStatus.PLAYING:
            user = user_at(again, again.current_seat or 0)
            await fresh.act(
                CHANNEL, user, str(rng.choice(fresh.legal_actions(CHANNEL, user))), again.move_no
            )
        log = await other.game_log(again.game_id)
        assert log is not None and [(m.seat, m.action) for m in log.actions] == again.history
        assert await other.load_tables() == []
    finally:
        await fresh.close()
        await other.close()
