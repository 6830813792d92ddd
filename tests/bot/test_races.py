"""Issue 11's races and deadlines, each through the real discord.py stack with a slow fake Discord
(every channel post/edit takes ``LATENCY`` seconds and lands only then) and a busy event loop
(blocked ``BUSY`` seconds after each interaction arrives)."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.discord.table_message import render_public
from bot.discord.ui import hand_custom_id
from bot.tables.models import TableStatus

from .conftest import FakeFactory
from .driver import Driver, comp, start_table
from .fakediscord import FakeDiscord, Person, component_ids, render_text

LATENCY = 0.25
BUSY = 0.2


def slow(fake: FakeDiscord) -> None:
    fake.edit_latency = LATENCY
    fake.busy = BUSY


async def edit_in_flight(fake: FakeDiscord) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + 5
    while fake.in_flight == 0:
        assert loop.time() < end, "no table write went out"
        await asyncio.sleep(0.001)


def table_messages(fake: FakeDiscord, channel_id: int) -> list[dict[str, Any]]:
    """Public messages that are a table message (lobby or game), not score announcements."""
    return [
        m
        for m in fake.public_messages(channel_id)
        if any(c.startswith(("lobby:", "show:")) for c in component_ids(m))
    ]


def shows_newest(fake: FakeDiscord, d: Driver) -> None:
    """Exactly one table message, the tracked one, drawn from the table as it is now."""
    [only] = table_messages(fake, d.channel_id)
    assert int(only["id"]) == d.table.message_id
    embed, _view = render_public(d.table)
    assert only["embeds"][0]["description"] == embed.description
    assert [f["value"] for f in only["embeds"][0].get("fields", [])] == [
        f.value for f in embed.fields
    ]


async def lobby(fake: FakeDiscord, people: list[Person], **options: Any) -> Driver:
    d = Driver(fake, people, seed=5)
    await d.open(people[0], **options)
    return d


async def test_start_clicked_while_a_join_edit_is_in_flight(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = await lobby(fake, users, game="hurricane", preset="standard")
    slow(fake)
    lobby_message = d.public()
    join = asyncio.create_task(fake.slash("table join", user=bob.user))
    await edit_in_flight(fake)  # the lobby with Bob is on its way to Discord
    start = await fake.click(lobby_message, f"lobby:start:{d.channel_id}", user=alice.user)
    await join
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert start.callback_type == 6 and d.table.status is TableStatus.PLAYING
    shows_newest(fake, d)
    ids = component_ids(d.public())
    assert ids == [f"show:{d.channel_id}"], ids  # Show my hand, no lobby buttons


async def test_table_start_command_while_a_join_edit_is_in_flight(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = await lobby(fake, users, game="hurricane", preset="standard")
    slow(fake)
    join = asyncio.create_task(fake.slash("table join", user=bob.user))
    await edit_in_flight(fake)
    start = await fake.slash("table start", user=alice.user)
    await join
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert not start.ephemeral and d.table.status is TableStatus.PLAYING
    shows_newest(fake, d)  # one table message (not two), the tracked one, in play
    assert "Show my hand" in render_text(d.public()) or component_ids(d.public()) == [
        f"show:{d.channel_id}"
    ]


async def test_carol_joins_during_bobs_join_edit(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, carol = users
    d = await lobby(fake, users, game="haggis", players=3)
    slow(fake)
    lobby_message = d.public()
    join = asyncio.create_task(fake.slash("table join", user=bob.user))
    await edit_in_flight(fake)
    ex = await fake.click(lobby_message, f"lobby:join:{d.channel_id}", user=carol.user)
    await join
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert ex.callback_type == 6
    assert d.table.is_seated(carol.id) and d.table.is_seated(bob.id)
    shows_newest(fake, d)
    text = render_text(d.public())
    assert "Carol" in text and "Bob" in text and "*empty*" not in text


async def test_status_during_a_moves_edit_keeps_one_message_that_stays_current(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=3, game="hurricane", preset="standard")
    slow(fake)
    seat = d.table.current_seat
    assert seat is not None
    move = asyncio.create_task(d.play_move(seat, d.choose(seat)))
    await edit_in_flight(fake)  # the move's table edit is on its way
    status = await fake.slash("table status", user=bob.user)
    await move
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert status.callback_type in (4, 5) and not status.ephemeral
    shows_newest(fake, d)
    # and the one message left keeps following the game
    seat = d.table.current_seat
    assert seat is not None
    await d.play_move(seat, d.choose(seat))
    await fake.bot.settle()  # type: ignore[attr-defined]
    shows_newest(fake, d)


async def test_re_post_after_a_deleted_message_draws_the_newest_state(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=3, game="hurricane", preset="standard")
    slow(fake)
    seat = d.table.current_seat
    assert seat is not None
    await d.fresh_hand(d.person(seat))  # the player's hand is open
    del fake.messages[d.table.message_id or 0]  # a moderator deleted the table message
    await d.play_move(seat, d.choose(seat))
    await fake.bot.settle()  # type: ignore[attr-defined]
    shows_newest(fake, d)  # re-posted, drawn after the move


async def test_budget_counts_from_the_interaction_not_the_handler(
    make_fake: FakeFactory,
) -> None:
    """Busy loop 1.1 s + a database write of 1.5 s: the click is deferred 2 s after Discord
    created it (not 3.1 s), the move is applied, answered and shown on the table message."""
    fake = await make_fake()
    alice, bob = (Person(n, fake.make_user(n)) for n in ("Alice", "Bob"))
    d = await start_table(fake, [alice, bob], seed=3, game="hurricane", preset="standard")
    storage: Any = fake.bot.storage  # type: ignore[attr-defined]
    for name in ("append_move", "save_table", "finish_game"):
        real = getattr(storage, name)

        async def sleepy(*args: Any, _real: Any = real, **kwargs: Any) -> Any:
            await asyncio.sleep(1.5)  # the database is locked by another writer
            return await _real(*args, **kwargs)

        setattr(storage, name, sleepy)
    seat = d.table.current_seat
    assert seat is not None
    person = d.person(seat)
    hand = await d.fresh_hand(person)
    fake.busy = 1.1
    fake.edit_latency = LATENCY
    before = d.table.move_no
    action = d.choose(seat)
    sel = comp(hand, "hs:card:")
    assert sel is not None
    card = action.split(":")[0]
    ex = await fake.click(hand, sel["custom_id"], user=person.user, values=[card])
    if d.table.move_no == before:  # a capture to choose: one more click
        hand = fake.messages[int(hand["id"])]
        cap = comp(hand, "hs:cap:")
        assert cap is not None
        ex = await fake.click(hand, cap["custom_id"], user=person.user, values=[action])
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert d.table.move_no == before + 1
    assert not fake.violations, fake.violations  # no late acknowledgement (10062)
    assert ex.callback_type in (6, 7)
    assert "Your move is on the table" in render_text(fake.messages[int(hand["id"])])
    shows_newest(fake, d)


async def test_a_refused_acknowledgement_still_publishes_the_move(
    make_fake: FakeFactory,
) -> None:
    """Even when Discord refuses the answer (too late), the applied move reaches the table."""
    fake = await make_fake()
    alice, bob = (Person(n, fake.make_user(n)) for n in ("Alice", "Bob"))
    d = await start_table(fake, [alice, bob], seed=3, game="hurricane", preset="standard")
    seat = d.table.current_seat
    assert seat is not None
    person = d.person(seat)
    hand = await d.fresh_hand(person)
    legal = [str(a) for a in d.table.state.legal_actions(seat)]  # type: ignore[union-attr]
    one = next(t for t in legal if sum(1 for u in legal if u.split(":")[0] == t.split(":")[0]) == 1)
    sel = comp(hand, "hs:card:")
    assert sel is not None
    fake.busy = 0.3
    fake.ack_deadline = 0.1  # every answer is too late
    before = d.table.move_no
    await fake.click(hand, sel["custom_id"], user=person.user, values=[one.split(":")[0]])
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert d.table.move_no == before + 1
    shows_newest(fake, d)
    assert fake.violations  # Discord refused the late answer …
    fake.violations.clear()  # … as this test intended


async def test_a_hand_control_on_the_table_message_is_refused(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=3, game="hurricane", preset="standard")
    hand = await d.fresh_hand(alice)
    refresh = comp(hand, "h:refresh:")
    assert refresh is not None
    before = d.public()["embeds"]
    ex = await fake.click(d.public(), refresh["custom_id"], user=bob.user, forge=True)
    assert ex.ephemeral and "does not belong" in ex.content
    assert d.public()["embeds"] == before  # the table was not replaced by a hand


async def test_a_forged_leaderboard_id_cannot_turn_a_table_into_a_leaderboard(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=3, game="hurricane", preset="standard")
    before = d.public()["embeds"]
    ex = await fake.click(d.public(), "lb:hurricane:rating:0", user=bob.user, forge=True)
    assert ex.ephemeral and "does not belong" in ex.content
    assert d.public()["embeds"] == before
    hand = await d.fresh_hand(alice)
    ex = await fake.click(hand, "lb:hurricane:wins:me", user=alice.user, forge=True)
    assert "does not belong" in ex.content
    ex = await fake.click(hand, f"lobby:start:{d.channel_id}", user=alice.user, forge=True)
    assert "does not belong" in ex.content
    ex = await fake.click(hand, f"show:{d.channel_id}", user=alice.user, forge=True)
    assert "does not belong" in ex.content


async def test_custom_ids_are_parsed_strictly(fake: FakeDiscord, users: list[Person]) -> None:
    """Unicode digits, garbage arguments and near-misses get a polite refusal, never silence and
    never an "Unhandled error" (the harness fails the test on any ERROR log)."""
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=4, game="haggis")
    hand = await d.fresh_hand(alice)
    base = hand_custom_id("hs", "gsel", d.table, None)  # hs:gsel:<ch>:<mv>.<tag>
    moves = d.table.move_no
    for forged, values in (
        (f"{base}:².0", ["x"]),
        (f"{base}:0.zz", ["x"]),
        (f"{base}:0.0", ["not-a-card"]),
        (f"h:gplay:{d.channel_id}:{d.table.move_no}:ffff", None),
        (f"h:gplay:{d.channel_id}:²", None),
        (f"lobby:join:{d.channel_id}:9", None),
        (f"show:{d.channel_id}x", None),
    ):
        ex = await fake.click(hand, forged, user=alice.user, values=values, forge=True)
        assert ex.callback is not None, forged  # answered, not silence
        assert d.table.move_no == moves


async def test_a_pairs_breakdown_with_four_long_names_fits_through_discord(
    fake: FakeDiscord,
) -> None:
    """Four 32-character names at Hurricane pairs: the deal's breakdown (its own message and the
    table's field) keeps every category and the totals within Discord's 1,024 characters (the
    harness checks every embed against Discord's limits)."""
    people = [Person(f"P{i}", fake.make_user(f"{'W' * 30}_{i}")) for i in range(4)]
    for p in people:
        p.user["global_name"] = f"{'W' * 30}_{p.name[-1]}"
    d = await start_table(fake, people, seed=6, game="hurricane", preset="pairs")
    while not any(
        "Totals" in render_text(m) and "scores" in render_text(m) for m in fake.public_messages()
    ):
        seat = d.table.current_seat
        assert seat is not None and d.table.status is TableStatus.PLAYING
        await d.play_move(seat, d.choose(seat))
    await fake.bot.settle()  # type: ignore[attr-defined]
    scores = next(m for m in fake.public_messages() if "scores" in render_text(m))
    [field] = [f for f in scores["embeds"][0]["fields"] if "result" in f["name"]]
    text = field["value"]
    assert len(text) <= 1024 and "…" not in text
    for label in ("Hurricanes", "Most cards", "Most hearts", "Primiera", "Totals"):
        assert label in text
    assert "W" * 30 in text  # the legend names the players
    assert not fake.violations
