"""Reads for the web pages (``bot.web``): which games a server has boards of, a player's rating
over time, one finished game's summary. Each is a few index seeks, so a page costs the same at a
million results as at ten."""

from __future__ import annotations

from .db import Db, SqlBase

MAX_GAMES = 32  # boards per server listed (there are a handful of games)


class WebQueries(SqlBase):
    """``guild_games``, ``rating_history``, ``game_summary``."""

    async def guild_games(self, guild_id: int) -> list[str]:
        """The games that have a board in this server, by name: one seek per game along the
        standings' primary key (a loose index scan), not a scan of the server's standings."""

        async def read(db: Db) -> list[str]:
            found: list[str] = []
            after = ""
            for _ in range(MAX_GAMES):
                row = await db.fetchone(
                    "SELECT game FROM standings WHERE guild_id = ? AND game > ? "
                    "ORDER BY game LIMIT 1",
                    (guild_id, after),
                )
                if row is None:
                    break
                after = str(row["game"])
                found.append(after)
            return found

        return await self._read(read)

    async def rating_history(
        self, guild_id: int, user_id: int, game: str, limit: int = 200
    ) -> list[tuple[float, float]]:
        """(ended_at, rating after it) of the user's last ``limit`` rated games of ``game`` here,
        oldest first (games recorded before ratings were kept per game are left out)."""

        async def read(db: Db) -> list[tuple[float, float]]:
            rows = await db.fetchall(
                "SELECT s.ended_at, s.rating FROM game_seats s "
                "JOIN games g ON g.game_id = s.game_id "
                "WHERE s.guild_id = ? AND s.user_id = ? AND g.game = ? AND s.rating IS NOT NULL "
                "ORDER BY s.ended_at DESC, s.game_id DESC LIMIT ?",
                (guild_id, user_id, game, limit),
            )
            return [(float(r["ended_at"]), float(r["rating"])) for r in reversed(rows)]

        return await self._read(read)
