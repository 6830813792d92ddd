"""The aiosqlite implementation of ``storage.base.Storage`` (queries in ``storage.sql``).

One connection in WAL mode with foreign keys on, used only through aiosqlite's public API. Every
write runs in one explicit ``BEGIN IMMEDIATE … COMMIT`` and is rolled back on any error, so a
failed write leaves nothing half-recorded; an ``asyncio.Lock`` keeps other calls off the
connection until it ends, and database errors surface as ``StorageError``. A caller cancelled
while its write is queued or running does not stop that write (it runs in a shielded task): it
still commits or rolls back as a whole (the table layer adopts a change only once the write
returned, so after a cancellation the file may be one move ahead of memory — what a restart
would load anyway). A logged move (``append_move``) is a single statement in autocommit mode.

Durability: ``synchronous=NORMAL`` with WAL. A committed write survives the process being killed
(SIGKILL) — the crash test checks exactly that; a power cut may lose the last few commits but
never corrupts the file.

Opening is cheap whatever the size of the file: before anything is written, the file is opened
read-only and its header, schema and version are read, and the small ``open_marks`` table is
integrity-checked. Each open connection leaves a row there until its clean ``close()``; a row
left by a process that is gone means the last run stopped uncleanly, and only then does
``open()`` run the full ``PRAGMA quick_check`` (linear in the file: about 1.6 s for a million
results; the cheap open of that file takes about 0.17 s in bench/storage.py). ``check()``
(``python -m bot check-db``) runs the thorough ``integrity_check`` on demand (indexes checked
against their tables too: about 11 s for a million results). A
file that is not a database, a damaged one, a database from a newer version of the bot, or a
foreign database makes ``open()`` raise ``StorageError`` and the file is left untouched.

Additions to the Protocol, all optional: ``SqliteStorage(path, migrations=…)`` (tests build old
schema versions), ``schema_version``, and ``include_bots`` on ``rank_of``. Removing a table with
``delete_table`` (a cancelled table) also drops the move log of its game when no result was
recorded for it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import time
import uuid
from collections.abc import Awaitable, Callable, Iterable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from .base import StorageError
from .migrate import Migration, load_migrations, migration_script
from .sql import RECENT_PER_GAME, Db, SqlStorage

__all__ = ["DEFAULT_PATH", "RECENT_PER_GAME", "SqliteStorage", "check_file"]

DEFAULT_PATH = Path("data/bot.sqlite3")
T = TypeVar("T")

# aiosqlite logs every statement with its parameters at DEBUG: table snapshots (every hidden card
# and a game's secret fair-deal seed) would reach the log with LOG_LEVEL=DEBUG. Never below INFO.
_AIOSQLITE_LOG = logging.getLogger("aiosqlite")


class _Db:
    """``storage.sql.Db`` on an aiosqlite connection: one worker-thread hop per call."""

    def __init__(self, con: aiosqlite.Connection) -> None:
        self.con = con

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self.con.execute(sql, params)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.con.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self.con.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None


class SqliteStorage(SqlStorage):
    """``Storage`` on one SQLite file (default ./data/bot.sqlite3)."""

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        migrations: Sequence[Migration] | None = None,
    ) -> None:
        super().__init__()
        self.path = Path(path) if path is not None else DEFAULT_PATH
        self._migrations = tuple(migrations) if migrations is not None else load_migrations()
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._token = uuid.uuid4().hex
        self.full_check_ran = False  # whether the last open() had to run the full check

    # -- life cycle ---------------------------------------------------------------------------

    async def open(self) -> None:
        if self._db is not None:
            return
        if _AIOSQLITE_LOG.level < logging.INFO:  # NOTSET included: it would inherit DEBUG
            _AIOSQLITE_LOG.setLevel(logging.INFO)
        if self.path.is_dir():
            raise StorageError(f"{self.path} is a folder, not a database file (DATABASE_PATH).")
        try:
            _private_file(self.path)
        except OSError as exc:
            raise StorageError(f"cannot create the folder for {self.path}: {exc}") from exc
        version, self.full_check_ran = await asyncio.to_thread(
            _inspect, self.path, len(self._migrations)
        )
        try:
            db = await aiosqlite.connect(self.path, isolation_level=None)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open {self.path}: {exc}") from exc
        try:
            db.row_factory = sqlite3.Row
            mode = await (await db.execute("PRAGMA journal_mode = WAL")).fetchone()
            if mode is None or str(mode[0]).lower() != "wal":
                raise StorageError(f"{self.path}: cannot switch to WAL mode")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA busy_timeout = 5000")
            for migration in self._migrations[version:]:
                await self._migrate(db, migration)
            await self._mark_open(db)
        except BaseException:
            await db.close()
            raise
        self._db = db

    async def _mark_open(self, db: aiosqlite.Connection) -> None:
        """Leave this connection's row in ``open_marks`` (cleared by ``close``); after a full
        check, drop the rows of processes that are gone (their unclean stop is dealt with)."""
        if not await db.execute_fetchall(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'open_marks'"
        ):
            return  # an old schema (tests build them): nothing to mark
        if self.full_check_ran:
            for row in await db.execute_fetchall("SELECT token, pid FROM open_marks"):
                if not _alive(int(row["pid"])):
                    await db.execute("DELETE FROM open_marks WHERE token = ?", (row["token"],))
        await db.execute(
            "INSERT INTO open_marks (token, pid, opened_at) VALUES (?, ?, ?)",
            (self._token, os.getpid(), time.time()),
        )

    async def _migrate(self, db: aiosqlite.Connection, migration: Migration) -> None:
        try:
            await db.executescript(migration_script(migration))
        except sqlite3.Error as exc:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise StorageError(
                f"{self.path}: migration {migration.version:04d}_{migration.name} failed ({exc}); "
                "the database was left at the previous version."
            ) from exc

    async def close(self) -> None:
        """Close cleanly: this connection's ``open_marks`` row goes, so the next start stays cheap."""
        async with self._lock:
            if self._db is not None:
                db, self._db = self._db, None
                try:
                    with suppress(sqlite3.Error):
                        await db.execute("DELETE FROM open_marks WHERE token = ?", (self._token,))
                finally:
                    await db.close()

    async def check(self) -> list[str]:
        """The full ``integrity_check`` and foreign-key check, on a read-only connection of its
        own (the bot may keep running meanwhile); [] when the file is sound."""
        return await asyncio.to_thread(check_file, self.path)

    async def schema_version(self) -> int:
        rows = await self._read(lambda db: db.fetchall("PRAGMA user_version"))
        return int(rows[0][0])

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StorageError("storage is not open: call open() first")
        return self._db

    # -- running calls ----------------------------------------------------------------------------

    async def _read(self, fn: Callable[[Db], Awaitable[T]]) -> T:
        async with self._lock:
            db = _Db(self._conn())
            try:
                return await fn(db)
            except sqlite3.Error as exc:
                raise StorageError(f"database read failed: {exc}") from exc

    async def _autocommit(self, what: str, fn: Callable[[Db], Awaitable[T]]) -> T:
        async with self._lock:
            db = _Db(self._conn())
            try:
                return await fn(db)
            except sqlite3.Error as exc:
                raise StorageError(f"could not {what}: {exc}") from exc

    async def _transaction(
        self, what: str, fn: Callable[[Db], Awaitable[T]], after: Callable[[T], None] | None
    ) -> T:
        async with self._lock:
            con = self._conn()
            try:
                await con.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StorageError(f"could not {what}: {exc}") from exc
            try:
                out = await fn(_Db(con))
                await con.execute("COMMIT")
            except BaseException as exc:
                if con.in_transaction:
                    with suppress(sqlite3.Error):
                        await con.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise StorageError(f"could not {what}: {exc}") from exc
                raise
            if after is not None:
                after(out)
            return out


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, not ours
    return True


