"""The pages in a real browser: Debian's headless Chromium driven by Playwright (never a
downloaded browser). One browser for the session and one site for the module; a few page loads.

Like the PostgreSQL tests, a missing browser skips these locally and fails them with ``CI=true``
(``.ci/run`` installs ``chromium``). ``WEB_SCREENSHOTS=DIR`` keeps the screenshots taken."""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.web.serve import bound_port
from storage.models import GameRecord, SeatRecord
from storage.sqlite import SqliteStorage

from .seed import GAME_ID, PRIVATE, PUBLIC, XSS, Seeded, seed_world

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# functions, not expressions: the pages' Content-Security-Policy forbids eval
LOADED = "() => document.getElementById('frame').complete"
SHOWS = (
    "(step) => { const i = document.getElementById('frame');"
    " return i.src.endsWith('/' + step + '.png') && i.complete && i.naturalWidth > 0; }"
)


def chromium_path() -> str | None:
    return (
        os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )


def missing(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for this module's tests. Module scope, not session: Playwright's sync API keeps
    an event loop running in this thread until it stops, and the async tests that a worker runs
    after this module need that thread's loop free."""
    path = chromium_path()
    if path is None:
        missing("no chromium on this machine (apt-get install chromium; .ci/run does)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@dataclass
class LiveSite:
    url: str
    seeded: Seeded
    stop: Any = field(repr=False)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    """The web app on a free localhost port, in a thread with its own event loop."""
    from aiohttp import web

    from bot.web import create_app

    ready: dict[str, Any] = {}
    started = threading.Event()
    path = tmp_path_factory.mktemp("web") / "site.sqlite3"

    def run() -> None:
        loop = asyncio.new_event_loop()

        async def main() -> None:
            storage = SqliteStorage(path)
            await storage.open()
            seeded = await seed_world(storage)
            await season_with_a_game(storage)
            runner = web.AppRunner(create_app(storage), access_log=None)
            await runner.setup()
            await web.TCPSite(runner, "127.0.0.1", 0).start()
            done = asyncio.Event()
            ready.update(seeded=seeded, port=bound_port(runner), done=done, loop=loop)
            started.set()
            await done.wait()
            await runner.cleanup()
            await storage.close()

        try:
            loop.run_until_complete(main())
        finally:
            started.set()
            loop.close()

    thread = threading.Thread(target=run, name="web-site", daemon=True)
    thread.start()
    started.wait(60)
    if "port" not in ready:
        pytest.fail("the web site did not start")
    yield LiveSite(
        f"http://127.0.0.1:{ready['port']}",
        ready["seeded"],
        lambda: ready["loop"].call_soon_threadsafe(ready["done"].set),
    )
    ready["loop"].call_soon_threadsafe(ready["done"].set)
    thread.join(30)


async def season_with_a_game(storage: SqliteStorage) -> None:
    """A running season with one game in it (the server page lists it, its page shows it)."""
    at = 1_900_000_000.0
    await storage.start_season(PUBLIC, "Autumn", at)
    await storage.finish_game(
        GameRecord(
            game_id="autumn-1",
            guild_id=PUBLIC,
            channel_id=1,
            game="hurricane",
            options={"preset": "standard"},
            seats=(SeatRecord(0, 102, "Alice"), SeatRecord(1, 101, XSS)),
            scores=(61, 40),
            winners=(0,),
            double=False,
            seed=1,
            started_at=at + 1,
            ended_at=at + 60,
        )
    )


class Watch:
    """What went wrong on a page: console errors, script errors, failed or refused requests,
    and any dialog (an ``alert`` would be an injected script running)."""

    def __init__(self, page: Any) -> None:
        self.problems: list[str] = []
        page.on(
            "console",
            lambda m: (
                self.problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None
            ),
        )
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: self.problems.append(f"failed: {r.url} {r.failure}"))
        page.on(
            "response",
            lambda r: self.problems.append(f"{r.status}: {r.url}") if r.status >= 400 else None,
        )

        def dialog(d: Any) -> None:
            self.problems.append(f"dialog: {d.message}")
            d.dismiss()

        page.on("dialog", dialog)


def shoot(page: Any, name: str) -> bytes:
    data: bytes = page.screenshot(full_page=True)
    folder = os.environ.get("WEB_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        Path(folder, f"{name}.png").write_bytes(data)
    return data


def test_leaderboard_player_game_replay_proof_and_language(browser: Any, site: LiveSite) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = context.new_page()
    watch = Watch(page)
    page.goto(f"{site.url}/s/{PUBLIC}/")
    assert page.locator("h1").inner_text() == "Leaderboards"
    # an attack name is shown as the text it is, and runs nothing
    assert page.get_by_role("link", name=XSS).first.is_visible()
    shoot(page, "server-desktop")

    page.locator(f'a[href="/s/{PUBLIC}/board/hurricane"]').click()
    page.get_by_role("link", name="Next →").click()
    assert "Page 2" in page.locator(".pager").inner_text()
    assert page.locator(".board .rank").first.inner_text() == "#26"

    page.locator(".board .name a").first.click()
    page.wait_for_selector("svg.chart polyline")
    assert page.locator("h1").inner_text().startswith("Stats of ")
    shoot(page, "player-desktop")

    page.goto(f"{site.url}/s/{PUBLIC}/g/{GAME_ID}")
    frame = page.locator("#frame")
    page.wait_for_function(LOADED)
    before = frame.screenshot()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(SHOWS, arg=1)
    assert page.locator("#where").inner_text() == f"Move 1 of {site.seeded.moves}"
    assert "step=1" in page.url
    assert frame.screenshot() != before  # the picture changed
    page.keyboard.press("End")
    page.wait_for_function(SHOWS, arg=site.seeded.moves)
    page.locator("#prev").click()
    assert page.locator("#where").inner_text().startswith(f"Move {site.seeded.moves - 1} of")
    # the proof: the commitment shown during the game, the deals re-derived and compared
    assert page.locator("#commitment").inner_text() == site.seeded.commitment
    assert page.locator("#verdict").inner_text() == "Every deal matches the seed."
    shoot(page, "game-desktop")

    page.get_by_role("link", name="Русский").click()
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.locator("#where").inner_text().startswith(f"Ход {site.seeded.moves - 1} из")
    assert page.locator(".replay h2").inner_text() == "Повтор"
    assert page.locator("#verdict").inner_text() == "Все сдачи совпадают с сидом."
    page.wait_for_function(LOADED)
    assert not watch.problems, watch.problems
    context.close()


def test_narrow_dark_pages_and_a_server_that_did_not_opt_in(browser: Any, site: LiveSite) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, color_scheme="dark", locale="ru-RU"
    )
    page = context.new_page()
    watch = Watch(page)
    page.goto(f"{site.url}/s/{PUBLIC}/g/{GAME_ID}?step=5")
    page.wait_for_function(LOADED)
    assert page.locator("h2").first.inner_text() == "Повтор"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # nothing sticks out sideways on a phone
    shoot(page, "game-narrow-dark")
    page.goto(f"{site.url}/s/{PUBLIC}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "server-narrow-dark")
    page.locator("#seasons a").first.click()  # the running season's boards
    assert page.locator("h1").inner_text().startswith("Сезон Autumn")
    assert page.locator(".board .name a").first.inner_text() == "Alice"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "season-narrow-dark")
    assert not watch.problems, watch.problems
    hidden = page.goto(f"{site.url}/s/{PRIVATE}/")
    assert hidden is not None and hidden.status == 404
    assert "Hidden" not in page.content()
    context.close()
