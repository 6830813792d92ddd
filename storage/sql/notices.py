"""Turn notices by direct message: each player's choice (``user_notifications``) and the latest
notice per table and player (``turn_notices``), so a restart sends none twice."""

from __future__ import annotations

import time

from ..models import TurnNotice
from .db import Db, SqlBase


class NoticeQueries(SqlBase):
    async def get_notification_mode(self, user_id: int) -> str | None:
        row = await self._read(
            lambda db: db.fetchone(
                "SELECT mode FROM user_notifications WHERE user_id = ?", (user_id,)
            )
        )
        return None if row is None else str(row["mode"])

    async def set_notification_mode(self, user_id: int, mode: str) -> None:
        async def body(db: Db) -> int:
            return await db.execute(
                "INSERT INTO user_notifications (user_id, mode, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET mode = excluded.mode, "
                "updated_at = excluded.updated_at",
                (user_id, mode, time.time()),
            )

        await self._autocommit("store a player's notification choice", body)

    async def turn_notices(self, channel_id: int) -> list[TurnNotice]:
        rows = await self._read(
            lambda db: db.fetchall(
                "SELECT channel_id, user_id, game_id, move_no, state, dm_channel_id, message_id, "
                "sent_at FROM turn_notices WHERE channel_id = ? ORDER BY user_id",
                (channel_id,),
            )
        )
        return [
            TurnNotice(
                channel_id=int(r["channel_id"]),
                user_id=int(r["user_id"]),
                game_id=str(r["game_id"]),
                move_no=int(r["move_no"]),
                state=str(r["state"]),
                dm_channel_id=None if r["dm_channel_id"] is None else int(r["dm_channel_id"]),
                message_id=None if r["message_id"] is None else int(r["message_id"]),
                sent_at=float(r["sent_at"]),
            )
            for r in rows
        ]

    async def save_turn_notice(self, notice: TurnNotice) -> None:
        async def body(db: Db) -> int:
            return await db.execute(
                "INSERT INTO turn_notices (channel_id, user_id, game_id, move_no, state, "
                "dm_channel_id, message_id, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (channel_id, user_id) DO UPDATE SET game_id = excluded.game_id, "
                "move_no = excluded.move_no, state = excluded.state, "
                "dm_channel_id = excluded.dm_channel_id, message_id = excluded.message_id, "
                "sent_at = excluded.sent_at",
                (
                    notice.channel_id,
                    notice.user_id,
                    notice.game_id,
                    notice.move_no,
                    notice.state,
                    notice.dm_channel_id,
                    notice.message_id,
                    notice.sent_at,
                ),
            )

        await self._autocommit("store a turn notice", body)

    async def forget_turn_notices(self, channel_id: int) -> None:
        async def body(db: Db) -> int:
            return await db.execute("DELETE FROM turn_notices WHERE channel_id = ?", (channel_id,))

        await self._autocommit("forget a table's turn notices", body)

    async def get_user_language(self, user_id: int) -> tuple[str | None, str | None]:
        row = await self._read(
            lambda db: db.fetchone(
                "SELECT chosen, seen FROM user_languages WHERE user_id = ?", (user_id,)
            )
        )
        if row is None:
            return None, None
        return row["chosen"], row["seen"]

    async def set_user_language(self, user_id: int, lang: str) -> None:
        async def body(db: Db) -> int:
            return await db.execute(
                "INSERT INTO user_languages (user_id, seen, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET seen = excluded.seen, "
                "updated_at = excluded.updated_at",
                (user_id, lang, time.time()),
            )

        await self._autocommit("store a player's language", body)

    async def choose_user_language(self, user_id: int, lang: str | None) -> None:
        async def body(db: Db) -> int:
            return await db.execute(
                "INSERT INTO user_languages (user_id, chosen, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET chosen = excluded.chosen, "
                "updated_at = excluded.updated_at",
                (user_id, lang, time.time()),
            )

        await self._autocommit("store a player's chosen language", body)
