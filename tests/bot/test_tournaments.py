"""Issue 26 through the real discord.py harness on the fake clock: a Swiss of Minitrick (a few
moves a game) with computers, its refusals, a thread per match, no-shows forfeiting, the round
announcements pinging only the paired players and the final standings winner first."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games import GAMES
from bot.plugin import installed
from tests.toy_game import PLUGIN

from .fakediscord import MANAGE_GUILD, FakeDiscord, Person, render_text


@pytest.fixture
def minitrick() -> Iterator[str]:
    with installed(PLUGIN):
        yield PLUGIN.name
    assert PLUGIN.name not in GAMES


def bot_of(fake: FakeDiscord) -> Any:
    return fake.bot


def tournament_message(fake: FakeDiscord) -> dict[str, Any]:
    return next(m for m in fake.public_messages(fake.channel_id) if "tournament" in render_text(m))


async def tick(fake: FakeDiscord, seconds: float) -> None:
    fake.advance(seconds)
    bot_of(fake).tables.poke()
    bot_of(fake).tournaments.poke()


async def test_a_swiss_on_discord(minitrick: str, fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, carol = users
    fake.member_permissions[carol.id] = MANAGE_GUILD
    base = {"game": minitrick, "format": "swiss", "target": 1, "turn_timer": 30}
    # Bad input: refused privately, nothing created.
    ex = await fake.slash("tournament create", user=alice.user, start="5", **base)
    assert ex.ephemeral and "Manage Server or Manage Events" in ex.content
    ex = await fake.slash("tournament create", user=carol.user, start="2020-01-01 10:00", **base)
    assert ex.ephemeral and "past" in ex.content
    ex = await fake.slash(
        "tournament create", user=carol.user, start="5", rounds=8, max_players=4, **base
    )
    assert ex.ephemeral and "4 players allow 1 to 3 rounds" in ex.content
    assert bot_of(fake).tournaments.active_in(fake.guild_ids[0]) == []
    ex = await fake.slash(
        "tournament create", user=carol.user, start="1", rounds=2, computers=3, **base
    )
    assert ex.ephemeral and "created" in ex.content
    msg = tournament_message(fake)
    join = next(c["custom_id"] for c in _components(msg) if c["custom_id"].startswith("tour:join"))
    ex = await fake.click(msg, join, user=alice.user)
    assert ex.ephemeral and "registered" in ex.content
    ex = await fake.slash("tournament join", user=bob.user)
    assert "registered" in ex.content
    ex = await fake.slash("tournament join", user=bob.user)
    assert ex.ephemeral and "already registered" in ex.content
    ex = await fake.slash("tournament cancel", user=alice.user)
    assert ex.ephemeral and "Manage Server or Manage Events" in ex.content
    # The start: five entrants (three computers), a bye, a thread per match.
    await tick(fake, 61)
    await fake.wait_for(lambda: len(fake.threads) == 2)
    ex = await fake.slash("tournament join", user=carol.user)
    assert ex.ephemeral and "Registration closed" in ex.content
    posts = [r for r in fake.requests if r.method == "POST" and r.path.endswith("/messages")]
    announce = next(r for r in posts if "Round 1" in str((r.json or {}).get("content")))
    mentions = announce.json["allowed_mentions"]
    assert mentions["parse"] == [] and mentions["users"]
    assert {int(u) for u in mentions["users"]} <= {alice.id, bob.id}  # only paired humans
    # Alice and Bob never play: each forfeits when their first turn runs out; the computers
    # play their games out (a few moves each).
    for _ in range(30):
        if bot_of(fake).tournaments.get(_tid(fake)) is None:
            break
        await asyncio.sleep(0.05)
        await tick(fake, 31)
    assert bot_of(fake).tournaments.get(_tid(fake)) is None  # finished, no longer held
    await bot_of(fake).settle()
    final = fake.public_messages(fake.channel_id)[-1]
    text = render_text(final)
    assert text.startswith("🏆") and "wins the" in text
    storage = bot_of(fake).storage
    matches = await storage.matches(_tid(fake))
    assert {m.round for m in matches} == {1, 2}
    assert sum(m.status == "bye" for m in matches) == 2
    assert any(m.status == "forfeit" for m in matches)
    assert all(m.channel_id in fake.threads for m in matches if m.status != "bye")


_TID: dict[int, str] = {}


def _tid(fake: FakeDiscord) -> str:
    if id(fake) not in _TID:
        msg = tournament_message(fake)
        cid = next(c["custom_id"] for c in _components(msg) if c["custom_id"].startswith("tour:"))
        _TID[id(fake)] = cid.rsplit(":", 1)[1]
    return _TID[id(fake)]


def _components(msg: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in msg.get("components", []) for c in row.get("components", [])]
