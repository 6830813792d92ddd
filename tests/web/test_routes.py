"""The site through aiohttp's test client: what each URL answers, who gets a 404, rate limits,
escaping, languages and cache headers (no browser: ``test_browser.py`` is the browser)."""

from __future__ import annotations

import ast
import asyncio
import re
import sqlite3
from pathlib import Path

from aiohttp.test_utils import TestClient

from bot.web import WebSettings
from bot.web.app import SITE
from storage.sqlite import SqliteStorage

from .conftest import client_for
from .seed import GAME_ID, PRIVATE, PUBLIC, XSS, XSS_IMG, Seeded, play_fair_game

S = f"/s/{PUBLIC}"
ROOT = Path(__file__).resolve().parent.parent.parent


async def test_pages_of_an_opted_in_server_answer(client: TestClient, seeded: Seeded) -> None:
    server = await client.get(S + "/")
    text = await server.text()
    assert server.status == 200 and "Hurricane" in text and "Haggis" in text
    assert f'href="{S}/g/{GAME_ID}"' in text  # the recent games link to their pages
    board = await client.get(S + "/board/hurricane?metric=wins&page=2")
    assert board.status == 200 and 'rel="prev"' in await board.text()
    player = await client.get(S + "/p/102")
    assert player.status == 200 and "<svg" in await player.text()  # the rating chart
    game = await client.get(S + f"/g/{GAME_ID}?step=2")
    page = await game.text()
    assert game.status == 200 and seeded.commitment in page and 'class="verdict ok"' in page
    links = re.findall(r'<a href="\?step=(\d+)#replay" data-step=', page)
    assert links == [str(n) for n in range(seeded.moves + 1)]  # a link per move
    # the pre-drawn list marks the asked step only (the same game's cached list, another step)
    assert re.findall(r'<li class="current" value="(\d+)">', page) == ["2"]
    again = await (await client.get(S + f"/g/{GAME_ID}?step=0")).text()
    assert re.findall(r'<li class="current" value="(\d+)">', again) == ["0"]
    assert (await client.get("/healthz")).status == 200


async def test_every_url_of_a_server_that_did_not_opt_in_is_404(
    client: TestClient, store: SqliteStorage
) -> None:
    for path in (
        f"/s/{PRIVATE}/",
        f"/s/{PRIVATE}/board/hurricane",
        f"/s/{PRIVATE}/p/101",
        f"/s/{PRIVATE}/g/secret-1",
        f"/s/{PRIVATE}/g/secret-1/en/0.png",
        f"/s/{PUBLIC}/g/secret-1",  # another server's game, through an opted-in one
        f"/s/{PUBLIC}/g/secret-1/en/0.png",
        f"/s/{PUBLIC}/g/nope",
        f"/s/{PUBLIC}/p/999",
        f"/s/{PUBLIC}/board/hurricane?metric=bogus",
        f"/s/{PUBLIC}/board/hurricane?page=99",
        f"/s/{PUBLIC}/g/{GAME_ID}/en/9999.png",
        "/nothing-here",
    ):
        response = await client.get(path)
        assert response.status == 404, path
        assert "Hidden" not in await response.text()
    await store.set_guild_web(PUBLIC, False)  # turned off again: gone (after the short cache)
    fresh = await client_for(store)
    try:
        assert (await fresh.get(f"/s/{PUBLIC}/")).status == 404
    finally:
        await fresh.close()


async def test_a_game_in_play_has_no_page(store: SqliteStorage, client: TestClient) -> None:
    """Its moves are logged (the table is saved), but it is no finished game: no page, no picture."""
    import bot.games as games
    from bot.games import FairSeed
    from storage.models import MoveRecord, TableSnapshot

    state = games.new_game("hurikan", seed=1, players=2, fair=FairSeed(b"k" * 32, "T-live"))
    action = state.legal_actions(state.current_player)[0]
    await store.save_table(
        TableSnapshot(77, PUBLIC, "live-1", "playing", state.to_dict(), 0.0),
        MoveRecord("live-1", 1, state.current_player, str(action), 1.0),
    )
    for path in (S + "/g/live-1", S + "/g/live-1/en/0.png", S + "/g/live-1/en/1.png"):
        assert (await client.get(path)).status == 404, path


async def test_names_are_escaped_everywhere(client: TestClient) -> None:
    for path in (S + "/", S + "/board/hurricane", S + "/p/101", S + f"/g/{GAME_ID}"):
        text = await (await client.get(path)).text()
        assert XSS not in text and "<img src=x" not in text, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text, path
    text = await (await client.get(S + "/p/103")).text()
    assert XSS_IMG not in text and "&#34;&gt;&lt;img src=x onerror=alert(2)&gt;" in text


