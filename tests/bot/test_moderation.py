"""Issue 11, moderators and limits, through the real discord.py harness: /table close and kick by
members with Manage Channels / Manage Server, every limit's refusal, lobby expiry, idle games,
memory dropped when tables end, a deleted channel, missing permissions."""

from __future__ import annotations

import logging
from typing import Any

from bot.discord.publisher import NEEDED_PERMISSIONS
from bot.tables.models import TableStatus

from .conftest import FakeFactory
from .driver import Driver, hurricane_duel, start_table
from .fakediscord import (
    GUILD_ID,
    MANAGE_CHANNELS,
    MANAGE_GUILD,
    FakeDiscord,
    Person,
    render_text,
)


async def history(fake: FakeDiscord, user: Person) -> list[str]:
    storage = fake.bot.storage  # type: ignore[attr-defined]
    return [g.ended_by for g in await storage.history(GUILD_ID, user.id)]


async def test_a_moderator_closes_any_table_unrated_and_the_players_are_told(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, carol = users
    d = await hurricane_duel(fake, users)
    ex = await fake.slash("table close", user=carol.user)  # no Manage permission
    assert ex.ephemeral and "Manage Channels" in ex.content and d.table.is_live
    ex = await fake.slash("table close", user=alice.user)  # the host is no moderator either
    assert ex.ephemeral and d.table.is_live
    fake.member_permissions[carol.id] = MANAGE_CHANNELS
    ex = await fake.slash("table close", user=carol.user)
    assert ex.ephemeral and "closed" in ex.content
    assert d.table.status is TableStatus.FINISHED and d.table.ended_by == "abandoned"
    assert await history(fake, alice) == ["abandoned"]  # recorded, rates nobody
    text = " ".join(render_text(m) for m in fake.public_messages())
    assert "A moderator closed this table" in text


async def test_manage_server_may_close_a_lobby(fake: FakeDiscord, users: list[Person]) -> None:
    alice, _bob, carol = users
    d = Driver(fake, users)
    await d.open(alice, game="haggis")
    fake.member_permissions[carol.id] = MANAGE_GUILD
    await fake.slash("table close", user=carol.user)
    assert d.table.status is TableStatus.CANCELLED
    assert "moderator closed" in render_text(d.public())


async def test_a_moderator_kicks_any_seat(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, carol = users
    d = Driver(fake, users)
    await d.open(alice, game="haggis", players=3)
    await d.join_all([bob])
    ex = await fake.slash("table kick", user=carol.user, seat=2)
    assert ex.ephemeral and d.table.seats[1] is not None  # not the host, not a moderator
    fake.member_permissions[carol.id] = MANAGE_CHANNELS
    await fake.slash("table kick", user=carol.user, seat=2)
    assert d.table.seats[1] is None
    await fake.slash("table kick", user=carol.user, seat=1)  # the host's seat: the lobby closes
    assert d.table.status is TableStatus.CANCELLED


async def test_open_tables_per_server_limit(make_fake: FakeFactory) -> None:
    fake = await make_fake(settings={"max_tables_per_server": 2, "max_lobbies_per_member": 9})
    alice = fake.make_user("Alice")
    for _ in range(2):
        ex = await fake.slash(
            "table new", user=alice, channel_id=fake.make_channel("t"), game="haggis"
        )
        assert not ex.ephemeral
    ex = await fake.slash("table new", user=alice, channel_id=fake.make_channel("t"), game="haggis")
    assert ex.ephemeral and "the most it may have (2)" in ex.content


async def test_lobbies_per_member_limit(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    for _ in range(2):  # the default: two lobbies at once
        await fake.slash(
            "table new", user=alice.user, channel_id=fake.make_channel("t"), game="haggis"
        )
    ex = await fake.slash(
        "table new", user=alice.user, channel_id=fake.make_channel("t"), game="haggis"
    )
    assert ex.ephemeral and "host at once (2)" in ex.content
    ex = await fake.slash(
        "table new", user=bob.user, channel_id=fake.make_channel("t"), game="haggis"
    )
    assert not ex.ephemeral  # someone else may


async def test_status_cooldown_per_table(make_fake: FakeFactory) -> None:
    fake = await make_fake(settings={"status_cooldown_seconds": 30.0})
    alice, bob = (Person(n, fake.make_user(n)) for n in ("Alice", "Bob"))
    d = await hurricane_duel(fake, [alice, bob])
    first = await fake.slash("table status", user=alice.user)
    assert not first.ephemeral
    again = await fake.slash("table status", user=bob.user)
    assert again.ephemeral and "Not so fast" in again.content
    assert len([m for m in fake.public_messages() if m.get("components")]) == 1
    assert d.table.message_id == int(first.message["id"])  # type: ignore[index]


async def test_clicks_and_play_per_user_cooldown(make_fake: FakeFactory) -> None:
    fake = await make_fake(settings={"action_rate": 3, "action_per_seconds": 60.0})
    alice, bob = (Person(n, fake.make_user(n)) for n in ("Alice", "Bob"))
    d = await start_table(fake, [alice, bob], seed=3, game="hurricane")
    # the three lobby clicks and the start used up nobody's bucket but Bob's join (1) and
    # Alice's start (1): Alice has 2 left
    await fake.click(d.public(), f"show:{d.channel_id}", user=alice.user)
    await fake.click(d.public(), f"show:{d.channel_id}", user=alice.user)
    ex = await fake.click(d.public(), f"show:{d.channel_id}", user=alice.user)
    assert ex.ephemeral and "Not so fast" in ex.content
    ex = await fake.slash("play", user=alice.user, move="7H")
    assert ex.ephemeral and "Not so fast" in ex.content
    ex = await fake.click(d.public(), f"show:{d.channel_id}", user=bob.user)
    assert "Not so fast" not in ex.content  # per user


async def test_a_lobby_not_started_in_30_minutes_closes_itself(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = Driver(fake, users)
    await d.open(users[0], game="haggis")
    fake.advance(29 * 60)
    fake.bot.tables.poke()  # type: ignore[attr-defined]
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert d.table.status is TableStatus.LOBBY
    fake.advance(61)
    fake.bot.tables.poke()  # type: ignore[attr-defined]
    await fake.wait_for(lambda: d.table.status is TableStatus.CANCELLED)
    assert "within 30 minutes" in render_text(d.public())


async def test_a_game_with_no_human_move_for_24_hours_is_abandoned(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = await hurricane_duel(fake, users, turn_timer=0)
    fake.advance(23 * 3600)
    fake.bot.tables.poke()  # type: ignore[attr-defined]
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert d.table.status is TableStatus.PLAYING
    fake.advance(3601)
    fake.bot.tables.poke()  # type: ignore[attr-defined]
    await fake.wait_for(lambda: d.table.status is TableStatus.FINISHED)
    assert d.table.ended_by == "abandoned" and await history(fake, bob) == ["abandoned"]
    assert "24 hours" in render_text(d.public())


async def test_memory_of_ended_tables_is_dropped(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    for _ in range(3):
        channel = fake.make_channel("t")
        d = Driver(fake, [alice, bob], channel_id=channel)
        await d.open(alice, game="hurricane")
        await d.join_all([bob])
        await d.start(alice)
        await fake.slash("table resign", user=bob.user, channel_id=channel)
        await fake.bot.settle()  # type: ignore[attr-defined]
    await fake.wait_for(lambda: not fake.bot.publisher.pending(channel))  # type: ignore[attr-defined]
    held = fake.bot.tables.held()  # type: ignore[attr-defined]
    assert held == {"locks": 0, "driver": 0, "snapshots": 0}, held
    assert not fake.bot.publisher._queues  # type: ignore[attr-defined]


async def test_a_deleted_channel_ends_its_table(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    d = await hurricane_duel(fake, users)
    channel = d.channel_id
    table = d.table
    await d.show_hand(alice)
    await fake.bot.settle()  # type: ignore[attr-defined]
    bot: Any = fake.bot
    assert bot.hands.live_hand(channel, alice.id) is not None
    await fake.delete_channel(channel)
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert table.status is TableStatus.FINISHED and table.ended_by == "abandoned"
    assert fake.bot.tables.get(channel) is None  # type: ignore[attr-defined]
    assert await history(fake, alice) == ["abandoned"]
    assert fake.bot.tables.held() == {"locks": 0, "driver": 0, "snapshots": 0}  # type: ignore[attr-defined]
    # the live hands and the turn ping of that channel are let go too
    assert bot.hands.live_hand(channel, alice.id) is None
    assert channel not in bot.pinger._last and channel not in bot.pinger._locks


async def test_a_channel_gone_without_an_event_ends_the_table_at_the_next_write(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = await hurricane_duel(fake, users)
    table = d.table
    fake.channels.pop(d.channel_id)  # REST now answers 10003 Unknown Channel
    fake.bot.publisher.redraw(table)  # type: ignore[attr-defined]
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert table.status is TableStatus.FINISHED and table.ended_by == "abandoned"


async def test_missing_permissions_are_reported_once_to_the_host_and_the_table_waits(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = await hurricane_duel(fake, users)
    fake.forbidden.add(d.channel_id)
    for _ in range(3):
        seat = d.table.current_seat
        assert seat is not None
        await d.play_move(seat, d.choose(seat))
        await fake.bot.settle()  # type: ignore[attr-defined]
    assert len(fake.dms) == 1  # once
    user_id, body = fake.dms[0]
    assert user_id == alice.id
    assert all(p in body["content"] for p in NEEDED_PERMISSIONS)
    writes = [r for r in fake.requests if r.status == 403]
    # no retrying against a wall: the one write refused with its picture is tried once as text
    # (a 403 does not say which permission is missing: Attach Files alone leaves the text)
    assert len(writes) == 2 and writes[0].files and not writes[1].files
    fake.forbidden.clear()
    ex = await fake.slash("table status", user=alice.user)  # asked again: the table shows again
    assert not ex.ephemeral
    seat = d.table.current_seat
    assert seat is not None
    await d.play_move(seat, d.choose(seat))
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert int(d.public()["id"]) == d.table.message_id
    fake.errors.records[:] = [r for r in fake.errors.records if r.levelno >= logging.ERROR]


async def test_a_deleted_thread_ends_its_table(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    thread = fake.make_channel("thread")
    d = Driver(fake, [alice, bob], channel_id=thread)
    await d.open(alice, game="hurricane")
    await d.join_all([bob])
    await d.start(alice)
    table = d.table
    await fake.dispatch(
        "THREAD_DELETE",
        {
            "id": str(thread),
            "guild_id": str(GUILD_ID),
            "parent_id": str(fake.channel_id),
            "type": 11,
        },
    )
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert table.status is TableStatus.FINISHED and table.ended_by == "abandoned"
    assert fake.bot.tables.get(thread) is None  # type: ignore[attr-defined]


def dm_texts(fake: FakeDiscord, person: Person) -> list[str]:
    return [str(body.get("content")) for uid, body in fake.dms if uid == person.id]


async def test_a_moderator_kicks_a_player_during_play_who_resigns(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, carol = users
    d = await hurricane_duel(fake, users)
    ex = await fake.slash("table kick", user=carol.user, seat=2)  # no Manage permission
    assert ex.ephemeral and d.table.status is TableStatus.PLAYING
    assert d.table.seats[1] is not None and dm_texts(fake, bob) == []
    fake.member_permissions[carol.id] = MANAGE_CHANNELS
    ex = await fake.slash("table kick", user=carol.user, seat=2)
    assert ex.ephemeral and "resigns (a loss)" in ex.content
    assert d.table.status is TableStatus.FINISHED and d.table.ended_by == "resigned"
    assert await history(fake, bob) == ["resigned"]  # counts as a loss, like /table resign
    storage = fake.bot.storage  # type: ignore[attr-defined]
    (game,) = await storage.history(GUILD_ID, bob.id)
    assert list(game.winners) == [0]  # Alice wins, Bob lost
    await fake.wait_for(lambda: "removed by a moderator" in render_text(d.public()))
    assert "Bob was removed by a moderator and resigns (a loss)." in render_text(d.public())
    (told,) = dm_texts(fake, bob)  # the kicked player is told, privately
    assert "removed from the table" in told and "by a moderator" in told and "loss" in told


async def test_the_host_kicks_a_player_during_play(make_fake: FakeFactory) -> None:
    fake = await make_fake()
    alice, bob, carol = (Person(n, fake.make_user(n)) for n in ("Alice", "Bob", "Carol"))
    d = Driver(fake, [alice, bob, carol], seed=5)
    await d.open(alice, game="haggis", players=3)
    await d.join_all([bob])
    await fake.click(d.public(), f"lobbyai:{d.channel_id}", user=alice.user, values=["easy"])
    await d.start(alice)
    ex = await fake.slash("table kick", user=bob.user, seat=1)  # a player is not the host
    assert ex.ephemeral and "host" in ex.content and d.table.status is TableStatus.PLAYING
    ex = await fake.slash("table kick", user=alice.user, seat=1)  # not oneself
    assert ex.ephemeral and "/table resign" in ex.content
    ex = await fake.slash("table kick", user=alice.user, seat=3)  # the computer plays on
    assert ex.ephemeral and "computer" in ex.content and d.table.status is TableStatus.PLAYING
    ex = await fake.slash("table kick", user=alice.user, seat=2)
    assert d.table.status is TableStatus.FINISHED and d.table.ended_by == "resigned"
    assert await history(fake, bob) == ["resigned"]
    await fake.wait_for(lambda: "removed by the host" in render_text(d.public()))
    (told,) = dm_texts(fake, bob)
    assert "by the host" in told and "loss" in told


async def test_a_kicked_poker_seat_sits_out_and_the_game_goes_on(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, carol = users
    d = await start_table(
        fake, users, seed=21, game="hurricane_poker", players=3, options="hands=4"
    )
    ex = await fake.slash("table kick", user=alice.user, seat=2)  # the host
    assert ex.ephemeral and "sits out" in ex.content
    seat = d.table.seats[1]
    assert seat is not None and seat.left and d.table.status is TableStatus.PLAYING
    ex = await fake.slash("table kick", user=alice.user, seat=2)  # already out
    assert ex.ephemeral and "already left" in ex.content
    ex = await fake.slash("play", user=bob.user, move="fold")  # Bob may no longer move
    assert ex.ephemeral and d.table.seats[1] is not None and d.table.seats[1].left
    (told,) = dm_texts(fake, bob)
    assert "sit out" in told and "by the host" in told
    fake.member_permissions[carol.id] = MANAGE_GUILD  # a moderator may kick the host's seat
    await fake.slash("table kick", user=carol.user, seat=1)
    host = d.table.seats[0]
    assert host is not None and host.left and d.table.status is TableStatus.PLAYING
    (told,) = dm_texts(fake, alice)
    assert "by a moderator" in told
