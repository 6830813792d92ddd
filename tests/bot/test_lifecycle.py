"""The table's life beyond single moves: the turn timer, restarts, old messages, /play, /rules, /ping,
admin sync and the central error handler."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.tables.models import TableStatus

from .conftest import FakeFactory
from .driver import Driver, comp, hurricane_duel, one_move_card, start_table
from .fakediscord import OWNER_ID, FakeDiscord, Person, render_text


async def test_turn_timer_reminds_then_plays_for_the_player(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await hurricane_duel(fake, users, turn_timer=60)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    person = d.person(seat)
    assert "time runs out <t:" in render_text(d.public())
    fake.advance(31)  # past half time
    d.fake.bot.tables.poke(d.channel_id)  # wake the clock after the jump
    await fake.wait_for(lambda: any("⏰" in str(m.get("content")) for m in fake.public_messages()))
    reminder = next(m for m in fake.public_messages() if "⏰" in str(m.get("content")))
    assert f"<@{person.id}>" in reminder["content"]
    fake.advance(31)
    d.fake.bot.tables.poke(d.channel_id)
    await fake.wait_for(lambda: d.table.move_no == 1)
    assert d.table.seats[seat].timeouts == 1  # type: ignore[union-attr]
    assert "time ran out" in render_text(d.public())


async def test_pause_resume_and_abandon(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    d = await hurricane_duel(fake, users)
    ex = await fake.slash("table pause", user=bob.user)
    assert ex.ephemeral and not d.table.paused  # host only
    if d.person(d.table.current_seat or 0) is alice:  # a host whose turn it is cannot pause
        ex = await fake.slash("table pause", user=alice.user)
        assert "your turn" in ex.content and not d.table.paused
        await d.play_move(d.table.current_seat or 0, d.choose(d.table.current_seat or 0))
    ex = await fake.slash("table pause", user=alice.user)
    assert d.table.paused and "paused" in render_text(d.public())
    await fake.slash("table resume", user=alice.user)
    assert not d.table.paused
    await fake.slash("table abandon", user=alice.user)
    assert d.table.status is TableStatus.PLAYING
    ex = await fake.slash("table abandon", user=bob.user)
    assert "abandoned" in ex.content and d.table.ended_by == "abandoned"
    assert "abandoned" in render_text(d.public())


async def test_restart_keeps_the_table_and_show_my_hand_works(
    make_fake: FakeFactory, tmp_path: object
) -> None:
    first = await make_fake()
    alice, bob = (Person(n, first.make_user(n)) for n in ("Alice", "Bob"))
    d = await start_table(first, [alice, bob], seed=4, game="hurricane")
    for _ in range(3):
        seat = d.table.state.current_player  # type: ignore[union-attr]
        await d.play_move(seat, d.choose(seat))
    public = d.public()
    moves = d.table.move_no
    await first.close()

    second = await make_fake(world=first)
    table = second.bot.tables.get(second.channel_id)  # type: ignore[union-attr]
    assert table is not None and table.move_no == moves and table.status is TableStatus.PLAYING
    await second.bot.settle()  # type: ignore[union-attr]
    assert any(
        r.method == "PATCH" and r.path.endswith(f"/messages/{public['id']}")
        for r in second.requests
    )
    seat = table.state.current_player  # type: ignore[union-attr]
    person = alice if table.seats[seat].user_id == alice.id else bob  # type: ignore[union-attr]
    ex = await second.click(public, f"show:{second.channel_id}", user=person.user)
    assert ex.callback_type == 4 and ex.ephemeral and comp(ex.message or {}, "hs:card:") is not None


async def test_old_table_message_is_reposted(fake: FakeDiscord, users: list[Person]) -> None:
    d = await hurricane_duel(fake, users)
    old_id = d.table.message_id
    fake.advance(46 * 60)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    await d.play_move(seat, d.choose(seat))  # a fresh interaction; the hand message is re-shown
    assert d.table.message_id != old_id
    assert old_id not in fake.messages  # the old one is gone, the new one is live
    assert "Show my hand" in render_text(d.public())


async def test_play_autocomplete_and_submit(fake: FakeDiscord, users: list[Person]) -> None:
    d = await hurricane_duel(fake, users)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    person = d.person(seat)
    ex = await fake.autocomplete("play", "move", user=person.user, value="")
    choices = ex.choices()
    legal = {str(a) for a in d.table.state.legal_actions(seat)}  # type: ignore[union-attr]
    assert choices and len(choices) <= 25 and {c["value"] for c in choices} <= legal
    word = choices[0]["name"].split()[0]
    filtered = await fake.autocomplete("play", "move", user=person.user, value=word)
    assert all(word.lower() in c["name"].lower() for c in filtered.choices())
    ex = await fake.slash("play", user=person.user, move="KX")
    assert ex.ephemeral and "not one of your legal moves" in ex.content and d.table.move_no == 0
    ex = await fake.slash("play", user=person.user, move=choices[0]["value"])
    assert ex.ephemeral and "Played:" in ex.text and d.table.move_no == 1


async def test_haggis_hand_has_bets_and_reading_prompt(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await hurricane_duel(fake, users, game="haggis", players=2)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    hand = await d.show_hand(d.person(seat))
    labels = [c.get("label") for c in _components(hand)]
    assert "Bet 15 (little bet)" in labels and "Bet 30 (big bet)" in labels
    assert "Pass" not in labels  # no pass on a lead
    other = await d.show_hand(d.person(1 - seat))
    assert "Bet 15 (little bet)" in [c.get("label") for c in _components(other)]  # bets out of turn


def _components(msg: dict[str, object]) -> list[dict[str, object]]:
    from .fakediscord import iter_components

    return list(iter_components(msg.get("components") or []))  # type: ignore[arg-type]


async def test_rules_ping_and_admin_sync(fake: FakeDiscord, users: list[Person]) -> None:
    for game in ("hurricane", "hurikan", "haggis"):
        ex = await fake.slash("rules", user=users[0].user, game=game)
        assert ex.ephemeral and len(ex.data["embeds"][0]["description"]) <= 4096
    ex = await fake.slash("ping", user=users[0].user)
    assert ex.callback_type == 4 and ex.content == "Pong."
    puts = len([r for r in fake.requests if r.method == "PUT"])
    ex = await fake.slash("admin sync", user=users[0].user)
    assert ex.ephemeral and "Only the bot's owner" in ex.content
    assert len([r for r in fake.requests if r.method == "PUT"]) == puts
    owner = fake.users[OWNER_ID]
    ex = await fake.slash("admin sync", user=owner)
    assert "Synced" in ex.content and "table" in {c["name"] for c in fake.synced["global"]}
    assert len([r for r in fake.requests if r.method == "PUT"]) == puts + 1


async def test_unexpected_error_is_friendly_and_logged(
    fake: FakeDiscord, users: list[Person], monkeypatch: object, caplog: object
) -> None:
    d = Driver(fake, users[:2])
    await d.open(users[0], game="hurricane")

    def boom(*a: object, **k: object) -> None:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(fake.bot.tables, "join", boom)  # type: ignore[attr-defined,union-attr]
    ex = await fake.slash("table join", user=users[1].user)
    assert ex.ephemeral and ex.content == "Something went wrong — nothing was changed."
    assert any(
        "kaboom" in repr(r.exc_info) for r in fake.errors.records if r.levelno >= logging.ERROR
    )
    fake.errors.records.clear()
    ex = await fake.click(d.public(), f"lobby:join:{d.channel_id}", user=users[1].user)
    assert ex.ephemeral and ex.content == "Something went wrong — nothing was changed."
    assert fake.errors.records
    fake.errors.records.clear()
    assert d.table.seats[1] is None


async def test_haggis_reading_prompt_only_when_readings_differ(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await hurricane_duel(fake, users, game="haggis", players=2)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    person = d.person(seat)
    hand = await d.show_hand(person)
    sel = comp(hand, "hs:gsel:")
    assert sel is not None
    number = next(o["value"] for o in sel["options"] if o["value"] not in ("J", "Q", "K"))
    hand = await d.click(person, hand, sel["custom_id"], [number])  # a single card: one reading
    play = comp(hand, "h:gplay:")
    assert play is not None and not play.get("disabled")
    assert "Selected: " in render_text(hand)
    sel = comp(hand, "hs:gsel:")
    assert sel is not None
    hand = await d.click(
        person, hand, sel["custom_id"], [number, "J", "Q"]
    )  # set of three or a run
    play = comp(hand, "h:gplay:")
    assert play is not None
    hand = await d.click(person, hand, play["custom_id"])
    assert d.table.move_no == 0  # not played yet: the bot asks which reading
    read = comp(hand, "hs:gread:")
    assert read is not None
    values = [o["value"] for o in read["options"]]
    assert any(v.endswith("=set") for v in values) and any("=seq" in v for v in values)
    choice = next(v for v in values if v.endswith("=set"))
    await d.click(person, hand, read["custom_id"], [choice])
    assert d.table.history == [(seat, choice)]


async def test_new_table_against_the_computer_plays_to_the_end(make_fake: FakeFactory) -> None:
    fake = await make_fake(computer_delay=0.0)
    alice = Person("Alice", fake.make_user("Alice"))
    d = Driver(fake, [alice], seed=9)
    ex = await d.open(alice, game="hurricane", target=1, computer="normal")
    assert d.table.status is TableStatus.PLAYING and d.table.seats[1].computer is not None  # type: ignore[union-attr]
    assert "Show my hand" in render_text(ex.message or {})
    await d.play_to_end()
    assert "Game over" in render_text(d.public())


async def test_dev_guild_sync_at_start(make_fake: FakeFactory, tmp_path: object) -> None:
    from bot.app import create_bot
    from bot.config import Config

    from .fakediscord import GUILD_ID

    fake = FakeDiscord()
    config = Config(token="x", dev_guild_id=GUILD_ID, database_path=tmp_path / "dev.sqlite3")  # type: ignore[operator]
    await fake.start(create_bot(config, publish_delay=0.0))
    try:
        names = {c["name"] for c in fake.synced[str(GUILD_ID)]}
        assert {"table", "hand", "play", "rules", "ping"} <= names and "global" not in fake.synced
        ex = await fake.slash("ping")
        assert ex.content == "Pong."
    finally:
        await fake.close()
    assert not fake.error_messages()


async def test_slow_move_is_deferred_then_the_hand_is_edited(
    fake: FakeDiscord, users: list[Person], monkeypatch: pytest.MonkeyPatch
) -> None:
    d = await hurricane_duel(fake, users)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    person = d.person(seat)
    hand = await d.show_hand(person)
    manager = fake.bot.tables  # type: ignore[union-attr]
    real_act = manager.act

    async def slow_act(*args: object, **kwargs: object) -> object:
        await asyncio.sleep(0.05)
        return await real_act(*args, **kwargs)

    monkeypatch.setattr(manager, "act", slow_act)
    monkeypatch.setattr(fake.bot.get_cog("Play"), "ack_budget", 0.01)  # type: ignore[union-attr]
    sel = comp(hand, "hs:card:")
    assert sel is not None
    ex = await fake.click(hand, sel["custom_id"], user=person.user, values=["__any__"], forge=True)
    assert ex.callback_type == 6  # acknowledged in time, answered later
    edits = [
        r for r in ex.requests if r.method == "PATCH" and r.path.endswith("/messages/@original")
    ]
    assert edits and "Your hand" in render_text(fake.messages[int(hand["id"])])


def _slow(monkeypatch: pytest.MonkeyPatch, obj: object, name: str) -> None:
    real = getattr(obj, name)

    async def slow(*args: object, **kwargs: object) -> object:
        await asyncio.sleep(0.05)
        return await real(*args, **kwargs)

    monkeypatch.setattr(obj, name, slow)


async def test_slow_table_changes_are_deferred(
    fake: FakeDiscord, users: list[Person], monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob, carol = users
    manager = fake.bot.tables  # type: ignore[union-attr]
    monkeypatch.setattr(fake.bot.get_cog("Tables"), "ack_budget", 0.01)  # type: ignore[union-attr]
    for name in ("open_table", "join", "leave"):
        _slow(monkeypatch, manager, name)
    ex = await fake.slash("table new", user=alice.user, game="haggis", players=3)
    assert ex.callback_type == 5 and not ex.ephemeral  # "thinking…", public like the table
    table = manager.get(fake.channel_id)
    posted = [r for r in ex.followups if r.method == "POST"]
    assert posted and table.message_id == int(posted[0].response["id"])
    ex = await fake.slash("table join", user=bob.user)
    assert ex.callback_type == 5 and ex.ephemeral and table.seat_of(bob.id) == 1
    assert "You have a seat" in ex.content
    ex = await fake.click(
        fake.messages[table.message_id], f"lobby:join:{fake.channel_id}", user=carol.user
    )
    assert ex.callback_type == 6 and table.seat_of(carol.id) == 2
    assert "Carol" in render_text(fake.messages[table.message_id])


async def test_deleted_table_message_is_posted_again(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await hurricane_duel(fake, users)
    old_id = d.table.message_id
    del fake.messages[old_id]  # a moderator deleted it
    seat = d.table.state.current_player  # type: ignore[union-attr]
    ex = await fake.slash("hand", user=d.person(seat).user)  # /hand still works without the message
    assert ex.ephemeral and comp(ex.message or {}, "hs:card:") is not None
    sel = comp(ex.message or {}, "hs:card:")
    assert sel is not None
    choice = d.choose(seat)
    card = choice.split(":")[0]
    msg = await d.click(d.person(seat), ex.message or {}, sel["custom_id"], [card])
    if d.table.move_no == 0:
        cap = comp(msg, "hs:cap:")
        assert cap is not None
        await d.click(d.person(seat), msg, cap["custom_id"], [choice])
    assert d.table.move_no == 1
    assert d.table.message_id != old_id and "Show my hand" in render_text(d.public())


async def test_three_timeouts_in_a_row_forfeit(fake: FakeDiscord, users: list[Person]) -> None:
    d = await hurricane_duel(fake, users, turn_timer=60)
    sleeper = d.table.state.current_player  # type: ignore[union-attr]
    manager = fake.bot.tables  # type: ignore[union-attr]
    for round_no in range(3):
        assert d.table.state.current_player == sleeper  # type: ignore[union-attr]
        before = d.table.move_no
        fake.advance(61)
        manager.poke(d.channel_id)  # wake the clock after the jump
        await fake.wait_for(
            lambda b=before: d.table.move_no > b or d.table.status is not TableStatus.PLAYING
        )  # type: ignore[misc]
        if round_no < 2:
            other = d.table.state.current_player  # type: ignore[union-attr]
            while other != sleeper and d.table.status is TableStatus.PLAYING:
                await d.play_move(other, d.choose(other))
                other = d.table.state.current_player  # type: ignore[union-attr]
    assert d.table.status is TableStatus.FINISHED and d.table.ended_by == "forfeit"
    assert "forfeits" in render_text(d.public())
    loser, winner = d.person(sleeper).name, d.person(1 - sleeper).name
    assert (
        f"**Game over.** {winner} wins — {loser} forfeited (out of time three turns in a row)."
        in render_text(d.public())
    )


async def test_hand_controls_survive_a_restart(make_fake: FakeFactory) -> None:
    first = await make_fake()
    alice, bob = (Person(n, first.make_user(n)) for n in ("Alice", "Bob"))
    d = await start_table(first, [alice, bob], seed=6, game="hurricane")
    seat = d.table.state.current_player  # type: ignore[union-attr]
    person = d.person(seat)
    hand = await d.show_hand(person)
    legal = [str(a) for a in d.table.state.legal_actions(seat)]  # type: ignore[union-attr]
    await first.close()

    second = await make_fake(world=first)
    table = second.bot.tables.get(second.channel_id)  # type: ignore[union-attr]
    sel = comp(hand, "hs:card:")
    assert sel is not None
    card = one_move_card(sel, legal)
    assert card is not None
    ex = await second.click(hand, sel["custom_id"], user=person.user, values=[card])
    assert ex.callback_type == 7 and table.move_no == 1 and "Your move is on the table" in ex.text


async def test_hurikan_hand_lays_and_takes(fake: FakeDiscord, users: list[Person]) -> None:
    d = await hurricane_duel(fake, users, game="hurikan")
    seat = d.table.state.current_player  # type: ignore[union-attr]
    person = d.person(seat)
    hand = await d.show_hand(person)
    sel = comp(hand, "hs:klay:")
    assert sel is not None and sel["max_values"] == 3  # the opening lays 1 to 3 cards
    cards = [o["value"] for o in sel["options"]][:2]
    hand = await d.click(person, hand, sel["custom_id"], cards)
    lay = comp(hand, "h:klaydo:")
    assert (
        lay is not None and not lay.get("disabled") and comp(hand, "hs:ktake:") is None
    )  # empty table
    await d.click(person, hand, lay["custom_id"])
    assert len(d.table.history) == 1 and d.table.history[0][0] == seat
    assert set(d.table.state.view(None)["table"]) == set(cards)  # type: ignore[union-attr]


async def test_after_15_minutes_only_fresh_tokens_and_the_bot_token_are_used(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """A hand opened long ago still works (each click brings a fresh token) and the public message is
    kept up to date with the bot's own token, never with an interaction token past its 15 minutes."""
    d = await hurricane_duel(fake, users)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    person = d.person(seat)
    old_hand = await d.show_hand(person)
    public_id = d.table.message_id
    fake.advance(16 * 60)
    sel = comp(old_hand, "hs:card:")
    assert sel is not None
    move = d.choose(seat)
    ex = await fake.click(old_hand, sel["custom_id"], user=person.user, values=[move.split(":")[0]])
    assert ex.callback_type == 7
    if d.table.move_no == 0:  # several captures: choose one on the same (redrawn) hand
        cap = comp(fake.messages[int(old_hand["id"])], "hs:cap:")
        assert cap is not None
        ex = await fake.click(
            fake.messages[int(old_hand["id"])], cap["custom_id"], user=person.user, values=[move]
        )
    assert d.table.move_no == 1
    await fake.bot.settle()  # type: ignore[union-attr]
    assert any(
        r.method == "PATCH" and r.path == f"/channels/{d.channel_id}/messages/{public_id}"
        for r in ex.requests + fake.requests[-5:]
    )
    assert not fake.violations  # no token older than 15 minutes was used
