"""Games across days through the real bot: a correspondence table over several fake days, its
turn notices by direct message (one per turn change, the previous one marked done, none twice
across a restart; DMs closed for one player: noted once, the channel ping still goes out), a move
played from the DM, /games with its per-table hand buttons, /settings notifications, and the
refusals. The secrecy scan reads every DM as its reader's (a DM shows only its reader's cards)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.tables.models import Pace, TableStatus

from .conftest import FakeFactory
from .driver import Driver, comp
from .fakediscord import FakeDiscord, Person, component_ids, render_text

HOUR = 3600
DAY = 24 * HOUR


def dm_messages(fake: FakeDiscord, person: Person) -> list[dict[str, Any]]:
    """The bot's direct messages to ``person``, oldest first, as they stand now."""
    dm = fake.dm_of(person.id)
    return sorted(
        (m for m in fake.messages.values() if int(m["channel_id"]) == dm and not m["flags"] & 64),
        key=lambda m: int(m["id"]),
    )


def to_move(d: Driver) -> int:
    seat = d.table.current_seat
    assert seat is not None
    return seat


async def test_a_correspondence_game_over_days_with_notices_a_restart_and_a_move_from_the_dm(
    make_fake: FakeFactory, tmp_path: Path
) -> None:
    db = tmp_path / "bot.sqlite3"
    fake = await make_fake(db_path=db)
    alice, bob, carol = (Person(n, fake.make_user(n)) for n in ("Alice", "Bob", "Carol"))
    other = fake.make_channel("other")
    fake.dms_closed.add(bob.id)  # Bob's DMs are closed: he is told in the channel only
    d = Driver(fake, [alice, bob], seed=3)
    await d.open(alice, game="hurricane", preset="standard", pace="correspondence", move_time="2d")
    await d.join_all([bob])
    await d.start(alice)
    table = d.table
    assert table.spec.pace is Pace.CORRESPONDENCE and table.spec.turn_timer == 2 * DAY
    assert table.turn_deadline is not None and table.turn_deadline > fake.now() + DAY
    if d.person(to_move(d)) is bob:  # Bob moves first (in the channel): the turn passes on
        await d.play_move(to_move(d), d.choose(to_move(d)))
    assert d.person(to_move(d)) is alice

    [notice] = dm_messages(fake, alice)
    text = render_text(notice)
    assert "Your turn — Hurricane" in text and f"<#{d.channel_id}>" in text
    assert f"<t:{int(table.turn_deadline or 0)}:R>" in text
    assert f"/channels/{table.guild_id}/{d.channel_id}/{table.message_id}" in text
    assert component_ids(notice) == [f"mine:{d.channel_id}"]
    assert bob.id in fake.dms_closed and not dm_messages(fake, bob)

    # a day later Alice plays from the DM: the hand opens there, only for her
    fake.advance(DAY)
    ex = await fake.click(notice, f"mine:{d.channel_id}", user=alice.user)
    assert ex.callback_type == 4 and ex.ephemeral, ex.content
    hand = ex.message
    assert hand is not None and int(hand["channel_id"]) == fake.dm_of(alice.id)
    d.hands[alice.id] = hand
    before = d.table.move_no
    await d.play_move(to_move(d), d.choose(to_move(d)))
    assert d.table.move_no > before
    await fake.wait_for(lambda: "Done" in render_text(dm_messages(fake, alice)[0]))
    assert component_ids(dm_messages(fake, alice)[0]) == []  # marked done, its button gone
    d.scanner.scan()  # every DM and hand so far showed only its reader's cards

    # Bob's turn: his DMs are closed, noted once (one refused try), the channel ping goes out
    refused = [r for r in fake.requests if r.path == f"/channels/{fake.dm_of(bob.id)}/messages"]
    assert len(refused) == 1
    assert any(f"<@{bob.id}>" in m["content"] for m in fake.public_messages(d.channel_id))

    # a restart while Bob thinks: the deadline stands, nothing is sent twice
    deadline = d.table.turn_deadline
    sent = len(fake.dms)
    await fake.close()
    fake2 = await make_fake(db_path=db, world=fake)
    d.fake = fake2
    d.scanner = type(d.scanner)(fake2, d.channel_id)
    restored = d.table
    assert restored.turn_deadline == deadline and restored.status is TableStatus.PLAYING
    await fake2.bot.settle()  # type: ignore[attr-defined]
    assert len(fake2.dms) == 0 and len(fake.dms) == sent

    # two days pass: Bob's time runs out, the stand-in move hands the turn to Alice: a new notice
    fake2.advance(2 * DAY + 60)
    fake2.bot.tables.poke(d.channel_id)  # type: ignore[attr-defined]
    await fake2.wait_for(lambda: d.person(to_move(d)) is alice and len(fake2.dms) == 1)
    assert d.table.last_events[0]["type"] == "timeout"
    refused = [r for r in fake2.requests if r.path == f"/channels/{fake2.dm_of(bob.id)}/messages"]
    assert refused == []  # noted before the restart: not tried again for this game
    [again] = [m for m in dm_messages(fake2, alice) if m["components"]]
    assert "Your turn" in render_text(again)
    d.scanner.scan()

    # /games: Bob's tables (a new lobby in another channel too); a game's hand button opens
    # THAT table's hand, wherever it is pressed
    await Driver(fake2, [bob], channel_id=other).open(bob, game="haggis", pace="correspondence")
    ex = await fake2.slash("games", user=alice.user, channel_id=other)
    assert ex.ephemeral and "Your games" in ex.text and "your turn" in ex.text, ex.text
    games = ex.message
    assert games is not None and component_ids(games) == [f"mine:{d.channel_id}"]
    ex = await fake2.click(games, f"mine:{d.channel_id}", user=alice.user)
    assert ex.callback_type == 4 and ex.ephemeral and "Your hand — Hurricane" in ex.text
    ex = await fake2.slash("games", user=bob.user)
    assert "Haggis" in ex.text and "Hurricane" in ex.text and "lobby" in ex.text

    # refusals: a hand button for a table Carol is not at, and for a table that has ended
    ex = await fake2.slash("games", user=carol.user)
    assert "no open table" in ex.text and ex.message is not None
    ex = await fake2.click(ex.message, f"mine:{d.channel_id}", user=carol.user, forge=True)
    assert ex.ephemeral and "not seated at that table" in ex.content
    await fake2.slash("table resign", user=alice.user, channel_id=d.channel_id)
    assert d.table.status is TableStatus.FINISHED
    ex = await fake2.click(games, f"mine:{d.channel_id}", user=alice.user)
    assert ex.ephemeral and "game has ended" in ex.content
    await fake2.wait_for(lambda: "is over" in render_text(dm_messages(fake2, alice)[-1]))
    d.scanner.scan()


