"""Each finished game's analysis (``bot.analysis``), stored once per game and version, and the
games still waiting for one (a human at the table, no row of the current version)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..models import AnalysisRecord
from .db import Db, SqlBase, dumps

_SAVE = (
    "INSERT INTO game_analyses (game_id, version, analysis, accuracy, failure, cpu_seconds, "
    "created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
    "version = excluded.version, analysis = excluded.analysis, accuracy = excluded.accuracy, "
    "failure = excluded.failure, cpu_seconds = excluded.cpu_seconds, "
    "created_at = excluded.created_at WHERE game_analyses.version < excluded.version"
)


class AnalysisQueries(SqlBase):
    """``game_analyses``: one row per analysed game."""

    async def save_analysis(self, record: AnalysisRecord) -> bool:
        """Store a game's analysis once: False (nothing changed) when the game already has one
        of this version or a newer one; an older version's row is replaced."""
        data = None if record.data is None else dumps(record.data, "an analysis")
        accuracy = dumps(
            {str(seat): value for seat, value in sorted(record.accuracy.items())}, "an accuracy"
        )
        row = (
            record.game_id,
            record.version,
            data,
            accuracy,
            record.failure,
            record.cpu_seconds,
            record.created_at,
        )

        async def body(db: Db) -> int:
            return await db.execute(_SAVE, row)

        return await self._autocommit("store a game's analysis", body) > 0

    async def load_analysis(self, game_id: str) -> AnalysisRecord | None:
        row = await self._read(
            lambda db: db.fetchone(
                "SELECT game_id, version, analysis, accuracy, failure, cpu_seconds, created_at "
                "FROM game_analyses WHERE game_id = ?",
                (game_id,),
            )
        )
        return None if row is None else _record(row)

    async def game_accuracies(self, game_ids: Sequence[str]) -> dict[str, dict[int, float]]:
        """Each analysed game's accuracy per seat (games not analysed, or that failed, are left
        out): what /history shows, without reading the analyses themselves."""
        ids = list(dict.fromkeys(game_ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        rows = await self._read(
            lambda db: db.fetchall(
                f"SELECT game_id, accuracy FROM game_analyses WHERE game_id IN ({marks}) "
                "AND analysis IS NOT NULL",
                tuple(ids),
            )
        )
        return {str(r["game_id"]): _accuracy(r["accuracy"]) for r in rows}

    async def unanalysed_games(self, version: int, *, since: float, limit: int) -> list[str]:
        """Games ended at or after ``since`` with at least one human seat and no analysis of
        ``version`` or newer (a failed one counts as done), most recent first."""
        rows = await self._read(
            lambda db: db.fetchall(
                "SELECT g.game_id FROM games g WHERE g.ended_at >= ? "
                "AND EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.game_id "
                "AND s.is_bot = 0) "
                "AND NOT EXISTS (SELECT 1 FROM game_analyses a WHERE a.game_id = g.game_id "
                "AND a.version >= ?) "
                "ORDER BY g.ended_at DESC, g.game_id DESC LIMIT ?",
                (since, version, limit),
            )
        )
        return [str(r["game_id"]) for r in rows]


def _accuracy(text: Any) -> dict[int, float]:
    return {int(seat): float(value) for seat, value in json.loads(text or "{}").items()}


def _record(row: Any) -> AnalysisRecord:
    return AnalysisRecord(
        game_id=str(row["game_id"]),
        version=int(row["version"]),
        data=None if row["analysis"] is None else json.loads(row["analysis"]),
        accuracy=_accuracy(row["accuracy"]),
        created_at=float(row["created_at"]),
        failure=None if row["failure"] is None else str(row["failure"]),
        cpu_seconds=float(row["cpu_seconds"]),
    )
