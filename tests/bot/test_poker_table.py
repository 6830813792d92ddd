"""Hurricane poker at the table, through the Discord harness: whole games with 2, 3 and 8 seats
(humans clicking their hands, computers filling seats) with the secrecy scan over every payload;
the turn timer's automatic move (P-13); leaving mid-game; the rules text and /play words."""

from __future__ import annotations

import json

from bot.tables.models import TableStatus

from .conftest import FakeFactory
from .driver import Driver, start_table
from .fakediscord import FakeDiscord, Person, component_ids, render_text

POKER = "hurricane_poker"


def final_text(d: Driver) -> str:
    return render_text(d.public())


def stay_in(d: Driver) -> None:
    """Players who rarely fold (so that hands reach the draw, the declarations, the showdown)."""
    pick = d.choose

    def choose(seat: int) -> str:
        legal = [str(a) for a in d.table.state.legal_actions(seat)]  # type: ignore[union-attr]
        keep = [t for t in legal if t != "fold"]
        return d.rng.choice(keep) if keep and d.rng.random() < 0.9 else pick(seat)

    d.choose = choose  # type: ignore[method-assign]


def check_final(d: Driver) -> None:
    """The finished table ranks every seat by its chips, as the engine's result says."""
    state = d.table.state
    assert state is not None and state.is_over
    chips = state.result()["scores"]
    assert sum(chips) == len(chips) * state.options["stack"]  # chips are conserved
    text = final_text(d)
    assert "Game over" in text and "Chips: 1." in text
    best = max(chips)
    leader = d.table.seats[chips.index(best)]
    assert leader is not None and f"1. {leader.name} {best}" in text
    assert "Show my hand" not in text


async def test_two_humans_heads_up_whole_game(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=21, game=POKER, options="hands=4")
    lobby_or_table = render_text(d.public())
    assert "Hurricane poker" in lobby_or_table and "Pot: " in lobby_or_table
    assert "chips 99" in lobby_or_table and "Ⓓ" in lobby_or_table  # antes paid, dealer button
    stay_in(d)
    moves = await d.play_to_end()
    assert moves >= 4
    sent = [json.dumps(r.json, ensure_ascii=False) for r in fake.requests if r.json]
    showdowns = [t for t in sent if "showdown" in t]
    assert showdowns and any("High: " in t and "Low: " in t for t in showdowns)
    check_final(d)
    clicked = [str(ex.payload["data"]["custom_id"]) for ex in d.exchanges]
    assert any(c.startswith("h:act:") for c in clicked)
    assert d.scanner.checked > 20
    # the result is recorded: chips won (final chips minus the stack) on the leaderboard
    chips = d.table.state.result()["scores"]  # type: ignore[union-attr]
    ex = await fake.slash("leaderboard", user=alice.user, game=POKER, metric="chips")
    board = render_text(ex.reply)
    assert "chips won" in board
    for seat, person in enumerate((d.person(0), d.person(1))):
        assert f"{chips[seat] - 100:+d}** chips" in board, (person.name, board)
    ex = await fake.slash("leaderboard", user=alice.user, game=POKER)
    assert "rating" in render_text(ex.reply)


async def test_three_seats_two_humans_and_a_computer_declare(make_fake: FakeFactory) -> None:
    fake = await make_fake(computer_delay=0.0)
    alice, bob = (Person(n, fake.make_user(n)) for n in ("Alice", "Bob"))
    d = Driver(fake, [alice, bob], seed=23)
    await d.open(alice, game=POKER, players=3, options="declare=yes hands=3")
    await d.join_all([bob])
    ex = await fake.click(d.public(), f"lobbyai:{d.channel_id}", user=alice.user, values=["easy"])
    # lobby clicks defer; the table message is drawn by the publisher's queue
    assert ex.callback_type == 6 and "Computer (easy)" in render_text(d.public())
    await d.start(alice)
    stay_in(d)
    await d.play_to_end()
    check_final(d)
    clicked = [str(ex.payload["data"]["custom_id"]) for ex in d.exchanges]
    assert any("declare " in c for c in clicked)  # the declaration buttons were used
    assert any(c.startswith(("hs:pamt:", "hs:pdraw:")) for c in clicked) or any(
        "stand" in c for c in clicked
    )


async def test_eight_seats_with_six_computers(make_fake: FakeFactory) -> None:
    fake = await make_fake(computer_delay=0.0)
    alice, bob = (Person(n, fake.make_user(n)) for n in ("Alice", "Bob"))
    d = Driver(fake, [alice, bob], seed=25)
    await d.open(alice, game=POKER, players=8, options="hands=2 wild=deuces")
    await d.join_all([bob])
    for level in ("easy", "normal", "easy", "normal", "easy", "normal"):
        await fake.click(d.public(), f"lobbyai:{d.channel_id}", user=alice.user, values=[level])
    assert sum(s is not None and s.computer is not None for s in d.table.seats) == 6
    await d.start(alice)
    await d.play_to_end()
    check_final(d)
    assert len(d.table.seats) == 8


