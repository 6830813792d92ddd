"""Small key/value facts: the bot's own (e.g. the hash of the synced command tree) and each
server's chosen language and whether its web pages are public."""

from __future__ import annotations

import time

from .db import Db, SqlBase


class SettingQueries(SqlBase):
    """``bot_settings`` and ``guild_languages``: one row per key, replaced on write."""

    async def get_setting(self, key: str) -> str | None:
        row = await self._read(
            lambda db: db.fetchone("SELECT value FROM bot_settings WHERE key = ?", (key,))
        )
        return None if row is None else str(row["value"])

    async def set_setting(self, key: str, value: str) -> None:
        async def body(db: Db) -> int:
            return await db.execute(
                "INSERT INTO bot_settings (key, value, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
                "updated_at = excluded.updated_at",
                (key, value, time.time()),
            )

        await self._autocommit("store a setting", body)

    async def get_guild_language(self, guild_id: int) -> str | None:
        row = await self._read(
            lambda db: db.fetchone(
                "SELECT lang FROM guild_languages WHERE guild_id = ?", (guild_id,)
            )
        )
        return None if row is None else str(row["lang"])

    async def set_guild_language(self, guild_id: int, lang: str | None) -> None:
        async def body(db: Db) -> int:
            if lang is None:
                return await db.execute(
                    "DELETE FROM guild_languages WHERE guild_id = ?", (guild_id,)
                )
            return await db.execute(
                "INSERT INTO guild_languages (guild_id, lang, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET lang = excluded.lang, "
                "updated_at = excluded.updated_at",
                (guild_id, lang, time.time()),
            )

        await self._autocommit("store a server's language", body)

    async def get_guild_web(self, guild_id: int) -> bool:
        row = await self._read(
            lambda db: db.fetchone("SELECT public FROM guild_web WHERE guild_id = ?", (guild_id,))
        )
        return row is not None and bool(row["public"])

    async def set_guild_web(self, guild_id: int, public: bool) -> None:
        async def body(db: Db) -> int:
            return await db.execute(
                "INSERT INTO guild_web (guild_id, public, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET public = excluded.public, "
                "updated_at = excluded.updated_at",
                (guild_id, int(public), time.time()),
            )

        await self._autocommit("store a server's web setting", body)
