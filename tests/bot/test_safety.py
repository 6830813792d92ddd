"""Issue 11, secrets and safety, and failing loudly: file modes, the token never shown, DEBUG
logging without gateway payloads, nobody pinged, names escaped, /admin's scope, no runtime
``assert``, a cog or player that cannot load stops the bot, stats answer in time on slow storage."""

from __future__ import annotations

import ast
import asyncio
import logging
import stat
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.ext import commands

import bot.app as app
from bot.app import NoGatewayDebug, create_bot, setup_logging
from bot.config import Config
from bot.names import shown
from bot.render.hands import hand_context, hand_model
from bot.render.hands.base import Button
from storage.sqlite import SqliteStorage

from .conftest import FakeFactory
from .driver import Driver, hurricane_duel, start_table
from .fakediscord import FakeDiscord, Person, render_text

ROOT = Path(__file__).resolve().parents[2]


async def test_database_folder_is_0700_and_file_0600(tmp_path: Path) -> None:
    path = tmp_path / "new" / "deeper" / "bot.sqlite3"
    storage = SqliteStorage(path)
    await storage.open()
    try:
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        assert stat.S_IMODE(path.parent.parent.stat().st_mode) == 0o700
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        for sidecar in (path.with_name(path.name + s) for s in ("-wal", "-shm")):
            if sidecar.exists():
                assert stat.S_IMODE(sidecar.stat().st_mode) & 0o077 == 0
    finally:
        await storage.close()


