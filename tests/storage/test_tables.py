"""Table snapshots and the move log: written together or not at all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from storage.base import StorageError
from storage.models import MoveRecord, TableSnapshot
from storage.sqlite import SqliteStorage

from .conftest import GUILD, moves_of, query, result


def snap(channel: int, game_id: str = "g", n: int = 0, status: str = "playing") -> TableSnapshot:
    return TableSnapshot(
        channel, GUILD, game_id, status, {"move_no": n, "seats": [1, None]}, float(n)
    )


def actions_of(path: Path, game_id: str) -> list[tuple[int, str]]:
    return [(n, action) for n, _, action in moves_of(path, game_id)]


async def test_save_upserts_by_channel_and_logs_moves(store: SqliteStorage, db_path: Path) -> None:
    await store.save_table(snap(1, "g", 0, "lobby"))
    await store.save_table(snap(2, "h", 0, "lobby"))
    await store.save_table(snap(1, "g", 1), MoveRecord("g", 1, 0, "7H", 1.0))
    await store.save_table(snap(1, "g", 2), MoveRecord("g", 2, 1, "3C:3D", 2.0))
    assert await store.load_tables() == [snap(1, "g", 2), snap(2, "h", 0, "lobby")]
    assert actions_of(db_path, "g") == [(1, "7H"), (2, "3C:3D")]


async def test_resaving_the_same_move_is_harmless(store: SqliteStorage, db_path: Path) -> None:
    move = MoveRecord("g", 1, 0, "7H", 1.0)
    await store.save_table(snap(1, "g", 1), move)
    await store.save_table(snap(1, "g", 1), move)
    assert actions_of(db_path, "g") == [(1, "7H")]


async def test_a_conflicting_move_saves_nothing(store: SqliteStorage, db_path: Path) -> None:
    await store.save_table(snap(1, "g", 1), MoveRecord("g", 1, 0, "7H", 1.0))
    with pytest.raises(StorageError, match="already logged"):
        await store.save_table(snap(1, "g", 2), MoveRecord("g", 1, 0, "KS", 2.0))
    assert await store.load_tables() == [snap(1, "g", 1)]
    assert actions_of(db_path, "g") == [(1, "7H")]


async def test_failure_after_the_move_leaves_neither(store: SqliteStorage, db_path: Path) -> None:
    await store.save_table(snap(1, "g", 1), MoveRecord("g", 1, 0, "7H", 1.0))
    query(
        db_path,
        "CREATE TRIGGER fail_table BEFORE UPDATE ON tables "
        "BEGIN SELECT RAISE(ABORT, 'disk on fire'); END",
    )
    with pytest.raises(StorageError, match="disk on fire"):
        await store.save_table(snap(1, "g", 2), MoveRecord("g", 2, 1, "3C", 2.0))
    assert actions_of(db_path, "g") == [(1, "7H")]  # the move was inserted first, then undone
    assert await store.load_tables() == [snap(1, "g", 1)]


async def test_unserialisable_data_is_refused(store: SqliteStorage) -> None:
    bad = TableSnapshot(1, GUILD, "g", "playing", {"x": {1, 2}}, 0.0)
    with pytest.raises(StorageError, match="not JSON-serialisable"):
        await store.save_table(bad)
    assert await store.load_tables() == []


async def test_delete_drops_the_table_and_an_unfinished_log(
    store: SqliteStorage, db_path: Path
) -> None:
    await store.save_table(snap(1, "g", 1), MoveRecord("g", 1, 0, "7H", 1.0))
    await store.save_table(snap(2, "h", 0, "lobby"))
    await store.delete_table(1)
    await store.delete_table(1)  # twice is fine
    await store.delete_table(404)
    assert [t.channel_id for t in await store.load_tables()] == [2]
    assert actions_of(db_path, "g") == []


async def test_tables_survive_reopening(db_path: Path) -> None:
    first = SqliteStorage(db_path)
    await first.open()
    await first.save_table(snap(7, "g", 3), MoveRecord("g", 1, 0, "7H", 1.0))
    await first.close()
    second = SqliteStorage(db_path)
    await second.open()
    try:
        assert await second.load_tables() == [snap(7, "g", 3)]
    finally:
        await second.close()


async def test_storage_uses_one_worker_hop_per_call(
    store: SqliteStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each call is one job on aiosqlite's worker thread (its private ``_execute`` queue, see
    ``storage.sqlite._run_on_worker``): a whole transaction costs one thread hop, not one per
    statement. Fails loudly if an aiosqlite upgrade drops that queue."""
    db = store._conn()
    hops: list[str] = []
    queue = db._execute

    def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
        hops.append(getattr(fn, "__name__", "?"))
        return queue(fn, *args, **kwargs)

    monkeypatch.setattr(db, "_execute", counted)
    calls = {
        "save_table": lambda: store.save_table(snap(1, "g", 1), MoveRecord("g", 1, 0, "7H", 1.0)),
        "finish_game": lambda: store.finish_game(result([1, 2], game_id="g"), 1),
        "leaderboard": lambda: store.leaderboard(GUILD, "hurricane"),
        "rank_of": lambda: store.rank_of(GUILD, "hurricane", 1),
        "history": lambda: store.history(GUILD, 1),
        "player_stats": lambda: store.player_stats(GUILD, 1),
        "game_log": lambda: store.game_log("g"),
        "delete_table": lambda: store.delete_table(1),
        "load_tables": lambda: store.load_tables(),
    }
    for name, call in calls.items():
        hops.clear()
        await call()
        assert len(hops) == 1, name
    assert [m.action for m in (await store.game_log("g")).actions] == ["7H"]  # type: ignore[union-attr]
