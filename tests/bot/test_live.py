"""Turns reach the player: the private hand a player last opened edits itself through its interaction
token while that is valid (stopping at 14 minutes, then saying it is no longer live), and one short ping
per turn change mentions the player whose turn it is, the previous ping deleted (``pings: on|off``)."""

from __future__ import annotations

from typing import Any

from bot.discord.live import NO_LONGER_LIVE, YOUR_TURN
from bot.tables.models import TableStatus

from .driver import Driver, hurricane_duel, start_table
from .fakediscord import Person, Recorded, render_text


def pings(d: Driver) -> list[dict[str, Any]]:
    """The turn pings in the table's channel now."""
    return [
        m for m in d.fake.public_messages(d.channel_id) if "your turn at" in str(m.get("content"))
    ]


def ping_posts(d: Driver) -> list[Recorded]:
    return [
        r
        for r in d.fake.requests
        if r.method == "POST"
        and r.path == f"/channels/{d.channel_id}/messages"
        and "your turn at" in str((r.json or {}).get("content"))
    ]


def edits_of(d: Driver, token: str) -> list[Recorded]:
    return [r for r in d.fake.requests if r.method == "PATCH" and f"/{token}/" in r.path]


def waiting(d: Driver) -> tuple[int, Person, Person]:
    seat = d.table.state.current_player  # type: ignore[union-attr]
    assert seat is not None
    return seat, d.person(seat), d.person(1 - seat)


async def play_one(d: Driver) -> None:
    seat = d.table.state.current_player  # type: ignore[union-attr]
    assert seat is not None
    await d.play_move(seat, d.choose(seat))
    await d.fake.bot.settle()  # type: ignore[union-attr]


async def test_the_last_hand_edits_itself_when_the_turn_comes(
    fake: Any, users: list[Person]
) -> None:
    d = await hurricane_duel(fake, users)
    seat, mover, other = waiting(d)
    hand = await d.show_hand(other)
    token = next(t for t, rec in fake.interactions.items() if rec.original_id == int(hand["id"]))
    assert YOUR_TURN not in render_text(hand)
    fake.advance(13 * 60)  # still within the token's window
    await play_one(d)
    edits = edits_of(d, token)
    assert len(edits) == 1 and edits[0].path.endswith("/messages/@original")
    live = fake.messages[int(hand["id"])]
    assert YOUR_TURN in render_text(live)  # no click on Refresh needed
    assert f"{d.table.move_no}." in str(live["components"])  # its controls play the new move
    # the player plays straight from the updated hand
    await d.play_move(1 - seat, d.choose(1 - seat))
    assert d.table.move_no == 2


async def test_after_14_minutes_the_hand_says_it_is_no_longer_live(
    fake: Any, users: list[Person]
) -> None:
    d = await hurricane_duel(fake, users)
    _, mover, other = waiting(d)
    hand = await d.show_hand(other)
    token = next(t for t, rec in fake.interactions.items() if rec.original_id == int(hand["id"]))
    fake.advance(14 * 60 + 1)
    await play_one(d)  # the change comes after 14 minutes: the hand is told once, then left
    assert len(edits_of(d, token)) == 1
    assert NO_LONGER_LIVE in render_text(fake.messages[int(hand["id"])])
    fake.advance(30)
    await fake.bot.hands.sweep()
    await play_one(d)  # the other player's own move (a fresh hand)
    assert len(edits_of(d, token)) == 1  # the old token is not used again (the fake flags >15 min)
    fresh = await d.show_hand(other)
    assert NO_LONGER_LIVE not in render_text(fresh)


async def test_a_quiet_table_marks_old_hands_stale_by_the_sweep(
    fake: Any, users: list[Person]
) -> None:
    d = await hurricane_duel(fake, users)
    _, mover, other = waiting(d)
    hand = await d.show_hand(other)
    fake.advance(10 * 60)
    await fake.bot.hands.sweep()
    assert NO_LONGER_LIVE not in render_text(fake.messages[int(hand["id"])])
    fake.advance(4 * 60 + 10)
    await fake.bot.hands.sweep()
    assert NO_LONGER_LIVE in render_text(fake.messages[int(hand["id"])])


