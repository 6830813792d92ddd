"""Security and correctness at the table: only seated players act, only on their turn; stale and double
clicks, forged custom_ids, commands without a table and a second table are refused and change nothing."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.tables.models import TableStatus

from .driver import Driver, comp, hurricane_duel, one_move_card, start_table
from .fakediscord import FakeDiscord, Person, component_ids, render_text


def to_move(d: Driver) -> tuple[Person, Person]:
    seat = d.table.state.current_player  # type: ignore[union-attr]
    assert seat is not None
    return d.person(seat), d.person(1 - seat)


async def test_spectator_cannot_see_or_play(fake: FakeDiscord, users: list[Person]) -> None:
    d = await hurricane_duel(fake, users)
    carol = users[2]
    before = d.table.move_no
    ex = await fake.click(d.public(), f"show:{d.channel_id}", user=carol.user)
    assert ex.callback_type == 4 and ex.ephemeral and "not playing at this table" in ex.content
    ex = await fake.slash("play", user=carol.user, move="7H")
    assert ex.ephemeral and "not playing" in ex.content
    ex = await fake.autocomplete("play", "move", user=carol.user, value="")
    assert ex.callback_type == 8 and ex.choices() == []
    assert d.table.move_no == before


async def test_out_of_turn_is_refused(fake: FakeDiscord, users: list[Person]) -> None:
    d = await hurricane_duel(fake, users)
    mover, waiter = to_move(d)
    hand = await d.show_hand(waiter)
    assert comp(hand, "hs:card:") is None  # no controls when it is not your turn
    ex = await fake.autocomplete("play", "move", user=waiter.user, value="")
    assert ex.choices() == []
    card = d.table.state.view(d.table.seat_of(waiter.id))["hand"][0]  # type: ignore[union-attr]
    before = d.table.move_no
    ex = await fake.slash("play", user=waiter.user, move=card)
    assert ex.ephemeral and "not your turn" in ex.content.lower()
    # a tampered client sends the card select anyway
    forged = f"hs:card:{d.channel_id}:{before}"
    ex = await fake.click(hand, forged, user=waiter.user, values=[card], forge=True)
    assert ex.callback_type == 7 and "not your turn" in ex.text.lower()
    assert d.table.move_no == before


async def test_stale_and_double_click(fake: FakeDiscord, users: list[Person]) -> None:
    d = await hurricane_duel(fake, users)
    mover, _ = to_move(d)
    hand = await d.show_hand(mover)
    old_screen = copy.deepcopy(hand)
    sel = comp(hand, "hs:card:")
    assert sel is not None
    # pick a card with exactly one move so one click plays it
    state = d.table.state
    assert state is not None
    legal = [str(a) for a in state.legal_actions(state.current_player)]
    card = one_move_card(sel, legal)
    assert card is not None
    first = await fake.click(old_screen, sel["custom_id"], user=mover.user, values=[card])
    assert first.callback_type == 7 and d.table.move_no == 1
    # the same click again (double click / the stale screen): refused, nothing applied twice
    second = await fake.click(old_screen, sel["custom_id"], user=mover.user, values=[card])
    assert second.callback_type == 7 and "out of date" in second.text
    assert d.table.move_no == 1 and len(d.table.history) == 1


async def test_forged_custom_ids(fake: FakeDiscord, users: list[Person]) -> None:
    d = await hurricane_duel(fake, users)
    mover, _ = to_move(d)
    hand = await d.show_hand(mover)
    mv = d.table.move_no
    # an action that is no legal move
    ex = await fake.click(hand, f"h:act:{d.channel_id}:{mv}:flip 0", user=mover.user, forge=True)
    assert ex.callback_type == 7 and d.table.move_no == mv
    # garbage in a known prefix, or no known prefix at all: no handler matches, so the bot's
    # fallback refuses it privately (never left unanswered) and nothing is applied
    for forged in (f"h:act:{d.channel_id}:x:7H", "zzz:1", f"show:{d.channel_id}:extra", "x" * 100):
        ex = await fake.click(hand, forged, user=mover.user, forge=True)
        assert ex.callback_type == 4 and ex.ephemeral and "not one I know" in ex.content, forged
        assert d.table.move_no == mv
    ex = await fake.click(d.public(), "lobby:join:1:2:3", user=mover.user, forge=True)
    assert ex.callback_type == 4 and ex.ephemeral and "not one I know" in ex.content
    # another channel's id in the custom_id
    other = fake.make_channel("other")
    ex = await fake.click(d.public(), f"show:{other}", user=mover.user, forge=True)
    assert ex.ephemeral and "another channel" in ex.content
    # an unknown hand control
    ex = await fake.click(hand, f"h:nosuch:{d.channel_id}:{mv}", user=mover.user, forge=True)
    assert ex.ephemeral and "not one I know" in ex.content
    assert d.table.move_no == mv


async def test_no_table_and_second_table(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    other = fake.make_channel("empty")
    for name in ("table start", "table join", "table status", "hand"):
        ex = await fake.slash(name, user=bob.user, channel_id=other)
        assert ex.ephemeral and "no table in this channel" in ex.content.lower(), (name, ex.content)
    d = Driver(fake, [alice, bob])
    await d.open(alice, game="haggis")
    ex = await fake.slash("table new", user=bob.user, game="hurricane")
    assert ex.ephemeral and "already a table" in ex.content
    assert d.table.spec.game == "haggis" and d.table.host_id == alice.id


async def test_bad_options_are_refused(fake: FakeDiscord, users: list[Person]) -> None:
    alice = users[0]
    ex = await fake.slash("table new", user=alice.user, game="hurikan", target=5)
    assert ex.ephemeral and "no target" in ex.content
    ex = await fake.slash("table new", user=alice.user, game="haggis", preset="open")
    assert ex.ephemeral and "Hurricane only" in ex.content
    ex = await fake.slash("table new", user=alice.user, game="haggis", target=300)
    assert ex.ephemeral and "250" in ex.content
    assert fake.bot.tables.get(fake.channel_id) is None  # type: ignore[union-attr]


async def test_lobby_rules(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, carol = users
    d = Driver(fake, [alice, bob])
    await d.open(alice, game="hurricane")
    msg = d.public()
    ex = await fake.click(msg, f"lobby:start:{d.channel_id}", user=alice.user)
    assert ex.ephemeral and "must be filled" in ex.content
    ex = await fake.click(msg, f"lobby:join:{d.channel_id}", user=alice.user)
    assert ex.ephemeral and "already have a seat" in ex.content
    await d.join_all([bob])
    ex = await fake.click(d.public(), f"lobby:start:{d.channel_id}", user=bob.user)
    assert ex.ephemeral and d.table.status is TableStatus.LOBBY
    ex = await fake.click(d.public(), f"lobby:cancel:{d.channel_id}", user=carol.user)
    assert ex.ephemeral and d.table.status is TableStatus.LOBBY
    ex = await fake.slash("table kick", user=alice.user, seat=2)
    assert ex.ephemeral and d.table.seats[1] is None
    assert "*empty*" in render_text(d.public())
    ex = await fake.click(d.public(), f"lobby:cancel:{d.channel_id}", user=alice.user)
    assert ex.callback_type == 6 and d.table.status is TableStatus.CANCELLED
    assert component_ids(d.public()) == []  # no buttons on a cancelled table


async def test_clicks_after_the_game_ended(fake: FakeDiscord, users: list[Person]) -> None:
    d = await hurricane_duel(fake, users)
    mover, other = to_move(d)
    hand = copy.deepcopy(
        await d.show_hand(mover)
    )  # as a screen that missed the live update shows it
    ex = await fake.slash("table resign", user=other.user)
    assert ex.ephemeral and d.table.status is TableStatus.FINISHED
    assert "resigned" in render_text(d.public())
    assert "game is over" in render_text(fake.messages[int(hand["id"])])  # the live hand knows
    sel = comp(hand, "hs:card:")
    assert sel is not None
    ex = await fake.click(
        hand, sel["custom_id"], user=mover.user, values=[sel["options"][0]["value"]]
    )
    assert ex.callback_type == 7 and "game is over" in ex.text
    assert len(d.table.history) == 0


async def test_slash_lobby_commands_and_status(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, carol = users
    d = Driver(fake, [alice, bob, carol])
    await d.open(alice, game="haggis", players=3)
    ex = await fake.slash("table join", user=bob.user)
    assert ex.ephemeral and d.table.seat_of(bob.id) == 1
    assert "Bob" in render_text(d.public())  # the lobby message follows
    ex = await fake.slash("table computer", user=bob.user, level="hard")
    assert ex.ephemeral and d.table.seats[2] is None  # host only
    ex = await fake.slash("table computer", user=alice.user, level="hard")
    assert d.table.seats[2] is not None and d.table.seats[2].computer is not None
    ex = await fake.slash("table leave", user=bob.user)
    assert d.table.seats[1] is None
    await fake.slash("table join", user=carol.user, seat=2)
    old = d.table.message_id
    ex = await fake.slash("table status", user=carol.user)
    assert ex.callback_type == 4 and not ex.ephemeral and d.table.message_id != old
    assert old not in fake.messages and "Carol" in render_text(d.public())
    ex = await fake.slash("table start", user=alice.user)
    assert ex.callback_type == 4 and d.table.status is TableStatus.PLAYING
    assert "Show my hand" in render_text(d.public())
    ex = await fake.slash("table leave", user=carol.user)
    assert ex.ephemeral and d.table.status is TableStatus.PLAYING  # no leaving a game in play


async def test_secrecy_scan_catches_a_leak(
    fake: FakeDiscord, users: list[Person], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scan used by the e2e games can fail: a table message that shows a hand is caught."""
    import bot.discord.table_message as table_message
    from bot.render.table import table_panel

    def leaky(table: Any, view: Any, **kw: Any) -> Any:
        panel = table_panel(table, view, **kw)
        panel.lines.append("psst: " + " ".join(table.state.view(0)["hand"]))
        return panel

    monkeypatch.setattr(table_message, "table_panel", leaky)
    d = await hurricane_duel(fake, users)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    await d.play_move(seat, d.choose(seat))
    with pytest.raises(AssertionError, match="leaked to public"):
        d.scanner.scan()


