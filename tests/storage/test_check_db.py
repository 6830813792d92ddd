"""``python -m bot check-db``, and the settings that choose the backend."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Config, ConfigError

from .test_migrations import damaged


def check_db(path: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DISCORD_TOKEN")}
    env["DATABASE_PATH"] = str(path)
    return subprocess.run(
        [sys.executable, "-m", "bot", "check-db"],
        env=env,
        cwd=path.parent,
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_check_db_reports_a_sound_database(tmp_path: Path) -> None:
    path = tmp_path / "data" / "bot.sqlite3"
    from storage.sqlite import SqliteStorage

    s = SqliteStorage(path)
    await s.open()
    await s.close()
    proc = check_db(path)
    assert proc.returncode == 0, proc.stderr
    assert "ok (full check" in proc.stdout


async def test_check_db_finds_what_the_start_does_not_look_for(db_path: Path) -> None:
    await damaged(db_path)
    proc = check_db(db_path)
    assert proc.returncode == 1, proc.stderr
    assert "problem(s) found" in proc.stdout


def test_check_db_without_a_database_says_so(tmp_path: Path) -> None:
    proc = check_db(tmp_path / "missing.sqlite3")
    assert proc.returncode == 2
    assert "does not exist" in proc.stderr


def test_database_url_selects_postgresql_and_must_be_one() -> None:
    config = Config.from_env({"DATABASE_URL": " postgresql://bot@db/cards "})
    assert config.database_url == "postgresql://bot@db/cards"
    assert Config.from_env({}).database_url is None  # SQLite stays the default
    with pytest.raises(ConfigError, match="DATABASE_URL must be a PostgreSQL URL"):
        Config.from_env({"DATABASE_URL": "sqlite:///x.db"})