async def test_one_ping_per_turn_change_and_the_previous_one_deleted(
    fake: Any, users: list[Person]
) -> None:
    d = await hurricane_duel(fake, users)
    _, mover, other = waiting(d)
    [ping] = pings(d)  # the first turn
    assert ping["content"] == f"<@{mover.id}>, your turn at Hurricane."
    body = ping_posts(d)[0].json
    mentions = body["allowed_mentions"]
    assert mentions["parse"] == [] and [int(u) for u in mentions["users"]] == [mover.id]
    assert not mentions.get("replied_user")
    for _ in range(4):
        before = d.table.current_seat
        await play_one(d)
        assert len(pings(d)) == 1  # never more than one per table
        now = d.table.current_seat
        if now != before:
            assert pings(d)[0]["content"].startswith(f"<@{d.person(now).id}>")  # type: ignore[arg-type]
    deleted = [r for r in fake.requests if r.method == "DELETE" and r.path.startswith("/channels/")]
    assert len(ping_posts(d)) == 1 + len(deleted)  # each new ping replaced the one before
    await fake.slash("table resign", user=mover.user)
    await fake.bot.settle()
    assert d.table.status is TableStatus.FINISHED and pings(d) == []  # the game over: none left


async def test_a_computer_turn_between_two_of_mine_pings_me_once(
    fake: Any, users: list[Person]
) -> None:
    alice = users[0]
    d = Driver(fake, [alice])
    await d.open(alice, game="hurricane", computer="easy")
    for _ in range(4):
        seat = d.table.state.current_player  # type: ignore[union-attr]
        if d.table.seats[seat].computer is None:  # type: ignore[union-attr]
            await play_one(d)
        else:
            moved = d.table.move_no
            await fake.wait_for(lambda m=moved: d.table.move_no != m)  # type: ignore[misc]
            await fake.bot.settle()
    assert len(ping_posts(d)) == 1


async def test_pings_off_in_the_lobby(fake: Any, users: list[Person]) -> None:
    alice, bob, _ = users
    d = Driver(fake, [alice, bob])
    await d.open(alice, game="hurricane")
    ex = await fake.click(d.public(), f"lobby:pings:{d.channel_id}", user=bob.user)
    assert "host" in ex.text.lower() and d.table.spec.pings  # the host's switch
    ex = await fake.click(d.public(), f"lobby:pings:{d.channel_id}", user=alice.user)
    assert not d.table.spec.pings and "Turn pings: off" in render_text(d.public())
    await d.join_all([bob])
    await d.start(alice)
    for _ in range(3):
        await play_one(d)
    assert ping_posts(d) == []


async def test_join_is_disabled_on_a_full_table(fake: Any, users: list[Person]) -> None:
    alice, bob, _ = users
    d = Driver(fake, [alice, bob])
    await d.open(alice, game="hurricane")
    join = fake.find_component(
        d.public(), lambda c: c.get("custom_id", "").startswith("lobby:join")
    )
    assert join is not None and not join.get("disabled")
    await d.join_all([bob])
    join = fake.find_component(
        d.public(), lambda c: c.get("custom_id", "").startswith("lobby:join")
    )
    assert join is not None and join.get("disabled") and join["label"] == "Table full"


async def test_three_seat_haggis_pings_each_human(fake: Any, users: list[Person]) -> None:
    d = await start_table(fake, users, game="haggis", players=3)
    for _ in range(4):
        await play_one(d)
        assert len(pings(d)) <= 1
    assert len(pings(d)) == 1


async def test_one_ping_per_table_across_a_restart(make_fake: Any) -> None:
    first = await make_fake()
    users = [Person(n, first.make_user(n)) for n in ("Alice", "Bob")]
    d = await hurricane_duel(first, users)
    [old] = pings(d)
    await first.close()
    second = await make_fake(world=first)
    d2 = Driver(second, users[:2], seed=2)
    await second.bot.settle()
    await play_one(d2)  # the turn passes to the other player
    now = pings(d2)
    assert len(now) == 1 and now[0]["id"] != old["id"]  # the ping from before the restart is gone
    assert int(old["id"]) not in second.messages
