"""Table snapshots and move logs: saving, claiming at start-up, logging moves, deleting.

Table snapshots are written with optimistic versions. Each row of ``tables`` has a ``version``;
a process remembers the version it last read or wrote per channel (``_versions``) and writes only
``WHERE channel_id = ? AND version = ?`` (bumping it), so a process that lost a table — another one
loaded it with ``load_tables``, which claims by bumping the version — gets ``TableConflict`` and
writes nothing. A logged move (``append_move``) checks the same version without bumping it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from ..base import StorageError, TableConflict
from ..models import MoveRecord, TableSnapshot
from .db import Db, SqlBase, dumps

_INSERT_TABLE = (
    "INSERT INTO tables (channel_id, guild_id, game_id, status, data, updated_at, move_no, "
    "version) VALUES (?, ?, ?, ?, ?, ?, ?, 1) ON CONFLICT (channel_id) DO NOTHING"
)
_UPDATE_TABLE = (
    "UPDATE tables SET guild_id = ?, game_id = ?, status = ?, data = ?, updated_at = ?, "
    "move_no = ?, version = version + 1 WHERE channel_id = ? AND version = ?"
)
_INSERT_MOVE = (
    "INSERT INTO moves (game_id, move_no, seat, action, at, source) VALUES (?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (game_id, move_no) DO NOTHING"
)


class TableQueries(SqlBase):
    """Snapshots of unfinished tables and the move logs of their games."""

    async def save_table(self, snapshot: TableSnapshot, move: MoveRecord | None = None) -> None:
        """Write the whole snapshot (version-checked) and log the move, in one transaction."""
        data = dumps(snapshot.data, f"the snapshot of table {snapshot.channel_id}")
        if move is not None and move.game_id != snapshot.game_id:
            raise StorageError(f"move of game {move.game_id} saved with table {snapshot.game_id}")
        channel = snapshot.channel_id
        known = self._versions.get(channel)
        fields = (
            snapshot.guild_id,
            snapshot.game_id,
            snapshot.status,
            data,
            snapshot.updated_at,
            snapshot.move_no,
        )

        async def body(db: Db) -> int:
            if move is not None:
                await insert_move(db, move)
            if known is None:
                if await db.execute(_INSERT_TABLE, (channel, *fields)) == 0:
                    raise TableConflict(
                        f"the table of channel {channel} was saved by another process (or by an "
                        "earlier run whose tables this process did not load): not overwritten"
                    )
                return 1
            if await db.execute(_UPDATE_TABLE, (*fields, channel, known)) == 0:
                raise conflict(channel)
            return known + 1

        await self._write("save the table", body, partial_set(self._versions, channel))

    async def append_move(self, channel_id: int, move: MoveRecord) -> None:
        """Log one move (one statement: constant cost) if this process still holds the table."""
        known = self._versions.get(channel_id)
        if known is None:
            raise TableConflict(
                f"the table of channel {channel_id} is not held by this process: save or load "
                "it before logging its moves"
            )
        sql = (
            "INSERT INTO moves (game_id, move_no, seat, action, at, source) "
            "SELECT CAST(? AS TEXT), CAST(? AS INTEGER), CAST(? AS INTEGER), CAST(? AS TEXT), "
            "CAST(? AS DOUBLE PRECISION), CAST(? AS TEXT) FROM tables "
            f"WHERE channel_id = ? AND version = ? AND game_id = ?{self.FOR_SHARE} "
            "ON CONFLICT (game_id, move_no) DO NOTHING"
        )
        params = (
            move.game_id,
            move.move_no,
            move.seat,
            move.action,
            move.at,
            move.source,
            channel_id,
            known,
            move.game_id,
        )

        async def body(db: Db) -> None:
            if await db.execute(sql, params) == 1:
                return
            row = await db.fetchone(
                "SELECT version, game_id FROM tables WHERE channel_id = ?", (channel_id,)
            )
            if row is None or row["version"] != known or row["game_id"] != move.game_id:
                raise conflict(channel_id)
            await _same_move_logged(db, move)

        await self._autocommit("log the move", body)

    async def load_tables(
        self, guild_filter: Callable[[int], bool] | None = None
    ) -> list[TableSnapshot]:
        """Claim and return the unfinished tables (of the guilds ``guild_filter`` accepts)."""

        async def body(db: Db) -> list[TableSnapshot]:
            rows = await db.fetchall(
                "SELECT channel_id, guild_id, game_id, status, data, updated_at, move_no, version "
                "FROM tables ORDER BY channel_id"
            )
            mine = [r for r in rows if guild_filter is None or guild_filter(r["guild_id"])]
            claimed = []
            for r in mine:
                if await db.execute(
                    "UPDATE tables SET version = version + 1 WHERE channel_id = ? AND version = ?",
                    (r["channel_id"], r["version"]),
                ):
                    claimed.append(r)
            logs: dict[str, list[MoveRecord]] = {r["game_id"]: [] for r in claimed}
            if logs:
                for m in await db.fetchall(
                    "SELECT m.game_id, m.move_no, m.seat, m.action, m.at, m.source FROM moves m "
                    "JOIN tables t ON t.game_id = m.game_id ORDER BY m.game_id, m.move_no"
                ):
                    if m["game_id"] in logs:
                        logs[m["game_id"]].append(move_record(m))
            return [snapshot_of(r, logs[r["game_id"]], r["version"] + 1) for r in claimed]

        def adopt(snapshots: list[TableSnapshot]) -> None:
            for s in snapshots:
                self._versions[s.channel_id] = s.version

        return await self._write("load the tables", body, adopt)

    async def delete_table(self, channel_id: int) -> None:
        """Remove a table this process holds (and its move log if no result was recorded)."""
        known = self._versions.get(channel_id)

        async def body(db: Db) -> None:
            row = await db.fetchone(
                "DELETE FROM tables WHERE channel_id = ? AND version = ? RETURNING game_id",
                (channel_id, known),
            )
            if row is None:
                if await db.fetchone("SELECT 1 FROM tables WHERE channel_id = ?", (channel_id,)):
                    raise conflict(channel_id)
                return
            await db.execute(
                "DELETE FROM moves WHERE game_id = ? "
                "AND NOT EXISTS (SELECT 1 FROM games WHERE game_id = ?)",
                (row["game_id"], row["game_id"]),
            )

        def forget(_: None) -> None:
            self._versions.pop(channel_id, None)

        await self._write("delete the table", body, forget)


def partial_set(versions: dict[int, int], channel: int) -> Callable[[int], None]:
    def adopt(version: int) -> None:
        versions[channel] = version

    return adopt


def conflict(channel_id: int) -> TableConflict:
    return TableConflict(
        f"the table of channel {channel_id} was changed or taken over by another process since "
        "this one last wrote it: not overwritten"
    )


def snapshot_of(r: Any, moves: Iterable[MoveRecord], version: int) -> TableSnapshot:
    """A ``tables`` row and the moves logged after its snapshot."""
    return TableSnapshot(
        channel_id=r["channel_id"],
        guild_id=r["guild_id"],
        game_id=r["game_id"],
        status=r["status"],
        data=json.loads(r["data"]),
        updated_at=r["updated_at"],
        move_no=r["move_no"],
        moves=tuple(moves),
        version=version,
    )


def move_record(m: Any) -> MoveRecord:
    return MoveRecord(m["game_id"], m["move_no"], m["seat"], m["action"], m["at"], m["source"])


async def insert_move(db: Db, move: MoveRecord) -> None:
    """Log a move; logging the same move again is harmless, a different one under its number is
    refused (the SELECT runs only on that conflict)."""
    params = (move.game_id, move.move_no, move.seat, move.action, move.at, move.source)
    if await db.execute(_INSERT_MOVE, params) == 0:
        await _same_move_logged(db, move)


async def _same_move_logged(db: Db, move: MoveRecord) -> None:
    row = await db.fetchone(
        "SELECT seat, action FROM moves WHERE game_id = ? AND move_no = ?",
        (move.game_id, move.move_no),
    )
    if row is None or (row["seat"], row["action"]) != (move.seat, move.action):
        raise StorageError(
            f"move {move.move_no} of game {move.game_id} is already logged as a different action"
        )
