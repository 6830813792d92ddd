"""Issue 11, fair play through the harness: pause limits, abandon rules, bounded options."""

from __future__ import annotations

import pytest

from bot.games import game_info
from bot.tables.models import TableStatus

from .driver import hurricane_duel, start_table
from .fakediscord import FakeDiscord, Person, render_text


async def bob_to_move(d: object) -> None:
    """Play until it is Bob's turn (the host, Alice, may pause only then)."""
    drv = d  # Driver
    while drv.person(drv.table.current_seat or 0).name != "Bob":  # type: ignore[attr-defined]
        seat = drv.table.current_seat or 0  # type: ignore[attr-defined]
        await drv.play_move(seat, drv.choose(seat))  # type: ignore[attr-defined]


async def test_a_pause_ends_by_itself_after_10_minutes(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = await hurricane_duel(fake, users, turn_timer=60)
    await bob_to_move(d)
    await fake.slash("table pause", user=alice.user)
    assert d.table.paused
    fake.advance(9 * 60)
    fake.bot.tables.poke()  # type: ignore[attr-defined]
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert d.table.paused
    fake.advance(61)
    fake.bot.tables.poke()  # type: ignore[attr-defined]
    await fake.wait_for(lambda: not d.table.paused)
    assert d.table.turn_deadline is not None  # the clock runs again
    assert "pause ran out" in render_text(d.public())


async def test_three_pauses_per_game_and_not_on_the_hosts_turn(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = await hurricane_duel(fake, users, turn_timer=60)
    if d.person(d.table.current_seat or 0) is alice:
        ex = await fake.slash("table pause", user=alice.user)
        assert ex.ephemeral and "your turn" in ex.content and not d.table.paused
    await bob_to_move(d)
    for _ in range(3):
        await fake.slash("table pause", user=alice.user)
        assert d.table.paused
        await fake.slash("table resume", user=alice.user)
        assert not d.table.paused
    ex = await fake.slash("table pause", user=alice.user)
    assert ex.ephemeral and "3 times per game" in ex.content and not d.table.paused


async def test_a_lone_human_abandoning_against_computers_resigns(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice = users[0]
    await fake.slash("table new", user=alice.user, game="hurricane", computer="easy")
    table = fake.bot.tables.get(fake.channel_id)  # type: ignore[attr-defined]
    assert table is not None and table.status is TableStatus.PLAYING
    ex = await fake.slash("table abandon", user=alice.user)
    assert table.ended_by == "resigned"  # a loss, not an escape
    assert "resigned" in render_text(fake.messages[table.message_id or 0]).lower() or ex.content
    storage = fake.bot.storage  # type: ignore[attr-defined]
    [game] = await storage.history(table.guild_id, alice.id)
    assert game.ended_by == "resigned" and game.winners == (1,)


async def test_two_humans_need_both_votes_and_it_is_unrated(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=2, game="hurricane")
    await fake.slash("table abandon", user=alice.user)
    assert d.table.status is TableStatus.PLAYING
    await fake.slash("table abandon", user=bob.user)
    assert d.table.ended_by == "abandoned"
    storage = fake.bot.storage  # type: ignore[attr-defined]
    [game] = await storage.history(d.table.guild_id, alice.id)
    assert game.ended_by == "abandoned" and game.winners == ()


@pytest.mark.parametrize(
    "way",
    [
        {"options": "target=10000000000000000000000"},
        {"options": "target=1001"},
        {"options": "target=0"},
        {"options": "target=²"},
    ],
)
async def test_numeric_options_are_bounded_whichever_way_given(
    fake: FakeDiscord, users: list[Person], way: dict[str, str]
) -> None:
    [target] = [o for o in game_info("hurricane").options if o.name == "target"]
    assert target.bounds == (1, 1000)
    ex = await fake.slash("table new", user=users[0].user, game="hurricane", **way)
    assert ex.ephemeral and "1–1000" in ex.content  # the refusal names the bounds
    assert fake.bot.tables.get(fake.channel_id) is None  # type: ignore[attr-defined]


async def test_the_target_field_has_the_engines_bounds(
    fake: FakeDiscord, users: list[Person]
) -> None:
    command = fake._command("table new")
    [param] = [p for p in command.parameters if p.name == "target"]
    highest = max(
        o.bounds[1]
        for g in ("hurricane", "hurikan", "haggis")
        for o in game_info(g).options
        if o.name == "target" and o.bounds is not None
    )
    assert param.min_value == 1 and param.max_value == highest
    ex = await fake.slash("table new", user=users[0].user, game="hurricane", target=1000)
    assert not ex.ephemeral  # the top of the range is accepted both ways
    [timer] = [p for p in command.parameters if p.name == "turn_timer"]
    from bot.tables.specs import MAX_TURN_TIMER

    assert timer.max_value == MAX_TURN_TIMER