async def test_bad_paces_and_timers_are_refused_and_notifications_are_each_players(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _carol = users
    for options, words in (
        ({"pace": "correspondence", "move_time": "8d"}, "between 1 hour and 7 days"),
        ({"pace": "correspondence", "move_time": "soon"}, "hours or days"),
        ({"pace": "correspondence", "turn_timer": 60}, "move_time"),
        ({"move_time": "1d"}, "correspondence"),
    ):
        ex = await fake.slash("table new", user=alice.user, game="hurricane", **options)
        assert ex.ephemeral and words in ex.content, (options, ex.content)
    assert fake.bot.tables.get(fake.channel_id) is None  # type: ignore[attr-defined]
    fake.user_locales[alice.id] = "ru"
    ex = await fake.slash(
        "table new", user=alice.user, game="hurricane", pace="correspondence", move_time="9d"
    )
    assert ex.ephemeral and "7 дней" in ex.content, ex.content
    # every member chooses their own notices (no Manage Server needed); a live table's notice
    # comes only to a player who chose "all", once the turn has waited two minutes
    ex = await fake.slash("settings notifications", user=bob.user, notify="all")
    assert ex.ephemeral and "two minutes" in ex.content
    ex = await fake.slash("settings language", user=bob.user, language="ru")
    assert ex.ephemeral and "Manage Server" in ex.content
    fake.user_locales.pop(alice.id)
    d = Driver(fake, [alice, bob], seed=3)
    await d.open(alice, game="hurricane", preset="standard")
    await d.join_all([bob])
    await d.start(alice)
    if d.person(to_move(d)) is alice:
        await d.play_move(to_move(d), d.choose(to_move(d)))
    assert d.person(to_move(d)) is bob
    notices = fake.bot.notices  # type: ignore[attr-defined]
    await notices.sweep()
    assert not dm_messages(fake, bob)  # not yet: the turn has not waited two minutes
    fake.advance(121)
    await notices.sweep()
    [notice] = dm_messages(fake, bob)
    assert "Your turn" in render_text(notice) and not dm_messages(fake, alice)
    await notices.sweep()
    assert len(dm_messages(fake, bob)) == 1  # one per turn change
    hand = comp(notice, "mine:")
    assert hand is not None

    # the lobby's pace switch (host): a day per move, said in the lobby; and back to live
    lobby = Driver(fake, [bob], channel_id=fake.make_channel("lobby"))
    await lobby.open(bob, game="haggis")
    ex = await fake.click(lobby.public(), f"lobby:pace:{lobby.channel_id}", user=bob.user)
    assert ex.callback_type == 6 and lobby.table.spec.pace is Pace.CORRESPONDENCE
    assert lobby.table.spec.turn_timer == DAY
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert "Pace: correspondence — 1 day per move" in render_text(lobby.public())
    ex = await fake.click(lobby.public(), f"lobby:pace:{lobby.channel_id}", user=alice.user)
    assert ex.ephemeral and "host" in ex.content  # only the host switches it
    await fake.click(lobby.public(), f"lobby:pace:{lobby.channel_id}", user=bob.user)
    assert lobby.table.spec.pace is Pace.LIVE and lobby.table.spec.turn_timer == 120


async def test_a_live_turns_wait_for_its_notice_survives_restarts_without_a_repeat(
    make_fake: FakeFactory, tmp_path: Path
) -> None:
    """The two-minute wait of a live turn (a player who chose ``all``) is stored: a restart
    during it neither loses it nor restarts it, and one after the notice does not repeat it."""
    db = tmp_path / "bot.sqlite3"
    fake = await make_fake(db_path=db)
    alice, bob = (Person(n, fake.make_user(n)) for n in ("Alice", "Bob"))
    await fake.slash("settings notifications", user=bob.user, notify="all")
    d = Driver(fake, [alice, bob], seed=3)
    await d.open(alice, game="hurricane", preset="standard")
    await d.join_all([bob])
    await d.start(alice)
    if d.person(to_move(d)) is alice:
        await d.play_move(to_move(d), d.choose(to_move(d)))
    assert d.person(to_move(d)) is bob
    fake.advance(90)  # a minute and a half of Bob's turn, then a restart
    for _restart in range(2):
        await fake.close()
        fake = await make_fake(db_path=db, world=fake)
        d.fake = fake
        await fake.bot.settle()  # type: ignore[attr-defined]
        notices = fake.bot.notices  # type: ignore[attr-defined]
        await notices.sweep()
        if _restart == 0:
            assert not dm_messages(fake, bob)  # 90 s < 2 minutes: not yet
            fake.advance(31)  # two minutes since the turn began, not since the restart
            await notices.sweep()
            [notice] = dm_messages(fake, bob)
            assert "Your turn" in render_text(notice)
        else:  # sent before this restart: not again
            assert fake.dms == [] and len(dm_messages(fake, bob)) == 1
    assert d.person(to_move(d)) is bob and not dm_messages(fake, alice)


async def test_each_turn_notice_is_in_its_readers_language(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """One table in an English server, both players' Discord in Russian; Bob chose English for his
    notices. Each DM is in its reader's language (their choice, else the one their interactions
    carry, both stored); the channel stays English."""
    alice, bob, _carol = users
    fake.user_locales[alice.id] = fake.user_locales[bob.id] = "ru"
    ex = await fake.slash("settings notifications", user=bob.user, language="en")
    assert ex.ephemeral and "English" in ex.content and "Русский" not in ex.content, ex.content
    d = Driver(fake, [alice, bob], seed=3)
    await d.open(alice, game="hurricane", preset="standard", pace="correspondence")
    await d.join_all([bob])
    await d.start(alice)
    first = d.person(to_move(d))
    await d.play_move(to_move(d), d.choose(to_move(d)))  # the turn passes: both were told once
    await fake.bot.settle()  # type: ignore[attr-defined]
    storage = fake.bot.storage  # type: ignore[attr-defined]
    assert await storage.get_user_language(alice.id) == (None, "ru")
    assert await storage.get_user_language(bob.id) == ("en", "ru")
    [to_alice] = dm_messages(fake, alice)
    [to_bob] = dm_messages(fake, bob)
    ru, en = render_text(to_alice), render_text(to_bob)
    # the first to move was told and their notice is marked done; the other is told now
    assert ("Готово" in ru and "Your turn — Hurricane" in en) or (
        "Ваш ход — " in ru and "Done" in en
    ), (ru, en)
    assert first in (alice, bob) and "Your" not in ru and "Done" not in ru and "Ваш" not in en
    assert "Ваш" not in render_text(d.public())  # the server's language for the channel