async def test_an_existing_readable_file_is_tightened(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    path.touch(mode=0o644)
    path.chmod(0o644)
    storage = SqliteStorage(path)
    await storage.open()
    await storage.close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_the_deploy_guide_says_so() -> None:
    text = (ROOT / "docs" / "deploy.md").read_text()
    assert "0700" in text and "0600" in text


def test_config_repr_hides_the_token_and_the_database_password() -> None:
    config = Config.from_env(
        {"DISCORD_TOKEN": "MTIz.secret.token", "DATABASE_URL": "postgresql://u:pw@h/db"}
    )
    for text in (repr(config), str(config), f"{config}"):
        assert "secret" not in text and "pw@" not in text and "token=set (hidden)" in text


def test_debug_logging_drops_discord_gateway_lines(caplog: pytest.LogCaptureFixture) -> None:
    record = logging.LogRecord(
        "discord.gateway",
        logging.DEBUG,
        __file__,
        1,
        "For Shard ID %s: WebSocket Event: %s",
        (None, {"token": "aW50ZXJhY3Rpb24", "hand": ["7H"]}),
        None,
    )
    assert not NoGatewayDebug().filter(record)
    mine = logging.LogRecord("bot.tables", logging.DEBUG, __file__, 1, "fine", (), None)
    assert NoGatewayDebug().filter(mine)
    warn = logging.LogRecord("discord.client", logging.WARNING, __file__, 1, "w", (), None)
    assert NoGatewayDebug().filter(warn)


def test_log_level_debug_keeps_discord_at_info_unless_log_gateway(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    discord_level = logging.getLogger("discord").level
    try:
        setup_logging(Config(token="x", log_level="DEBUG"))
        assert logging.getLogger("discord").getEffectiveLevel() == logging.INFO
        assert any(isinstance(f, NoGatewayDebug) for h in root.handlers for f in h.filters)
        root.handlers[:] = handlers
        logging.getLogger("discord").setLevel(logging.NOTSET)
        setup_logging(Config(token="x", log_level="DEBUG", log_gateway=True))
        assert logging.getLogger("discord").getEffectiveLevel() == logging.DEBUG
    finally:
        for h in list(root.handlers):
            if h not in handlers:
                root.removeHandler(h)
        root.setLevel(level)
        logging.getLogger("discord").setLevel(discord_level)


async def test_nobody_is_pinged_except_the_reminded_player(
    fake: FakeDiscord, users: list[Person]
) -> None:
    bot: Any = fake.bot
    mentions = bot.allowed_mentions
    assert mentions is not None and mentions.to_dict() == {"parse": []}
    d = await hurricane_duel(fake, users, turn_timer=60)
    person = d.person(d.table.current_seat or 0)
    fake.advance(31)
    bot.tables.poke(d.channel_id)
    await fake.wait_for(lambda: any("⏰" in str(m.get("content")) for m in fake.public_messages()))
    posts = [r for r in fake.requests if r.method == "POST" and "/messages" in r.path]
    reminder = next(r for r in posts if "⏰" in str((r.json or {}).get("content")))
    assert reminder.json["allowed_mentions"] == {"parse": [], "users": [person.id]}
    for r in posts:  # every other channel message pings nobody
        if r is not reminder:
            assert (r.json or {}).get("allowed_mentions", {"parse": []})["parse"] == []


async def test_names_are_escaped_wherever_drawn(fake: FakeDiscord) -> None:
    evil = Person("Evil", fake.make_user("**@everyone** _x_ <@1>"))
    evil.user["global_name"] = "**@everyone** _x_ <@1>"
    bob = Person("Bob", fake.make_user("Bob"))
    d = Driver(fake, [evil, bob])
    await d.open(evil, game="hurricane")
    await d.join_all([bob])
    text = render_text(d.public())
    assert "**@everyone**" not in text and "@everyone" not in text.replace("@\u200beveryone", "")
    assert "\\*\\*" in text and "\\_x\\_" in text
    ex = await fake.slash("stats", user=bob.user, player=evil.user)
    assert "**@everyone**" not in ex.text


def test_shown_escapes_like_discord() -> None:
    for name in (
        "**Bob**_@everyone",
        "a_b ~c~ |d| `e` \\f",
        "> quote",
        "# heading",
        "- item",
        "[x](http://a.b)",
        "see http://a_b.c/x_y",
        "<@123456789012345678> @here @&123456789012345678",
        "plain Álvaro 🃏",
    ):
        expected = discord.utils.escape_mentions(discord.utils.escape_markdown(name))
        assert shown(name) == expected, name


async def test_names_are_stored_raw_escaped_in_text_and_plain_in_labels(
    fake: FakeDiscord,
) -> None:
    raw = "**Bob**_@everyone"
    alice = Person("Alice", fake.make_user("Alice"))
    bob = Person("Bob", fake.make_user("bob"))
    bob.user["global_name"] = raw
    carol = Person("Carol", fake.make_user("Carol"))
    d = await start_table(fake, [alice, bob, carol], seed=3, game="haggis", players=3)
    seat = d.table.seats[1]
    assert seat is not None and seat.name == raw  # stored as written: no backslashes
    text = render_text(d.public())
    assert shown(raw) in text and "\\*\\*Bob\\*\\*\\_@\u200beveryone" in text
    assert raw not in text and "@everyone" not in text.replace("@\u200beveryone", "")
    # a control that names Bob (Haggis: give the trick away) labels him as written
    state = d.table.state
    assert state is not None
    ctx = hand_context(d.table, 0, state.view(0), ["give 1", "give 2"])
    drawn = hand_model("haggis").draw(ctx, None)
    labels = [c.label for c in drawn.controls if isinstance(c, Button)]
    assert f"Give the trick to {raw}" in labels and not any("\\" in lb for lb in labels)
    # nothing sent pings anybody
    posts = [r for r in fake.requests if r.method in ("POST", "PATCH") and r.json]
    assert posts
    for r in posts:
        assert (r.json or {}).get("allowed_mentions", {"parse": []})["parse"] == []
        assert raw not in str(r.json)


async def test_admin_is_for_manage_server_and_scope_server_needs_a_server(
    fake: FakeDiscord,
) -> None:
    admin = fake.bot.tree.get_command("admin")  # type: ignore[attr-defined]
    assert admin is not None and admin.default_permissions is not None
    assert admin.default_permissions.manage_guild
    synced_before = dict(fake.synced)
    fake.in_dm.add(int(fake.owner["id"]))
    ex = await fake.slash("admin sync", user=fake.owner, scope="server")
    assert ex.ephemeral and "run it in a server" in ex.content
    assert fake.synced == synced_before  # no global sync


def test_no_runtime_assert_in_the_bot() -> None:
    found = []
    for folder in ("bot", "cogs", "storage"):
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text())
            found += [f"{path}:{n.lineno}" for n in ast.walk(tree) if isinstance(n, ast.Assert)]
    assert not found, found


async def test_a_cog_that_cannot_be_imported_stops_the_start(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(app, "EXTENSIONS", (*app.EXTENSIONS, "cogs.does_not_exist"))
    fake = FakeDiscord()
    bot = create_bot(Config(token="fake", database_path=tmp_path / "b.sqlite3"))
    with pytest.raises(commands.ExtensionNotFound):
        await fake.start(bot)
    await bot.close()
    fake.errors.records.clear()


def test_run_reports_the_reason_and_exits(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    async def broken(bot: Any, token: str) -> None:
        raise commands.ExtensionFailed("cogs.play", ImportError("no module named x"))

    monkeypatch.setattr(app, "_run", broken)
    monkeypatch.setattr(app, "setup_logging", lambda config: None)
    assert app.run(Config(token="t")) == 4
    assert "cogs.play" in capsys.readouterr().err


async def test_a_failing_computer_player_is_loud_not_random(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import bot.games as games
    import bot.tables.computer as computer
    from bot.tables.models import Level

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ValueError("boom")

    monkeypatch.setattr(computer, "_chooser", broken)
    state = games.new_game("hurricane", seed=1, players=2, options={})
    with pytest.raises(computer.ComputerPlayerError, match="boom"):
        await computer.choose_move(
            "hurricane", state, state.current_player or 0, Level.EASY, seed=1
        )
    monkeypatch.setattr(computer, "_chooser", lambda *a, **k: "not a move")
    with pytest.raises(computer.ComputerPlayerError, match="not a legal move"):
        await computer.choose_move(
            "hurricane", state, state.current_player or 0, Level.EASY, seed=1
        )


async def test_stats_commands_answer_in_time_with_slow_storage(make_fake: FakeFactory) -> None:
    """/leaderboard, /stats and /history at once (three people), each waiting on storage."""
    fake = await make_fake()
    storage: Any = fake.bot.storage  # type: ignore[attr-defined]
    for name in ("leaderboard", "rank_of", "player_stats", "history"):
        real = getattr(storage, name)

        async def sleepy(*args: Any, _real: Any = real, **kwargs: Any) -> Any:
            await asyncio.sleep(2.6)  # slow storage
            return await _real(*args, **kwargs)

        setattr(storage, name, sleepy)
    fake.busy = 0.3
    commands = [("leaderboard", {"game": "hurricane"}), ("stats", {}), ("history", {})]
    exchanges = await asyncio.gather(
        *(
            fake.slash(command, user=fake.make_user(f"Ann{i}"), **options)
            for i, (command, options) in enumerate(commands)
        )
    )
    assert not fake.violations, fake.violations  # acknowledged within 3 s
    for ex in exchanges:
        assert ex.callback_type == 5 and ex.ephemeral
        assert ex.followups and ex.followups[0].json.get("embeds")


async def test_a_leaderboard_page_answers_in_time_with_slow_storage(make_fake: FakeFactory) -> None:
    fake = await make_fake()
    ann = fake.make_user("Ann")
    ex = await fake.slash("leaderboard", user=ann, game="hurricane")
    board = ex.message
    assert board is not None
    storage: Any = fake.bot.storage  # type: ignore[attr-defined]
    real = storage.leaderboard

    async def sleepy(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(2.6)
        return await real(*args, **kwargs)

    storage.leaderboard = sleepy
    ids = [c["custom_id"] for row in board["components"] for c in row["components"]]
    me = next(i for i in ids if i.endswith(":me"))
    ex = await fake.click(board, me, user=ann)
    assert not fake.violations, fake.violations
    assert ex.callback_type == 6
    _ = discord  # the harness is discord.py's own


def test_storage_that_cannot_be_imported_stops_the_start(
    monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    def missing(self: Any) -> Any:
        raise ImportError("No module named 'asyncpg'")

    monkeypatch.setattr(app.CardBot, "_default_storage", missing)
    monkeypatch.setattr(app, "setup_logging", lambda config: None)
    assert app.run(Config(token="t", database_url="postgresql://u@h/db")) == 4
    assert "asyncpg" in capsys.readouterr().err
