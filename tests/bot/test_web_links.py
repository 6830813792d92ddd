"""``/settings web`` and the links from Discord to the web pages, through the real discord.py stack:
no link until a member with Manage Server turns the pages on (and only with WEB_BASE_URL set);
then /leaderboard, /stats, /history and /replay link to their pages, and the final table message
carries a link button to the game's page."""

from __future__ import annotations

from typing import Any

import aiohttp

from bot.discord.table_message import render_public
from bot.tables.replay import replay_frame

from .conftest import FakeFactory
from .driver import Driver
from .fakediscord import GUILD_ID, MEMBER_PERMISSIONS, OWNER_ID, FakeDiscord, Person
from .test_stats_commands import finish, record

BASE = "https://cards.example.org"
MANAGE_GUILD = 1 << 5


def manager(fake: FakeDiscord) -> FakeDiscord:
    """The owner has Manage Server (a plain member does not)."""
    fake.member_permissions[OWNER_ID] = MEMBER_PERMISSIONS | MANAGE_GUILD
    return fake


def url_of(ex: Any) -> str | None:
    embeds = ex.reply.get("embeds") or []
    return embeds[0].get("url") if embeds else None


async def test_settings_web_turns_links_on_for_managers_only(make_fake: FakeFactory) -> None:
    fake: FakeDiscord = manager(await make_fake(settings={"web_base_url": BASE}))
    alice = fake.make_user("Alice")
    rec = record([(int(alice["id"]), "Alice"), (999, "Bag")])
    await finish(fake, rec)
    storage: Any = fake.bot.storage  # type: ignore[union-attr]

    assert url_of(await fake.slash("leaderboard", user=alice, game="hurricane")) is None
    refused = await fake.slash("settings web", user=alice, public="on")  # no Manage Server
    assert refused.ephemeral and "Manage Server" in refused.content
    assert await storage.get_guild_web(GUILD_ID) is False

    on = await fake.slash("settings web", user=fake.owner, public="on")
    assert on.ephemeral and f"{BASE}/s/{GUILD_ID}/" in on.content
    assert await storage.get_guild_web(GUILD_ID) is True
    board = await fake.slash("leaderboard", user=alice, game="hurricane")
    assert url_of(board) == f"{BASE}/s/{GUILD_ID}/board/hurricane?metric=rating"
    player = f"{BASE}/s/{GUILD_ID}/p/{alice['id']}"
    assert url_of(await fake.slash("stats", user=alice)) == player
    assert url_of(await fake.slash("history", user=alice)) == player
    season = await storage.start_season(GUILD_ID, "Spring", 1.0)  # /leaderboard shows its board
    board = await fake.slash("leaderboard", user=alice, game="hurricane")
    assert url_of(board) == (
        f"{BASE}/s/{GUILD_ID}/season/{season.season_id}/board/hurricane?metric=rating"
    )

    off = await fake.slash("settings web", user=fake.owner, public="off")
    assert off.ephemeral and await storage.get_guild_web(GUILD_ID) is False
    assert url_of(await fake.slash("leaderboard", user=alice, game="hurricane")) is None


async def test_replay_and_the_final_table_message_link_to_the_game(make_fake: FakeFactory) -> None:
    from tests.web.seed import play_fair_game

    fake: FakeDiscord = manager(await make_fake(settings={"web_base_url": BASE}))
    storage: Any = fake.bot.storage  # type: ignore[union-attr]
    bob = fake.make_user("Bob")
    await play_fair_game(storage, GUILD_ID, "linked-1", [(int(bob["id"]), "Bob"), (2, "Eve")])
    log = await storage.game_log("linked-1")
    links = fake.bot.web_links  # type: ignore[union-attr]
    final = replay_frame(log, len(log.actions)).table  # the table as it ended
    assert await links.public(GUILD_ID) is False
    _embed, view = render_public(final, links)
    assert view is not None and not [c for c in view.children if getattr(c, "url", None)]

    await fake.slash("settings web", user=fake.owner, public="on")
    replay = await fake.slash("replay", user=bob, game="linked-1")
    assert url_of(replay) == f"{BASE}/s/{GUILD_ID}/g/linked-1?step=0#replay"
    _embed, view = render_public(final, links)
    assert view is not None
    urls = [getattr(c, "url", None) for c in view.children]
    assert f"{BASE}/s/{GUILD_ID}/g/linked-1" in urls


async def test_no_links_without_a_base_url(fake: FakeDiscord) -> None:
    manager(fake)
    await fake.slash("settings web", user=fake.owner, public="on")
    storage: Any = fake.bot.storage  # type: ignore[union-attr]
    assert await storage.get_guild_web(GUILD_ID) is True
    await finish(fake, record([(5, "Zed"), (999, "Bag")]))
    assert url_of(await fake.slash("leaderboard", user=fake.owner, game="hurricane")) is None


async def test_web_port_serves_the_pages_from_the_bot_process(make_fake: FakeFactory) -> None:
    from bot.web.serve import bound_port

    fake = await make_fake(settings={"web_port": 0})
    runner = fake.bot.web_runner  # type: ignore[union-attr]
    port = bound_port(runner)
    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{port}/healthz") as response:
            assert response.status == 200
        async with session.get(f"http://127.0.0.1:{port}/s/1/") as response:
            assert response.status == 404  # no server turned its pages on


async def test_a_game_the_bot_records_gets_its_web_page_summary(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """The bot process stores each recorded game's page summary (both languages) in the
    background once the server's pages are on, so the page's first visit does not replay it."""
    manager(fake)
    alice, bob, _ = users
    await fake.slash("settings web", user=fake.owner, public="on")
    d = Driver(fake, [alice, bob])
    await d.open(alice, game="hurikan")
    await d.join_all([bob])
    await d.start(alice)
    game_id = d.table.game_id
    await fake.slash("table resign", user=alice.user)
    await fake.bot.settle()  # type: ignore[union-attr]
    storage: Any = fake.bot.storage  # type: ignore[union-attr]
    for lang in ("en", "ru"):
        page = await storage.game_page(game_id, lang)
        assert page is not None and page.guild_id == GUILD_ID and page.moves == 0
