"""Reads for the web pages (``bot.web``): which games a server has boards of, a player's rating
over time, one finished game's summary. Each is a few index seeks, so a page costs the same at a
million results as at ten."""

from __future__ import annotations

import asyncio
import json

from ..models import GamePage
from ..outcomes import replay_ratings
from .db import Db, SqlBase, dumps

# The last game of a place's board whose rated seat has no stored rating (recorded before seats
# kept theirs; a user seated twice is never rated, so is no gap).
_LAST_UNRATED = (
    "SELECT MAX(g.ended_at) AS last FROM games g JOIN game_seats s ON s.game_id = g.game_id "
    "WHERE g.guild_id = ? AND g.game = ? AND g.rated = 1 AND s.rating IS NULL "
    "AND s.outcome <> 'none' AND NOT EXISTS (SELECT 1 FROM game_seats t "
    "WHERE t.game_id = s.game_id AND t.user_id = s.user_id AND t.seat <> s.seat)"
)
MAX_GAMES = 32  # boards per server listed (there are a handful of games)


class WebQueries(SqlBase):
    """``guild_games``, ``rating_history``, ``game_page``/``save_game_page``."""

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

    async def game_page(self, game_id: str, lang: str) -> GamePage | None:
        """One primary-key read: the page summary a game's first visit needs (no move log)."""
        row = await self._read(
            lambda db: db.fetchone(
                "SELECT format, guild_id, moves, data, built_at FROM game_pages "
                "WHERE game_id = ? AND lang = ?",
                (game_id, lang),
            )
        )
        if row is None:
            return None
        return GamePage(
            game_id=game_id,
            lang=lang,
            format=int(row["format"]),
            guild_id=int(row["guild_id"]),
            moves=int(row["moves"]),
            data=json.loads(row["data"]),
            built_at=float(row["built_at"]),
        )

    async def save_game_page(self, page: GamePage) -> None:
        data = dumps(page.data, f"the page of game {page.game_id}")

        async def body(db: Db) -> int:
            return await db.execute(
                "INSERT INTO game_pages (game_id, lang, format, guild_id, moves, data, built_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, lang) DO UPDATE SET "
                "format = excluded.format, guild_id = excluded.guild_id, "
                "moves = excluded.moves, data = excluded.data, built_at = excluded.built_at",
                (
                    page.game_id,
                    page.lang,
                    page.format,
                    page.guild_id,
                    page.moves,
                    data,
                    page.built_at,
                ),
            )

        await self._autocommit("store a game's web page", body)

    async def backfill_ratings(self, guild_id: int, game: str) -> int:
        """Give the seats of games recorded before seats stored their rating (the player page's
        chart) the rating they had after that game: the place's rated games of ``game`` replayed
        from the first through the same openskill update, in the order they ended, up to the
        last such game (``storage.outcomes.replay_ratings``, in a worker thread). Only missing
        ratings are written. Returns how many seats got one."""

        async def bound(db: Db) -> float | None:
            row = await db.fetchone(_LAST_UNRATED, (guild_id, game))
            return None if row is None or row["last"] is None else float(row["last"])

        last = await self._read(bound)
        if last is None:
            return 0
        rows = await self._read(
            lambda db: db.fetchall(
                "SELECT s.game_id, s.seat, s.user_id, s.name, s.is_bot, s.team, s.score, "
                "s.outcome, s.rating FROM games g JOIN game_seats s ON s.game_id = g.game_id "
                "WHERE g.guild_id = ? AND g.game = ? AND g.rated = 1 AND g.ended_at <= ? "
                "ORDER BY g.ended_at, g.game_id, s.seat",
                (guild_id, game, last),
            )
        )
        seats = [
            (
                str(r["game_id"]),
                int(r["seat"]),
                int(r["user_id"]),
                str(r["name"]),
                bool(r["is_bot"]),
                None if r["team"] is None else int(r["team"]),
                int(r["score"]),
                str(r["outcome"]),
                None if r["rating"] is None else float(r["rating"]),
            )
            for r in rows
        ]
        filled = await asyncio.to_thread(replay_ratings, seats)
        if not filled:
            return 0

        async def body(db: Db) -> int:
            await db.executemany(
                "UPDATE game_seats SET rating = ? WHERE game_id = ? AND seat = ? "
                "AND rating IS NULL",
                filled,
            )
            return len(filled)

        return await self._write("fill in older games' ratings", body)
