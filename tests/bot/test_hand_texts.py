"""What the private hand message says: whose turn, the last move, what each choice will do."""

from __future__ import annotations

from bot.games.base import GameState
from bot.games.registry import load_game, new_game
from bot.render.cards import card_label
from bot.render.engine_facts import facts_for
from bot.render.hints import (
    card_hint,
    hurikan_selection,
    hurikan_takes,
    hurricane_chance,
    trick_entry,
)

from .driver import Driver, comp, hurricane_duel
from .fakediscord import FakeDiscord, Person, iter_components, render_text


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


def _position() -> GameState:
    """Bob (seat 1) to play 7♣ / 3♠ / 4♥ / K♦ / K♣ / 2♦ against a table of 3♥ 4♦."""
    data = new_game("hurricane", seed=1, players=2, options={}).to_dict()
    data["table"] = ["3H", "4D"]
    data["hands"][1] = ["7C", "2D", "3S", "4H", "KD", "KC"]
    data["stock"] = [c for c in data["stock"] if c != "7C"] + ["QD", "4C", "AD"]
    data["piles"][0] += data["stock"][24:]  # a deal leaves 24 in the stock: the rest was taken
    data["stock"] = data["stock"][:24]
    return load_game(data)


def test_the_engine_tells_which_capture_is_a_hurricane() -> None:
    state = _position()
    legal = [str(a) for a in state.legal_actions(1)]
    assert facts_for(state.view(1)).sweeps(legal) == {"7C:3H+4D"}
    assert str(state.to_dict()["table"]) == "['3H', '4D']"  # only copies were tried


def test_card_descriptions_say_what_the_card_does() -> None:
    sweeps = {"7C:3H+4D"}
    assert card_hint(["7C:3H+4D"], sweeps) == "takes 3♥ + 4♦ — hurricane! 🌀"
    assert card_hint(["3S:3H"], sweeps) == "takes 3♥"
    assert card_hint(["KD"], sweeps) == "is trailed: laid on the table"
    assert card_hint(["7H"], ()) == "is trailed: laid on the table (gives away the 7♥!)"
    assert card_hint(["2S:7H"], ()) == "takes 7♥ ❤ wins the 7♥"
    assert card_hint(["KS:3H+7C", "KS:JD+AC"], ()) == "2 possible captures — you choose next"
    assert "hurricane" in card_hint(["KS:3H+7C", "KS:JD"], {"KS:JD"})
    assert hurricane_chance(sweeps) == (
        "🌀 **Hurricane chance:** 7♣ can clear the table (1 point)."
    )
    assert hurricane_chance(()) is None


async def test_every_card_option_says_what_it_does(fake: FakeDiscord, users: list[Person]) -> None:
    d = await hurricane_duel(fake, users)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    assert seat is not None
    select = comp(await d.fresh_hand(d.person(seat)), "hs:card:")
    assert select is not None
    for option in select["options"]:
        desc = option["description"]
        assert desc.startswith(("takes ", "is trailed: laid on the table")) or desc.endswith(
            "you choose next"
        ), desc


