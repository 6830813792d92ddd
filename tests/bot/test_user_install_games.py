"""Whole games where the bot user is absent, played through interactions alone: a group DM of three
friends and a server channel of a server that never added the bot (two players and a computer).
The secrecy scan runs after every move; no request ever calls a channel endpoint there, no
interaction sends more than 5 follow-ups (the fake refuses and flags the sixth)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.tables.models import TableStatus

from .conftest import FakeFactory
from .driver import Driver
from .fakediscord import FakeDiscord, Person, render_text
from .secrecy import SecrecyScanner


async def hand_by_command(d: Driver, person: Person) -> None:
    """The player's hand through /hand: an interaction away from the table message (whose answer
    cannot redraw it), as a hand click or /play would be."""
    ex = await d.fake.slash("hand", user=person.user, channel_id=d.channel_id)
    assert ex.callback_type == 4 and ex.ephemeral and ex.message is not None, ex.content
    d.hands[person.id] = ex.message


def channel_calls(fake: FakeDiscord, place: int) -> list[str]:
    return [
        f"{r.method} {r.path}" for r in fake.requests if r.path.startswith(f"/channels/{place}")
    ]


async def test_the_table_message_is_posted_anew_when_its_tokens_expired(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    group = fake.make_group_dm(alice.user, bob.user)
    d = Driver(fake, [alice, bob], channel_id=group, seed=2)
    await d.open(alice, game="hurricane", preset="standard", options="target=3")
    await d.join_all([bob])
    await d.start(alice)
    first = d.table.message_id
    for _ in range(4):
        seat = d.table.state.current_player  # type: ignore[union-attr]
        await d.play_move(seat, d.choose(seat))
    assert d.table.message_id == first  # edited through its token while it lives
    fake.advance(16 * 60)  # every token of the table message has expired
    seat = d.table.state.current_player  # type: ignore[union-attr]
    await hand_by_command(d, d.person(seat))  # (a click on the table would redraw it in place)
    await d.play_move(seat, d.choose(seat))
    assert d.table.message_id != first  # a fresh follow-up carries the table on
    assert render_text(d.public()).count("Hurricane") >= 1
    assert channel_calls(fake, group) == []
    await d.play_to_end()


async def play_where_computers_cannot_wait(
    fake: FakeDiscord, d: Driver, until_deal: int | None = None
) -> None:
    """Nothing can be posted between interactions where the bot is absent: the human move that hands
    computers the turn is answered with their moves made (no pacing, though this bot paces
    computers an hour: ``computer_delay=3600``), and the table message names whose turn it is.
    ``until_deal``: stop once that deal or round has begun."""
    computers = {i for i, s in enumerate(d.table.seats) if s and s.computer is not None}
    assert computers
    handed = 0
    while d.table.status is TableStatus.PLAYING:
        if until_deal is not None and d.deal_no() >= until_deal:
            break
        seat = d.table.state.current_player  # type: ignore[union-attr]
        assert seat not in computers, "a computer waits for its turn where nothing can be posted"
        before = d.table.move_no
        await d.play_move(seat, d.choose(seat))
        d.scanner.scan()
        if d.table.move_no > before + 1:
            handed += 1
            await fake.bot.settle()  # type: ignore[union-attr]
            shown = render_text(d.public())
            now = d.table.state.current_player if d.table.state else None  # type: ignore[union-attr]
            if d.table.status is TableStatus.PLAYING and now is not None:
                name = d.table.seats[now].name  # type: ignore[union-attr]
                assert name in shown, (name, shown)
    assert handed > 3
    await fake.bot.settle()  # type: ignore[union-attr]
    d.scanner.scan()


@pytest.mark.parametrize("place", ["group DM", "server without the bot"])
async def test_a_game_survives_a_restart_without_channel_writes(
    make_fake: FakeFactory, place: str
) -> None:
    """The delivery chosen at /table new is saved with the table: after a restart the table still
    lives on tokens (no channel write refused with 403, no message to the host)."""
    first = await make_fake()
    alice, bob = (Person(n, first.make_user(n)) for n in ("Alice", "Bob"))
    if place == "group DM":
        channel = first.make_group_dm(alice.user, bob.user)
    else:
        channel = first.make_foreign_channel()
    d = Driver(first, [alice, bob], channel_id=channel, seed=4)
    await d.open(alice, game="hurricane", preset="standard", options="target=3")
    await d.join_all([bob])
    await d.start(alice)
    for _ in range(3):
        seat = d.table.state.current_player  # type: ignore[union-attr]
        await d.play_move(seat, d.choose(seat))
    moves = d.table.move_no
    await first.close()

    second = await make_fake(world=first)
    assert second.bot is not None
    await second.bot.settle()  # type: ignore[attr-defined]
    d.fake, d.scanner = second, SecrecyScanner(second, channel)
    d.hands.clear()
    assert d.table.move_no == moves
    await d.play_to_end()
    assert "Game over" in render_text(d.public())
    assert channel_calls(second, channel) == []
    assert not [r for r in second.requests if r.path.startswith("/users/@me/channels")]


EVERY_GAME = [
    # (game options, seats): short options keep the added time small
    pytest.param(
        {"game": "hurricane", "preset": "standard", "options": "target=3"}, 2, id="hurricane"
    ),
    pytest.param({"game": "hurricane", "preset": "pairs", "options": "target=3"}, 4, id="pairs"),
    pytest.param({"game": "hurikan"}, 2, id="hurikan"),
    # Haggis (a game to 250 is several hundred moves) stops in its second round: a player resigns
    pytest.param({"game": "haggis", "players": 2}, 2, id="haggis-2"),
    pytest.param({"game": "haggis", "players": 3}, 3, id="haggis-3"),
    pytest.param({"game": "hurricane_poker", "players": 3, "options": "hands=2"}, 3, id="poker"),
]
PLACES = ["group-dm", "server-without-bot", "bot-dm"]


@pytest.mark.parametrize("place_kind", PLACES)
@pytest.mark.parametrize(("options", "seats"), EVERY_GAME)
async def test_whole_games_of_every_game_in_every_place_without_the_bot_writing(
    make_fake: FakeFactory, options: dict[str, Any], seats: int, place_kind: str
) -> None:
    """A group DM of friends (every seat a friend), a server that never added the bot (two players,
    computers in the other seats; one player where two seats), the bot's DM (one player and
    computers): the secrecy scan after every move, no channel call, the table ends. In the group DM
    every token expires after three moves and no interaction sends more than 5 follow-ups. In the
    server without the bot, computers paced an hour still move at once (``play_where_computers_
    cannot_wait``)."""
    absent = place_kind == "server-without-bot"
    fake = await make_fake(computer_delay=3600.0 if absent else 0.0)
    humans = {"group-dm": seats, "server-without-bot": min(2, seats - 1), "bot-dm": 1}[place_kind]
    people = [Person(n, fake.make_user(n)) for n in ["Alice", "Bob", "Carol", "Dave"][:humans]]
    if place_kind == "group-dm":
        place = fake.make_group_dm(*(p.user for p in people))
    elif place_kind == "server-without-bot":
        place = fake.make_foreign_channel()
    else:
        place = fake.make_bot_dm(people[0].user)
    d = Driver(fake, people, channel_id=place, seed=9)
    opened = await d.open(people[0], **options)
    if place_kind == "bot-dm":
        assert opened.payload["context"] == 1  # the bot's DM, not a (group) private channel
    await d.join_all(people[1:])
    for _ in range(seats - humans):
        ex = await fake.click(d.public(), f"lobbyai:{place}", user=people[0].user, values=["easy"])
        assert ex.callback_type == 6 and "Computer (easy)" in render_text(d.public())
    await d.start(people[0])
    if place_kind == "group-dm":  # the 5-follow-up cap, with the table message re-posted
        for _ in range(3):
            seat = d.table.state.current_player  # type: ignore[union-attr]
            await d.play_move(seat, d.choose(seat))
        fake.advance(16 * 60)  # the next interaction re-posts the table as one of its follow-ups
        d.hands.clear()
        for person in people:
            await fake.slash("hand", user=person.user, channel_id=place)
    short = options["game"] == "haggis"  # a whole round, then a resignation
    if absent:
        await play_where_computers_cannot_wait(fake, d, until_deal=2 if short else None)
    elif short:
        await d.play_until_deal(2)
    else:
        await d.play_to_end()
    if short:
        assert d.table.status is TableStatus.PLAYING and d.deal_no() == 2
        ex = await fake.slash("table resign", user=people[0].user, channel_id=place)
        assert ex.callback_type == 4, ex.content
        await fake.bot.settle()  # type: ignore[union-attr]
        d.scanner.scan()
        assert d.table.ended_by == "resigned"
    await fake.bot.settle()  # type: ignore[union-attr]
    assert d.table.status is TableStatus.FINISHED
    assert "Game over" in render_text(d.public())
    assert channel_calls(fake, place) == []
    assert d.scanner.checked > 5
    foreign = place_kind == "server-without-bot"
    assert d.table.guild_id == (int(fake.channels[place]["guild_id"]) if foreign else place)
    assert not fake.violations
    # the table message was kept current through interaction tokens
    assert [r for r in fake.requests if r.method == "PATCH" and "/webhooks/" in r.path]
    if place_kind == "bot-dm":  # the hands are in the same DM as the table
        hands = fake.ephemeral_messages(people[0].user)
        assert hands and all(int(m["channel_id"]) == place for m in hands)
    if place_kind == "group-dm":
        # every follow-up counts (the table's re-posts and the handlers' own private answers)
        here = [r for r in fake.interactions.values() if r.channel_id == place]
        assert here and all(r.capped for r in here)
        most = max(r.followups for r in here)
        assert 0 < most <= 5, most
        # results count for this group DM (the place)
        alice = people[0]
        ex = await fake.slash("stats", user=alice.user, channel_id=place)
        assert "has no finished games" not in render_text(ex.reply)
        game = d.table.spec.game
        ex = await fake.slash("leaderboard", user=alice.user, channel_id=place, game=game)
        assert alice.name in render_text(ex.reply)


async def test_a_time_out_where_the_bot_is_absent_shows_at_the_next_interaction(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """A turn timer longer than a token's life: when it runs out no token can carry the news, so
    nothing is sent (no channel call, no reminder ping); the next interaction at the table posts
    the table message anew, showing the move played for the late player."""
    alice, bob, _ = users
    group = fake.make_group_dm(alice.user, bob.user)
    d = Driver(fake, [alice, bob], channel_id=group, seed=3)
    await d.open(alice, game="hurricane", preset="standard", turn_timer=1200)
    await d.join_all([bob])
    await d.start(alice)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    await d.play_move(seat, d.choose(seat))
    await fake.bot.settle()  # type: ignore[union-attr]
    late = d.table.state.current_player  # type: ignore[union-attr]
    first, moves = d.table.message_id, d.table.move_no
    before = render_text(d.public())
    sent = len(fake.requests)
    fake.advance(601)  # past half time: a reminder would ping in a server
    fake.bot.tables.poke(group)  # type: ignore[union-attr]
    fake.advance(600)  # the deadline: every token of the table has expired meanwhile
    fake.bot.tables.poke(group)  # type: ignore[union-attr]
    await fake.wait_for(lambda: d.table.move_no == moves + 1)
    await fake.bot.settle()  # type: ignore[union-attr]
    assert d.table.seats[late].timeouts == 1  # type: ignore[union-attr]
    assert render_text(d.public()) == before  # nothing could be written
    assert [r for r in fake.requests[sent:] if r.method != "GET"] == []
    other = d.person(1 - late)
    ex = await fake.slash("hand", user=other.user, channel_id=group)
    assert ex.ephemeral
    await fake.bot.settle()  # type: ignore[union-attr]
    assert d.table.message_id != first  # a fresh table message, through this interaction
    assert "time ran out" in render_text(d.public())
    assert channel_calls(fake, group) == []


async def test_a_replaced_table_message_says_where_the_game_went(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """Where the bot is absent an old table message cannot be deleted: while a token can still edit
    it, it says the game moved; once every token of it expired it stays as it was until someone
    clicks it (the next test)."""
    alice, bob, _ = users
    group = fake.make_group_dm(alice.user, bob.user)
    d = Driver(fake, [alice, bob], channel_id=group, seed=2)
    await d.open(alice, game="hurricane", preset="standard", options="target=3")
    await d.join_all([bob])
    await d.start(alice)
    for _ in range(2):
        seat = d.table.state.current_player  # type: ignore[union-attr]
        await d.play_move(seat, d.choose(seat))
    first = d.table.message_id
    assert first is not None
    await fake.slash("table status", user=bob.user, channel_id=group)
    await fake.bot.settle()  # type: ignore[union-attr]
    second = d.table.message_id
    assert second is not None and second != first
    old = fake.messages[first]
    assert "This table moved" in (old.get("content") or "")
    assert not old.get("embeds") and not old.get("components")
    assert "Hurricane" in render_text(fake.messages[second])
    seat = d.table.state.current_player  # type: ignore[union-attr]
    await d.play_move(seat, d.choose(seat))
    before = dict(fake.messages[d.table.message_id])
    fake.advance(16 * 60)  # every token that could edit the table message has expired
    seat = d.table.state.current_player  # type: ignore[union-attr]
    await hand_by_command(d, d.person(seat))
    await d.play_move(seat, d.choose(seat))
    assert d.table.message_id not in (first, second)
    assert "This table moved" not in (fake.messages[int(before["id"])].get("content") or "")
    assert channel_calls(fake, group) == []
    await d.play_to_end()


async def expired_table(fake: FakeDiscord, users: list[Person]) -> tuple[Driver, int]:
    """A two-player group DM game whose table message no living token can edit any more."""
    alice, bob, _ = users
    group = fake.make_group_dm(alice.user, bob.user)
    d = Driver(fake, [alice, bob], channel_id=group, seed=2)
    await d.open(alice, game="hurricane", preset="standard")
    await d.join_all([bob])
    await d.start(alice)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    await d.play_move(seat, d.choose(seat))
    fake.advance(16 * 60)  # every token of the table message has expired
    d.hands.clear()
    return d, group


async def test_a_click_on_a_stale_table_message_redraws_it_in_place(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """Show my hand on the table message no token can edit: the click's own answer (an
    UPDATE_MESSAGE) redraws the table there, and the hand comes as a private follow-up; later
    moves keep editing that same message through this click's token."""
    d, group = await expired_table(fake, users)
    table_message, moves = d.table.message_id, d.table.move_no
    seat = d.table.state.current_player  # type: ignore[union-attr]
    person = d.person(seat)
    ex = await fake.click(d.public(), f"show:{group}", user=person.user)
    assert ex.callback_type == 7 and "Hurricane" in render_text(ex.reply)
    [hand] = ex.followups
    assert hand.json["flags"] & 64 and "Your hand" in render_text(hand.json), hand.json
    d.hands[person.id] = fake.messages[int(hand.response["id"])]
    redrawn, sent = render_text(d.public()), len(fake.requests)
    await d.play_move(seat, d.choose(seat))
    await fake.bot.settle()  # type: ignore[union-attr]
    assert d.table.message_id == table_message and d.table.move_no > moves
    assert render_text(d.public()) != redrawn  # the move shows in the same message
    original = f"/webhooks/{fake.bot.application_id}/{ex.payload['token']}/messages/@original"  # type: ignore[union-attr]
    assert [r for r in fake.requests[sent:] if r.method == "PATCH" and r.path == original]
    assert channel_calls(fake, group) == [] and not fake.violations


