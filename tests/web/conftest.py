"""The web tests' world: a seeded SQLite storage (``seed.py``) behind the site, reached through
aiohttp's test client (fast, no browser) or a real headless Chromium (``test_browser.py``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.web import WebSettings, create_app
from storage.sqlite import SqliteStorage

from .seed import Seeded, seed_world


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    storage = SqliteStorage(tmp_path / "web.sqlite3")
    await storage.open()
    yield storage
    await storage.close()


@pytest.fixture
async def seeded(store: SqliteStorage) -> Seeded:
    return await seed_world(store)


async def client_for(store: SqliteStorage, settings: WebSettings | None = None) -> TestClient:
    client = TestClient(TestServer(create_app(store, settings)))
    await client.start_server()
    return client


@pytest.fixture
async def client(store: SqliteStorage, seeded: Seeded) -> AsyncIterator[TestClient]:
    c = await client_for(store)
    yield c
    await c.close()