async def test_open_preset_explains_face_down_cards_and_flips(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await hurricane_duel(fake, users, preset="open")
    seat = d.table.state.current_player  # type: ignore[union-attr]
    assert seat is not None
    first = render_text(await d.fresh_hand(d.person(seat)))
    assert "**Face down:** 🂠🂠 — nobody sees them, you neither." in first
    for _ in range(12):  # play until someone has only face-down cards left
        seat = d.table.state.current_player  # type: ignore[union-attr]
        assert seat is not None
        legal = [str(a) for a in d.table.state.legal_actions(seat)]  # type: ignore[union-attr]
        if any(t.startswith("flip ") for t in legal):
            break
        await d.play_move(seat, d.choose(seat))
    else:
        raise AssertionError("no flip offered within 12 moves")
    msg = await d.fresh_hand(d.person(seat))
    text = render_text(msg)
    assert "turn up a face-down card. It must be played at once" in text
    flips = [c for c in iter_components(msg["components"]) if c.get("label", "").startswith("🂠")]
    assert flips and all(c["label"].endswith("(must be played at once)") for c in flips), flips


def test_hurikan_hints_say_what_sums_to_what() -> None:
    legal = ["5D+5S:KC", "3H+7C:KC", "AS+2H+7C:KC", "4D:4C", "3H", "5D+5S"]
    line = hurikan_takes(legal)
    assert line == ("**You can take:** 4♣ (4) ← 4♦ · K♣ (10) ← 5♦ + 5♠ or 3♥ + 7♣ (+1 more)")
    assert hurikan_takes(["3H", "5D+5S"]) is None
    assert hurikan_selection(["5D", "5S"], ["KC"]) == (
        "Selected: 5♦ + 5♠ = 10 — takes K♣, or lay them."
    )
    assert hurikan_selection(["3H"], []) == (
        "Selected: 3♥ = 3 — no table card worth 3 to take: lay them, or choose others."
    )


async def test_hurikan_hand_explains_laying_and_taking(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await hurricane_duel(fake, users, game="hurikan")
    seat = d.table.state.current_player  # type: ignore[union-attr]
    assert seat is not None
    msg = await d.fresh_hand(d.person(seat))
    assert "**Opening:** lay 1, 2 or 3 cards face up on the table." in render_text(msg)
    select = comp(msg, "hs:klay:")
    assert select is not None and select["placeholder"] == "Choose 1 to 3 cards to lay…"
    assert all(o["description"].startswith("value ") for o in select["options"])
    await d.play_move(seat, d.choose(seat))
    other = d.table.state.current_player  # type: ignore[union-attr]
    assert other is not None
    text = render_text(await d.fresh_hand(d.person(other)))
    assert "**Take** a table card by laying hand cards whose values add up to it" in text


async def test_haggis_selection_says_what_it_is_and_whether_it_beats(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await hurricane_duel(fake, users, game="haggis", players=2)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    assert seat is not None
    person = d.person(seat)
    hand = await d.fresh_hand(person)
    assert "**Bet?** Only before you play your first card this round" in render_text(hand)
    sel = comp(hand, "hs:gsel:")
    assert sel is not None
    numbers = [o["value"] for o in sel["options"] if o["value"] not in ("J", "Q", "K")]
    hand = await d.click(person, hand, sel["custom_id"], [numbers[0]])
    label = card_label(numbers[0])
    rank = numbers[0][:-1]
    assert f"Selected: {label} — a single {rank} · ✓ you may lead it" in render_text(hand)
    sel = comp(hand, "hs:gsel:")
    assert sel is not None
    hand = await d.click(person, hand, sel["custom_id"], [numbers[0], "J", "Q"])
    text = render_text(hand)
    assert f"three {rank}s or a sequence" in text
    assert "✓ you may lead it — you choose the reading after Play" in text
    await d.play_move(seat, f"{numbers[0]} J Q =set")
    other = d.table.state.current_player  # type: ignore[union-attr]
    assert other is not None
    hand = await d.fresh_hand(d.person(other))
    text = render_text(hand)
    assert f"Trick: {person.name}: {label} J Q (three {rank}s)" in text
    sel = comp(hand, "hs:gsel:")
    assert sel is not None
    mine = [o["value"] for o in sel["options"] if o["value"] not in ("J", "Q", "K")]
    hand = await d.click(d.person(other), hand, sel["custom_id"], [mine[0]])
    assert f"✗ three {rank}s can only be beaten by" in render_text(hand)


def test_trick_entries_name_the_player_and_the_combination() -> None:
    assert trick_entry("Bob", "pass", None) == "Bob passes"
    assert trick_entry("Ann", "5R J =set", "a pair of 5s") == "Ann: 5🟥 J (a pair of 5s)"


async def test_haggis_follower_is_told_what_to_beat(fake: FakeDiscord, users: list[Person]) -> None:
    d = await hurricane_duel(fake, users, game="haggis", players=2)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    assert seat is not None
    hand = await d.fresh_hand(d.person(seat))
    sel = comp(hand, "hs:gsel:")
    assert sel is not None
    card = next(o["value"] for o in sel["options"] if o["value"] not in ("J", "Q", "K"))
    await d.play_move(seat, card)
    text = render_text(await d.fresh_hand(d.person(1 - seat)))
    what = f"{d.person(seat).name}'s single {card[:-1]}"
    assert (
        f"**To beat** {what}: a single card of a higher rank, or a bomb — or pass." in text
        or f"Nothing you hold beats {what}: pass." in text
    ), text


async def test_pairs_hand_names_the_partner(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, carol = users
    dave = Person("Dave", fake.make_user("Dave"))
    d = Driver(fake, [alice, bob, carol, dave], seed=7)
    await d.open(alice, game="hurricane", preset="pairs")
    await d.join_all([bob, carol, dave])
    await d.start(alice)
    partner = d.person(2).name
    assert f"Your partner: **{partner}** (team A)" in render_text(await d.fresh_hand(d.person(0)))


async def test_haggis_face_cards_say_they_are_wild(fake: FakeDiscord, users: list[Person]) -> None:
    d = await hurricane_duel(fake, users, game="haggis", players=2)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    assert seat is not None
    sel = comp(await d.fresh_hand(d.person(seat)), "hs:gsel:")
    assert sel is not None and "a set, a sequence or a bomb" in sel["placeholder"]
    faces = [o for o in sel["options"] if o["value"] in ("J", "Q", "K")]
    assert faces and all(o["description"].startswith("wild") for o in faces)
    assert all("description" not in o for o in sel["options"] if o not in faces)
