"""Starting the bot on an unusable database: it refuses with a clear message, touches nothing and never
contacts Discord (storage is opened before any connection)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import bot.app as app
from bot.config import Config

# Runs ``python -m bot``'s own entry point with every aiohttp request and socket connection made
# impossible: if the bot tried to reach Discord before refusing the database, it would exit 99.
NO_NETWORK_MAIN = textwrap.dedent(
    """
    import os, socket, sys
    import aiohttp

    def _no_network(*args, **kwargs):
        print("NETWORK TOUCHED", file=sys.stderr)
        os._exit(99)

    aiohttp.ClientSession._request = _no_network
    aiohttp.ClientSession.ws_connect = _no_network
    socket.create_connection = _no_network
    from bot.__main__ import main
    sys.exit(main())
    """
)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_python_m_bot_refuses_a_corrupt_database_before_any_connection(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    db = data / "bot.sqlite3"
    db.write_bytes(b"this is not a database, just some garbage bytes\x00\x01" * 200)
    before = _files(data)
    env = {
        k: v for k, v in os.environ.items() if k not in ("DEV_GUILD_ID", "LOG_LEVEL", "OWNER_IDS")
    }
    env.update(DISCORD_TOKEN="x", DATABASE_PATH=str(db))
    proc = subprocess.run(
        [sys.executable, "-c", NO_NETWORK_MAIN],
        cwd=tmp_path,  # no .env of the project is read
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "NETWORK TOUCHED" not in proc.stderr
    assert proc.returncode == 3, proc.stderr
    assert "The bot will not start" in proc.stderr
    assert "not a usable SQLite database" in proc.stderr
    assert str(db) in proc.stderr
    assert "Traceback" not in proc.stderr
    assert _files(data) == before  # nothing touched, no -wal/-shm left behind


def test_run_refuses_a_database_from_a_newer_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "bot.sqlite3"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE future (x)")
    con.execute("PRAGMA user_version = 999")
    con.commit()
    con.close()
    before = _files(tmp_path)

    async def no_login(self: Any, token: str) -> None:
        raise AssertionError("the bot contacted Discord before checking its database")

    monkeypatch.setattr(app.CardBot, "login", no_login)
    monkeypatch.setattr(app.discord.utils, "setup_logging", lambda **kw: None)
    code = app.run(Config(token="x", database_path=db))
    err = capsys.readouterr().err
    assert code == 3
    assert "schema version 999, newer than this bot knows" in err
    assert _files(tmp_path) == before


def _start(tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` with these settings (and no network: reaching Discord exits 99)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEV_GUILD_ID", "LOG_LEVEL", "OWNER_IDS", "TURN_TIMER_SECONDS", "DATABASE_URL")
    }
    env.update({"DISCORD_TOKEN": "x", "DATABASE_PATH": str(tmp_path / "db.sqlite3")} | settings)
    return subprocess.run(
        [sys.executable, "-c", NO_NETWORK_MAIN],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_an_unusable_database_path_is_named_with_the_reason(tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("not a folder")
    for path, reason in (
        (tmp_path / "afile" / "bot.sqlite3", "File exists"),  # its folder cannot be created
        (tmp_path, "is a folder"),
        (Path("/proc/version"), "unable to open database file"),  # cannot be opened
    ):
        proc = _start(tmp_path, DATABASE_PATH=str(path))
        assert proc.returncode == 3, proc.stderr
        assert "The bot will not start" in proc.stderr and str(path) in proc.stderr
        assert reason in proc.stderr
        assert "Cannot reach Discord" not in proc.stderr and "NETWORK TOUCHED" not in proc.stderr
        assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("TURN_TIMER_SECONDS", "2m", "TURN_TIMER_SECONDS must be a number (of seconds"),
        ("TURN_TIMER_SECONDS", "9000", "between 0 (no timer) and 3600 seconds, not 9000"),
        ("TURN_TIMER_SECONDS", "-5", "between 0 (no timer) and 3600 seconds, not -5"),
        ("OWNER_IDS", "123, alice", "OWNER_IDS must list Discord user ids"),
    ],
)
def test_bad_settings_say_what_is_wrong_at_start(
    tmp_path: Path, name: str, value: str, message: str
) -> None:
    proc = _start(tmp_path, **{name: value})
    assert proc.returncode == 2
    assert proc.stderr.startswith("Configuration error: ") and message in proc.stderr
    assert "Traceback" not in proc.stderr and "NETWORK TOUCHED" not in proc.stderr


def test_settings_in_range_are_read() -> None:
    config = Config.from_env(
        {"DISCORD_TOKEN": "x", "TURN_TIMER_SECONDS": "0", "OWNER_IDS": "12, 34 56"}
    )
    assert config.turn_timer_seconds == 0 and config.owner_ids == {12, 34, 56}
    assert Config.from_env({"TURN_TIMER_SECONDS": "3600"}).turn_timer_seconds == 3600


def test_no_voice_library_warnings(tmp_path: Path) -> None:
    proc = _start(tmp_path)  # a good database: the bot gets as far as contacting Discord
    assert proc.returncode == 99 and "NETWORK TOUCHED" in proc.stderr
    assert "PyNaCl" not in proc.stderr and "davey" not in proc.stderr
    assert "voice" not in proc.stderr.lower()
