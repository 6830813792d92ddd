"""Table snapshots, the move log and optimistic versions, on both backends."""

from __future__ import annotations

import asyncio

import pytest

from storage.base import StorageError, TableConflict
from storage.models import MoveRecord, TableSnapshot
from storage.sql import SqlStorage

from .conftest import GUILD, Backend, result


def snap(
    channel: int, game_id: str = "g", n: int = 0, status: str = "playing", guild: int = GUILD
) -> TableSnapshot:
    return TableSnapshot(
        channel, guild, game_id, status, {"move_no": n, "seats": [1, None]}, float(n), move_no=n
    )


def move(n: int, action: str = "7H", game_id: str = "g", source: str | None = None) -> MoveRecord:
    return MoveRecord(game_id, n, (n - 1) % 2, action, float(n), source)


async def actions_of(backend: Backend, game_id: str) -> list[tuple[int, str]]:
    return [(n, action) for n, _, action in await backend.moves_of(game_id)]


async def test_save_upserts_by_channel_and_logs_moves(store: SqlStorage, backend: Backend) -> None:
    await store.save_table(snap(1, "g", 0, "lobby"))
    await store.save_table(snap(2, "h", 0, "lobby"))
    await store.save_table(snap(1, "g", 1), MoveRecord("g", 1, 0, "7H", 1.0))
    await store.save_table(snap(1, "g", 2), MoveRecord("g", 2, 1, "3C:3D", 2.0))
    loaded = await store.load_tables()
    assert loaded == [
        _with_moves(snap(1, "g", 2), move(1), move(2, "3C:3D")),
        snap(2, "h", 0, "lobby"),
    ]
    assert await actions_of(backend, "g") == [(1, "7H"), (2, "3C:3D")]


def _with_moves(s: TableSnapshot, *moves: MoveRecord) -> TableSnapshot:
    return TableSnapshot(
        s.channel_id, s.guild_id, s.game_id, s.status, s.data, s.updated_at, s.move_no, moves
    )


async def test_resaving_the_same_move_is_harmless(store: SqlStorage, backend: Backend) -> None:
    await store.save_table(snap(1, "g", 1), move(1))
    await store.save_table(snap(1, "g", 1), move(1))
    await store.append_move(1, move(1))
    assert await actions_of(backend, "g") == [(1, "7H")]


async def test_a_conflicting_move_saves_nothing(store: SqlStorage, backend: Backend) -> None:
    await store.save_table(snap(1, "g", 1), move(1))
    with pytest.raises(StorageError, match="already logged"):
        await store.save_table(snap(1, "g", 2), MoveRecord("g", 1, 0, "KS", 2.0))
    with pytest.raises(StorageError, match="already logged"):
        await store.append_move(1, MoveRecord("g", 1, 0, "KS", 2.0))
    assert await store.load_tables() == [_with_moves(snap(1, "g", 1), move(1))]
    assert await actions_of(backend, "g") == [(1, "7H")]


async def test_failure_after_the_move_leaves_neither(store: SqlStorage, backend: Backend) -> None:
    await store.save_table(snap(1, "g", 1), move(1))
    await backend.fail("fail_table", "tables", "UPDATE", "disk on fire")
    with pytest.raises(StorageError, match="disk on fire"):
        await store.save_table(snap(1, "g", 2), move(2, "3C"))
    assert await actions_of(backend, "g") == [(1, "7H")]  # the move was inserted first, then undone
    await backend.unfail("fail_table")
    assert await store.load_tables() == [_with_moves(snap(1, "g", 1), move(1))]


async def test_unserialisable_data_is_refused(store: SqlStorage) -> None:
    bad = TableSnapshot(1, GUILD, "g", "playing", {"x": {1, 2}}, 0.0)
    with pytest.raises(StorageError, match="not JSON-serialisable"):
        await store.save_table(bad)
    assert await store.load_tables() == []


async def test_delete_drops_the_table_and_an_unfinished_log(
    store: SqlStorage, backend: Backend
) -> None:
    await store.save_table(snap(1, "g", 1), move(1))
    await store.save_table(snap(2, "h", 0, "lobby"))
    await store.delete_table(1)
    await store.delete_table(1)  # twice is fine
    await store.delete_table(404)
    assert [t.channel_id for t in await store.load_tables()] == [2]
    assert await actions_of(backend, "g") == []


async def test_tables_survive_reopening(backend: Backend) -> None:
    first = backend.new_store()
    await first.open()
    await first.save_table(snap(7, "g", 1), move(1))
    await first.close()
    second = backend.new_store()
    await second.open()
    try:
        assert await second.load_tables() == [_with_moves(snap(7, "g", 1), move(1))]
    finally:
        await second.close()


# -- the move log on top of a snapshot ------------------------------------------------------------


