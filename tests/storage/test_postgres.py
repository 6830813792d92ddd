"""What only the PostgreSQL backend has: its migration table, the advisory lock that lets two
processes start together on a fresh database, and refusing databases it must not touch."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from storage import create_storage
from storage.base import StorageError
from storage.migrate import Migration, load_migrations
from storage.postgres import PostgresStorage, numbered

from .conftest import GUILD, fresh_schema, pg_dsn, result

MIGRATIONS = load_migrations("postgres")


def test_both_backends_have_the_same_migrations() -> None:
    assert [(m.version, m.name) for m in MIGRATIONS] == [
        (m.version, m.name) for m in load_migrations("sqlite")
    ]


def test_placeholders_are_numbered() -> None:
    assert numbered("SELECT ? + ?, 'x' WHERE a = ?") == "SELECT $1 + $2, 'x' WHERE a = $3"


def test_a_postgresql_url_chooses_postgres() -> None:
    store = create_storage(database_url="postgresql://bot:secret@db.example/cards")
    assert isinstance(store, PostgresStorage)
    assert "secret" not in repr(store)


async def schema_rows(schema: str, sql: str) -> list[tuple[object, ...]]:
    con = await asyncpg.connect(pg_dsn(), server_settings={"search_path": schema})
    try:
        return [tuple(r) for r in await con.fetch(sql)]
    finally:
        await con.close()


async def test_two_processes_starting_together_migrate_once() -> None:
    async with fresh_schema() as schema:
        stores = [PostgresStorage(pg_dsn(), schema=schema, pool_size=2) for _ in range(3)]
        await asyncio.gather(*(s.open() for s in stores))
        try:
            assert [await s.schema_version() for s in stores] == [len(MIGRATIONS)] * 3
            await asyncio.gather(*(s.finish_game(result([1, 2])) for s in stores))
            assert await stores[0].check() == []
        finally:
            for s in stores:
                await s.close()
        versions = await schema_rows(schema, "SELECT version FROM schema_migrations")
        assert sorted(v for (v,) in versions) == list(range(1, len(MIGRATIONS) + 1))
        [(games,)] = await schema_rows(schema, "SELECT games FROM standings WHERE user_id = 1")
        assert games == 3


async def test_a_failing_migration_leaves_the_previous_version() -> None:
    async with fresh_schema() as schema:
        broken = Migration(len(MIGRATIONS) + 1, "broken", "CREATE TABLE half (a int);\nnonsense;")
        store = PostgresStorage(pg_dsn(), schema=schema, migrations=(*MIGRATIONS, broken))
        with pytest.raises(StorageError, match="broken failed"):
            await store.open()
        assert await schema_rows(schema, "SELECT to_regclass('half')") == [(None,)]
        good = PostgresStorage(pg_dsn(), schema=schema)
        await good.open()
        try:
            assert await good.schema_version() == len(MIGRATIONS)
        finally:
            await good.close()


async def test_a_newer_database_is_refused() -> None:
    async with fresh_schema() as schema:
        store = PostgresStorage(pg_dsn(), schema=schema)
        await store.open()
        await store.close()
        await schema_rows(schema, "INSERT INTO schema_migrations VALUES (99, 'future', 0)")
        with pytest.raises(StorageError, match="schema version 99, newer than"):
            await PostgresStorage(pg_dsn(), schema=schema).open()


async def test_someone_elses_database_is_refused() -> None:
    async with fresh_schema() as schema:
        await schema_rows(schema, "CREATE TABLE invoices (id int)")
        with pytest.raises(StorageError, match="not this bot's database"):
            await PostgresStorage(pg_dsn(), schema=schema).open()
        assert await schema_rows(schema, "SELECT to_regclass('games')") == [(None,)]


async def test_an_unreachable_server_is_a_clear_storage_error() -> None:
    store = PostgresStorage("postgresql://nobody@127.0.0.1:9/none", timeout=2.0)
    with pytest.raises(StorageError, match="cannot connect to PostgreSQL"):
        await store.open()
    with pytest.raises(StorageError, match="not open"):
        await store.leaderboard(GUILD, "hurricane")