async def test_language_by_header_switch_and_cookie(client: TestClient) -> None:
    ru = await (await client.get(S + "/", headers={"Accept-Language": "ru-RU,ru;q=0.9"})).text()
    assert 'lang="ru"' in ru and "Таблицы лидеров" in ru
    en = await (await client.get(S + "/", headers={"Accept-Language": "de, en;q=0.5"})).text()
    assert 'lang="en"' in en and "Leaderboards" in en
    switched = await client.get(S + "/?lang=ru")
    assert "Таблицы лидеров" in await switched.text()
    assert switched.cookies["lang"].value == "ru"
    later = await client.get(S + "/", headers={"Accept-Language": "en"})  # the cookie wins
    assert 'lang="ru"' in await later.text()


async def test_pictures_are_png_cached_and_per_language(client: TestClient) -> None:
    first = await client.get(S + f"/g/{GAME_ID}/en/1.png")
    assert first.status == 200 and first.content_type == "image/png"
    body = await first.read()
    assert body.startswith(b"\x89PNG")
    assert "immutable" in first.headers["Cache-Control"]
    again = await client.get(
        S + f"/g/{GAME_ID}/en/1.png", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert again.status == 304
    other = await client.get(S + f"/g/{GAME_ID}/en/2.png")
    assert await other.read() != body  # another step, another picture
    css = await client.get("/static/web.css")
    assert "max-age" in css.headers["Cache-Control"]
    page = await client.get(S + "/")
    csp = page.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp


async def test_rate_limit_answers_429_per_address(store: SqliteStorage, seeded: Seeded) -> None:
    now = [0.0]
    settings = WebSettings(rate_capacity=3, rate_per_second=1, clock=lambda: now[0])
    client = await client_for(store, settings)
    try:
        statuses = [(await client.get("/healthz")).status for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        limited = await client.get(S + "/")
        assert limited.status == 429 and "Retry-After" in limited.headers
        now[0] += 1.0  # a token back
        assert (await client.get("/healthz")).status == 200
    finally:
        await client.close()


async def test_no_secret_in_pages(client: TestClient, store: SqliteStorage) -> None:
    """A game's server seed is shown only once it has ended; nothing like a token appears."""
    seeded = await play_fair_game(store, PUBLIC, "g-short", [(1, "A"), (2, "B")], seed=9)
    text = await (await client.get(S + f"/g/{seeded.game_id}")).text()
    assert not re.search(r"[MN][A-Za-z\d]{23,}\.[\w-]{6}\.[\w-]{27}", text)  # a Discord token
    assert "postgresql://" not in text


def test_the_web_package_imports_no_discord() -> None:
    """Every module ``bot.web`` reaches, transitively (type-only imports included), imports
    neither discord nor the Discord layer, the cogs or the app."""
    forbidden = ("discord", "bot.discord", "cogs", "bot.app")
    seen: set[str] = set()
    todo = [f"bot.web.{p.stem}" for p in (ROOT / "bot" / "web").glob("*.py")]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = ROOT / Path(*name.split("."))
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        if not path.exists():
            continue
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            found: list[str] = []
            if isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                found = [base] + [f"{base}.{a.name}" for a in node.names]
            for imported in found:
                bad = [f for f in forbidden if imported == f or imported.startswith(f + ".")]
                assert not bad, f"{name} imports {imported}"
                if imported.startswith(("bot.", "storage")):
                    todo.append(imported)
    assert "bot.render.pictured" in seen and "storage.base" in seen  # the walk went deep


async def test_a_player_page_gives_older_games_their_rating(
    client: TestClient, store: SqliteStorage, tmp_path: Path
) -> None:
    """Games recorded before seats kept their rating get it back (in the background, once per
    board): the chart then reaches back to the first game, with the ratings first recorded."""
    recorded = await store.rating_history(PUBLIC, 102, "hurricane")
    assert len(recorded) >= 2
    con = sqlite3.connect(tmp_path / "web.sqlite3", isolation_level=None)
    con.execute("UPDATE game_seats SET rating = NULL")  # as stored before migration 0009
    con.close()
    assert await store.rating_history(PUBLIC, 102, "hurricane") == []
    assert (await client.get(S + "/p/102")).status == 200
    await asyncio.gather(*client.server.app[SITE].tasks)
    assert await store.rating_history(PUBLIC, 102, "hurricane") == recorded
