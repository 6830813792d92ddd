"""Persistence behind the ``Storage`` protocol: ``SqliteStorage`` (aiosqlite, the default) and
``PostgresStorage`` (asyncpg, ``DATABASE_URL=postgresql://…``), sharing their queries
(``storage.sql``). This package takes plain values (a path, a URL) and imports nothing of ``bot``.

Ratings
-------
Every finished game updates a skill rating per server and per game (the Hurricane presets share
one board). The bot uses openskill's Plackett-Luce model — a Bayesian rating in the family of
TrueSkill — rather than Elo or Glicko-2, because it rates any number of sides of any size from one
finishing order: a 2-player game is two sides of one; 3-player Haggis ranks the winner first and
the others by final score; in Hurricane ``pairs`` both partners share their team's result, and
each moves according to how sure the bot already is about them; a draw ties everyone. Each player
starts at mu 25, sigma 25/3, and the number shown is the cautious estimate mu - 3·sigma on a
familiar scale: ``1000 + 40 × (mu - 3·sigma)``, so a newcomer shows 1000 and climbs as wins make
the bot confident. Resignations and forfeits count as losses for that side (its opponents win);
an abandoned game is kept in the history but rates nobody. Computer players are rated like
everyone else (one id per level) but are left off the leaderboards.
"""

from __future__ import annotations

from pathlib import Path

from .base import Storage, StorageError, TableConflict
from .sqlite import DEFAULT_PATH, SqliteStorage

__all__ = [
    "DEFAULT_PATH",
    "SqliteStorage",
    "Storage",
    "StorageError",
    "TableConflict",
    "create_storage",
    "is_postgres_url",
]


def is_postgres_url(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def create_storage(
    *, database_url: str | None = None, database_path: str | Path = DEFAULT_PATH
) -> Storage:
    """The backend the settings ask for: PostgreSQL for a ``postgresql://`` URL, else the SQLite
    file at ``database_path``. Not opened yet."""
    if database_url:
        if not is_postgres_url(database_url):
            raise StorageError("DATABASE_URL must start with postgresql:// (or postgres://)")
        from .postgres import PostgresStorage  # asyncpg is loaded only when it is used

        return PostgresStorage(database_url)
    return SqliteStorage(database_path)
