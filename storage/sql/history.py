"""Finished games read back: a guild's or a player's recent games, and one game's whole log
(for replays and fair-deal verification)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from ..models import GameLog, GameSummary, SeatRecord
from .db import Db, SqlBase
from .tables import move_record


class HistoryQueries(SqlBase):
    """Recent finished games and the log of one."""

    async def history(
        self, guild_id: int, user_id: int | None, limit: int = 10
    ) -> list[GameSummary]:
        """Finished games in the guild (of one user, or everyone's), most recent first.
        Abandoned games are listed too, with ``ended_by == "abandoned"``."""

        async def read(db: Db) -> list[GameSummary]:
            if user_id is None:
                rows = await db.fetchall(
                    "SELECT game_id FROM games WHERE guild_id = ? "
                    "ORDER BY ended_at DESC, game_id DESC LIMIT ?",
                    (guild_id, limit),
                )
            else:
                rows = await db.fetchall(
                    "SELECT DISTINCT game_id, ended_at FROM game_seats "
                    "WHERE guild_id = ? AND user_id = ? "
                    "ORDER BY ended_at DESC, game_id DESC LIMIT ?",
                    (guild_id, user_id, limit),
                )
            return await summaries(db, [row["game_id"] for row in rows])

        return await self._read(read)

    async def game_summary(self, game_id: str) -> GameSummary | None:
        """One recorded game's result (None if it was never recorded): how a tournament that
        restarted learns the result of a match whose game ended while it was down."""
        found = await self._read(lambda db: summaries(db, [game_id]))
        return found[0] if found else None

    async def game_log(self, game_id: str) -> GameLog | None:
        """Seed, options, seats and every logged action of a finished game, in order: a legacy
        game replays with ``new_game(game, seed=seed, players=players, options=options)`` +
        ``apply``, a ``fair-v1`` one with ``fair=FairSeed.from_hex(server_seed, table_id)``."""

        async def read(db: Db) -> GameLog | None:
            g = await db.fetchone(
                "SELECT game, options, players, seed, rng_version, server_seed, table_id, "
                "guild_id, ended_by, ended_at, in_server FROM games WHERE game_id = ?",
                (game_id,),
            )
            if g is None:
                return None
            seats = await _seats(db, [game_id])
            moves = await db.fetchall(
                "SELECT game_id, move_no, seat, action, at, source FROM moves WHERE game_id = ? "
                "ORDER BY move_no",
                (game_id,),
            )
            return GameLog(
                game_id=game_id,
                game=g["game"],
                options=json.loads(g["options"]),
                players=g["players"],
                seed=g["seed"],
                actions=tuple(move_record(m) for m in moves),
                rng_version=g["rng_version"],
                server_seed=g["server_seed"],
                table_id=g["table_id"],
                guild_id=g["guild_id"],
                seats=tuple(seats.get(game_id, ())),
                ended_by=g["ended_by"],
                ended_at=g["ended_at"],
                in_server=bool(g["in_server"]),
            )

        return await self._read(read)


async def summaries(db: Db, ids: Sequence[str]) -> list[GameSummary]:
    if not ids:
        return []
    marks = ", ".join("?" * len(ids))
    games = await db.fetchall(f"SELECT * FROM games WHERE game_id IN ({marks})", tuple(ids))
    by_game = await _seats(db, ids)
    found = {
        g["game_id"]: GameSummary(
            game_id=g["game_id"],
            game=g["game"],
            options=json.loads(g["options"]),
            ended_at=g["ended_at"],
            seats=tuple(by_game.get(g["game_id"], ())),
            scores=tuple(json.loads(g["scores"])),
            winners=tuple(json.loads(g["winners"])),
            double=bool(g["double_win"]),
            ended_by=g["ended_by"],
            rng_version=g["rng_version"],
            server_seed=g["server_seed"],
            in_server=bool(g["in_server"]),
        )
        for g in games
    }
    return [found[i] for i in ids if i in found]


async def _seats(db: Db, ids: Sequence[str]) -> dict[str, list[SeatRecord]]:
    marks = ", ".join("?" * len(ids))
    seats = await db.fetchall(
        f"SELECT * FROM game_seats WHERE game_id IN ({marks}) ORDER BY game_id, seat", tuple(ids)
    )
    by_game: dict[str, list[SeatRecord]] = {}
    for s in seats:
        by_game.setdefault(s["game_id"], []).append(
            SeatRecord(
                seat=s["seat"],
                user_id=s["user_id"],
                name=s["name"],
                is_bot=bool(s["is_bot"]),
                team=s["team"],
            )
        )
    return by_game