@pytest.mark.parametrize("game", ["hurricane", "hurikan", "haggis"])
async def test_forged_hand_controls_never_crash(
    fake: FakeDiscord, users: list[Person], game: str
) -> None:
    """Tampered custom_ids and values: every click is answered, nothing is logged as an error, and no
    illegal move is applied."""
    d = await hurricane_duel(fake, users, game=game)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    person = d.person(seat)
    hand = await d.show_hand(person)
    kinds = [
        "card",
        "cap",
        "klay",
        "ktake",
        "klaydo",
        "gsel",
        "gplay",
        "gread",
        "act",
        "gclear",
        "zzz",
    ]
    args = [
        None,
        "",
        "ff",
        "9.zz",
        "1.fffff",
        "0.0",
        "pass",
        "flip 7",
        "bet 99",
        "give 5",
        "7H",
        "-1",
    ]
    values = [["zz"], ["J", "J"], ["7H", "3C"], ["10G"], ["KS:AC"]]
    for i, kind in enumerate(kinds):
        for j, arg in enumerate(args):
            mv = d.table.move_no
            prefix = "hs" if kind in ("card", "cap", "klay", "ktake", "gsel", "gread") else "h"
            cid = f"{prefix}:{kind}:{d.channel_id}:{mv}" + (f":{arg}" if arg is not None else "")
            vals = values[(i + j) % len(values)] if prefix == "hs" else None
            before = list(d.table.history)
            mine = d.table.seat_of(person.id)
            state = d.table.state
            assert state is not None and mine is not None
            legal = {str(a) for a in state.legal_actions(mine)} if not state.is_over else set()
            ex = await fake.click(hand, cid, user=person.user, values=vals, forge=True)
            assert ex.callback is not None, cid
            if d.table.history != before:  # only ever a move that was legal for that seat
                assert d.table.history[-1][0] == mine and d.table.history[-1][1] in legal


