"""``/leaderboard``, ``/stats`` and ``/history`` through the real discord.py stack (tests/bot harness)."""

from __future__ import annotations

import itertools
from typing import Any

from storage.models import GameRecord, SeatRecord

from .driver import Driver
from .fakediscord import GUILD_ID, FakeDiscord, Person, component_ids, render_text

_ids = itertools.count(1)


def record(
    seats: list[tuple[int, str]],
    winners: tuple[int, ...] = (0,),
    *,
    game: str = "hurricane",
    scores: tuple[int, ...] | None = None,
    double: bool = False,
    ended_by: str = "finished",
    guild: int = GUILD_ID,
) -> GameRecord:
    n = next(_ids)
    return GameRecord(
        game_id=f"stats-{n}",
        guild_id=guild,
        channel_id=1,
        game=game,
        options={"preset": "standard"} if game == "hurricane" else {},
        seats=tuple(
            SeatRecord(i, uid, name, is_bot=uid < 0) for i, (uid, name) in enumerate(seats)
        ),
        scores=scores or tuple(16 if i in winners else 9 for i in range(len(seats))),
        winners=winners,
        double=double,
        seed=n,
        started_at=1_700_000_000.0 + n,
        ended_at=1_700_000_100.0 + n,
        ended_by=ended_by,
    )


async def finish(fake: FakeDiscord, rec: GameRecord) -> None:
    storage: Any = fake.bot.storage  # type: ignore[union-attr]
    assert await storage.finish_game(rec)


async def ladder(fake: FakeDiscord, me: Person, my_wins: int) -> None:
    """25 players: player k has won k games (against a punching bag); ``me`` has ``my_wins``."""
    for k in range(1, 26):
        for _ in range(k):
            await finish(fake, record([(10_000 + k, f"Player{k:02d}"), (999, "Bag")]))
    for _ in range(my_wins):
        await finish(fake, record([(me.id, me.name), (999, "Bag")]))


def lines(body: dict[str, Any]) -> list[str]:
    return (body["embeds"][0].get("description") or "").splitlines()


def my_rank(text: str) -> int:
    return int(text.split("Your rank\n#")[1].split(" ")[0])


