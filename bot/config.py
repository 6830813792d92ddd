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


def _positive(env: Mapping[str, str], key: str, default: float) -> float:
    raw = env.get(key, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{key} must be a number, not {raw!r}") from None
    if not 0 < value < 10**9:
        raise ConfigError(f"{key} must be a positive number, not {raw!r}")
    return value


@dataclass(frozen=True)
class Config:
    # The token and the database URL (it may hold a password) never appear in a repr or a log.
    token: str | None = field(default=None, repr=False)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    database_path: Path = Path("data/bot.sqlite3")
    database_url: str | None = field(default=None, repr=False)  # postgresql://… selects PostgreSQL
    turn_timer_seconds: int = 120
    owner_ids: frozenset[int] = field(default_factory=frozenset)
    log_gateway: bool = False  # LOG_GATEWAY=1: allow discord.py's DEBUG lines (they hold tokens)
    # Limits (a clear refusal when reached):
    max_tables_per_server: int = 50  # live tables (lobbies and games) in one server
    max_lobbies_per_member: int = 2  # lobbies one member may host at once
    status_cooldown_seconds: float = 30.0  # /table status re-posts per table
    action_rate: int = 10  # /play and clicks per user: at most this many …
    action_per_seconds: float = 5.0  # … in this many seconds

    def __repr__(self) -> str:
        token = "set (hidden)" if self.token else "unset"
        url = "set (hidden)" if self.database_url else "unset"
        return (
            f"Config(token={token}, dev_guild_id={self.dev_guild_id}, "
            f"log_level={self.log_level!r}, database_path={str(self.database_path)!r}, "
            f"database_url={url}, turn_timer_seconds={self.turn_timer_seconds}, "
            f"owner_ids={sorted(self.owner_ids)}, max_tables_per_server={self.max_tables_per_server}, "
            f"max_lobbies_per_member={self.max_lobbies_per_member}, "
            f"status_cooldown_seconds={self.status_cooldown_seconds}, "
            f"action_rate={self.action_rate}/{self.action_per_seconds}s)"
        )

    __str__ = __repr__

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
            log_gateway=env.get("LOG_GATEWAY", "").strip() in ("1", "true", "yes"),
            max_tables_per_server=int(_positive(env, "MAX_TABLES_PER_SERVER", 50)),
            max_lobbies_per_member=int(_positive(env, "MAX_LOBBIES_PER_MEMBER", 2)),
            status_cooldown_seconds=_positive(env, "STATUS_COOLDOWN_SECONDS", 30.0),
            action_rate=int(_positive(env, "ACTION_RATE", 10)),
            action_per_seconds=_positive(env, "ACTION_PER_SECONDS", 5.0),
        )
