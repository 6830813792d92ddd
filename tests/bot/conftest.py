"""Fixtures that run the real bot (``create_bot``) against the in-process fake Discord.

Fixtures
--------
``fake``
    A started ``FakeDiscord`` (see ``tests/bot/fakediscord.py``) with the bot from ``create_bot`` logged in,
    READY and the guild fed, storage on a temporary SQLite file, computer moves paced 0.01 s apart and public
    table updates sent at once. ``fake.bot`` is the bot; ``fake.bot.tables`` the table manager.
    The test FAILS at teardown if discord.py, the bot, the cogs or storage logged an ERROR, a REST call hit no route, or the bot
    broke a Discord rule the fake enforces (late or double acknowledgement, a token older than 15 minutes,
    or any message limit of ``tests/bot/limits.py``: ≤ 5 action rows, ≤ 5 buttons or one select per row,
    ≤ 25 select options / autocomplete choices, custom_ids 1..100 and unique, embed and content sizes).
    Tests that provoke an error on purpose call ``fake.errors.records.clear()`` after checking it.
``users``
    Three ``Person`` objects (Alice, Bob, Carol) known to the guild; ``person.user`` is the payload dict.
``make_fake``
    A factory ``await make_fake(db_path=None, world=None, settings=None, prepare=None, **create_bot_kwargs)``
    (``settings``: ``Config`` fields such as ``dev_guild_id`` or ``owner_ids``; the analysis of
    finished games is off unless ``settings={"analysis": True}``) for tests that need a second
    bot on the same database (restart tests: pass ``world=old_fake`` so the new bot sees the same channels,
    users and messages) or special settings (``computer_delay``, ``publish_delay``, ``clock``). Every fake it
    makes is closed and checked at teardown (closing twice is harmless). ``prepare(fake)`` runs before
    the bot starts (``fake.fail_emojis = {"POST"}``). Card emojis are off unless ``card_emojis=True``.

Driving the bot
---------------
``await fake.slash("table new", user=alice.user, game="hurricane", preset="standard")`` builds the
INTERACTION_CREATE payload from the bot's own command tree (choices, ranges and required options are checked
as Discord would) and returns an ``Exchange`` (callback type, content, ephemeral flag, every REST call).
``await fake.click(message, custom_id, user=..., values=[...])`` clicks a component the bot put on a stored
message; ``await fake.autocomplete("play", "move", user=..., value="7")`` asks for choices.
``fake.public_messages(channel_id)`` / ``fake.ephemeral_messages(user)`` read the message model;
``fake.payloads_seen_by(user)`` lists every body a user could have seen (for secrecy scans).
``fake.advance(seconds)`` moves the fake clock (the bot's clock in these fixtures): tokens expire after 15
fake minutes, table messages are re-posted after 45. ``await fake.wait_for(predicate)`` lets background work
(computer moves, timers) run until a condition holds.

Helpers: ``tests/bot/driver.py`` (``Driver``: open a table, join, start, play whole games by clicking the
hand message) and ``tests/bot/secrecy.py`` (``SecrecyScanner``: checks every payload against the cards its
readers may not see; the ``Driver`` runs it after every move).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord.http
import pytest
import pytest_asyncio

from bot.app import create_bot
from bot.config import Config
from bot.discord.media import PICTURES, Switch

from .fakediscord import FakeDiscord, Person

FakeFactory = Callable[..., Awaitable[FakeDiscord]]


@pytest.fixture(autouse=True)
def quick_http_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py waits 1, 3, 5, 7 and 9 s before retrying a request Discord answered with a 5xx;
    the fake's outages answer at once, so those waits are cut to a hundredth (the retries, their
    order and their outcome stay discord.py's own)."""

    async def sleep(delay: float, result: Any = None) -> Any:
        return await asyncio.sleep(delay / 100, result)

    quick = SimpleNamespace(**{name: getattr(asyncio, name) for name in dir(asyncio)})
    quick.sleep = sleep
    monkeypatch.setattr(discord.http, "asyncio", quick)


@pytest.fixture
def pictures(monkeypatch: pytest.MonkeyPatch) -> Switch:
    """The bot's picture switch, restored after the test: a test whose checks read only the texts
    sets ``pictures.enabled = False`` for the stretch where drawing would only cost time (the
    texts are the same either way; the pictures are checked by the tests that look at them)."""
    monkeypatch.setattr(PICTURES, "enabled", True)
    return PICTURES


@pytest_asyncio.fixture
async def make_fake(tmp_path: Path) -> AsyncIterator[FakeFactory]:
    made: list[FakeDiscord] = []

    async def factory(
        db_path: Path | None = None,
        world: FakeDiscord | None = None,
        settings: dict[str, Any] | None = None,
        prepare: Callable[[FakeDiscord], None] | None = None,
        **kwargs: Any,
    ) -> FakeDiscord:
        fake = FakeDiscord()
        if world is not None:
            fake.adopt(world)
        if prepare is not None:
            prepare(fake)
        # Tests play much faster than people: the per-user click limit is loosened unless a test
        # sets it (``settings={"action_rate": 3}``); every other setting is the default.
        # The analysis of finished games is off unless a test turns it on (``{"analysis": True}``).
        chosen: dict[str, Any] = {
            "action_rate": 10_000,
            "status_cooldown_seconds": 0.001,
            "analysis": False,
        }
        chosen.update(settings or {})
        config = Config(token="fake", database_path=db_path or tmp_path / "bot.sqlite3", **chosen)
        kwargs.setdefault("computer_delay", 0.01)
        kwargs.setdefault("publish_delay", 0.0)
        kwargs.setdefault("clock", fake.now)
        kwargs.setdefault("card_emojis", False)  # the emoji tests turn them on
        await fake.start(create_bot(config, **kwargs))
        made.append(fake)
        return fake

    yield factory
    problems: list[str] = []
    for fake in made:
        await fake.close()
        problems += fake.error_messages()
    assert not problems, problems


@pytest_asyncio.fixture
async def fake(make_fake: FakeFactory) -> FakeDiscord:
    return await make_fake()


@pytest.fixture
def users(fake: FakeDiscord) -> list[Person]:
    return [Person(n, fake.make_user(n)) for n in ("Alice", "Bob", "Carol")]
