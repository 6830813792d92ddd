"""Schema migrations, and refusing files the bot must not touch."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import create_storage
from storage.base import StorageError
from storage.migrate import Migration, load_migrations
from storage.models import Metric, MoveRecord, TableSnapshot
from storage.sqlite import SqliteStorage

from .conftest import GUILD, count, query, result

MIGRATIONS = load_migrations()
NEWEST = len(MIGRATIONS)


def tables_in(path: Path) -> set[str]:
    return {name for (name,) in query(path, "SELECT name FROM sqlite_master WHERE type = 'table'")}


def user_version(path: Path) -> int:
    return count(path, "PRAGMA user_version")


def test_migrations_are_numbered_from_one_without_gaps() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, NEWEST + 1))
    assert NEWEST >= 2


async def test_fresh_database_gets_every_migration_wal_and_foreign_keys(db_path: Path) -> None:
    assert not db_path.parent.exists()
    s = SqliteStorage(db_path)
    await s.open()
    try:
        assert await s.schema_version() == NEWEST
        db = s._conn()
        mode = await (await db.execute("PRAGMA journal_mode")).fetchone()
        fks = await (await db.execute("PRAGMA foreign_keys")).fetchone()
        assert mode is not None and mode[0] == "wal"
        assert fks is not None and fks[0] == 1
        with pytest.raises(sqlite3.IntegrityError):  # a seat of an unknown game: refused
            await db.execute(
                "INSERT INTO game_seats VALUES ('nope', 0, 1, 1.0, 1, 'x', 0, NULL, 0, 'win')"
            )
    finally:
        await s.close()
    assert {"games", "game_seats", "standings", "tables", "moves"} <= tables_in(db_path)
    assert user_version(db_path) == NEWEST


@pytest.mark.parametrize("k", range(NEWEST))
async def test_upgrade_from_every_earlier_version(db_path: Path, k: int) -> None:
    old = SqliteStorage(db_path, migrations=MIGRATIONS[:k])
    await old.open()
    await old.close()
    assert user_version(db_path) == k
    if k >= 1:  # a result written at the old version must survive the upgrade
        con = sqlite3.connect(db_path)
        with con:
            con.execute(
                "INSERT INTO games (game_id, guild_id, channel_id, game, options, players, scores, "
                "winners, double_win, seed, started_at, ended_at, duration, ended_by, rated) "
                "VALUES ('old', ?, 5, 'hurricane', '{}', 2, '[3,1]', '[0]', "
                "0, 9, 1.0, 2.0, 1.0, 'finished', 1)",
                (GUILD,),
            )
            con.execute(
                "INSERT INTO game_seats VALUES ('old', 0, ?, 2.0, 7, 'Old', 0, NULL, 3, 'win'), "
                "('old', 1, ?, 2.0, 8, 'Timer', 0, NULL, 1, 'loss')",
                (GUILD, GUILD),
            )
        con.close()
    unfinished = TableSnapshot(
        8, GUILD, "u", "playing", {"move_no": 1}, 3.0, 1, (MoveRecord("u", 1, 0, "7H", 3.0),)
    )
    if k >= 2:  # and so must an unfinished table with its move log
        columns = "channel_id, guild_id, game_id, status, data, updated_at"
        values = (8, GUILD, "u", "playing", '{"move_no":1}', 3.0)
        if k >= 4:  # snapshots say how many logged moves they include
            columns, values = columns + ", move_no", (*values, 1)
        marks = ", ".join("?" * len(values))
        query(db_path, f"INSERT INTO tables ({columns}) VALUES ({marks})", *values)
        query(
            db_path,
            "INSERT INTO moves (game_id, move_no, seat, action, at) VALUES ('u', 1, 0, '7H', 3.0)",
        )

    s = SqliteStorage(db_path)
    await s.open()
    try:
        assert await s.schema_version() == NEWEST
        assert (await s.load_tables() == [unfinished]) == (k >= 2)
        assert await s.finish_game(result([1, 2]))
        await s.save_table(TableSnapshot(9, GUILD, "t", "lobby", {"a": 1}, 1.0))
        top = await s.leaderboard(GUILD, "hurricane", Metric.WINS)
        assert [r.user_id for r in top] == [1, 2]
        history = await s.history(GUILD, None, limit=10)
        assert ("old" in [g.game_id for g in history]) == (k >= 1)
    finally:
        await s.close()


async def test_a_failing_migration_leaves_the_previous_version(db_path: Path) -> None:
    s = SqliteStorage(db_path)
    await s.open()
    await s.close()
    broken = Migration(
        NEWEST + 1, "broken", "CREATE TABLE half (a);\nINSERT INTO nowhere VALUES (1);"
    )
    s = SqliteStorage(db_path, migrations=(*MIGRATIONS, broken))
    with pytest.raises(StorageError, match="broken failed"):
        await s.open()
    assert user_version(db_path) == NEWEST
    assert "half" not in tables_in(db_path)


def snapshot_files(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(path.parent.iterdir())}


async def test_newer_database_is_refused_untouched(db_path: Path) -> None:
    s = SqliteStorage(db_path)
    await s.open()
    assert await s.finish_game(result([1, 2]))
    await s.close()
    query(db_path, f"PRAGMA user_version = {NEWEST + 3}")
    before = snapshot_files(db_path)

    with pytest.raises(StorageError, match=f"schema version {NEWEST + 3}, newer than"):
        await SqliteStorage(db_path).open()
    assert snapshot_files(db_path) == before


async def test_corrupt_file_is_refused_untouched(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"this is a card game, not a database\n" * 200)
    before = snapshot_files(db_path)
    with pytest.raises(StorageError, match="not a usable SQLite database"):
        await SqliteStorage(db_path).open()
    assert snapshot_files(db_path) == before


DEAD_PID = 2**22 + 12345  # above Linux's pid_max default: no process has it


def leave_unclean(path: Path) -> None:
    """What a killed bot leaves behind: its row in open_marks."""
    query(path, "INSERT INTO open_marks VALUES ('killed', ?, 1.0)", DEAD_PID)


async def damaged(db_path: Path) -> None:
    """A database with one data page overwritten, closed cleanly."""
    s = SqliteStorage(db_path)
    await s.open()
    for i in range(60):
        await s.finish_game(result([1 + i % 7, 20 + i % 5]))
    await s.close()
    query(db_path, "PRAGMA wal_checkpoint(TRUNCATE)")
    assert count(db_path, "PRAGMA freelist_count") == 0  # every page is in use
    size = count(db_path, "PRAGMA page_size")
    # A page of an index (one the cheap open does not read, and that quick_check reports rather
    # than fails on): found by name, so a growing schema does not move the damage elsewhere.
    pages = sorted(
        p for (p,) in query(db_path, "SELECT pageno FROM dbstat WHERE name = 'games_by_guild'")
    )
    page = pages[len(pages) // 2] - 1  # dbstat numbers pages from 1
    data = bytearray(db_path.read_bytes())
    data[page * size : (page + 1) * size] = b"\xab" * size  # one page of the file overwritten
    db_path.write_bytes(bytes(data))


async def test_after_an_unclean_stop_a_damaged_database_is_refused_untouched(
    db_path: Path,
) -> None:
    await damaged(db_path)
    leave_unclean(db_path)
    before = snapshot_files(db_path)
    with pytest.raises(StorageError, match="is damaged"):
        await SqliteStorage(db_path).open()
    assert snapshot_files(db_path) == before


async def test_after_a_clean_stop_only_the_cheap_check_runs(db_path: Path) -> None:
    """Damage in the data pages is not looked for at start (that costs a read of the whole
    file); the on-demand check finds it."""
    await damaged(db_path)
    s = SqliteStorage(db_path)
    await s.open()
    try:
        assert not s.full_check_ran
        problems = await s.check()
    finally:
        await s.close()
    assert problems and all(isinstance(p, str) for p in problems)


async def test_an_unclean_stop_is_noticed_once(db_path: Path) -> None:
    s = SqliteStorage(db_path)
    await s.open()
    assert count(db_path, "SELECT count(*) FROM open_marks") == 1  # this connection's mark
    await s.close()
    assert count(db_path, "SELECT count(*) FROM open_marks") == 0  # a clean close clears it
    leave_unclean(db_path)
    s = SqliteStorage(db_path)
    await s.open()
    try:
        assert s.full_check_ran
        assert await s.check() == []
    finally:
        await s.close()
    assert count(db_path, "SELECT count(*) FROM open_marks") == 0  # the dead one's mark went too
    s = SqliteStorage(db_path)
    await s.open()
    await s.close()
    assert not s.full_check_ran


async def test_two_processes_on_one_file_are_not_an_unclean_stop(db_path: Path) -> None:
    first, second = SqliteStorage(db_path), SqliteStorage(db_path)
    await first.open()
    await second.open()  # the first one's mark belongs to a live process
    try:
        assert not second.full_check_ran
    finally:
        await first.close()
        await second.close()


async def test_someone_elses_database_is_refused_untouched(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    con = sqlite3.connect(db_path)
    with con:
        con.execute("CREATE TABLE invoices (id INTEGER)")
    con.close()
    before = snapshot_files(db_path)
    with pytest.raises(StorageError, match="not this bot's database"):
        await SqliteStorage(db_path).open()
    assert snapshot_files(db_path) == before


async def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="is a folder"):
        await SqliteStorage(tmp_path).open()


async def test_default_path_is_created_when_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    s = SqliteStorage()
    assert s.path == Path("data/bot.sqlite3")
    await s.open()
    await s.close()
    assert user_version(tmp_path / "data" / "bot.sqlite3") == NEWEST


async def test_path_comes_from_the_settings(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "x.sqlite3"
    s = create_storage(database_path=path)
    assert isinstance(s, SqliteStorage)
    await s.open()
    await s.close()
    assert path.is_file()


def test_a_database_url_must_be_postgresql() -> None:
    with pytest.raises(StorageError, match="postgresql://"):
        create_storage(database_url="mysql://x")


async def test_using_a_closed_storage_says_so(db_path: Path) -> None:
    with pytest.raises(StorageError, match="not open"):
        await SqliteStorage(db_path).leaderboard(GUILD, "hurricane")
