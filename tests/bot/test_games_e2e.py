"""Complete games of every game and preset, played by simulated users purely through interactions."""

from __future__ import annotations

from bot.tables.models import TableStatus

from .driver import Driver
from .fakediscord import FakeDiscord, Person, render_text


async def test_hurricane_standard_full_game(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    d = Driver(fake, [alice, bob], seed=3)
    await d.open(alice, game="hurricane", preset="standard", target=2)
    await d.join_all([bob])
    await d.start(alice)
    moves = await d.play_to_end()
    assert moves >= 36
    assert d.table.status is TableStatus.FINISHED
    text = render_text(d.public())
    assert "Game over" in text
