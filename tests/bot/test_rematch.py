"""A Rematch button on the finished table: same game, options and seats; the lobby opens with the other
players invited (they confirm by joining, each back at their seat), computers sit down again at once."""

from __future__ import annotations

from bot.tables.models import TableStatus

from .driver import Driver, start_table
from .fakediscord import FakeDiscord, Person, component_ids, render_text


async def test_rematch_reopens_the_lobby_with_the_same_seats(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, carol = users
    d = Driver(fake, [alice, bob])
    await d.open(alice, game="haggis", players=3, options="first_out_bonus=off")
    await d.join_all([bob])
    await fake.slash("table computer", user=alice.user, level="easy")
    await d.start(alice)
    old_spec, old_game = d.table.spec, d.table.game_id
    await fake.slash("table resign", user=alice.user)
    await fake.bot.settle()  # type: ignore[union-attr]
    finished = d.public()
    assert f"rematch:{d.channel_id}" in component_ids(finished)

    ex = await fake.click(finished, f"rematch:{d.channel_id}", user=carol.user)
    assert "Only the players of the last game" in ex.text  # not a player of that game
    ex = await fake.click(finished, f"rematch:{d.channel_id}", user=bob.user)
    table = d.table
    assert table.status is TableStatus.LOBBY and table.game_id != old_game
    assert table.spec == old_spec and table.host_id == bob.id
    assert table.seats[1] is not None and table.seats[1].user_id == bob.id  # Bob's old seat
    assert table.seats[2] is not None and table.seats[2].computer is not None  # back at once
    assert table.seats[0] is None and table.invited == {alice.id: 0}
    lobby = d.public()
    assert lobby["content"].startswith(f"<@{alice.id}>: Bob asks for a rematch")
    assert "kept for Alice" in render_text(lobby)
    body = next(r.json for r in reversed(fake.requests) if r.is_callback)
    mentions = body["data"]["allowed_mentions"]
    assert [int(u) for u in mentions["users"]] == [alice.id] and mentions["parse"] == []

    await fake.click(lobby, f"lobby:join:{d.channel_id}", user=alice.user)
    assert d.table.seats[0] is not None and d.table.seats[0].user_id == alice.id
    assert d.table.invited == {}
    await fake.click(d.public(), f"lobby:start:{d.channel_id}", user=bob.user)
    assert d.table.status is TableStatus.PLAYING

    ex = await fake.click(finished, f"rematch:{d.channel_id}", user=alice.user)
    assert "already a table" in ex.text  # the old message's button, a second time


async def test_no_rematch_button_on_an_abandoned_game(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await start_table(fake, users[:2], game="hurricane")
    for person in users[:2]:
        await fake.slash("table abandon", user=person.user)
    await fake.bot.settle()  # type: ignore[union-attr]
    assert d.table.ended_by == "abandoned"
    assert not any(c.startswith("rematch:") for c in component_ids(d.public()))