async def test_a_click_on_a_replaced_table_message_says_where_the_game_went(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """A replaced table message that no token could mark: a click on it is answered by rewriting
    it (UPDATE_MESSAGE) to a link to the table message, and changes nothing else."""
    d, group = await expired_table(fake, users)
    old = d.table.message_id
    assert old is not None
    stale = dict(d.public())
    seat = d.table.state.current_player  # type: ignore[union-attr]
    await hand_by_command(d, d.person(seat))
    await d.play_move(seat, d.choose(seat))  # a private hand click: the table is posted anew
    await fake.bot.settle()  # type: ignore[union-attr]
    current = d.table.message_id
    assert current not in (None, old) and fake.messages[old]["components"]  # left as it was
    moves, shown = d.table.move_no, render_text(d.public())
    other = d.person(1 - seat)
    ex = await fake.click(stale, f"show:{group}", user=other.user)
    assert ex.callback_type == 7 and not ex.followups
    link = f"https://discord.com/channels/@me/{group}/{current}"
    assert link in ex.data["content"] and "This table moved" in ex.data["content"]
    assert not fake.messages[old]["components"] and not fake.messages[old]["embeds"]
    assert d.table.message_id == current and d.table.move_no == moves
    assert render_text(d.public()) == shown
    assert channel_calls(fake, group) == [] and not fake.violations
