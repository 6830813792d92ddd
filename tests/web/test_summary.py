"""Game page summaries (``bot.web.summary``): built once per game and language when the game is
recorded (``PageWriter``), stored, and read by the page's first visit instead of a replay; a game
without one (recorded before they were stored) is built from its log at its first visit and
stored then."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.web.summary import FORMAT, PageWriter, wording
from storage.sqlite import SqliteStorage

from .conftest import client_for
from .seed import GAME_ID, PRIVATE, PUBLIC, Seeded

PAGE = f"/s/{PUBLIC}/g/{GAME_ID}?step=3"


async def html(client: TestClient, lang: str) -> str:
    response = await client.get(f"{PAGE}&lang={lang}")
    assert response.status == 200
    return await response.text()


async def test_a_recorded_games_summary_is_stored_and_its_page_needs_no_replay(
    store: SqliteStorage, seeded: Seeded, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert await PageWriter(store).build(GAME_ID, PUBLIC)
    for lang in ("en", "ru"):
        page = await store.game_page(GAME_ID, lang)
        assert page is not None and page.format == FORMAT
        assert page.guild_id == PUBLIC and page.moves == seeded.moves
    # a server whose pages are off gets none (its game is built if it turns them on later)
    assert not await PageWriter(store).build("secret-1", PRIVATE)
    assert await store.game_page("secret-1", "en") is None

    # a fresh web process: the page comes from the stored row, the move log is never read
    async def no_log(game_id: str) -> Any:
        raise AssertionError("the game page replayed the game")

    stored: dict[str, str] = {}
    with monkeypatch.context() as patch:
        patch.setattr(store, "game_log", no_log)
        client = await client_for(store)
        try:
            for lang in ("en", "ru"):
                stored[lang] = await html(client, lang)
        finally:
            await client.close()
    assert seeded.commitment in stored["en"] and 'class="verdict ok"' in stored["en"]
    assert "Ход 3 из" in stored["ru"]

    # the same pages built from the log (a stored summary of an older format is rebuilt)
    for lang in ("en", "ru"):
        old = await store.game_page(GAME_ID, lang)
        assert old is not None
        await store.save_game_page(replace(old, format=FORMAT - 1))
    client = await client_for(store)
    try:
        for lang in ("en", "ru"):
            assert await html(client, lang) == stored[lang]
            rebuilt = await store.game_page(GAME_ID, lang)
            assert rebuilt is not None and rebuilt.format == FORMAT  # and stored again
    finally:
        await client.close()


async def test_an_older_game_is_summarised_and_stored_at_its_first_visit(
    client: TestClient, store: SqliteStorage, seeded: Seeded
) -> None:
    assert await store.game_page(GAME_ID, "ru") is None  # recorded without a summary
    await html(client, "ru")
    page = await store.game_page(GAME_ID, "ru")
    assert page is not None and page.moves == seeded.moves
    assert await store.game_page(GAME_ID, "en") is None  # only the language asked for
    # one stored under other texts (the catalog changed since) is built again
    assert page.data["wording"] == wording()
    await store.save_game_page(replace(page, data={**page.data, "wording": "old"}, built_at=0.0))
    fresh = await client_for(store)
    try:
        await html(fresh, "ru")
    finally:
        await fresh.close()
    again = await store.game_page(GAME_ID, "ru")
    assert again is not None and again.data["wording"] == wording() and again.built_at > 0
    # another opted-in server's URL never serves it, though its summary is in memory and stored
    await store.set_guild_web(PRIVATE, True)
    assert (await client.get(f"/s/{PRIVATE}/g/{GAME_ID}?lang=ru")).status == 404