async def test_the_hand_offers_the_betting_controls(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=21, game=POKER)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    msg = await d.fresh_hand(d.person(seat))
    text = render_text(msg)
    hand = d.table.state.view(seat)["hand"]  # type: ignore[union-attr]
    assert "Your cards:" in text and "Your chips: 99" in text
    from bot.render.cards import card_label

    assert all(card_label(c) in text for c in hand)
    ids = component_ids(msg)
    assert any(i.startswith("h:act:") and i.endswith("check") for i in ids)
    assert any(i.startswith("hs:pamt:") for i in ids), ids  # the bet amount select
    # the other seat waits and sees no controls of the betting round
    other = await d.fresh_hand(d.person(1 - seat))
    assert not any(i.startswith(("hs:pamt:", "h:act:")) for i in component_ids(other))


async def test_play_autocomplete_words(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=21, game=POKER)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    await d.play_move(seat, "bet 2")
    caller = d.table.state.current_player  # type: ignore[union-attr]
    ex = await fake.autocomplete("play", "move", user=d.person(caller).user, value="")
    names = {c["name"]: c["value"] for c in ex.choices()}
    assert names.get("Call 2") == "call" and names.get("Fold") == "fold"
    assert names.get("Raise by 3") == "raise 3"
    assert "bets 2" in render_text(d.public())


async def test_timer_plays_p13_check_then_fold(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=21, game=POKER, turn_timer=60)
    manager = fake.bot.tables  # type: ignore[union-attr]
    first = d.table.state.current_player  # type: ignore[union-attr]
    fake.advance(61)
    manager.poke(d.channel_id)
    await fake.wait_for(lambda: d.table.move_no == 1)
    assert d.table.history[-1] == (first, "check")  # nothing to call: check (P-13)
    second = d.table.state.current_player  # type: ignore[union-attr]
    await d.play_move(second, "bet 1")
    fake.advance(61)
    manager.poke(d.channel_id)
    await fake.wait_for(lambda: d.table.move_no == 3)
    assert d.table.history[2] == (first, "fold")  # something to call: fold
    assert "time ran out" in render_text(d.public())
    seat = d.table.seats[first]
    assert seat is not None and seat.timeouts == 2


async def test_leaving_mid_game_folds_and_sits_out(make_fake: FakeFactory) -> None:
    fake = await make_fake(computer_delay=0.0)
    alice, bob, carol = (Person(n, fake.make_user(n)) for n in ("Alice", "Bob", "Carol"))
    d = await start_table(
        fake, [alice, bob, carol], seed=27, game=POKER, players=3, options="hands=3"
    )
    state = d.table.state
    assert state is not None
    leaver = state.current_player
    assert leaver is not None
    person = d.person(leaver)
    # make the leaver face a bet first, so that leaving means folding
    while d.table.state.current_player != leaver or d.table.state.view(leaver)["to_call"] == 0:  # type: ignore[union-attr]
        seat = d.table.state.current_player  # type: ignore[union-attr]
        legal = [str(a) for a in d.table.state.legal_actions(seat)]  # type: ignore[union-attr]
        await d.play_move(
            seat, "bet 1" if "bet 1" in legal else "raise 1" if "raise 1" in legal else "call"
        )
    chips_before = d.table.state.view(None)["chips"][leaver]  # type: ignore[union-attr]
    left_at = len(d.table.history)
    ex = await fake.slash("table leave", user=person.user, channel_id=d.channel_id)
    assert ex.ephemeral and "sit out" in ex.content
    seat_obj = d.table.seats[leaver]
    assert seat_obj is not None and seat_obj.left
    await fake.wait_for(
        lambda: (
            d.table.state is None
            or d.table.state.view(None)["folded"][leaver]
            or d.table.state.view(None)["hand_no"] > 1
        )
    )  # type: ignore[union-attr]
    assert (leaver, "fold") in d.table.history[left_at:]
    text = render_text(d.public())
    assert "left (sits out)" in text
    # leaving again is refused; the chips stay on the table
    ex = await fake.slash("table leave", user=person.user, channel_id=d.channel_id)
    assert "already left" in ex.content
    assert d.table.state.view(None)["chips"][leaver] <= chips_before  # type: ignore[union-attr]
    # the others play on; the leaver's turns are automatic and the game ends normally
    moves = 0
    while d.table.status is TableStatus.PLAYING and moves < 500:
        seat = d.table.state.current_player  # type: ignore[union-attr]
        if seat == leaver:
            before = d.table.move_no
            await fake.wait_for(
                lambda b=before: d.table.move_no != b or d.table.status is not TableStatus.PLAYING
            )  # type: ignore[misc]
            continue
        await d.play_move(seat, d.choose(seat))
        d.scanner.scan()
        moves += 1
    assert d.table.status is TableStatus.FINISHED and d.table.ended_by == "finished"
    await fake.bot.settle()  # type: ignore[union-attr]
    d.scanner.scan()
    leaver_moves = [a for s, a in d.table.history[left_at:] if s == leaver]
    assert leaver_moves[0] == "fold"
    assert all(a in ("fold", "check", "stand") for a in leaver_moves)
    check_final(d)


async def test_rules_text(fake: FakeDiscord, users: list[Person]) -> None:
    ex = await fake.slash("rules", user=users[0].user, game=POKER)
    text = render_text(ex.reply)
    assert "Hurricane poker" in text and "A–2" in text and "side pots" in text
    for option in ("wild", "declare", "draw", "stack", "ante", "bet_max", "raises", "hands"):
        assert option in text
    assert "wild: none | jokers | deuces | one_eyes" in text
    assert "stack (100, 10–10000)" in text and "hands (10, 1–100)" in text
