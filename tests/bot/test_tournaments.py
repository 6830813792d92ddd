"""Issue 26 through the real discord.py harness on the fake clock: a Swiss of Minitrick (a few
moves a game) with computers, its refusals, a thread per match, no-shows forfeiting, the round
announcements pinging only the paired players and the final standings winner first."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from bot.games import GAMES
from bot.plugin import installed
from bot.tournaments import state
from tests.storage.conftest import result
from tests.toy_game import PLUGIN

from .fakediscord import MANAGE_GUILD, FakeDiscord, Person, render_text

PNG = b"\x89PNG"


@pytest.fixture
def minitrick() -> Iterator[str]:
    with installed(PLUGIN):
        yield PLUGIN.name
    assert PLUGIN.name not in GAMES


def bot_of(fake: FakeDiscord) -> Any:
    return fake.bot


def tournament_message(fake: FakeDiscord) -> dict[str, Any]:
    return next(m for m in fake.public_messages(fake.channel_id) if "tournament" in render_text(m))


async def tick(fake: FakeDiscord, seconds: float) -> None:
    fake.advance(seconds)
    bot_of(fake).tables.poke()
    bot_of(fake).tournaments.poke()


def _components(msg: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in msg.get("components", []) for c in row.get("components", [])]


async def create(fake: FakeDiscord, mod: Person, **options: Any) -> str:
    ex = await fake.slash("tournament create", user=mod.user, **options)
    assert ex.ephemeral and "created" in ex.content, ex.content
    return ex.content.split()[1]


def round_of(fake: FakeDiscord, tid: str) -> int:
    return int(bot_of(fake).tournaments.get(tid).record.round)


def open_matches(fake: FakeDiscord, tid: str) -> list[Any]:
    live = bot_of(fake).tournaments.get(tid)
    if live is None:
        return []
    return [m for m in live.matches.values() if m.status == "open" and m.round == live.record.round]


def waiting_on_members(fake: FakeDiscord, tid: str) -> bool:
    """Each open match of the round has its table up and a member to move: the computers are
    done for now, so a jump of the clock runs out a member's timer, nobody else's."""
    for match in open_matches(fake, tid):
        table = bot_of(fake).tables.get(match.channel_id) if match.channel_id else None
        seat = table.current_seat if table is not None else None
        occupant = table.seats[seat] if seat is not None else None
        if occupant is None or occupant.computer is not None or occupant.left:
            return False  # (a seat that sat out plays automatically, at once)
    return True


async def settle(fake: FakeDiscord, tid: str, done: Any) -> None:
    """Wait until ``done()`` or the computers wait on members, with every result handled."""
    while True:
        await fake.wait_for(lambda: done() or waiting_on_members(fake, tid))
        await bot_of(fake).tournaments.idle()
        if done() or waiting_on_members(fake, tid):
            return


async def run_until(
    fake: FakeDiscord, tid: str, step: float, rounds: int = 200, pause: float = 0.01
) -> None:
    """Move the fake clock ``step`` seconds at a time (letting computers play between) until the
    tournament is over (its last posts written: they wait their turn in the publisher's queue)."""
    for _ in range(rounds):
        if bot_of(fake).tournaments.get(tid) is None:
            await bot_of(fake).settle()
            return
        await asyncio.sleep(pause)
        await tick(fake, step)
    raise AssertionError("the tournament did not end")


async def test_swiss_of_eight_with_a_bye_forfeits_and_a_restart(
    minitrick: str, make_fake: Any, users: list[Person], fake: FakeDiscord
) -> None:
    """Three members and five computers over three rounds: the refusals, joining by button and by
    command, a thread per match, no-shows forfeiting, a withdrawal making a bye in round 3, a
    restart mid-round 2, each game counted once, the final standings."""
    alice, bob, carol = users
    fake.member_permissions[carol.id] = MANAGE_GUILD
    base = {"game": minitrick, "format": "swiss", "target": 1, "turn_timer": 30}
    # Bad input: refused privately, nothing created.
    ex = await fake.slash("tournament create", user=alice.user, start="5", **base)
    assert ex.ephemeral and "Manage Server or Manage Events" in ex.content
    ex = await fake.slash("tournament create", user=carol.user, start="2020-01-01 10:00", **base)
    assert ex.ephemeral and "past" in ex.content
    ex = await fake.slash(
        "tournament create", user=carol.user, start="5", rounds=8, max_players=4, **base
    )
    assert ex.ephemeral and "4 players allow 1 to 3 rounds" in ex.content
    assert bot_of(fake).tournaments.active_in(fake.guild_ids[0]) == []
    tid = await create(fake, carol, start="1", rounds=3, computers=5, **base)
    msg = tournament_message(fake)
    join = next(c["custom_id"] for c in _components(msg) if c["custom_id"].startswith("tour:join"))
    ex = await fake.click(msg, join, user=alice.user)
    assert ex.ephemeral and "registered" in ex.content
    for person in (bob, carol):
        ex = await fake.slash("tournament join", user=person.user)
        assert "registered" in ex.content
    ex = await fake.slash("tournament join", user=bob.user)
    assert ex.ephemeral and "already registered" in ex.content
    ex = await fake.slash("tournament cancel", user=alice.user)
    assert ex.ephemeral and "Manage Server or Manage Events" in ex.content
    await tick(fake, 61)
    await fake.wait_for(lambda: len(fake.threads) == 4)  # eight entrants, four tables
    ex = await fake.slash("tournament join", user=alice.user)
    assert ex.ephemeral and "Registration closed" in ex.content
    posts = [r for r in fake.requests if r.method == "POST" and r.path.endswith("/messages")]
    announce = next(r for r in posts if "Round 1" in str((r.json or {}).get("content")))
    mentions = announce.json["allowed_mentions"]
    assert mentions["parse"] == []  # only the paired members are pinged
    assert {int(u) for u in mentions["users"]} == {alice.id, bob.id, carol.id}
    for _ in range(20):  # round 1 ends: the humans forfeit, the computers play out
        # Advance the clock only once every open table waits on a member: a tick while round 2
        # is starting would run out its timers too.
        await settle(fake, tid, lambda: round_of(fake, tid) == 2)
        if round_of(fake, tid) == 2:
            break
        await tick(fake, 31)
        await asyncio.sleep(0.03)  # the timers' task runs
    assert round_of(fake, tid) == 2
    ex = await fake.slash("tournament leave", user=bob.user)  # withdraws: seven from round 3
    assert "left" in ex.content
    # The restart, mid-round 2: a new process on the same database and the same Discord.
    await fake.close()
    fake2 = await make_fake(world=fake)
    live2 = bot_of(fake2).tournaments.get(tid)
    assert live2 is not None and live2.record.round == 2
    await run_until(fake2, tid, 31)
    matches = await bot_of(fake2).storage.matches(tid)
    assert [sum(m.round == r for m in matches) for r in (1, 2, 3)] == [4, 4, 4]  # 3 tables + bye
    byes = [m for m in matches if m.status == "bye"]
    assert len(byes) == 1 and byes[0].round == 3
    assert sum(m.status == "forfeit" for m in matches) >= 4
    games = [m.game_id for m in matches if m.status in ("finished", "forfeit")]
    assert len(games) == len(set(games)) == 11
    assert all(m.channel_id in fake2.threads for m in matches if m.status != "bye")
    final = render_text(fake2.public_messages(fake2.channel_id)[-1])
    assert final.startswith("🏆")


async def test_arena_of_six_for_thirty_minutes_with_a_pause(
    minitrick: str, fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, carol = users
    fake.member_permissions[carol.id] = MANAGE_GUILD
    tid = await create(
        fake,
        carol,
        game=minitrick,
        format="arena",
        start="1",
        window=30,
        computers=4,
        target=1,
        turn_timer=30,
    )
    await fake.slash("tournament join", user=alice.user)
    await fake.slash("tournament join", user=bob.user)
    await tick(fake, 61)
    await fake.wait_for(lambda: len(fake.threads) == 3)
    ex = await fake.slash("tournament pause", user=bob.user)
    assert "Paused" in ex.content
    paused_at = fake.now()
    # The computers play each other in real time while the fake clock stands still: let them
    # play a few rounds before the clock moves on.
    await fake.wait_for(lambda: len(bot_of(fake).tournaments.get(tid).matches) > 6, timeout=30)
    # a minute at a time, once the computers' own games are over, until the Arena has ended
    # (the real-time waits are generous: on a loaded machine the computers' games take longer)
    for _ in range(120):
        live = bot_of(fake).tournaments.get(tid)
        if live is None:
            break
        await fake.wait_for(
            lambda live=live: all(
                any(k.startswith("u") for k in m.seats)
                for m in live.matches.values()
                if m.status == "open"
            ),
            timeout=30,
        )
        await tick(fake, 60)
    await fake.wait_for(lambda: bot_of(fake).tournaments.get(tid) is None, timeout=30)
    matches = await bot_of(fake).storage.matches(tid)
    t = await bot_of(fake).storage.tournament(tid)
    assert t is not None and t.status == "finished"
    assert len(matches) > 6
    assert all(m.started_at + 900 <= t.starts_at + t.window for m in matches)
    assert all(m.started_at < paused_at for m in matches if f"u{bob.id}" in m.seats)
    text = render_text(fake.public_messages(fake.channel_id)[-1])
    assert text.startswith("🏆")


async def test_poker_of_twelve_over_two_rounds_and_a_final_table(make_fake: Any) -> None:
    fake = await make_fake(computer_delay=0.001)
    carol = Person("Carol", fake.make_user("Carol"))
    # Text-only tables (no Attach Files in the channel, so none in its threads): the pictures
    # are not what this test is about, and drawing hundreds would cost seconds.
    await fake.set_attach_files(fake.channel_id, False)
    fake.member_permissions[carol.id] = MANAGE_GUILD
    tid = await create(
        fake,
        carol,
        game="hurricane_poker",
        format="tables",
        start="1",
        rounds=2,
        computers=12,
        options="hands=1",
        turn_timer=30,
    )
    await tick(fake, 61)
    await run_until(fake, tid, 5, rounds=600)
    matches = await bot_of(fake).storage.matches(tid)
    assert [sorted(len(m.seats) for m in matches if m.round == r) for r in (1, 2, 3)] == [
        [6, 6],
        [6, 6],
        [8],
    ]
    final = next(m for m in matches if m.round == 3)
    winner = final.seats[final.places.index(min(final.places))]  # type: ignore[union-attr]
    live = await bot_of(fake).tournaments.load(tid)
    rows = bot_of(fake).tournaments.standings(live)
    assert rows[0].entrant == winner
    assert render_text(fake.public_messages(fake.channel_id)[-1]).startswith("🏆")


async def test_sixty_four_players_at_once(minitrick: str, make_fake: Any) -> None:
    fake = await make_fake(computer_delay=0.001)
    carol = Person("Carol", fake.make_user("Carol"))
    # Text-only tables (no Attach Files in the channel, so none in its threads): the pictures
    # are not what this test is about, and drawing hundreds would cost seconds.
    await fake.set_attach_files(fake.channel_id, False)
    fake.member_permissions[carol.id] = MANAGE_GUILD
    tid = await create(
        fake,
        carol,
        game=minitrick,
        format="swiss",
        start="1",
        rounds=1,
        computers=64,
        target=1,
    )
    await tick(fake, 61)
    await fake.wait_for(lambda: len(fake.threads) == 32)
    await run_until(fake, tid, 5)
    matches = await bot_of(fake).storage.matches(tid)
    assert len(matches) == 32 and all(m.status == "finished" for m in matches)


async def test_seasons_and_refusals_in_russian(
    minitrick: str, fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, carol = users
    fake.member_permissions[carol.id] = MANAGE_GUILD
    fake.user_locales[alice.id] = "ru"
    ex = await fake.slash("season start", user=alice.user, name="Winter")
    assert ex.ephemeral and "Управлять сервером" in ex.content
    ex = await fake.slash(
        "tournament create", user=alice.user, game=minitrick, format="swiss", start="5"
    )
    assert ex.ephemeral and "Управлять событиями" in ex.content
    fake.member_permissions[alice.id] = MANAGE_GUILD
    ex = await fake.slash(
        "tournament create", user=alice.user, game=minitrick, format="swiss", start="2020-01-01"
    )
    assert ex.ephemeral and "в прошлом" in ex.content
    ex = await fake.slash("season start", user=carol.user, name="Winter")
    assert "Winter" in ex.content and not ex.ephemeral
    ex = await fake.slash("season start", user=carol.user, name="Spring")
    assert ex.ephemeral and "already" in ex.content
    storage = bot_of(fake).storage
    await storage.finish_game(replace(result([alice.id, bob.id]), guild_id=fake.guild_ids[0]))
    ex = await fake.slash("leaderboard", user=bob.user, game="hurricane")
    board = render_text(ex.reply)
    assert "Season Winter (running)" in board and f"user{alice.id}" in board
    ex = await fake.slash("season end", user=carol.user)
    assert "Winter" in ex.content
    ex = await fake.slash("leaderboard", user=bob.user, game="hurricane", season="Winter")
    board = render_text(ex.reply)
    assert "Season Winter (ended)" in board and f"user{alice.id}" in board
    ex = await fake.slash("leaderboard", user=bob.user, game="hurricane", season="all")
    assert "Season" not in render_text(ex.reply) and f"user{alice.id}" in render_text(ex.reply)
    ex = await fake.slash("leaderboard", user=bob.user, game="hurricane", season="Autumn")
    assert ex.ephemeral and "no season called Autumn" in ex.content


async def play_out(fake: FakeDiscord, tid: str, step: float = 31, rounds: int = 40) -> None:
    """Until the tournament is over: let the computers play, and move the clock ``step`` only
    once every open table waits on a member (whose timer it then runs out)."""

    def over() -> bool:
        return bot_of(fake).tournaments.get(tid) is None

    for _ in range(rounds):
        await settle(fake, tid, over)
        if over():
            await bot_of(fake).settle()
            return
        await tick(fake, step)
        await asyncio.sleep(0.03)  # the timers' task runs
    raise AssertionError("the tournament did not end")


async def test_a_swiss_out_of_opponents_ends_early_and_says_why(
    minitrick: str, make_fake: Any
) -> None:
    """Two entrants, three rounds planned: after round 1 every pairing is a rematch, so the
    tournament ends there (no repeat), says why, and its message carries the standings picture."""
    fake = await make_fake(computer_delay=0.001)
    carol = Person("Carol", fake.make_user("Carol"))
    fake.member_permissions[carol.id] = MANAGE_GUILD
    tid = await create(
        fake, carol, game=minitrick, format="swiss", start="1", rounds=3, computers=2, target=1
    )
    await fake.wait_for(lambda: bool(tournament_message(fake).get("attachments")))
    msg = tournament_message(fake)
    assert fake.attachment(msg).startswith(PNG)  # the standings beside the text
    assert msg["embeds"][0]["image"]["url"].endswith("standings.png")
    await tick(fake, 61)
    await run_until(fake, tid, 5)
    matches = await bot_of(fake).storage.matches(tid)
    assert [m.round for m in matches] == [1]
    t = await bot_of(fake).storage.tournament(tid)
    assert t is not None and t.status == "finished" and t.round == 1
    final = render_text(fake.public_messages(fake.channel_id)[-1])
    assert final.startswith("🏆") and "Ended after round 1 of 3" in final
    assert "rematch" in final
    ex = await fake.slash("tournament standings", user=carol.user, tournament=tid)
    assert "**Round 1**" in ex.content and "Computer 1" in ex.content
    msg = tournament_message(fake)
    assert "Ended after round 1 of 3" in render_text(msg)
    assert fake.attachment(msg).startswith(PNG) and len(msg["attachments"]) == 1


async def test_a_member_who_never_acts_at_poker_forfeits_and_is_placed_last(
    make_fake: Any,
) -> None:
    """Hurricane poker plays on without a no-show (the seat sits out, folding), so its result
    alone could rank them anywhere: the tournament counts the match as their forfeit, last place,
    at the table of round 1 and at the final table."""
    fake = await make_fake(computer_delay=0.001)
    await fake.set_attach_files(fake.channel_id, False)  # text-only tables: cheaper
    alice = Person("Alice", fake.make_user("Alice"))
    carol = Person("Carol", fake.make_user("Carol"))
    fake.member_permissions[carol.id] = MANAGE_GUILD
    tid = await create(
        fake,
        carol,
        game="hurricane_poker",
        format="tables",
        start="1",
        rounds=1,
        computers=3,
        options="hands=1",
        turn_timer=30,
    )
    ex = await fake.slash("tournament join", user=alice.user)
    assert "registered" in ex.content
    await tick(fake, 61)
    await play_out(fake, tid)
    matches = await bot_of(fake).storage.matches(tid)
    me = f"u{alice.id}"
    assert [m.round for m in matches] == [1, 2]  # a table of four, then the final table
    for m in matches:
        assert m.status == "forfeit" and m.places is not None
        assert m.places[m.seats.index(me)] == 4
        assert all(p <= 3 for k, p in zip(m.seats, m.places, strict=True) if k != me)
    live = await bot_of(fake).tournaments.load(tid)
    rows = bot_of(fake).tournaments.standings(live)
    assert rows[-1].entrant == me and rows[0].entrant != me
    ex = await fake.slash("history", user=alice.user)  # the games name their tournament
    page = render_text(ex.reply)
    assert f"tournament `{tid}` · round 1" in page and f"tournament `{tid}` · round 2" in page


async def test_haggis_rounds_of_three_player_tables(make_fake: Any) -> None:
    """Six entrants (five members and a computer), two rounds of Haggis tables of three, round 2
    seated by standing, points by place (2 / 1 / 0, ties sharing). Every table is decided by the
    first member whose first turn times out (a Haggis table cannot play on without a seat: the
    others win): a whole Haggis game to 250 among computers costs seconds, this the same path."""
    fake = await make_fake(computer_delay=0.001)
    await fake.set_attach_files(fake.channel_id, False)
    people = [Person(n, fake.make_user(n)) for n in ("Ann", "Bo", "Cy", "Di", "Ed")]
    carol = Person("Carol", fake.make_user("Carol"))
    fake.member_permissions[carol.id] = MANAGE_GUILD
    tid = await create(
        fake, carol, game="haggis", format="tables", start="1", rounds=2, computers=1, turn_timer=30
    )
    for person in people:
        ex = await fake.slash("tournament join", user=person.user)
        assert "registered" in ex.content
    await tick(fake, 61)
    await fake.wait_for(lambda: len(fake.threads) == 2)
    await play_out(fake, tid)
    matches = await bot_of(fake).storage.matches(tid)
    assert [sorted(len(m.seats) for m in matches if m.round == r) for r in (1, 2)] == [
        [3, 3],
        [3, 3],
    ]
    for m in matches:  # one no-show loses, the two others share the win
        assert m.status == "forfeit" and m.places is not None
        assert sorted(m.places) == [1, 1, 3]
    live = await bot_of(fake).tournaments.load(tid)
    rows = bot_of(fake).tournaments.standings(live)
    assert len(rows) == 6 and sum(r.points for r in rows) == 2 * 2 * (2 + 1 + 0)
    assert {r.points for r in rows} <= {0, Fraction(3, 2), 3}
    # Round 2 is seated by standing: the best three after round 1 at table 1.
    after_one = state.standings(
        live.record, live.entry_list(), [m for m in live.match_list() if m.round == 1]
    )
    table_one = next(m for m in matches if m.round == 2 and m.board == 1)
    assert set(table_one.seats) == {r.entrant for r in after_one[:3]}
    assert render_text(fake.public_messages(fake.channel_id)[-1]).startswith("🏆")
    # Its history: every round's tables and results, newest first, after the standings.
    ex = await fake.slash("tournament standings", user=people[0].user, tournament=tid)
    assert ex.ephemeral
    body = ex.content
    assert body.index("**Standings**") < body.index("**Round 2**") < body.index("**Round 1**")
    assert body.count("(forfeit)") == 4


async def test_an_arena_resumes_after_a_restart_without_counting_a_game_twice(
    minitrick: str, make_fake: Any
) -> None:
    """A restart in the middle of an Arena's window: the new process resumes it (open games go
    on at their tables, finished ones are kept), pairs again, and ends it at the window's end;
    every game is counted once."""
    fake = await make_fake(computer_delay=0.001)
    await fake.set_attach_files(fake.channel_id, False)
    carol = Person("Carol", fake.make_user("Carol"))
    fake.member_permissions[carol.id] = MANAGE_GUILD
    tid = await create(
        fake,
        carol,
        game=minitrick,
        format="arena",
        start="1",
        window=20,
        computers=4,
        target=1,
        turn_timer=30,
    )
    await tick(fake, 61)
    await fake.wait_for(lambda: len(bot_of(fake).tournaments.get(tid).matches) >= 6)
    before = {m.match_id: m for m in await bot_of(fake).storage.matches(tid)}
    await fake.close()
    fake2 = await make_fake(world=fake, computer_delay=0.001)
    live = bot_of(fake2).tournaments.get(tid)
    assert live is not None and live.record.status == "running"
    for match_id, m in before.items():  # what was decided stays decided
        if m.status != "open":
            assert live.matches[match_id].status == m.status
            assert live.matches[match_id].places == m.places
    await fake2.wait_for(lambda: len(bot_of(fake2).tournaments.get(tid).matches) > len(before))
    for _ in range(30):  # five minutes at a time to the window's end
        if bot_of(fake2).tournaments.get(tid) is None:
            break
        await tick(fake2, 300)
        await asyncio.sleep(0.02)
    await fake2.wait_for(lambda: bot_of(fake2).tournaments.get(tid) is None)
    matches = await bot_of(fake2).storage.matches(tid)
    assert all(m.status in ("finished", "forfeit", "void") for m in matches)
    games = [m.game_id for m in matches if m.status != "void"]
    assert len(games) == len(set(games)) > len(before)
    assert len({m.channel_id for m in matches}) == len(matches)  # a table per game, once
    for m in matches:  # each result is its game's, as recorded
        summary = await bot_of(fake2).storage.game_summary(m.game_id)
        assert summary is not None or m.status == "void"
    live = await bot_of(fake2).tournaments.load(tid)
    rows = bot_of(fake2).tournaments.standings(live)
    assert sum(r.games for r in rows) == 2 * len(games)
    assert render_text(fake2.public_messages(fake2.channel_id)[-1]).startswith("🏆")
