"""The PostgreSQL implementation of ``storage.base.Storage`` (asyncpg; queries in ``storage.sql``).

Chosen with ``DATABASE_URL=postgresql://…``: several bot processes can then share one database.
What makes that safe:

* Migrations (``storage/migrations/postgres``, the same numbers as SQLite's) run at ``open()``
  under ``pg_advisory_lock``, each in its own transaction that also records it in
  ``schema_migrations``: two processes starting together apply each migration once, and the
  second waits until the schema is complete.
* ``finish_game`` creates the players' missing ``standings`` rows, then reads them ``FOR UPDATE``
  and writes counters and ratings in the same transaction: two processes recording results for
  one player queue on that row instead of overwriting each other's update. A deadlock or
  serialization failure retries the whole transaction (up to ``RETRIES`` times).
* Table snapshots are written with optimistic versions (``storage.sql``); a logged move reads
  its table row ``FOR SHARE``, so it cannot slip past a concurrent claim.

Every write runs in one transaction on a pooled connection, in a shielded task: a cancelled caller
does not stop it half way. Server and connection errors surface as ``StorageError``.
``PostgresStorage(dsn, schema=…)`` keeps the bot's tables in one schema (tests use a fresh schema
each); ``dsn=None`` takes the ``PG*`` environment variables, as ``psql`` does.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, TypeVar

import asyncpg

from .base import StorageError
from .migrate import Migration, load_migrations
from .sql import Db, SqlStorage

__all__ = ["PostgresStorage"]

T = TypeVar("T")
RETRIES = 5
_IDENT = re.compile(r"^[a-z_][a-z0-9_]*$")
_TRANSIENT = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)
_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, asyncio.TimeoutError)


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2 …`` (the shared SQL has no ``?`` in literals)."""
    parts = sql.split("?")
    out = [parts[0]]
    for i, part in enumerate(parts[1:], start=1):
        out.append(f"${i}{part}")
    return "".join(out)


