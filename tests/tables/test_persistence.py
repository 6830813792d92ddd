"""Snapshots after every change, rollback when storage fails, restore after a restart, and the
result recorded exactly once — against the in-memory Storage and the real SQLite one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.tables import (
    Delivery,
    GameSpec,
    Table,
    TableDataError,
    TableError,
    TableStatus,
    table_from_data,
    table_to_data,
)
from bot.tables.persistence import SNAPSHOT_EVERY, restore_table
from storage.models import MoveRecord
from storage.sqlite import SqliteStorage

from .conftest import (
    CHANNEL,
    GUEST,
    HOST,
    THIRD,
    MakeManager,
    MemoryStorage,
    Recorder,
    open_race,
    play_current,
    started_race,
    user_at,
    wait_until,
)


async def test_table_data_round_trip(race: str, make_manager: MakeManager) -> None:
    manager = make_manager()
    table = await started_race(manager, turn_timer=30)
    await play_current(manager, table, "2")
    await manager.vote_abandon(CHANNEL, HOST)
    await manager.set_message(CHANNEL, 999, 123.5)
    data = table_to_data(table)
    copy = table_from_data(data)
    assert table_to_data(copy) == data
    assert copy.state is not None and table.state is not None
    assert copy.state.to_dict() == table.state.to_dict()
    assert copy.history == table.history and copy.abandon_votes == {HOST}
    assert copy.message_id == 999 and copy.seats == table.seats


def test_the_delivery_is_saved_with_the_spec() -> None:
    """An interaction-only table stays one after a restart; a table saved before the field
    reads as a channel table."""
    spec = GameSpec(game="race", delivery=Delivery.INTERACTIONS)
    table = Table(channel_id=1, guild_id=2, host_id=3, spec=spec, seats=[None, None])
    data = table_to_data(table)
    assert table_from_data(data).spec.delivery is Delivery.INTERACTIONS
    del data["spec"]["delivery"]
    assert table_from_data(data).spec.delivery is Delivery.CHANNEL


async def test_unreadable_table_data_is_refused(race: str) -> None:
    with pytest.raises(TableDataError):
        table_from_data({"version": 99})
    with pytest.raises(TableDataError):
        table_from_data({"version": 1, "spec": {}})


async def test_failed_save_rolls_the_move_back(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await started_race(manager)
    before = table_to_data(table)
    saves = len(memory.saves)
    memory.fail = True
    with pytest.raises(TableError, match="could not be saved"):
        await play_current(manager, table, "2")
    assert table_to_data(table) == before
    assert len(memory.saves) == saves and memory.moves == []
    # the same click (same move number) works once storage is back
    await play_current(manager, table, "2")
    assert table.move_no == 1 and [m.move_no for m in memory.moves] == [1]


async def test_failed_save_refuses_lobby_changes(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await open_race(manager)
    memory.fail = True
    with pytest.raises(TableError, match="could not be saved"):
        await manager.join(CHANNEL, GUEST, "Guest")
    assert table.seats[1] is None
    memory.fail = True
    with pytest.raises(TableError):
        await open_race(manager, channel=CHANNEL + 1)
    assert manager.get(CHANNEL + 1) is None


async def test_failed_result_keeps_the_game_open_and_records_once(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await started_race(manager, target=2)
    memory.fail = True
    with pytest.raises(TableError):
        await play_current(manager, table, "2")
    assert table.status is TableStatus.PLAYING and memory.records == []
    assert CHANNEL in memory.tables
    outcome = await play_current(manager, table, "2")
    assert outcome.game_over and len(memory.records) == 1
    assert CHANNEL not in memory.tables


async def test_restore_from_sqlite_continues_the_game(
    race: str, make_manager: MakeManager, tmp_path: object, sqlite: SqliteStorage
) -> None:
    manager = make_manager(sqlite)
    table = await started_race(manager, turn_timer=60, target=6)
    await play_current(manager, table, "2")
    await manager.set_message(CHANNEL, 4242, 1.0)
    lobby = await open_race(manager, channel=CHANNEL + 1)
    await manager.join(CHANNEL + 1, THIRD, "Third")
    saved = table_to_data(table)
    await manager.close()

    recorder = Recorder()
    fresh = make_manager(sqlite, listener=recorder)
    restored = await fresh.restore()
    assert sorted(t.channel_id for t in restored) == [CHANNEL, CHANNEL + 1]
    again = fresh.require(CHANNEL)
    data = table_to_data(again)
    assert data.pop("turn_deadline") is not None  # a fresh clock after a restart
    saved.pop("turn_deadline")
    assert data == saved
    assert table_to_data(fresh.require(CHANNEL + 1)) == table_to_data(lobby)
    assert sorted(c for c, _ in recorder.changes) == [CHANNEL, CHANNEL + 1]
    # play on to the end on the restored table: the whole log is stored for replays
    while again.status is TableStatus.PLAYING:
        await play_current(fresh, again, "2")
    log = await sqlite.game_log(again.game_id)
    assert log is not None
    assert [m.action for m in log.actions] == [a for _, a in again.history]
    assert [m.move_no for m in log.actions] == list(range(1, again.move_no + 1))
    assert [t.channel_id for t in await sqlite.load_tables()] == [CHANNEL + 1]
    history = await sqlite.history(again.guild_id, HOST)
    assert len(history) == 1 and history[0].game_id == again.game_id


async def test_restore_restarts_computer_turns(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory, computer_delay=60)  # the computer would wait a minute
    table = await open_race(manager, target=30)
    await manager.add_computer(CHANNEL, HOST, "normal")
    await manager.start(CHANNEL, HOST)
    if table.current_seat == 0:
        await play_current(manager, table)
    assert table.current_seat == 1
    await manager.close()
    fresh = make_manager(memory)
    [again] = await fresh.restore()
    await wait_until(lambda: again.current_seat == 0)
    assert again.history[-1][0] == 1
    assert user_at(again, 0) == HOST


async def test_result_recorded_once_in_sqlite(
    race: str, make_manager: MakeManager, sqlite: SqliteStorage
) -> None:
    manager = make_manager(sqlite)
    table = await started_race(manager)
    await manager.resign(CHANNEL, HOST)
    summaries = await sqlite.history(table.guild_id, GUEST)
    assert [(s.game_id, s.winners, s.ended_by) for s in summaries] == [
        (table.game_id, (1,), "resigned")
    ]
    assert await sqlite.load_tables() == []


async def test_computer_move_retried_after_a_failed_save(
    race: str, make_manager: MakeManager, memory: MemoryStorage, recorder: Recorder
) -> None:
    manager = make_manager(memory, listener=recorder, computer_delay=0.02)
    manager.retry_delay = 0.01
    table = await open_race(manager, target=30)
    await manager.add_computer(CHANNEL, HOST, "easy")
    await manager.start(CHANNEL, HOST)
    if table.current_seat == 0:
        await play_current(manager, table)
    moves = table.move_no
    memory.fail = True  # the computer's first attempt cannot be saved
    await wait_until(lambda: table.move_no == moves + 1)
    # one redraw saying "saving is delayed", then the move once saved
    assert not memory.fail and len(recorder.changes) == 2 and not table.saving_delayed
    assert [m.move_no for m in memory.moves] == list(range(1, table.move_no + 1))


async def test_moves_between_snapshots_are_only_logged(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await started_race(manager, target=100)
    for _ in range(40):
        await play_current(manager, table, "1")
    playing = [s.move_no for s, _ in memory.saves if s.status == "playing"]
    assert playing == [0, SNAPSHOT_EVERY]  # the start, then every SNAPSHOT_EVERY moves
    assert [m.move_no for m in memory.moves] == list(range(1, 41))
    assert all(s.data["history"] == [] for s, _ in memory.saves)  # the log is the history


async def test_a_restore_replays_logged_moves_with_their_time_outs(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await started_race(manager, target=100)
    await play_current(manager, table, "2")
    snapshot = memory.tables[CHANNEL]
    game = table.game_id
    first, second = table.current_seat, 1 - (table.current_seat or 0)
    moves = [
        MoveRecord(game, 2, first or 0, "1", 2.0, "timeout"),
        MoveRecord(game, 3, second, "2", 3.0, "human"),
        MoveRecord(game, 4, first or 0, "1", 4.0, "timeout"),
    ]
    restored = restore_table(replace(snapshot, moves=(*memory.moves, *moves)))
    assert restored.move_no == 4
    assert [action for _, action in restored.history] == ["2", "1", "2", "1"]
    assert restored.seats[first or 0].timeouts == 2  # type: ignore[union-attr]
    assert restored.last_events[0] == {"type": "timeout", "seat": first, "timeouts": 2}
    assert restored.state is not None and restored.state.to_dict()["total"] == 6
    with pytest.raises(TableDataError, match="replays badly"):
        restore_table(replace(snapshot, moves=(*memory.moves, replace(moves[0], action="7"))))
