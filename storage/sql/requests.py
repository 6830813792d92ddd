"""Moves asked of a table another process holds (several processes on one PostgreSQL database).

Discord sends a DM's interactions to shard 0, so a hand opened from a turn notice may be clicked
in a process that does not hold the table. That process reads the table (``peek_table``: no
claim) to draw the hand, and posts each move as a row (``post_table_request``); the holding
process hears of it (PostgreSQL ``NOTIFY``, else its periodic check), takes it
(``take_table_request``: at most once), plays it and writes the answer; the asker reads the
answer and deletes the row (``collect_table_answer``). An asker that gives up withdraws its row
only while nobody has taken it (``withdraw_table_request``)."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..base import StorageError
from ..models import MoveRecord, TableRequest, TableSnapshot
from .db import Db, SqlBase
from .tables import move_record, snapshot_of

STALE = 3600.0  # seconds after which a request left behind is deleted


class RequestQueries(SqlBase):
    # PostgreSQL: wake the listening processes in the same transaction (SQLite: one process)
    NOTIFY_REQUESTS = ""

    async def peek_table(self, channel_id: int) -> TableSnapshot | None:
        """The unfinished table of ``channel_id`` as stored (its snapshot and the moves logged
        after it), without claiming it: for reading only."""

        async def body(db: Db) -> TableSnapshot | None:
            r = await db.fetchone(
                "SELECT channel_id, guild_id, game_id, status, data, updated_at, move_no, version "
                "FROM tables WHERE channel_id = ?",
                (channel_id,),
            )
            if r is None:
                return None
            moves: list[MoveRecord] = [
                move_record(m)
                for m in await db.fetchall(
                    "SELECT game_id, move_no, seat, action, at, source FROM moves "
                    "WHERE game_id = ? ORDER BY move_no",
                    (r["game_id"],),
                )
            ]
            return snapshot_of(r, moves, r["version"])

        return await self._read(body)

    async def post_table_request(
        self, channel_id: int, guild_id: int, user_id: int, action: str, move_no: int
    ) -> int:
        async def body(db: Db) -> int:
            row = await db.fetchone(
                "INSERT INTO table_requests (channel_id, guild_id, user_id, action, move_no, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (channel_id, guild_id, user_id, action, move_no, time.time()),
            )
            if self.NOTIFY_REQUESTS:
                await db.fetchone(self.NOTIFY_REQUESTS)
            if row is None:
                raise StorageError("the new table request has no id")
            return int(row["id"])

        return await self._write("ask a move of another process's table", body)

    async def pending_table_requests(
        self, guild_filter: Callable[[int], bool] | None = None
    ) -> list[TableRequest]:
        """Requests nobody has taken yet (of the guilds ``guild_filter`` accepts), oldest first."""
        rows = await self._read(
            lambda db: db.fetchall(
                "SELECT id, channel_id, guild_id, user_id, action, move_no, created_at "
                "FROM table_requests WHERE taken_at IS NULL ORDER BY id"
            )
        )
        return [
            TableRequest(
                id=int(r["id"]),
                channel_id=int(r["channel_id"]),
                guild_id=int(r["guild_id"]),
                user_id=int(r["user_id"]),
                action=str(r["action"]),
                move_no=int(r["move_no"]),
                created_at=float(r["created_at"]),
            )
            for r in rows
            if guild_filter is None or guild_filter(int(r["guild_id"]))
        ]

    async def take_table_request(self, request_id: int) -> bool:
        """Take a request to play it: False if it was taken or withdrawn meanwhile."""

        async def body(db: Db) -> int:
            return await db.execute(
                "UPDATE table_requests SET taken_at = ? WHERE id = ? AND taken_at IS NULL",
                (time.time(), request_id),
            )

        return bool(await self._autocommit("take a table request", body))

    async def answer_table_request(self, request_id: int, answer: str) -> None:
        async def body(db: Db) -> int:
            now = time.time()
            # rows an asker never came back for (it stopped meanwhile): an hour is plenty
            await db.execute("DELETE FROM table_requests WHERE created_at < ?", (now - STALE,))
            return await db.execute(
                "UPDATE table_requests SET answer = ?, answered_at = ? WHERE id = ?",
                (answer, now, request_id),
            )

        await self._write("answer a table request", body)

    async def collect_table_answer(self, request_id: int) -> str | None:
        """The answer (the row is deleted with it), or None while there is none."""

        async def body(db: Db) -> str | None:
            row = await db.fetchone(
                "SELECT answer FROM table_requests WHERE id = ? AND answer IS NOT NULL",
                (request_id,),
            )
            if row is None:
                return None
            await db.execute("DELETE FROM table_requests WHERE id = ?", (request_id,))
            return str(row["answer"])

        return await self._write("read a table request's answer", body)

    async def withdraw_table_request(self, request_id: int) -> bool:
        """Withdraw a request nobody has taken; False if it was taken (it will be answered)."""

        async def body(db: Db) -> int:
            return await db.execute(
                "DELETE FROM table_requests WHERE id = ? AND taken_at IS NULL", (request_id,)
            )

        return bool(await self._autocommit("withdraw a table request", body))

    async def listen_table_requests(self, wake: Callable[[], None]) -> bool:
        """Call ``wake()`` when another process posts a request (PostgreSQL ``LISTEN``); False
        where nothing can be heard (SQLite: one process, no other can post)."""
        return False