def _inspect(path: Path, newest: int) -> tuple[int, bool]:
    """(schema version, whether the full check ran) of an existing file, read without writing;
    StorageError if unusable."""
    if not path.exists() or path.stat().st_size == 0:
        return 0, False
    sidecars = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]
    existed = {p for p in sidecars if p.exists()}
    try:
        return _check_version(path, newest)
    except StorageError:
        _remove_new_sidecars(sidecars, existed)
        raise


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def _unusable(path: Path, exc: sqlite3.Error) -> StorageError:
    return StorageError(
        f"{path} is not a usable SQLite database ({exc}). The bot will not start on it; "
        "move the file away or restore a backup, or set DATABASE_PATH to another file."
    )


def _check_version(path: Path, newest: int) -> tuple[int, bool]:
    """The cheap start-up check: header, schema, version, the small ``open_marks`` table; the
    full ``quick_check`` only after an unclean stop (or a file from before ``open_marks``)."""
    try:
        con = _read_only(path)
        try:
            version = int(con.execute("PRAGMA user_version").fetchone()[0])
            names = {str(r[0]) for r in con.execute("SELECT name FROM sqlite_master")}
            problems: list[str] = ["ok"]
            marked = "open_marks" in names
            if marked:
                problems = [str(r[0]) for r in con.execute("PRAGMA quick_check(open_marks)")]
            unclean = marked and problems == ["ok"] and _has_marks(con)
            full = version > 0 and (unclean or not marked)
            if full:
                problems = [str(r[0]) for r in con.execute("PRAGMA quick_check(3)")]
        finally:
            con.close()
    except sqlite3.Error as exc:
        raise _unusable(path, exc) from exc
    if version > newest:
        raise StorageError(
            f"{path} has schema version {version}, newer than this bot knows ({newest}): it was "
            "written by a newer version of the bot. Upgrade the bot, or set DATABASE_PATH to "
            "another file."
        )
    if problems != ["ok"]:
        raise StorageError(
            f"{path} is damaged ({'; '.join(problems)}). The bot will not start on it; restore "
            "a backup or move the file away, or set DATABASE_PATH to another file."
        )
    if version == 0 and names:
        raise StorageError(
            f"{path} holds tables but no schema version: it is not this bot's database. "
            "Set DATABASE_PATH to another file."
        )
    return version, full


