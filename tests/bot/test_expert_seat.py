"""The expert level at a real table: offered by ``/table new computer:``, named in the reader's
language, and searching off the event loop while the bot keeps answering."""

from __future__ import annotations

from bot.tables.models import Level, TableStatus

from .conftest import FakeFactory
from .driver import Driver
from .fakediscord import Person, render_text


async def test_an_expert_fills_the_seat_and_plays(make_fake: FakeFactory) -> None:
    fake = await make_fake(computer_delay=0.0)
    alice = Person("Alice", fake.make_user("Alice"))
    fake.user_locales[alice.id] = "ru"
    d = Driver(fake, [alice], seed=4)
    ex = await d.open(alice, game="hurikan", computer="expert")
    seat = d.table.seats[1]
    assert seat is not None and seat.computer is Level.EXPERT and seat.user_id == -4
    assert d.table.status is TableStatus.PLAYING
    hand = await d.show_hand(alice)
    assert "Компьютер (эксперт)" in render_text(hand) + render_text(ex.message or {})
    await d.play_moves(2)
    assert any(mover == 1 for mover, _ in d.table.history)  # the expert has moved
    assert not fake.error_messages()