async def test_moves_after_the_snapshot_come_back_with_it(
    store: SqlStorage, backend: Backend
) -> None:
    await store.save_table(snap(1, "g", 0))
    for n in range(1, 4):
        await store.append_move(1, move(n, f"m{n}", source="human"))
    await store.save_table(snap(1, "g", 3))  # a snapshot at move 3 (e.g. a deal ended)
    await store.append_move(1, move(4, "m4", source="timeout"))
    await store.append_move(1, move(5, "m5", source="computer"))
    reopened = backend.new_store()
    await reopened.open()
    try:
        [table] = await reopened.load_tables()
        assert await reopened.finish_game(result([1, 2], game_id="g"), 1, move(6, "m6"))
    finally:
        await reopened.close()
    log = await store.game_log("g")
    assert log is not None and [m.action for m in log.actions] == [f"m{n}" for n in range(1, 7)]
    assert await store.load_tables() == []
    assert table.move_no == 3 and table.data == {"move_no": 3, "seats": [1, None]}
    assert [(m.move_no, m.action, m.source) for m in table.moves] == [
        (1, "m1", "human"),
        (2, "m2", "human"),
        (3, "m3", "human"),
        (4, "m4", "timeout"),
        (5, "m5", "computer"),
    ]


async def test_a_move_is_logged_only_for_its_own_table(store: SqlStorage) -> None:
    with pytest.raises(TableConflict, match="not held"):
        await store.append_move(1, move(1))
    await store.save_table(snap(1, "g", 0))
    with pytest.raises(TableConflict):
        await store.append_move(1, move(1, game_id="other-game"))


async def test_logging_a_move_does_not_rewrite_the_snapshot(
    store: SqlStorage, backend: Backend
) -> None:
    await store.save_table(snap(1, "g", 0))
    before = await backend.query("SELECT data, updated_at, version FROM tables")
    for n in range(1, 30):
        await store.append_move(1, move(n))
    assert await backend.query("SELECT data, updated_at, version FROM tables") == before
    assert await backend.count("SELECT count(*) FROM moves") == 29


# -- optimistic versions ------------------------------------------------------------------------------


async def test_a_process_that_lost_the_table_cannot_write_it(
    store: SqlStorage, backend: Backend
) -> None:
    await store.save_table(snap(1, "g", 1), move(1))
    other = backend.new_store()  # e.g. the process that took over after a restart
    await other.open()
    try:
        [claimed] = await other.load_tables()
        assert claimed.version == 2  # inserted at 1, claimed: 2
        for write in (
            store.save_table(snap(1, "g", 2), move(2)),
            store.append_move(1, move(2)),
            store.delete_table(1),
            store.finish_game(result([1, 2], game_id="g"), 1, move(2)),
        ):
            with pytest.raises(TableConflict, match="channel 1"):
                await write
        # nothing of the loser's attempts landed; the new owner goes on
        assert await backend.count("SELECT count(*) FROM games") == 0
        assert await actions_of(backend, "g") == [(1, "7H")]
        await other.save_table(snap(1, "g", 2), move(2, "KS"))
        await other.append_move(1, move(3, "QS"))
        assert await actions_of(backend, "g") == [(1, "7H"), (2, "KS"), (3, "QS")]
    finally:
        await other.close()


async def test_a_new_table_never_overwrites_a_saved_one(
    store: SqlStorage, backend: Backend
) -> None:
    other = backend.new_store()
    await other.open()
    try:
        await other.save_table(snap(1, "theirs", 0, "lobby"))
        with pytest.raises(TableConflict, match="another process"):
            await store.save_table(snap(1, "mine", 0, "lobby"))
    finally:
        await other.close()
    [row] = await backend.query("SELECT game_id FROM tables")
    assert row == ("theirs",)


async def test_two_processes_claiming_at_once_leave_one_owner(backend: Backend) -> None:
    first = backend.new_store()
    await first.open()
    for channel in range(1, 6):
        await first.save_table(snap(channel, f"g{channel}", 0, "lobby"))
    a, b = backend.new_store(), backend.new_store()
    await a.open()
    await b.open()
    try:
        await asyncio.gather(a.load_tables(), b.load_tables())
        for channel in range(1, 6):
            saved = []
            for owner in (first, a, b):
                try:
                    await owner.save_table(snap(channel, f"g{channel}", 1, "lobby"))
                    saved.append(owner)
                except TableConflict:
                    pass
            assert len(saved) == 1 and saved[0] is not first, channel
    finally:
        for s in (first, a, b):
            await s.close()


async def test_tables_can_be_loaded_per_guild(store: SqlStorage, backend: Backend) -> None:
    for channel, guild in [(1, 10), (2, 11), (3, 12), (4, 13)]:
        await store.save_table(snap(channel, f"g{channel}", 0, "lobby", guild=guild))
    shard = backend.new_store()
    await shard.open()
    try:
        mine = await shard.load_tables(lambda guild_id: guild_id % 2 == 0)
        assert [(t.channel_id, t.guild_id) for t in mine] == [(1, 10), (3, 12)]
        # the other guilds' tables still belong to the first process
        await store.save_table(snap(2, "g2", 0, "lobby", guild=11))
        with pytest.raises(TableConflict):
            await store.save_table(snap(1, "g1", 0, "lobby", guild=10))
    finally:
        await shard.close()
