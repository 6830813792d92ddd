"""The table tells the story: the public message shows the current deal's / trick's last moves in words
(at least 4, and every move since each seat's own last one in ``pairs`` and 3-player Haggis)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.render.moves import describe_move
from bot.render.table import seat_names

from .driver import Driver, start_table
from .fakediscord import FakeDiscord, Person, render_text


def story_of(d: Driver) -> list[str]:
    """The public message's move lines: the "Earlier this …" list, then the last move."""
    lines = str(d.public()["embeds"][0]["description"]).split("\n")
    start = next((i for i, t in enumerate(lines) if t.startswith("Earlier this ")), None)
    earlier = []
    if start is not None:
        for line in lines[start + 1 :]:
            if not line.startswith("· "):
                break
            earlier.append(line[2:])
    last = [t.removeprefix("Last move: ") for t in lines if t.startswith("Last move: ")]
    return earlier + last


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("hurricane", 2, {}),
        ("hurricane", 4, {"preset": "pairs"}),
        ("haggis", 3, {"players": 3}),
        ("haggis", 2, {}),
        ("hurikan", 2, {}),
    ],
)
async def test_the_last_moves_of_the_deal_or_trick_in_words(
    fake: FakeDiscord, users: list[Person], game: str, seats: int, options: dict[str, Any]
) -> None:
    people = [*users, Person("Dan", fake.make_user("Dan"))][:seats]
    d = await start_table(fake, people, seed=3, game=game, **options)
    shown_most = longest = 0
    for _ in range(16):
        seat = d.table.state.current_player  # type: ignore[union-attr]
        assert seat is not None
        await d.play_move(seat, d.choose(seat))
        await fake.bot.settle()  # type: ignore[union-attr]
        table = d.table
        names = seat_names(table)
        since = table.history[table.log_from :]
        longest = max(longest, len(since))
        want = max(4, seats)
        story = story_of(d)
        shown_most = max(shown_most, len(story))
        assert 1 <= len(story) <= want
        # the newest line is the last move (with what it caused); the earlier ones are the moves
        # before it in this deal / trick, oldest first
        expected = [
            describe_move(game, names[s], a, names=names)
            for s, a in since[-want:][:-1] or table.history[-1:][:0]
        ]
        assert story[:-1] == expected[-(len(story) - 1) :] if len(story) > 1 else expected == []
        assert len(story) == min(want, max(1, len(since)))
        assert (
            story[-1].startswith(
                describe_move(game, names[since[-1][0]], since[-1][1], names=names)[:12]
            )
            if since
            else True
        )
    assert shown_most == min(max(4, seats), longest)  # the longest deal/trick, told in full
    # and some deal or trick ran long enough to tell a story (a 2-player trick may be lead + pass)
    assert shown_most >= (2 if (game, seats) == ("haggis", 2) else 3)


async def test_a_resignation_ends_the_story_with_the_moves_before_it(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await start_table(fake, users[:2], seed=2, game="hurricane")
    for _ in range(3):
        seat = d.table.state.current_player  # type: ignore[union-attr]
        assert seat is not None
        await d.play_move(seat, d.choose(seat))
    await fake.slash("table resign", user=users[0].user)
    await fake.bot.settle()  # type: ignore[union-attr]
    story = story_of(d)
    assert story[-1] == "Alice resigned." and len(story) == 4
    assert "Bob wins" in render_text(d.public())


async def test_three_player_resignation_names_both_winners(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await start_table(fake, users, seed=2, game="haggis", players=3)
    await fake.slash("table resign", user=users[1].user)
    await fake.bot.settle()  # type: ignore[union-attr]
    assert "**Game over.** Alice and Carol win — Bob resigned." in render_text(d.public())
