"""The storage interface. ``SqliteStorage`` (aiosqlite, the default) and ``PostgresStorage``
(asyncpg, for several bot processes on one database) implement it; cogs and the table layer see
only this Protocol."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .models import (
    GameLog,
    GameRecord,
    GameSummary,
    LeaderboardRow,
    Metric,
    MoveRecord,
    PersonalStats,
    PlayerStats,
    TableSnapshot,
    TurnNotice,
)


class StorageError(Exception):
    """The database cannot be used (corrupt, newer than this code, unwritable); the message says why."""


class TableConflict(StorageError):
    """A table write lost the optimistic version check: another process has loaded (claimed) or
    changed this table since this process last read or wrote it, so this process must not write
    it any more. Nothing was written."""


class Storage(Protocol):
    async def open(self) -> None:
        """Connect and apply migrations; raise StorageError for a corrupt or too-new database.
        Only cheap checks run here; ``check()`` is the full one."""

    async def close(self) -> None: ...

    async def check(self) -> list[str]:
        """A full consistency check of the database (slow on a big file): the problems found,
        [] when it is sound. ``python -m bot check-db`` runs it."""

    async def save_table(self, snapshot: TableSnapshot, move: MoveRecord | None = None) -> None:
        """Write the whole snapshot (and the move's log entry, if any) in ONE transaction.
        ``snapshot.move_no`` tells how many logged moves the data already includes. Raises
        TableConflict if another process owns the table now."""

    async def append_move(self, channel_id: int, move: MoveRecord) -> None:
        """Log one move of the table's game without rewriting its snapshot: a restore replays it
        on top of the last snapshot. Its cost does not grow with the game. Raises TableConflict
        if another process owns the table now."""

    async def load_tables(
        self, guild_filter: Callable[[int], bool] | None = None
    ) -> list[TableSnapshot]:
        """Every unfinished table (of the guilds ``guild_filter`` accepts, e.g. one shard's), to
        resume at start-up, each with its game's whole move log in ``moves``. Loading claims the
        tables: a process that loaded them earlier can no longer write them (TableConflict)."""

    async def delete_table(self, channel_id: int) -> None: ...

    async def finish_game(
        self,
        record: GameRecord,
        snapshot_channel_id: int | None = None,
        move: MoveRecord | None = None,
    ) -> bool:
        """Record a finished game (result, ratings, stats), log its last move and delete the table
        snapshot, all in one transaction. Returns False (and changes nothing) if ``game_id`` was
        already recorded."""

    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        metric: Metric = Metric.RATING,
        *,
        limit: int = 10,
        offset: int = 0,
        include_bots: bool = False,
    ) -> list[LeaderboardRow]: ...

    async def rank_of(
        self,
        guild_id: int,
        game: str,
        user_id: int,
        metric: Metric = Metric.RATING,
        *,
        include_bots: bool = False,
    ) -> LeaderboardRow | None:
        """The user's row and rank on that leaderboard (``include_bots`` added: rank among
        everyone, computer players included); None if they have no standing there."""

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerStats]: ...

    async def history(
        self, guild_id: int, user_id: int | None, limit: int = 10
    ) -> list[GameSummary]: ...

    async def personal_stats(self, user_id: int) -> list[PersonalStats]:
        """The user's own record: their games outside servers (the bot's DM, group DMs), wherever
        played, added up per game (no rating: ratings are per place), with their last few."""

    async def personal_history(self, user_id: int, limit: int = 10) -> list[GameSummary]:
        """The user's finished games outside servers, wherever played, most recent first."""

    async def game_log(self, game_id: str) -> GameLog | None: ...

    async def get_setting(self, key: str) -> str | None:
        """A value the bot stored about itself (``set_setting``), None if never set."""

    async def set_setting(self, key: str, value: str) -> None:
        """Store (or replace) a small key/value fact, e.g. the hash of the synced command tree."""

    async def get_guild_language(self, guild_id: int) -> str | None:
        """The language a server chose for its public messages (``/settings language``), or None:
        it follows its own Discord language."""

    async def set_guild_language(self, guild_id: int, lang: str | None) -> None:
        """Choose a server's language (``"en"``, ``"ru"``); None forgets the choice."""

    async def get_guild_web(self, guild_id: int) -> bool:
        """Whether a server turned its web pages on (``/settings web public:on``); False if never."""

    async def set_guild_web(self, guild_id: int, public: bool) -> None:
        """Turn a server's web pages on or off."""

    async def guild_games(self, guild_id: int) -> list[str]:
        """The games with a leaderboard in this server, by name."""

    async def rating_history(
        self, guild_id: int, user_id: int, game: str, limit: int = 200
    ) -> list[tuple[float, float]]:
        """(ended_at, rating after that game) of the user's last rated games, oldest first."""

    async def game_summary(self, game_id: str) -> GameSummary | None:
        """One finished game's summary (None: no finished game has that id)."""

    async def get_notification_mode(self, user_id: int) -> str | None:
        """The player's choice of turn notices (``correspondence``, ``all``, ``off``), or None:
        never chosen (the default applies)."""

    async def set_notification_mode(self, user_id: int, mode: str) -> None: ...

    async def turn_notices(self, channel_id: int) -> list[TurnNotice]:
        """The latest turn notice of the table in ``channel_id`` to each of its players."""

    async def save_turn_notice(self, notice: TurnNotice) -> None:
        """Store (or replace) the latest notice of that table to that player."""

    async def forget_turn_notices(self, channel_id: int) -> None:
        """Drop a table's notices (its game ended and every notice says so)."""
