"""Runtime configuration, read from the environment (and a ``.env`` file, via python-dotenv)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

TOKEN_HELP = (
    "DISCORD_TOKEN is not set.\n"
    "Create a bot at https://discord.com/developers/applications (New Application -> Bot -> "
    "Reset Token), then either export DISCORD_TOKEN=<token> or put DISCORD_TOKEN=<token> in a "
    ".env file in this folder, and run `python -m bot` again.\n"
    "To try the games without Discord: python -m bot play hurricane"
)


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says which and how to fix it."""


def _int_or_none(env: Mapping[str, str], key: str) -> int | None:
    raw = env.get(key, "").strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise ConfigError(f"{key} must be a number (a Discord id), not {raw!r}") from None


@dataclass(frozen=True)
class Config:
    token: str | None = None
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    database_path: Path = Path("data/bot.sqlite3")
    database_url: str | None = None  # postgresql://… selects PostgreSQL; unset: SQLite at the path
    turn_timer_seconds: int = 120
    owner_ids: frozenset[int] = field(default_factory=frozenset)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        if env is None:
            load_dotenv()
            env = os.environ
        owners = frozenset(
            int(part)
            for part in env.get("OWNER_IDS", "").replace(",", " ").split()
            if part.isdigit()
        )
        timer = _int_or_none(env, "TURN_TIMER_SECONDS")
        url = env.get("DATABASE_URL", "").strip() or None
        if url is not None and not url.startswith(("postgresql://", "postgres://")):
            raise ConfigError(
                "DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host/db); "
                "leave it unset to use the SQLite file at DATABASE_PATH"
            )
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip() or None,
            dev_guild_id=_int_or_none(env, "DEV_GUILD_ID"),
            log_level=env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            database_path=Path(env.get("DATABASE_PATH", "").strip() or "data/bot.sqlite3"),
            database_url=url,
            turn_timer_seconds=timer if timer is not None else 120,
            owner_ids=owners,
        )