def _rowcount(status: str) -> int:
    """The row count of a command tag such as ``INSERT 0 1`` or ``UPDATE 3``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _Db:
    """``storage.sql.Db`` on one asyncpg connection."""

    def __init__(self, con: asyncpg.Connection) -> None:
        self.con = con

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rowcount(await self.con.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.con.executemany(numbered(sql), list(rows))

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self.con.fetch(numbered(sql), *params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any | None:
        return await self.con.fetchrow(numbered(sql), *params)


class PostgresStorage(SqlStorage):
    """``Storage`` on a PostgreSQL database (one connection pool per process)."""

    FOR_UPDATE = " FOR UPDATE"
    FOR_SHARE = " FOR SHARE"

    def __init__(
        self,
        dsn: str | None = None,
        *,
        schema: str | None = None,
        migrations: Sequence[Migration] | None = None,
        pool_size: int = 5,
        timeout: float = 10.0,
    ) -> None:
        super().__init__()
        if schema is not None and not _IDENT.match(schema):
            raise ValueError(f"schema must be a plain lower-case identifier, not {schema!r}")
        self.dsn = dsn
        self.schema = schema
        self._migrations = (
            tuple(migrations) if migrations is not None else load_migrations("postgres")
        )
        self._pool_size = pool_size
        self._timeout = timeout
        self._pool: asyncpg.Pool | None = None
        self._listener: asyncpg.Connection | None = None  # LISTEN for table requests
        # NOTIFY reaches every schema of the database: the channel names this one
        self._channel = "table_requests" + (f"_{schema}" if schema else "")
        self.NOTIFY_REQUESTS = f"SELECT pg_notify('{self._channel}', '')"

    def __repr__(self) -> str:
        return f"PostgresStorage(schema={self.schema!r})"  # never the DSN: it may hold a password

    # -- life cycle ---------------------------------------------------------------------------

    async def open(self) -> None:
        if self._pool is not None:
            return
        settings = {"search_path": self.schema} if self.schema else {}
        try:
            pool = await asyncpg.create_pool(
                self.dsn,
                min_size=1,
                max_size=self._pool_size,
                timeout=self._timeout,
                command_timeout=60.0,
                server_settings=settings,
            )
        except _ERRORS as exc:
            raise StorageError(
                f"cannot connect to PostgreSQL ({type(exc).__name__}: {exc}). Check DATABASE_URL "
                "and that the server is running."
            ) from exc
        try:
            async with pool.acquire() as con:
                await self._migrate_all(con)
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def _migrate_all(self, con: asyncpg.Connection) -> None:
        """Apply the missing migrations under an advisory lock (per schema)."""
        newest = len(self._migrations)
        try:
            await con.execute(
                "SELECT pg_advisory_lock(hashtext('cardtable-bot migrations ' || current_schema()))"
            )
            try:
                version = await _schema_version(con, create=True)
                if version > newest:
                    raise StorageError(
                        f"the PostgreSQL database has schema version {version}, newer than this "
                        f"bot knows ({newest}): it was written by a newer version of the bot. "
                        "Upgrade the bot, or point DATABASE_URL at another database."
                    )
                for migration in self._migrations[version:]:
                    try:
                        async with con.transaction():
                            await con.execute(migration.sql)
                            await con.execute(
                                "INSERT INTO schema_migrations (version, name, applied_at) "
                                "VALUES ($1, $2, $3)",
                                migration.version,
                                migration.name,
                                time.time(),
                            )
                    except asyncpg.PostgresError as exc:
                        raise StorageError(
                            f"migration {migration.version:04d}_{migration.name} failed ({exc}); "
                            "the database was left at the previous version."
                        ) from exc
            finally:
                await con.execute(
                    "SELECT pg_advisory_unlock(hashtext('cardtable-bot migrations ' || "
                    "current_schema()))"
                )
        except _ERRORS as exc:
            raise StorageError(f"could not prepare the PostgreSQL schema: {exc}") from exc

    async def listen_table_requests(self, wake: Callable[[], None]) -> bool:
        """LISTEN on a connection of its own (a pooled one would be handed to other work)."""
        if self._listener is not None:
            return True
        settings = {"search_path": self.schema} if self.schema else {}
        try:
            con = await asyncpg.connect(self.dsn, timeout=self._timeout, server_settings=settings)
        except _ERRORS as exc:
            raise StorageError(f"could not listen for table requests: {exc}") from exc
        try:
            await con.add_listener(self._channel, lambda *_args: wake())
        except _ERRORS as exc:
            with contextlib.suppress(*_ERRORS):
                await con.close()
            raise StorageError(f"could not listen for table requests: {exc}") from exc
        self._listener = con
        return True

    async def close(self) -> None:
        if self._listener is not None:
            listener, self._listener = self._listener, None
            with contextlib.suppress(*_ERRORS):
                await listener.close()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    async def schema_version(self) -> int:
        async with self._acquire() as con:
            return await _schema_version(con)

    async def check(self) -> list[str]:
        """The server keeps its own pages consistent (WAL, checksums); this checks, on a
        connection of its own and without changing anything, what the bot relies on: the schema
        version and that every table can be read."""
        settings = {"search_path": self.schema} if self.schema else {}
        try:
            con = await asyncpg.connect(self.dsn, timeout=self._timeout, server_settings=settings)
        except _ERRORS as exc:
            raise StorageError(f"cannot connect to PostgreSQL ({exc})") from exc
        problems: list[str] = []
        try:
            version = await _schema_version(con)
            if version == 0:
                return ["no bot tables here yet: the bot creates them at its first start"]
            if version != len(self._migrations):
                problems.append(f"schema version {version}, expected {len(self._migrations)}")
            for table in ("games", "game_seats", "standings", "tables", "moves"):
                try:
                    await con.fetchval(f"SELECT count(*) FROM {table}")
                except asyncpg.PostgresError as exc:
                    problems.append(f"{table}: {exc}")
        except _ERRORS as exc:
            problems.append(str(exc))
        finally:
            await con.close()
        return problems

    # -- running calls ----------------------------------------------------------------------------

    def _acquire(self) -> Any:
        if self._pool is None:
            raise StorageError("storage is not open: call open() first")
        return self._pool.acquire(timeout=self._timeout)

    async def _read(self, fn: Callable[[Db], Awaitable[T]]) -> T:
        try:
            async with self._acquire() as con:
                return await fn(_Db(con))
        except _ERRORS as exc:
            raise StorageError(f"database read failed: {exc}") from exc

    async def _autocommit(self, what: str, fn: Callable[[Db], Awaitable[T]]) -> T:
        try:
            async with self._acquire() as con:
                return await fn(_Db(con))
        except _ERRORS as exc:
            raise StorageError(f"could not {what}: {exc}") from exc

    async def _transaction(
        self, what: str, fn: Callable[[Db], Awaitable[T]], after: Callable[[T], None] | None
    ) -> T:
        for attempt in range(RETRIES):
            try:
                async with self._acquire() as con, con.transaction():
                    out = await fn(_Db(con))
            except _TRANSIENT:
                if attempt == RETRIES - 1:
                    raise StorageError(f"could not {what}: it kept conflicting") from None
                await asyncio.sleep(0.005 * (attempt + 1))
                continue
            except _ERRORS as exc:
                raise StorageError(f"could not {what}: {exc}") from exc
            if after is not None:
                after(out)
            return out
        raise AssertionError("unreachable")


async def _schema_version(con: asyncpg.Connection, *, create: bool = False) -> int:
    """The applied version; 0 for an empty schema (``create``: make its ``schema_migrations``).
    StorageError for someone else's tables."""
    if await con.fetchval("SELECT to_regclass('schema_migrations')") is None:
        others = await con.fetchval(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()"
        )
        if others:
            raise StorageError(
                "the PostgreSQL schema holds tables but no schema_migrations: it is not this "
                "bot's database. Point DATABASE_URL at another database (or schema)."
            )
        if create:
            await con.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                "name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
            )
        return 0
    return int(await con.fetchval("SELECT coalesce(max(version), 0) FROM schema_migrations"))