async def test_one_player_at_two_tables_acts_on_the_channel_they_act_in(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, carol = users
    here = Driver(fake, [alice, bob])
    there = Driver(fake, [alice, carol], channel_id=fake.make_channel("second"))
    for d, guest in ((here, bob), (there, carol)):
        await d.open(alice, game="hurricane")
        await d.join_all([guest])
        await d.start(alice)
    for d in (here, there):  # Alice to move at both tables
        if d.table.current_seat != d.table.seat_of(alice.id):
            seat = d.table.current_seat
            assert seat is not None
            await d.play_move(seat, d.choose(seat))
    seat_there = there.table.seat_of(alice.id)
    assert seat_there is not None
    before_here, before_there = here.table.move_no, there.table.move_no
    move = there.choose(seat_there)
    ex = await fake.slash("play", user=alice.user, channel_id=there.channel_id, move=move)
    assert ex.ephemeral and "Played" in ex.text
    assert there.table.move_no == before_there + 1 and there.table.history[-1] == (
        seat_there,
        move,
    )
    assert here.table.move_no == before_here  # the other table did not move
    # Alice's hand at the first table, with the second table's id forged in: refused
    hand = await here.show_hand(alice)
    forged = f"h:refresh:{there.channel_id}:{here.table.move_no}"
    ex = await fake.click(hand, forged, user=alice.user, forge=True)
    assert ex.ephemeral and "another channel" in ex.content
    assert (here.table.move_no, there.table.move_no) == (before_here, before_there + 1)


async def test_a_hand_left_from_an_earlier_game_is_refused(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    first = await start_table(fake, [alice, bob], game="haggis")
    old_hand = copy.deepcopy(await first.show_hand(alice))
    bet_id = next(c for c in component_ids(old_hand) if c.endswith(":bet 15"))
    old = first.table
    for person in (alice, bob):
        await fake.slash("table abandon", user=person.user)
    assert old.ended_by == "abandoned"
    second = await start_table(fake, [alice, bob], game="haggis")
    assert second.table.move_no == 0 and second.table.game_id != old.game_id
    # the old hand's "bet 15" carries the same channel and move number: refused all the same
    ex = await fake.click(old_hand, bet_id, user=alice.user)
    assert ex.callback_type == 7 and "earlier game" in ex.text
    assert second.table.move_no == 0 and second.table.history == []
    # the hand drawn for this game bets
    hand = await second.show_hand(alice)
    new_bet = next(c for c in component_ids(hand) if c.endswith(":bet 15"))
    assert new_bet != bet_id
    ex = await fake.click(hand, new_bet, user=alice.user)
    assert second.table.move_no == 1
    assert second.table.history == [(second.table.seat_of(alice.id), "bet 15")]
