"""Seasons: a server's named stretch of time and its leaderboards.

A finished game is filed under the season open in its server when it is recorded
(``games.season_id``, set in ``results``' insert). The running season's board is counted from
its games at query time (one server's one game over one season: a bounded scan of the
``games_by_season`` index) with the players' current ratings; when the season ends the board of
every game is archived in ``season_standings`` and read from there. Starting a season may reset
the server's ratings (counters stay: the all-time board keeps its history).
"""

from __future__ import annotations

import uuid
from typing import Any

from ..models import SEASON_METRICS, LeaderboardRow, Metric, SeasonRecord
from ..rating import MU0, SIGMA0, display_rating
from .db import Db, SqlBase
from .leaderboards import leaderboard_row, order_by

_SEASON_COLUMNS = "season_id, guild_id, name, started_at, ended_at, reset_ratings"

# One season's board of one game, counted from its games.
_LIVE = (
    "SELECT s.user_id AS user_id, MAX(s.name) AS name, MAX(s.is_bot) AS is_bot, "
    "COUNT(*) AS games, "
    "SUM(CASE WHEN s.outcome = 'win' THEN 1 ELSE 0 END) AS wins, "
    "SUM(CASE WHEN s.outcome = 'loss' THEN 1 ELSE 0 END) AS losses, "
    "SUM(CASE WHEN s.outcome = 'draw' THEN 1 ELSE 0 END) AS draws, "
    "SUM(CASE WHEN s.outcome = 'win' THEN (CASE WHEN g.double_win = 1 THEN 2 ELSE 1 END) "
    "ELSE 0 END) AS points, "
    "COALESCE(MAX(st.rating), ?) AS rating, 0 AS streak, 0 AS best_streak, 0 AS chips "
    "FROM games g JOIN game_seats s ON s.game_id = g.game_id "
    "LEFT JOIN standings st ON st.guild_id = g.guild_id AND st.game = g.game "
    "AND st.user_id = s.user_id "
    "WHERE g.guild_id = ? AND g.season_id = ? AND g.game = ? AND g.rated = 1 "
    "GROUP BY s.user_id"
)
_ARCHIVED = (
    "SELECT user_id, name, is_bot, games, wins, losses, draws, points, rating, "
    "0 AS streak, 0 AS best_streak, 0 AS chips FROM season_standings "
    "WHERE season_id = ? AND game = ?"
)


def _season(row: Any) -> SeasonRecord:
    return SeasonRecord(
        season_id=row["season_id"],
        guild_id=int(row["guild_id"]),
        name=row["name"],
        started_at=float(row["started_at"]),
        ended_at=None if row["ended_at"] is None else float(row["ended_at"]),
        reset_ratings=bool(row["reset_ratings"]),
    )


class SeasonQueries(SqlBase):
    """``seasons`` and ``season_standings``."""

    async def start_season(
        self, guild_id: int, name: str, at: float, reset_ratings: bool = False
    ) -> SeasonRecord | None:
        """Open a season (and reset the server's ratings if asked); None, with nothing changed,
        when one is already open or the name was used before in this server."""
        season = SeasonRecord(uuid.uuid4().hex, guild_id, name, at, None, reset_ratings)

        async def body(db: Db) -> bool:
            clash = await db.fetchone(
                "SELECT 1 FROM seasons WHERE guild_id = ? AND (ended_at IS NULL OR name = ?)",
                (guild_id, name),
            )
            if clash is not None:
                return False
            await db.execute(
                f"INSERT INTO seasons ({_SEASON_COLUMNS}) VALUES (?, ?, ?, ?, NULL, ?)",
                (season.season_id, guild_id, name, at, int(reset_ratings)),
            )
            if reset_ratings:
                await db.execute(
                    "UPDATE standings SET mu = ?, sigma = ?, rating = ?, updated_at = ? "
                    "WHERE guild_id = ?",
                    (MU0, SIGMA0, display_rating(MU0, SIGMA0), at, guild_id),
                )
            return True

        return season if await self._write("start the season", body) else None

    async def end_season(self, guild_id: int, at: float) -> SeasonRecord | None:
        """Close the open season, archiving every game's board; None if none is open."""

        async def body(db: Db) -> SeasonRecord | None:
            row = await db.fetchone(
                f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? AND ended_at IS NULL"
                f"{self.FOR_UPDATE}",
                (guild_id,),
            )
            if row is None:
                return None
            season = _season(row)
            games = await db.fetchall(
                "SELECT DISTINCT game FROM games WHERE guild_id = ? AND season_id = ?",
                (guild_id, season.season_id),
            )
            for g in games:
                rows = await db.fetchall(
                    _LIVE, (display_rating(MU0, SIGMA0), guild_id, season.season_id, g["game"])
                )
                await db.executemany(
                    "INSERT INTO season_standings (season_id, game, user_id, name, is_bot, games, "
                    "wins, losses, draws, points, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            season.season_id,
                            g["game"],
                            r["user_id"],
                            r["name"],
                            int(r["is_bot"]),
                            int(r["games"]),
                            int(r["wins"]),
                            int(r["losses"]),
                            int(r["draws"]),
                            int(r["points"]),
                            float(r["rating"]),
                        )
                        for r in rows
                    ],
                )
            await db.execute(
                "UPDATE seasons SET ended_at = ? WHERE season_id = ?", (at, season.season_id)
            )
            return SeasonRecord(
                season.season_id, guild_id, season.name, season.started_at, at, season.reset_ratings
            )

        return await self._write("end the season", body)

    async def current_season(self, guild_id: int) -> SeasonRecord | None:
        row = await self._read(
            lambda db: db.fetchone(
                f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? AND ended_at IS NULL",
                (guild_id,),
            )
        )
        return None if row is None else _season(row)

    async def seasons(self, guild_id: int) -> list[SeasonRecord]:
        """Every season of the server, newest first."""
        rows = await self._read(
            lambda db: db.fetchall(
                f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? "
                "ORDER BY started_at DESC, name",
                (guild_id,),
            )
        )
        return [_season(r) for r in rows]

    async def season_leaderboard(
        self,
        season: SeasonRecord,
        game: str,
        metric: Metric = Metric.RATING,
        *,
        limit: int = 10,
        offset: int = 0,
        include_bots: bool = False,
    ) -> list[LeaderboardRow]:
        """One page of a season's board of a game, best first (the ``ORDERINGS`` tie-breaks)."""
        metric = Metric(metric)
        if metric not in SEASON_METRICS:
            raise ValueError(f"a season's board cannot be ordered by {metric.value}")
        if limit < 0 or offset < 0:
            raise ValueError("limit and offset must not be negative")
        bots = "" if include_bots else " WHERE is_bot = 0"
        if season.ended_at is None:
            inner = _LIVE
            params: tuple[Any, ...] = (
                display_rating(MU0, SIGMA0),
                season.guild_id,
                season.season_id,
                game,
            )
        else:
            inner, params = _ARCHIVED, (season.season_id, game)
        sql = f"SELECT * FROM ({inner}) AS board{bots} ORDER BY {order_by(metric)} LIMIT ? OFFSET ?"
        rows = await self._read(lambda db: db.fetchall(sql, (*params, limit, offset)))
        return [leaderboard_row(offset + i + 1, r) for i, r in enumerate(rows)]
