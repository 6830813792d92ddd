"""Both backends behind one fixture: ``store`` runs every storage test on a real SQLite file in a
temporary folder and on a real PostgreSQL server (a fresh schema per test).

The PostgreSQL half connects like ``psql`` does (the ``PG*`` variables: ``pg_virtualenv`` sets
them for a throwaway cluster; ``TEST_DATABASE_URL`` overrides). Locally, with no server reachable,
those tests are skipped and say why; in CI (``CI=true``) an unreachable server fails them.

``backend`` gives tests a plain connection of their own to the same database (what is really
stored), a second ``Storage`` on it (another process), and fault injection (a trigger that fails).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import sqlite3
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from storage.models import GameRecord, SeatRecord
from storage.postgres import PostgresStorage, numbered
from storage.sql import SqlStorage
from storage.sqlite import SqliteStorage

GUILD = 1000
CHANNEL = 2000
_ids = itertools.count(1)


def query(path: Path, sql: str, *params: object) -> list[tuple[Any, ...]]:
    """Run one statement on its own plain SQLite connection (autocommit): what is in the file."""
    con = sqlite3.connect(path, isolation_level=None)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def count(path: Path, sql: str, *params: object) -> int:
    """The single number a query returns."""
    [(value,)] = query(path, sql, *params)
    return int(value)


def moves_of(path: Path, game_id: str) -> list[tuple[int, int, str]]:
    """The logged moves of a game in a SQLite file: (move_no, seat, action), in order."""
    return [
        (n, seat, action)
        for n, seat, action in query(
            path,
            "SELECT move_no, seat, action FROM moves WHERE game_id = ? ORDER BY move_no",
            game_id,
        )
    ]


# -- PostgreSQL server ------------------------------------------------------------------------------


def pg_dsn() -> str | None:
    """None: asyncpg reads the PG* variables (and its defaults), like psql."""
    return os.environ.get("TEST_DATABASE_URL") or None


_probe: dict[str, str | None] = {}


async def postgres_unavailable() -> str | None:
    """Why the PostgreSQL tests cannot run here (None: they can). Probed once per session."""
    if "reason" not in _probe:
        try:
            con = await asyncpg.connect(pg_dsn(), timeout=5)
            await con.close()
            _probe["reason"] = None
        except Exception as exc:  # any failure to connect is a reason to skip (or fail in CI)
            _probe["reason"] = (
                f"no PostgreSQL server reachable ({type(exc).__name__}: {exc}); run the tests "
                "under pg_virtualenv (postgresql-common) or set PG*/TEST_DATABASE_URL"
            )
    return _probe["reason"]


async def require_postgres() -> None:
    reason = await postgres_unavailable()
    if reason is None:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true but {reason}", pytrace=False)
    pytest.skip(reason)


# -- the backend under test -----------------------------------------------------------------------


class Backend:
    """One database of the backend under test, reached around the Storage API."""

    name: str

    def new_store(self) -> SqlStorage:
        """A Storage on the same database, not opened: another process, as far as it knows."""
        raise NotImplementedError

    async def query(self, sql: str, *params: object) -> list[tuple[Any, ...]]:
        """One statement (``?`` placeholders) on a plain connection of its own, autocommitted."""
        raise NotImplementedError

    async def count(self, sql: str, *params: object) -> int:
        [(value,)] = await self.query(sql, *params)
        return int(value)

    async def moves_of(self, game_id: str) -> list[tuple[int, int, str]]:
        """The logged moves of a game: (move_no, seat, action), in order."""
        return [
            (int(n), int(seat), str(action))
            for n, seat, action in await self.query(
                "SELECT move_no, seat, action FROM moves WHERE game_id = ? ORDER BY move_no",
                game_id,
            )
        ]

    async def fail(self, name: str, table: str, op: str, message: str, when: str = "") -> None:
        """Make every ``op`` (INSERT/UPDATE/DELETE) on ``table`` fail with ``message`` (only rows
        matching ``when``, a condition on NEW, if given) until ``unfail(name)``."""
        raise NotImplementedError

    async def unfail(self, name: str) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        pass


class SqliteBackend(Backend):
    name = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path

    def new_store(self) -> SqlStorage:
        return SqliteStorage(self.path)

    async def query(self, sql: str, *params: object) -> list[tuple[Any, ...]]:
        return await asyncio.to_thread(query, self.path, sql, *params)

    async def fail(self, name: str, table: str, op: str, message: str, when: str = "") -> None:
        condition = f" WHEN {when}" if when else ""
        await self.query(
            f"CREATE TRIGGER {name} BEFORE {op} ON {table}{condition} "
            f"BEGIN SELECT RAISE(ABORT, '{message}'); END"
        )

    async def unfail(self, name: str) -> None:
        await self.query(f"DROP TRIGGER {name}")


class PostgresBackend(Backend):
    name = "postgres"

    def __init__(self, schema: str) -> None:
        self.schema = schema
        self._con: asyncpg.Connection | None = None

    def new_store(self) -> SqlStorage:
        return PostgresStorage(pg_dsn(), schema=self.schema, pool_size=3)

    async def connection(self) -> asyncpg.Connection:
        if self._con is None:
            self._con = await asyncpg.connect(
                pg_dsn(), server_settings={"search_path": self.schema}
            )
        return self._con

    async def query(self, sql: str, *params: object) -> list[tuple[Any, ...]]:
        con = await self.connection()
        return [tuple(r) for r in await con.fetch(numbered(sql), *params)]

    async def fail(self, name: str, table: str, op: str, message: str, when: str = "") -> None:
        con = await self.connection()
        condition = f" WHEN ({when})" if when else ""
        await con.execute(
            f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS "
            f"$$ BEGIN RAISE EXCEPTION '{message}'; END $$"
        )
        await con.execute(
            f"CREATE TRIGGER {name} BEFORE {op} ON {table} FOR EACH ROW{condition} "
            f"EXECUTE FUNCTION {name}()"
        )

    async def unfail(self, name: str) -> None:
        con = await self.connection()
        await con.execute(f"DROP FUNCTION {name}() CASCADE")

    async def close(self) -> None:
        if self._con is not None:
            await self._con.close()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "bot.sqlite3"


@asynccontextmanager
async def fresh_schema() -> AsyncIterator[str]:
    """A new, empty schema on the test server, dropped afterwards."""
    await require_postgres()
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(pg_dsn())
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        yield schema
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await admin.close()


@pytest.fixture(params=["sqlite", "postgres"])
async def backend(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[Backend]:
    if request.param == "sqlite":
        yield SqliteBackend(db_path)
        return
    async with fresh_schema() as schema:
        pg = PostgresBackend(schema)
        try:
            yield pg
        finally:
            await pg.close()


@pytest.fixture
async def store(backend: Backend) -> AsyncIterator[SqlStorage]:
    s = backend.new_store()
    await s.open()
    yield s
    await s.close()


def seats(*users: int, teams: bool = False) -> tuple[SeatRecord, ...]:
    return tuple(
        SeatRecord(
            seat=i,
            user_id=u,
            name=f"user{u}" if u > 0 else f"computer{-u}",
            is_bot=u < 0,
            team=i % 2 if teams else None,
        )
        for i, u in enumerate(users)
    )


def result(
    users: Sequence[int],
    winners: Sequence[int] = (0,),
    scores: Sequence[int] | None = None,
    *,
    game: str = "hurricane",
    guild: int = GUILD,
    double: bool = False,
    teams: bool = False,
    ended_by: str = "finished",
    ended_at: float | None = None,
    game_id: str | None = None,
    options: dict[str, Any] | None = None,
) -> GameRecord:
    """A finished game; by default seat 0 wins. Each call gets a fresh id and a later end time."""
    n = next(_ids)
    sides = 2 if teams else len(users)
    if scores is None:
        scores = [10 if any(s % sides == side for s in winners) else 5 for side in range(sides)]
    end = ended_at if ended_at is not None else 1_000_000.0 + n
    return GameRecord(
        game_id=game_id or f"game{n:06d}",
        guild_id=guild,
        channel_id=CHANNEL,
        game=game,
        options=options if options is not None else {"preset": "pairs" if teams else "standard"},
        seats=seats(*users, teams=teams),
        scores=tuple(scores),
        winners=tuple(winners),
        double=double,
        seed=n,
        started_at=end - 300.0,
        ended_at=end,
        ended_by=ended_by,
    )