async def test_leaderboard_top_ten_own_rank_and_paging(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice = users[0]
    await ladder(fake, alice, my_wins=9)  # ties with Player09: same wins, same games
    ex = await fake.slash("leaderboard", user=alice.user, game="hurricane", metric="wins")
    assert ex.callback_type == 4 and ex.ephemeral
    page1 = lines(ex.reply)
    assert len(page1) == 10
    assert page1[0].startswith("`#  1` Player25") and "25** wins" in page1[0]
    assert page1[9].startswith("`# 10` Player16")
    # wins tie with Player09 (same games): lower user id first, and Alice's id is larger
    assert "Your rank\n#18 — **9** wins" in ex.text
    msg = ex.message
    assert msg is not None
    ids = component_ids(msg)
    assert ids == ["lb:hurricane:wins:0", "lb:hurricane:wins:1", "lb:hurricane:wins:me"]
    prev = fake.find_component(msg, lambda c: c.get("custom_id") == "lb:hurricane:wins:0")
    assert prev is not None and prev.get("disabled")

    ex = await fake.click(msg, "lb:hurricane:wins:1", user=alice.user)
    assert ex.callback_type == 7
    page2 = lines(fake.messages[int(msg["id"])])
    assert [line[:6] for line in page2] == [f"`#{r:>3}`" for r in range(11, 21)]
    assert any("Alice" in line and "← you" in line for line in page2)

    msg = fake.messages[int(msg["id"])]
    ex = await fake.click(msg, "lb:hurricane:wins:2", user=alice.user)
    last = fake.messages[int(msg["id"])]
    assert [line[:6] for line in lines(last)] == [f"`#{r:>3}`" for r in range(21, 28)]
    nxt = fake.find_component(last, lambda c: c.get("custom_id") == "lb:hurricane:wins:3")
    assert nxt is not None and nxt.get("disabled")  # the Bag is last: no page 4

    ex = await fake.click(last, "lb:hurricane:wins:me", user=alice.user)
    assert any("← you" in line for line in lines(fake.messages[int(msg["id"])]))
    assert "Page 2" in render_text(fake.messages[int(msg["id"])])


async def test_leaderboard_defaults_to_rating_and_hides_computers(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    await finish(fake, record([(alice.id, "Alice"), (bob.id, "Bob")]))
    await finish(fake, record([(-3, "Computer (hard)"), (bob.id, "Bob")]))
    ex = await fake.slash("leaderboard", user=bob.user, game="hurricane")
    assert ex.ephemeral and "rating" in ex.text
    top = lines(ex.reply)
    assert [line.split("` ")[1].split(" —")[0] for line in top] == ["Alice", "Bob"]
    assert "Computer" not in "\n".join(top)
    assert "Your rank\n#2" in ex.text


async def test_leaderboard_with_computers_lists_them_on_every_page(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    await finish(fake, record([(-3, "Computer (hard)"), (alice.id, "Alice")]))
    await finish(fake, record([(-3, "Computer (hard)"), (bob.id, "Bob")]))
    for k in range(10):  # ten players with one win each push Alice and Bob to page 2
        await finish(fake, record([(20_000 + k, f"Winner{k}"), (999, "Bag")]))
    ex = await fake.slash(
        "leaderboard", user=bob.user, game="hurricane", metric="wins", computers=True
    )
    assert ex.ephemeral
    top = lines(ex.reply)
    assert top[0].startswith("`#  1` Computer (hard)") and "2** wins" in top[0]
    assert "computer players included" in ex.text
    assert my_rank(ex.text) == 13  # Computer, ten Winners, then Alice (lower id), Bob
    msg = ex.message
    assert msg is not None
    ids = component_ids(msg)
    assert ids == ["lb:hurricane:wins:0:all", "lb:hurricane:wins:1:all", "lb:hurricane:wins:me:all"]
    await fake.click(msg, "lb:hurricane:wins:1:all", user=bob.user)
    page2 = fake.messages[int(msg["id"])]
    assert "computer players included" in render_text(page2)
    assert all(c.endswith(":all") for c in component_ids(page2))
    assert "Computer" not in "\n".join(lines(page2))  # it is on page 1, ranked among everyone
    # without the option the computer is not ranked: everyone moves up one place
    plain = await fake.slash("leaderboard", user=bob.user, game="hurricane", metric="wins")
    assert "Computer" not in "\n".join(lines(plain.reply))
    assert "computer players are not listed" in plain.text
    assert my_rank(plain.text) == 12
    assert component_ids(plain.message or {})[0] == "lb:hurricane:wins:0"


async def test_empty_leaderboard_says_so(fake: FakeDiscord, users: list[Person]) -> None:
    ex = await fake.slash("leaderboard", user=users[0].user, game="haggis", metric="streak")
    assert "Nobody has finished a game of Haggis in this server yet." in ex.text
    assert "You have no finished Haggis game here yet." in ex.text


async def test_stats_of_yourself_and_of_someone_else(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, carol = users
    await finish(fake, record([(alice.id, "Alice"), (bob.id, "Bob")], double=True))
    await finish(fake, record([(bob.id, "Bob"), (alice.id, "Alice")]))
    await finish(
        fake,
        record(
            [(carol.id, "Carol"), (alice.id, "Alice"), (bob.id, "Bob")],
            (1,),
            game="haggis",
            scores=(120, 260, 90),
        ),
    )
    ex = await fake.slash("stats", user=alice.user)
    assert ex.ephemeral
    fields = {f["name"]: f["value"] for f in ex.reply["embeds"][0]["fields"]}
    assert set(fields) == {"Haggis", "Hurricane (Uragano)"}
    assert "1W 1L · 2 games · 50% won · 2 match points" in fields["Hurricane (Uragano)"]
    assert "Recent: L W" in fields["Hurricane (Uragano)"]
    assert "Rank #1" in fields["Haggis"]

    ex = await fake.slash("stats", user=alice.user, player=carol.user)
    fields = {f["name"]: f["value"] for f in ex.reply["embeds"][0]["fields"]}
    assert ex.reply["embeds"][0]["title"] == "Stats of Carol"
    assert list(fields) == ["Haggis"] and "0W 1L" in fields["Haggis"]


async def test_stats_of_a_newcomer(fake: FakeDiscord, users: list[Person]) -> None:
    ex = await fake.slash("stats", user=users[1].user)
    assert ex.ephemeral and "Bob has no finished games in this server yet." in ex.text


async def test_history_lists_recent_games_with_results(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    await finish(fake, record([(alice.id, "Alice"), (bob.id, "Bob")], double=True))
    await finish(fake, record([(alice.id, "Alice"), (bob.id, "Bob")], (1,), ended_by="resigned"))
    await finish(fake, record([(alice.id, "Alice"), (-2, "Computer")], (), ended_by="abandoned"))
    ex = await fake.slash("history", user=alice.user)
    assert ex.ephemeral
    text = lines(ex.reply)
    entries = [t for t in text if t.startswith("<t:")]
    assert len(entries) == 3
    assert "abandoned" in entries[0]
    assert "lost (resigned)" in entries[1]
    assert "**double win**" in entries[2]
    assert "Alice 16 vs Bob 9" in text
    resigned = text[text.index(entries[1]) + 1]
    assert resigned.startswith("Bob ") and " vs Alice " in resigned  # its winner (Bob) first
    ex = await fake.slash("history", user=alice.user, player=bob.user)
    assert len([t for t in lines(ex.reply) if t.startswith("<t:")]) == 2
    assert "Recent games of Bob" in ex.text


async def test_a_played_game_shows_up_everywhere(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    d = Driver(fake, [alice, bob], seed=4)
    await d.open(alice, game="hurikan")
    await d.join_all([bob])
    await d.start(alice)
    await d.play_to_end()
    state = d.table.state
    assert state is not None
    result = state.result()
    ex = await fake.slash("leaderboard", user=bob.user, game="hurikan", metric="games")
    board = lines(ex.reply)
    assert len(board) == 2 and all("**1** game · " in line for line in board)
    assert not any("1 games" in line for line in board)
    ex = await fake.slash("history", user=bob.user)
    [entry] = [t for t in lines(ex.reply) if t.startswith("<t:")]
    assert "**Hurikan**" in entry
    bob_seat = d.table.seat_of(bob.id)
    expected = (
        "draw"
        if result["winner"] is None
        else "**won**"
        if result["winner"] == bob_seat
        else "lost"
    )
    assert f"— {expected}" in entry
