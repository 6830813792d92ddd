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


async def test_a_players_notification_choice_and_the_turn_notices_are_kept(
    store: SqlStorage,
) -> None:
    from storage.models import TurnNotice

    assert await store.get_notification_mode(5) is None
    await store.set_notification_mode(5, "all")
    await store.set_notification_mode(5, "off")
    assert await store.get_notification_mode(5) == "off"
    big = 1_234_567_890_123_456_789
    sent = TurnNotice(big, 5, "g1", 3, "sent", big + 1, big + 2, 10.0)
    await store.save_turn_notice(sent)
    await store.save_turn_notice(TurnNotice(big, 6, "g1", 4, "closed"))
    assert await store.turn_notices(big) == [sent, TurnNotice(big, 6, "g1", 4, "closed")]
    done = TurnNotice(big, 5, "g1", 3, "done", big + 1, big + 2, 10.0)
    await store.save_turn_notice(done)  # one row per table and player, replaced
    assert (await store.turn_notices(big))[0] == done
    await store.forget_turn_notices(big)
    assert await store.turn_notices(big) == []


async def test_a_players_language_and_the_moves_asked_of_another_processs_table(
    store: SqlStorage,
) -> None:
    big = 1_234_567_890_123_456_789
    assert await store.get_user_language(big) == (None, None)
    await store.set_user_language(big, "ru")
    await store.set_user_language(big, "en")
    assert await store.get_user_language(big) == (None, "en")
    await store.choose_user_language(big, "ru")
    await store.set_user_language(big, "en")  # what Discord says leaves the choice as it is
    assert await store.get_user_language(big) == ("ru", "en")
    await store.choose_user_language(big, None)
    assert await store.get_user_language(big) == (None, "en")
    await store.choose_user_language(big + 1, "ru")  # chosen before any interaction was seen
    assert await store.get_user_language(big + 1) == ("ru", None)

    assert await store.peek_table(big) is None
    first = await store.post_table_request(big, big + 1, 5, "play:7h", 3)
    second = await store.post_table_request(big, big + 2, 6, "pass", 4)
    pending = await store.pending_table_requests(lambda guild: guild == big + 1)
    assert [(r.id, r.user_id, r.action, r.move_no) for r in pending] == [(first, 5, "play:7h", 3)]
    assert await store.take_table_request(first) and not await store.take_table_request(first)
    assert not await store.withdraw_table_request(first)  # taken: it will be answered
    assert await store.collect_table_answer(first) is None
    await store.answer_table_request(first, '{"ok": true}')
    assert await store.collect_table_answer(first) == '{"ok": true}'
    assert await store.collect_table_answer(first) is None  # collected once, then gone
    assert await store.withdraw_table_request(second)  # nobody took it
    assert await store.pending_table_requests() == []
