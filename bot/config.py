"""Runtime configuration, read from the environment (and a ``.env`` file, via python-dotenv)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby
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


def _int_or_none(env: Mapping[str, str], key: str, what: str | None = None) -> int | None:
    raw = env.get(key, "").strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        what = what or ("a Discord id" if key.endswith("_ID") else "a whole number")
        raise ConfigError(f"{key} must be a number ({what}), not {raw!r}") from None


def _analysis_samples(env: Mapping[str, str]) -> int | None:
    what = "of expert's iterations and worlds per analysed move, 1 or more"
    samples = _int_or_none(env, "ANALYSIS_SAMPLES", what)
    if samples is not None and samples < 1:
        raise ConfigError(f"ANALYSIS_SAMPLES must be 1 or more (a number {what}), not {samples}")
    return samples


def parse_shard_ids(raw: str, shard_count: int) -> tuple[int, ...]:
    """``SHARD_IDS`` as a sorted tuple: ranges and single ids separated by commas (``0-3``,
    ``0,2,5``, ``0-1,4``), each below ``shard_count``, none twice. ConfigError says what is wrong."""
    ids: list[int] = []
    for part in raw.replace(" ", "").split(","):
        if not part:
            raise ConfigError(f"SHARD_IDS has an empty item in {raw!r} (write e.g. 0-3 or 0,2,5)")
        first, dash, last = part.partition("-")
        try:
            lo = int(first)
            hi = int(last) if dash else lo
        except ValueError:
            raise ConfigError(
                f"SHARD_IDS item {part!r} is not a shard number or a range like 0-3"
            ) from None
        if lo < 0 or hi < lo:
            raise ConfigError(f"SHARD_IDS range {part!r} must go up from 0 or more (e.g. 2-5)")
        ids.extend(range(lo, hi + 1))
    if len(set(ids)) != len(ids):
        raise ConfigError(f"SHARD_IDS {raw!r} names a shard more than once")
    too_big = [i for i in ids if i >= shard_count]
    if too_big:
        raise ConfigError(
            f"SHARD_IDS {raw!r} names shard {too_big[0]}, but SHARD_COUNT is {shard_count} "
            f"(shards are numbered 0 to {shard_count - 1})"
        )
    return tuple(sorted(ids))


def format_shard_ids(ids: Sequence[int]) -> str:
    """The shortest ``SHARD_IDS`` text for these ids (``0-3``, ``0,2,5``, ``0-1,4``)."""
    parts: list[str] = []
    # consecutive ids share their distance from their position in the sorted list
    for _, group in groupby(enumerate(sorted(ids)), key=lambda pos_id: pos_id[1] - pos_id[0]):
        run = [i for _, i in group]
        parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ",".join(parts)


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events to."""
    return (guild_id >> 22) % shard_count


MAX_TURN_TIMER = 3600


def _owner_ids(env: Mapping[str, str]) -> frozenset[int]:
    """``OWNER_IDS``: user ids separated by commas or spaces; anything else is an error."""
    parts = env.get("OWNER_IDS", "").replace(",", " ").split()
    bad = [p for p in parts if not p.isdigit()]
    if bad:
        raise ConfigError(
            f"OWNER_IDS must list Discord user ids (numbers, separated by commas or spaces); "
            f"{', '.join(repr(b) for b in bad)} is not one"
        )
    return frozenset(int(p) for p in parts)


def _turn_timer(env: Mapping[str, str]) -> int:
    timer = _int_or_none(env, "TURN_TIMER_SECONDS", "of seconds, 0 for no timer")
    if timer is None:
        return 120
    if not 0 <= timer <= MAX_TURN_TIMER:
        raise ConfigError(
            f"TURN_TIMER_SECONDS must be between 0 (no timer) and {MAX_TURN_TIMER} seconds, "
            f"not {timer}"
        )
    return timer


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


def _switch(env: Mapping[str, str], key: str, default: bool) -> bool:
    raw = env.get(key, "").strip().lower()
    if not raw:
        return default
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    raise ConfigError(f"{key} must be 1 (on) or 0 (off), not {raw!r}")


