"""What the private hand message says: whose turn, the last move, what each choice will do."""

from __future__ import annotations

from .driver import hurricane_duel
from .fakediscord import FakeDiscord, Person, render_text


async def test_hand_says_whom_it_waits_for_and_the_last_move(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await hurricane_duel(fake, users)
    first = d.table.state.current_player  # type: ignore[union-attr]
    assert first is not None
    mover, other = d.person(first), d.person(1 - first)
    waiting = render_text(await d.fresh_hand(other))
    assert f"Waiting for {mover.name}…" in waiting and "Last move" not in waiting
    await d.play_move(first, d.choose(first))
    text = render_text(await d.fresh_hand(mover))
    assert f"Waiting for {other.name}…" in text
    assert f"Last move: {mover.name} " in text
    assert "Your turn" in render_text(await d.fresh_hand(other))
