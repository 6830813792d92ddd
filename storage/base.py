"""The storage interface. aiosqlite implements it; a PostgreSQL backend can implement it later
without touching cogs or the table layer."""

from __future__ import annotations

from typing import Protocol

from .models import (
    GameLog,
    GameRecord,
    GameSummary,
    LeaderboardRow,
    Metric,
    MoveRecord,
    PlayerStats,
    TableSnapshot,
)


class StorageError(Exception):
    """The database cannot be used (corrupt, newer than this code, unwritable); the message says why."""


class Storage(Protocol):
    async def open(self) -> None:
        """Connect and apply migrations; raise StorageError for a corrupt or too-new database."""

    async def close(self) -> None: ...

    async def save_table(self, snapshot: TableSnapshot, move: MoveRecord | None = None) -> None:
        """Write the snapshot (and the move's log entry, if any) in ONE transaction."""

    async def load_tables(self) -> list[TableSnapshot]:
        """Every unfinished table, to resume at start-up."""

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

    async def game_log(self, game_id: str) -> GameLog | None: ...
