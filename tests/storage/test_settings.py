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


async def test_a_server_language_is_none_until_chosen_then_replaced_or_forgotten(
    store: SqlStorage,
) -> None:
    assert await store.get_guild_language(1) is None
    await store.set_guild_language(1, "ru")
    await store.set_guild_language(2, "en")
    assert await store.get_guild_language(1) == "ru"
    await store.set_guild_language(1, "en")
    assert await store.get_guild_language(1) == "en"
    await store.set_guild_language(1, None)
    assert await store.get_guild_language(1) is None
    assert await store.get_guild_language(2) == "en"
    big = 1_234_567_890_123_456_789  # a real snowflake fits both backends
    await store.set_guild_language(big, "ru")
    assert await store.get_guild_language(big) == "ru"
