"""Commands appear without any extra step: at start the bot syncs its global command tree when it differs
from the one last synced (a hash kept in storage), the dev server instantly, and says so in its log;
``/admin sync`` is for owners (the application's owner plus ``OWNER_IDS``) and shown to Manage Server."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

import bot.app as app
from bot.app import COMMANDS_HASH_KEY

from .conftest import FakeFactory
from .fakediscord import GUILD_ID, OWNER_ID, FakeDiscord, Person


def puts(fake: FakeDiscord) -> list[str]:
    """The paths of the command syncs (PUT …/commands) the bot made."""
    return [r.path for r in fake.requests if r.method == "PUT" and r.path.endswith("/commands")]


GLOBAL = "/applications/900000000000000001/commands"


async def test_first_start_syncs_globally_once_then_only_when_the_tree_changes(
    make_fake: FakeFactory,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    db = tmp_path / "bot.sqlite3"
    caplog.set_level(logging.INFO, logger="bot.app")
    first = await make_fake(db_path=db)
    assert puts(first) == [GLOBAL]
    names = {c["name"] for c in first.synced["global"]}
    assert {"table", "hand", "play", "rules", "admin", "leaderboard"} <= names
    assert f"Synced {len(names)} global commands; they can take up to an hour" in caplog.text
    assert first.bot is not None and first.bot.storage is not None
    stored = await first.bot.storage.get_setting(COMMANDS_HASH_KEY)
    assert stored is not None and len(stored) == 64
    await first.close()

    caplog.clear()
    second = await make_fake(db_path=db, world=first)
    assert puts(second) == []  # the same tree: a restart costs no sync
    assert "Slash commands unchanged since the last sync" in caplog.text
    await second.close()

    monkeypatch.setattr(app, "EXTENSIONS", tuple(e for e in app.EXTENSIONS if e != "cogs.stats"))
    third = await make_fake(db_path=db, world=first)
    assert puts(third) == [GLOBAL]  # a changed tree is synced again
    assert "leaderboard" not in {c["name"] for c in third.synced["global"]}
    assert third.bot is not None and third.bot.storage is not None
    assert await third.bot.storage.get_setting(COMMANDS_HASH_KEY) not in (None, stored)


async def test_dev_guild_is_synced_instantly_at_every_start(
    make_fake: FakeFactory, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.app")
    db = tmp_path / "bot.sqlite3"
    for _ in range(2):
        fake = await make_fake(db_path=db, settings={"dev_guild_id": GUILD_ID})
        assert puts(fake) == [f"/applications/900000000000000001/guilds/{GUILD_ID}/commands"]
        assert "table" in {c["name"] for c in fake.synced[str(GUILD_ID)]}
        await fake.close()
    assert f"to the development server {GUILD_ID}" in caplog.text


async def test_admin_sync_scopes_permissions_and_extra_owners(
    make_fake: FakeFactory, tmp_path: Path
) -> None:
    fake = await make_fake(db_path=tmp_path / "first.sqlite3")
    helper = Person("Helper", fake.make_user("Helper"))
    stranger = Person("Stranger", fake.make_user("Stranger"))
    await fake.close()
    fake = await make_fake(
        db_path=tmp_path / "second.sqlite3",
        world=fake,
        settings={"owner_ids": frozenset({helper.id})},
    )
    admin = next(c for c in fake.synced["global"] if c["name"] == "admin")
    assert int(admin["default_member_permissions"]) == 32  # Manage Server
    sync = next(o for o in admin["options"] if o["name"] == "sync")
    scope = next(o for o in sync["options"] if o["name"] == "scope")
    assert {c["value"] for c in scope["choices"]} == {"server", "global"}

    ex = await fake.slash("admin sync", user=stranger.user, scope="global")
    assert "Only the bot's owner" in ex.content
    before = len(puts(fake))
    ex = await fake.slash("admin sync", user=helper.user, scope="server")  # OWNER_IDS adds…
    assert "this server" in ex.content and puts(fake)[before:] == [
        f"/applications/900000000000000001/guilds/{GUILD_ID}/commands"
    ]
    ex = await fake.slash("admin sync", user=fake.users[OWNER_ID], scope="global")  # …to the owner
    assert "globally" in ex.content and "up to an hour" in ex.content
    assert puts(fake)[-1] == "/applications/900000000000000001/commands"


async def test_with_shards_one_process_syncs(make_fake: FakeFactory, tmp_path: Path) -> None:
    """Several processes share the work: the global commands are synced by the one running shard
    0, the development server's by the one running its shard (the test guild is on shard 1)."""
    shard_1 = {"shard_count": 2, "shard_ids": (1,)}
    fake = await make_fake(db_path=tmp_path / "a.sqlite3", settings=shard_1)
    assert puts(fake) == []  # not shard 0: the global commands are left to that process
    await fake.close()
    fake = await make_fake(
        db_path=tmp_path / "b.sqlite3", settings=shard_1 | {"dev_guild_id": GUILD_ID}
    )
    assert puts(fake) == [f"/applications/900000000000000001/guilds/{GUILD_ID}/commands"]
    await fake.close()
    every = {"shard_count": 2, "shard_ids": (0, 1)}
    fake = await make_fake(db_path=tmp_path / "c.sqlite3", settings=every)
    assert puts(fake) == [GLOBAL]


GAME_COMMANDS = {
    "table",
    "hand",
    "play",
    "rules",
    "replay",
    "verify",
    "stats",
    "history",
    "leaderboard",
}


async def test_game_commands_install_anywhere_and_settings_stay_in_servers(
    make_fake: FakeFactory, tmp_path: Path
) -> None:
    """The synced payloads say where each command can be installed (0 server, 1 user) and used
    (0 server, 1 the bot's DM, 2 group DMs): every game command everywhere, /settings and /admin
    only for a server install in a server; the fake refuses malformed places (none here)."""
    fake = await make_fake(db_path=tmp_path / "bot.sqlite3")
    synced = {c["name"]: c for c in fake.synced["global"]}
    assert set(synced) >= GAME_COMMANDS
    for name in GAME_COMMANDS:
        assert sorted(synced[name]["integration_types"]) == [0, 1], name
        assert sorted(synced[name]["contexts"]) == [0, 1, 2], name
    for name in ("settings", "admin"):
        assert synced[name]["integration_types"] == [0], name
        assert synced[name]["contexts"] == [0], name
    assert not [v for v in fake.violations if "places" in v or "contexts" in v]


def test_the_fake_refuses_malformed_places() -> None:
    from .fakediscord import command_place_problems

    good = {"name": "x", "integration_types": [0, 1], "contexts": [0, 1, 2]}
    assert command_place_problems(good) == []
    assert command_place_problems({"name": "x", "contexts": [3]})
    assert command_place_problems({"name": "x", "integration_types": []})
    sub = {"name": "y", "type": 1, "contexts": [0]}
    assert command_place_problems({"name": "x", "options": [sub]})
