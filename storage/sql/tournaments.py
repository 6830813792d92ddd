"""Tournaments, their entrants and matches. Everything a running tournament knows is in these
rows (scores and streaks are derived from the finished matches), so any process of the server's
shard can resume it after a restart. Writes that must happen once are conditional: a round opens
only from the round before it, a match result is taken only while the match is open."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..models import EntryRecord, MatchRecord, TournamentGame, TournamentRecord
from .db import Db, SqlBase, dumps

_T_COLUMNS = (
    "tournament_id, guild_id, channel_id, message_id, game, preset, format, rounds, "
    "window_seconds, starts_at, settings, status, round, created_by, created_at, updated_at, "
    "season_id"
)
_M_COLUMNS = (
    "match_id, round, board, seats, channel_id, game_id, status, places, started_at, ended_at"
)
ACTIVE = ("registering", "running")


def _tournament(row: Any) -> TournamentRecord:
    return TournamentRecord(
        tournament_id=row["tournament_id"],
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        message_id=None if row["message_id"] is None else int(row["message_id"]),
        game=row["game"],
        preset=row["preset"],
        format=row["format"],
        rounds=int(row["rounds"]),
        window=float(row["window_seconds"]),
        starts_at=float(row["starts_at"]),
        settings=json.loads(row["settings"]),
        status=row["status"],
        round=int(row["round"]),
        created_by=int(row["created_by"]),
        created_at=float(row["created_at"]),
        season_id=row["season_id"],
    )


def _entry(row: Any) -> EntryRecord:
    return EntryRecord(
        entrant=row["entrant"],
        members=tuple(int(m) for m in json.loads(row["members"])),
        name=row["name"],
        is_bot=bool(row["is_bot"]),
        rating=float(row["rating"]),
        joined_at=float(row["joined_at"]),
        paused=bool(row["paused"]),
        withdrawn=bool(row["withdrawn"]),
    )


def _match(row: Any) -> MatchRecord:
    places = None if row["places"] is None else tuple(json.loads(row["places"]))
    return MatchRecord(
        match_id=row["match_id"],
        round=int(row["round"]),
        board=int(row["board"]),
        seats=tuple(json.loads(row["seats"])),
        channel_id=None if row["channel_id"] is None else int(row["channel_id"]),
        game_id=row["game_id"],
        status=row["status"],
        places=places,
        started_at=float(row["started_at"]),
        ended_at=None if row["ended_at"] is None else float(row["ended_at"]),
    )


def _match_row(tid: str, m: MatchRecord) -> tuple[Any, ...]:
    return (
        tid,
        m.match_id,
        m.round,
        m.board,
        json.dumps(list(m.seats)),
        m.channel_id,
        m.game_id,
        m.status,
        None if m.places is None else json.dumps(list(m.places)),
        m.started_at,
        m.ended_at,
    )


_INSERT_MATCH = (
    f"INSERT INTO tournament_matches (tournament_id, {_M_COLUMNS}) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tournament_id, match_id) DO NOTHING"
)


class TournamentQueries(SqlBase):
    """``tournaments``, ``tournament_entries`` and ``tournament_matches``."""

    async def create_tournament(self, t: TournamentRecord) -> None:
        row = (
            t.tournament_id,
            t.guild_id,
            t.channel_id,
            t.message_id,
            t.game,
            t.preset,
            t.format,
            t.rounds,
            t.window,
            t.starts_at,
            dumps(t.settings, "the tournament's settings"),
            t.status,
            t.round,
            t.created_by,
            t.created_at,
            t.created_at,
            t.season_id,
        )
        marks = ", ".join("?" * len(row))

        async def body(db: Db) -> int:
            return await db.execute(f"INSERT INTO tournaments ({_T_COLUMNS}) VALUES ({marks})", row)

        await self._write("create the tournament", body)

    async def tournament(self, tournament_id: str) -> TournamentRecord | None:
        row = await self._read(
            lambda db: db.fetchone(
                f"SELECT {_T_COLUMNS} FROM tournaments WHERE tournament_id = ?", (tournament_id,)
            )
        )
        return None if row is None else _tournament(row)

    async def active_tournaments(
        self, guild_filter: Callable[[int], bool] | None = None, guild_id: int | None = None
    ) -> list[TournamentRecord]:
        """Tournaments registering or running (of one guild, or those ``guild_filter`` accepts:
        one shard's), oldest first: what a process resumes at start-up."""
        where = "status IN (?, ?)"
        params: list[Any] = list(ACTIVE)
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        rows = await self._read(
            lambda db: db.fetchall(
                f"SELECT {_T_COLUMNS} FROM tournaments WHERE {where} "
                "ORDER BY created_at, tournament_id",
                params,
            )
        )
        out = [_tournament(r) for r in rows]
        return [t for t in out if guild_filter is None or guild_filter(t.guild_id)]

    async def set_tournament(
        self,
        tournament_id: str,
        *,
        status: str | None = None,
        from_status: Sequence[str] | None = None,
        message_id: int | None = None,
    ) -> bool:
        """Change the status (only from one of ``from_status``, if given) and/or the message id;
        False when the status check failed (nothing changed)."""
        sets = ["updated_at = ?"]
        params: list[Any] = [time.time()]
        if status is not None:
            sets.append("status = ?")
            params.append(status)
        if message_id is not None:
            sets.append("message_id = ?")
            params.append(message_id)
        where = "tournament_id = ?"
        params.append(tournament_id)
        if from_status:
            where += f" AND status IN ({', '.join('?' * len(from_status))})"
            params.extend(from_status)

        async def body(db: Db) -> int:
            return await db.execute(
                f"UPDATE tournaments SET {', '.join(sets)} WHERE {where}", params
            )

        return await self._write("update the tournament", body) > 0

    async def add_entry(self, tournament_id: str, entry: EntryRecord) -> bool:
        """Register an entrant; False if it (or a member of it, for teams) is already in."""
        row = (
            tournament_id,
            entry.entrant,
            json.dumps(list(entry.members)),
            entry.name,
            int(entry.is_bot),
            entry.rating,
            int(entry.paused),
            int(entry.withdrawn),
            entry.joined_at,
        )

        async def body(db: Db) -> int:
            return await db.execute(
                "INSERT INTO tournament_entries (tournament_id, entrant, members, name, is_bot, "
                "rating, paused, withdrawn, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (tournament_id, entrant) DO NOTHING",
                row,
            )

        return await self._write("register the entrant", body) > 0

    async def remove_entry(self, tournament_id: str, entrant: str) -> bool:
        async def body(db: Db) -> int:
            return await db.execute(
                "DELETE FROM tournament_entries WHERE tournament_id = ? AND entrant = ?",
                (tournament_id, entrant),
            )

        return await self._write("remove the entrant", body) > 0

    async def set_entry(
        self,
        tournament_id: str,
        entrant: str,
        *,
        paused: bool | None = None,
        withdrawn: bool | None = None,
    ) -> bool:
        sets, params = [], []
        for col, value in (("paused", paused), ("withdrawn", withdrawn)):
            if value is not None:
                sets.append(f"{col} = ?")
                params.append(int(value))
        if not sets:
            return False

        async def body(db: Db) -> int:
            return await db.execute(
                f"UPDATE tournament_entries SET {', '.join(sets)} "
                "WHERE tournament_id = ? AND entrant = ?",
                (*params, tournament_id, entrant),
            )

        return await self._write("update the entrant", body) > 0

    async def entries(self, tournament_id: str) -> list[EntryRecord]:
        rows = await self._read(
            lambda db: db.fetchall(
                "SELECT * FROM tournament_entries WHERE tournament_id = ? "
                "ORDER BY joined_at, entrant",
                (tournament_id,),
            )
        )
        return [_entry(r) for r in rows]

    async def open_round(
        self, tournament_id: str, round_no: int, matches: Sequence[MatchRecord]
    ) -> bool:
        """Open round ``round_no`` with its matches (byes included) and mark the tournament
        running, in one transaction, only if the last round opened was ``round_no - 1``: two
        processes (or a restart racing itself) open a round once. False: it was already open."""

        async def body(db: Db) -> bool:
            moved = await db.execute(
                "UPDATE tournaments SET round = ?, status = 'running', updated_at = ? "
                "WHERE tournament_id = ? AND round = ? AND status IN ('registering', 'running')",
                (round_no, time.time(), tournament_id, round_no - 1),
            )
            if moved == 0:
                return False
            await db.executemany(_INSERT_MATCH, [_match_row(tournament_id, m) for m in matches])
            return True

        return await self._write("open the round", body)

    async def add_matches(self, tournament_id: str, matches: Sequence[MatchRecord]) -> None:
        """Matches outside rounds (the Arena pairs continuously); a known match id is kept."""

        async def body(db: Db) -> None:
            await db.executemany(_INSERT_MATCH, [_match_row(tournament_id, m) for m in matches])

        await self._write("add the matches", body)

    async def set_match_table(
        self, tournament_id: str, match_id: str, channel_id: int, game_id: str
    ) -> None:
        """Written before the table opens, so a restart finds the table or its recorded game."""

        async def body(db: Db) -> int:
            return await db.execute(
                "UPDATE tournament_matches SET channel_id = ?, game_id = ? "
                "WHERE tournament_id = ? AND match_id = ?",
                (channel_id, game_id, tournament_id, match_id),
            )

        await self._write("link the match's table", body)

    async def finish_match(
        self,
        tournament_id: str,
        match_id: str,
        status: str,
        places: Sequence[int] | None,
        *,
        ended_at: float,
        game_id: str | None = None,
        only_open: bool = True,
    ) -> bool:
        """Take a match's result: only while it is open (``only_open``; a moderator's award or
        void may change a finished one). False: it had already ended (nothing changed), so a
        result flowing back twice counts once."""
        where = " AND status = 'open'" if only_open else ""

        async def body(db: Db) -> int:
            return await db.execute(
                "UPDATE tournament_matches SET status = ?, places = ?, ended_at = ?, "
                "game_id = COALESCE(?, game_id) "
                f"WHERE tournament_id = ? AND match_id = ?{where}",
                (
                    status,
                    None if places is None else json.dumps(list(places)),
                    ended_at,
                    game_id,
                    tournament_id,
                    match_id,
                ),
            )

        return await self._write("record the match", body) > 0

    async def matches(self, tournament_id: str) -> list[MatchRecord]:
        rows = await self._read(
            lambda db: db.fetchall(
                f"SELECT {_M_COLUMNS} FROM tournament_matches WHERE tournament_id = ? "
                "ORDER BY round, board, started_at, match_id",
                (tournament_id,),
            )
        )
        return [_match(r) for r in rows]

    async def tournament_games(self, game_ids: Sequence[str]) -> dict[str, TournamentGame]:
        ids = list(dict.fromkeys(game_ids))
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self._read(
            lambda db: db.fetchall(
                "SELECT m.game_id, m.tournament_id, m.round, t.format "
                "FROM tournament_matches m JOIN tournaments t USING (tournament_id) "
                f"WHERE m.game_id IN ({marks})",
                ids,
            )
        )
        return {
            r["game_id"]: TournamentGame(r["tournament_id"], int(r["round"]), r["format"])
            for r in rows
        }

    async def match_at_table(self, channel_id: int) -> tuple[str, MatchRecord] | None:
        """The open match played at a table (its thread), with its tournament's id."""
        row = await self._read(
            lambda db: db.fetchone(
                f"SELECT tournament_id, {_M_COLUMNS} FROM tournament_matches "
                "WHERE channel_id = ? AND status = 'open'",
                (channel_id,),
            )
        )
        return None if row is None else (row["tournament_id"], _match(row))
