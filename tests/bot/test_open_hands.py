"""Hurricane ``open``: your hand also shows the opponent's open cards, and a forced lay after a hurricane
says why."""

from __future__ import annotations

from bot.render.cards import cards_label, sort_cards
from bot.tables.models import TableStatus

from .driver import Driver, start_table
from .fakediscord import FakeDiscord, Person, render_text


async def test_the_hand_shows_the_opponents_open_cards(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await start_table(fake, users[:2], seed=2, game="hurricane", preset="open")
    for person in users[:2]:
        seat = d.table.seat_of(person.id)
        assert seat is not None
        other = 1 - seat
        view = d.table.state.view(seat)  # type: ignore[union-attr]
        hand = render_text(await d.show_hand(person))
        cards = cards_label(sort_cards(view["open_hands"][other]))
        backs = "🂠" * view["down_counts"][other]
        name = d.person(other).name
        assert f"{name}'s open cards: {cards} + {backs} face down" in hand.replace("**", "")


async def test_a_forced_lay_after_a_hurricane_says_why(
    fake: FakeDiscord, users: list[Person]
) -> None:
    for seed in range(1, 40):
        d = Driver(fake, users[:2], channel_id=fake.make_channel(f"open-{seed}"), seed=seed)
        await d.open(users[0], game="hurricane", preset="open")
        await d.join_all(users[1:2])
        await d.start(users[0])
        laid = None
        while d.table.status is TableStatus.PLAYING and laid is None:
            seat = d.table.state.current_player  # type: ignore[union-attr]
            assert seat is not None
            legal = [str(a) for a in d.table.state.legal_actions(seat)]  # type: ignore[union-attr]
            sweeps = [m for m in legal if ":" in m]  # prefer captures: hurricanes come sooner
            await d.play_move(seat, sweeps[0] if sweeps else d.choose(seat))
            laid = next((e for e in d.table.last_events if e.get("type") == "lay_hand"), None)
        if laid is not None:
            break
    else:
        raise AssertionError("no hurricane with a forced lay in 40 open games")
    await fake.bot.settle()  # type: ignore[union-attr]
    who = d.person(laid["seat"]).name
    why = f"after a hurricane the `open` rules make {who} lay the whole hand on the table"
    assert why in render_text(d.public())
    hand = await d.show_hand(d.person(laid["seat"]))
    assert why in render_text(hand)