@dataclass(frozen=True)
class Config:
    # The token and the database URL (it may hold a password) never appear in a repr or a log.
    token: str | None = field(default=None, repr=False)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    database_path: Path = Path("data/bot.sqlite3")
    database_url: str | None = field(default=None, repr=False)  # postgresql://… selects PostgreSQL
    turn_timer_seconds: int = 120
    owner_ids: frozenset[int] = field(default_factory=frozenset)  # in addition to the app's owner
    log_gateway: bool = False  # LOG_GATEWAY=1: allow discord.py's DEBUG lines (they hold tokens)
    # Limits (a clear refusal when reached):
    max_tables_per_server: int = 50  # live tables (lobbies and games) in one server
    max_lobbies_per_member: int = 2  # lobbies one member may host at once
    max_correspondence_tables: int = 20  # correspondence tables one member may sit at per server
    status_cooldown_seconds: float = 30.0  # /table status re-posts per table
    action_rate: int = 10  # /play and clicks per user: at most this many …
    action_per_seconds: float = 5.0  # … in this many seconds
    # The web pages (bot/web): WEB_PORT starts them inside the bot process too (python -m bot
    # web runs them alone); WEB_BASE_URL is the public address the bot links to.
    web_host: str = "127.0.0.1"
    web_port: int | None = None
    web_base_url: str | None = None
    web_trust_proxy: bool = False  # X-Forwarded-For names the client (behind a reverse proxy)
    # Each finished game with a person at it is analysed in the background (bot.tables.
    # analysis_queue: one worker process); ANALYSIS=0 turns it off (/replay then says so).
    analysis: bool = True
    analysis_samples: int | None = (
        None  # ANALYSIS_SAMPLES: expert's iterations and worlds per move (None: the game's)
    )

    def __repr__(self) -> str:
        token = "set (hidden)" if self.token else "unset"
        url = "set (hidden)" if self.database_url else "unset"
        return (
            f"Config(token={token}, dev_guild_id={self.dev_guild_id}, "
            f"log_level={self.log_level!r}, database_path={str(self.database_path)!r}, "
            f"database_url={url}, turn_timer_seconds={self.turn_timer_seconds}, "
            f"owner_ids={sorted(self.owner_ids)}, max_tables_per_server={self.max_tables_per_server}, "
            f"max_lobbies_per_member={self.max_lobbies_per_member}, "
            f"max_correspondence_tables={self.max_correspondence_tables}, "
            f"status_cooldown_seconds={self.status_cooldown_seconds}, "
            f"action_rate={self.action_rate}/{self.action_per_seconds}s, "
            f"shard_count={self.shard_count}, shard_ids={self.shard_ids}, "
            f"web={self.web_host}:{self.web_port}, web_base_url={self.web_base_url!r}, "
            f"analysis={self.analysis}, analysis_samples={self.analysis_samples})"
        )

    __str__ = __repr__
    # Sharding: None/None lets discord.py run every shard Discord recommends in this process.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None  # needs shard_count; None: all of them

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process runs the guild's shard (always, when it runs every shard)."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    @property
    def runs_every_shard(self) -> bool:
        return self.shard_ids is None or self.shard_count == len(self.shard_ids)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        if env is None:
            load_dotenv()
            env = os.environ
        owners = _owner_ids(env)
        timer = _turn_timer(env)
        url = env.get("DATABASE_URL", "").strip() or None
        if url is not None and not url.startswith(("postgresql://", "postgres://")):
            raise ConfigError(
                "DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host/db); "
                "leave it unset to use the SQLite file at DATABASE_PATH"
            )
        shard_count = _int_or_none(env, "SHARD_COUNT")
        if shard_count is not None and shard_count < 1:
            raise ConfigError(f"SHARD_COUNT must be 1 or more, not {shard_count}")
        raw_ids = env.get("SHARD_IDS", "").strip()
        shard_ids: tuple[int, ...] | None = None
        if raw_ids:
            if shard_count is None:
                raise ConfigError(
                    "SHARD_IDS needs SHARD_COUNT too: the ids only mean something out of a "
                    "total (e.g. SHARD_COUNT=4 SHARD_IDS=0-1)"
                )
            shard_ids = parse_shard_ids(raw_ids, shard_count)
        web_port = _int_or_none(env, "WEB_PORT", "a TCP port, 1-65535")
        if web_port is not None and not 0 < web_port < 65536:
            raise ConfigError(f"WEB_PORT must be a TCP port between 1 and 65535, not {web_port}")
        base_url = env.get("WEB_BASE_URL", "").strip().rstrip("/") or None
        if base_url is not None and not base_url.startswith(("https://", "http://")):
            raise ConfigError(
                f"WEB_BASE_URL must be the site's public address, like https://cards.example.org, "
                f"not {base_url!r}"
            )
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip() or None,
            dev_guild_id=_int_or_none(env, "DEV_GUILD_ID"),
            log_level=env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            database_path=Path(env.get("DATABASE_PATH", "").strip() or "data/bot.sqlite3"),
            database_url=url,
            turn_timer_seconds=timer,
            owner_ids=owners,
            log_gateway=env.get("LOG_GATEWAY", "").strip() in ("1", "true", "yes"),
            max_tables_per_server=int(_positive(env, "MAX_TABLES_PER_SERVER", 50)),
            max_lobbies_per_member=int(_positive(env, "MAX_LOBBIES_PER_MEMBER", 2)),
            max_correspondence_tables=int(_positive(env, "MAX_CORRESPONDENCE_TABLES", 20)),
            status_cooldown_seconds=_positive(env, "STATUS_COOLDOWN_SECONDS", 30.0),
            action_rate=int(_positive(env, "ACTION_RATE", 10)),
            action_per_seconds=_positive(env, "ACTION_PER_SECONDS", 5.0),
            shard_count=shard_count,
            shard_ids=shard_ids,
            web_host=env.get("WEB_HOST", "").strip() or "127.0.0.1",
            web_port=web_port,
            web_base_url=base_url,
            web_trust_proxy=env.get("WEB_TRUST_PROXY", "").strip() in ("1", "true", "yes"),
            analysis=_switch(env, "ANALYSIS", True),
            analysis_samples=_analysis_samples(env),
        )
