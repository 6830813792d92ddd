"""The bot's small key/value facts (e.g. the hash of the last synced command tree), in both backends."""

from __future__ import annotations

from storage.sql import SqlStorage


async def test_a_setting_is_none_until_set_then_replaced(store: SqlStorage) -> None:
    assert await store.get_setting("commands.global") is None
    await store.set_setting("commands.global", "abc")
    assert await store.get_setting("commands.global") == "abc"
    await store.set_setting("commands.global", "def")
    assert await store.get_setting("commands.global") == "def"
    assert await store.get_setting("other") is None