def _has_marks(con: sqlite3.Connection) -> bool:
    """A row of a process that is gone: the last run did not close cleanly."""
    return any(not _alive(int(pid)) for (pid,) in con.execute("SELECT pid FROM open_marks"))


def check_file(path: Path) -> list[str]:
    """Every problem ``integrity_check`` and ``foreign_key_check`` find in the file (up to 100),
    read-only; [] when it is sound. Slow on a big file: this is the on-demand check."""
    if not path.is_file():
        raise StorageError(f"{path} does not exist (DATABASE_PATH)")
    try:
        con = _read_only(path)
        try:
            problems = [str(r[0]) for r in con.execute("PRAGMA integrity_check(100)")]
            if problems == ["ok"]:
                problems = [
                    f"foreign key: row {rowid} of {table} refers to a missing {parent}"
                    for table, rowid, parent, _ in con.execute("PRAGMA foreign_key_check")
                ]
        finally:
            con.close()
    except sqlite3.Error as exc:  # damage bad enough to stop the check is a finding too
        return [str(exc)]
    return problems


def _remove_new_sidecars(sidecars: list[Path], existed: set[Path]) -> None:
    """A refused file is left as found: a read-only open of a WAL database may have created an
    empty -wal and its -shm index. A -wal holding data is never removed."""
    wal, shm = sidecars
    if wal in existed or not wal.exists():
        return
    with suppress(OSError):
        if wal.stat().st_size == 0:
            wal.unlink()
            if shm not in existed:
                shm.unlink()


def _private_file(path: Path) -> None:
    """The database holds hidden hands and the deal's seed state: a folder the bot creates is
    0700 and the file 0600 (its -wal and -shm files take the file's mode), readable by the bot's
    user only. An existing file is tightened to 0600; an existing folder is left as it is."""
    missing = [p for p in (path.parent, *path.parent.parents) if not p.exists()]
    path.parent.mkdir(parents=True, exist_ok=True)
    for folder in missing:
        os.chmod(folder, 0o700)
    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    os.chmod(path, 0o600)
