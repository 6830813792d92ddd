"""The per-game hand models without Discord: from a seat's view and legal moves to the text and the
controls of its private hand, and from a click to a move or a new selection; every drawn hand fits
Discord's limits and shows only that seat's cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import GameState, load_game, new_game
from bot.render.cards import card_label
from bot.render.hands import FALLBACK, hand_model
from bot.render.hands.base import (
    ACT,
    REFRESH,
    Button,
    Choose,
    Control,
    HandContext,
    HandView,
    Payload,
    PlayMove,
    Select,
    UnknownControl,
    finished,
    hex_mask,
    mask_of,
    problems,
)
from bot.render.hands.haggis import Picked
from bot.render.hands.hurikan import Laid
from bot.render.hands.hurricane import CaptureChoice

NAMES = ("Ann", "Bob", "Cat", "Dan")


def ctx_of(state: GameState, seat: int | None = None) -> HandContext:
    seat = state.current_player if seat is None else seat
    assert seat is not None
    view = state.view(seat)
    legal = [str(a) for a in state.legal_actions(seat)]
    names = NAMES[: state.num_players]
    return HandContext(state.name, seat, view, legal, names)


def draw(state: GameState, selection: object | None = None, seat: int | None = None) -> HandView:
    ctx = ctx_of(state, seat)
    return hand_model(ctx.game).draw(ctx, selection)


def control(drawn: HandView, kind: str) -> Control:
    found = [c for c in drawn.controls if c.payload.kind == kind]
    assert found, [c.payload for c in drawn.controls]
    return found[0]


def select(drawn: HandView, kind: str) -> Select:
    c = control(drawn, kind)
    assert isinstance(c, Select)
    return c


def button(drawn: HandView, kind: str, arg: str | None = None) -> Button:
    found = [
        c
        for c in drawn.controls
        if isinstance(c, Button)
        and c.payload.kind == kind
        and (arg is None or c.payload.arg == arg)
    ]
    assert found, [c.payload for c in drawn.controls]
    return found[0]


def click(state: GameState, payload: Payload, values: list[str] = []) -> Any:  # noqa: B006
    ctx = ctx_of(state)
    return hand_model(ctx.game).click(ctx, payload, values)


# --- the registry -----------------------------------------------------------------------------------


def test_each_game_has_its_model_and_an_unknown_game_gets_the_listed_moves() -> None:
    for game in ("hurricane", "hurikan", "haggis", "hurricane_poker"):
        assert hand_model(game).game == game
    assert hand_model("no_such_game") is FALLBACK
    assert hand_model("base") is FALLBACK and hand_model("../x") is FALLBACK


def test_the_fallback_lists_legal_moves_and_plays_the_choice() -> None:
    state = new_game("hurricane", seed=3)
    ctx = ctx_of(state)
    drawn = FALLBACK.draw(ctx, None)
    pick = select(drawn, "pick")
    assert [o.value for o in pick.options] == list(ctx.legal)[:25]
    assert FALLBACK.click(ctx, pick.payload, [ctx.legal[0]]) == PlayMove(ctx.legal[0])
    assert FALLBACK.label("draw 7H") == "draw 7♥" and FALLBACK.label("bet 2") == "bet 2"
    assert problems(finished(drawn.controls)) == []


# --- Hurricane ----------------------------------------------------------------------------------------


def hurricane(table: list[str], hand: list[str], preset: str = "standard") -> GameState:
    """Seat 1 to play ``hand`` against ``table`` (the stock keeps the rest of the pack)."""
    data = new_game("hurricane", seed=1, options={"preset": preset}).to_dict()
    pack = [c for h in data["hands"] for c in h] + data["table"] + data["stock"]
    rest = [c for c in pack if c not in table and c not in hand]
    stock, piled = _stock_and_piles(rest[6:], (24, 12, 0))
    data.update(dealer=0, turn=1, table=table, hands=[rest[:6], hand], stock=stock, piles=piled)
    return load_game(data)


def _stock_and_piles(cards: list[str], sizes: tuple[int, ...]) -> tuple[list[str], list[list[str]]]:
    """As many cards as a real deal leaves in the stock (``sizes``); the rest in seat 0's pile."""
    keep = max(k for k in sizes if k <= len(cards))
    return cards[:keep], [cards[keep:], []]


def test_hurricane_cards_say_what_they_do_and_mark_the_hurricane() -> None:
    state = hurricane(["3H", "4D"], ["7C", "2D", "3S", "4H", "KD", "KC"])
    drawn = draw(state)
    cards = select(drawn, "card")
    assert cards.row == 0 and cards.max_values == 1
    described = {o.value: o.description for o in cards.options}
    assert described["7C"] == "takes 3♥ + 4♦ — hurricane! 🌀"
    assert described["3S"] == "takes 3♥" and described["KD"].startswith(
        "is trailed: laid on the table"
    )
    assert "🌀 **Hurricane chance:** 7♣ can clear the table (1 point)." in drawn.lines
    assert click(state, cards.payload, ["7C"]) == PlayMove("7C:3H+4D")  # one capture: played


def test_hurricane_several_captures_ask_which() -> None:
    state = hurricane(["3H", "4D", "2S", "5C"], ["7C", "KD", "KC", "QD", "QC", "JD"])
    cards = select(draw(state), "card")
    assert {o.value: o.description for o in cards.options}["7C"] == (
        "2 possible captures — you choose next"
    )
    outcome = click(state, cards.payload, ["7C"])
    assert outcome == Choose(CaptureChoice("7C"))
    drawn = draw(state, outcome.selection)
    which = select(drawn, "cap")
    assert which.row == 1 and which.placeholder == "Which capture with 7♣?"
    assert sorted(o.value for o in which.options) == ["7C:2S+5C", "7C:3H+4D"]
    assert [o.default for o in select(drawn, "card").options if o.value == "7C"] == [True]
    assert click(state, which.payload, ["7C:2S+5C"]) == PlayMove("7C:2S+5C")


def test_hurricane_an_unplayable_card_goes_to_the_table_to_be_refused() -> None:
    state = hurricane(["3H", "4D"], ["7C", "2D", "3S", "4H", "KD", "KC"])
    assert click(state, Payload("card"), ["AS"]) == PlayMove("AS")
    with pytest.raises(UnknownControl):
        click(state, Payload("zap"), ["7C"])


def test_hurricane_open_flips_are_buttons_carrying_the_move() -> None:
    data = new_game("hurricane", seed=1, options={"preset": "open"}).to_dict()
    hands = data["hands"]
    data.update(turn=1, dealer=0)
    data["piles"] = [hands[0]["open"], hands[1]["open"]]  # both have played their open cards
    hands[0] = {"open": [], "down": hands[0]["down"]}
    hands[1] = {"open": [], "down": hands[1]["down"]}
    state = load_game(data)
    drawn = draw(state)
    text = "\n".join(drawn.lines)
    assert "turn up a face-down card. It must be played at once" in text
    flips = [c for c in drawn.controls if isinstance(c, Button) and c.payload.kind == ACT]
    assert [c.payload.arg for c in flips] == ["flip 0", "flip 1"]
    assert all(
        c.label.startswith("🂠") and c.label.endswith("(must be played at once)") for c in flips
    )
    assert click(state, flips[1].payload) == PlayMove("flip 1")
    board = hand_model("hurricane").board(ctx_of(state))
    assert any(line.startswith("**Face down:** 🂠🂠") for line in board)


# --- Hurikan ----------------------------------------------------------------------------------------


def test_hurikan_opening_lays_one_to_three_cards() -> None:
    state = new_game("hurikan", seed=4)
    drawn = draw(state)
    lay = select(drawn, "klay")
    assert lay.max_values == 3 and lay.placeholder == "Choose 1 to 3 cards to lay…"
    assert all((o.description or "").startswith("value ") for o in lay.options)
    assert "**Opening:** lay 1, 2 or 3 cards face up on the table." in drawn.lines
    chosen = [o.value for o in lay.options[:2]]
    outcome = click(state, lay.payload, chosen)
    assert outcome == Choose(Laid(tuple(chosen)))
    drawn = draw(state, outcome.selection)
    lay_button = button(drawn, "klaydo")
    assert not lay_button.disabled
    ctx = ctx_of(state)
    assert lay_button.payload.arg == hex_mask(mask_of(ctx.hand, chosen))
    assert click(state, lay_button.payload) == PlayMove("+".join(chosen))


def test_hurikan_cards_that_add_up_take_a_table_card() -> None:
    data = new_game("hurikan", seed=4).to_dict()
    pack = [c for h in data["hands"] for c in h] + data["table"] + data["stock"]
    hand, table = ["4S", "2H", "KD", "QC", "JD", "AC"], ["6C", "9X"][:1]
    rest = [c for c in pack if c not in hand + table]
    stock, piled = _stock_and_piles(rest[6:], (28, 16, 4, 0))
    data.update(turn=0, dealer=1, hands=[hand, rest[:6]], table=table, stock=stock, piles=piled)
    data["opening"] = False
    state = load_game(data)
    if state.view(0).get("opening"):
        pytest.skip("this position is still the opening")
    drawn = draw(state)
    assert any(line.startswith("**You can take:** 6♣ (6) ← ") for line in drawn.lines)
    outcome = click(state, select(drawn, "klay").payload, ["2H", "4S"])
    assert outcome == Choose(Laid(("2H", "4S")))
    drawn = draw(state, outcome.selection)
    assert "Selected: 2♥ + 4♠ = 6 — takes 6♣, or lay them." in drawn.lines
    take = select(drawn, "ktake")
    assert [o.value for o in take.options] == ["6C"]
    assert click(state, take.payload, ["6C"]) == PlayMove("2H+4S:6C")


# --- Haggis -----------------------------------------------------------------------------------------


def haggis_leader() -> GameState:
    state = new_game("haggis", seed=4, players=2)
    assert state.current_player is not None
    return state


def test_haggis_leader_picks_cards_and_is_told_what_they_are() -> None:
    state = haggis_leader()
    drawn = draw(state)
    cards = select(drawn, "gsel")
    assert cards.min_values == 0 and cards.payload.arg == "0.0"
    assert "a set, a sequence or a bomb" in cards.placeholder
    faces = [o for o in cards.options if o.value in ("J", "Q", "K")]
    assert faces and all((o.description or "").startswith("wild") for o in faces)
    play = button(drawn, "gplay")
    assert play.disabled  # nothing chosen yet
    assert [b.payload.arg for b in drawn.controls if b.row == 3] == ["bet 0", "bet 15", "bet 30"]
    number = next(o.value for o in cards.options if o.value not in ("J", "Q", "K"))
    outcome = click(state, cards.payload, [number, "J", "Q"])
    assert outcome == Choose(Picked((number, "J", "Q")))
    drawn = draw(state, outcome.selection)
    text = "\n".join(drawn.lines)
    rank = number[:-1]
    assert f"Selected: {card_label(number)} J Q — three {rank}s or a sequence" in text
    assert "✓ you may lead it — you choose the reading after Play" in text
    assert button(drawn, "gclear")
    play = button(drawn, "gplay")
    assert not play.disabled
    outcome = click(state, play.payload)  # two readings: ask which
    assert outcome == Choose(Picked((number, "J", "Q"), reading=True))
    drawn = draw(state, outcome.selection)
    which = select(drawn, "gread")
    assert {o.value for o in which.options} == {f"{number} J Q =set", f"{number} J Q =seq1"}
    assert click(state, which.payload, [f"{number} J Q =set"]) == PlayMove(f"{number} J Q =set")
    assert click(state, Payload("gclear")) == Choose(None)


def test_haggis_one_reading_plays_at_once_and_an_illegal_pick_goes_to_the_table() -> None:
    state = haggis_leader()
    ctx = ctx_of(state)
    number = next(c for c in ctx.hand if c not in ("J", "Q", "K"))
    mask = hex_mask(mask_of(ctx.hand, [number]))
    assert click(state, Payload("gplay", mask)) == PlayMove(number)
    pair = [c for c in ctx.hand if c not in ("J", "Q", "K")][:2]
    if pair[0][:-1] != pair[1][:-1]:  # two ranks: no combination, the engine says why
        mask = hex_mask(mask_of(ctx.hand, pair))
        assert click(state, Payload("gplay", mask)) == PlayMove(" ".join(sorted(pair)))


def test_haggis_follower_is_told_what_to_beat_and_may_pass() -> None:
    state = haggis_leader()
    leader = state.current_player
    assert leader is not None
    single = next(str(a) for a in state.legal_actions(leader) if " " not in str(a))
    state.apply(single, leader)
    drawn = draw(state)
    what = f"{NAMES[leader]}'s single {single[:-1]}"
    assert (
        f"**To beat** {what}: a single card of a higher rank, or a bomb — or pass." in drawn.lines
        or f"Nothing you hold beats {what}: pass." in drawn.lines
    )
    assert click(state, button(drawn, ACT, "pass").payload) == PlayMove("pass")
    board = hand_model("haggis").board(ctx_of(state))
    assert any(line.startswith(f"Trick: {NAMES[leader]}: {card_label(single)}") for line in board)


def test_haggis_a_selection_that_does_not_beat_says_why() -> None:
    state = haggis_leader()
    leader = state.current_player
    assert leader is not None
    single = next(str(a) for a in state.legal_actions(leader) if " " not in str(a))
    state.apply(single, leader)
    ctx = ctx_of(state)
    pair = next(
        ([a, b] for a in ctx.hand for b in ctx.hand if a < b and a[:-1] == b[:-1] != ""), None
    )
    if pair is None:
        pytest.skip("no pair in this hand")
    drawn = draw(state, Picked(tuple(c for c in ctx.hand if c in pair)))
    assert any("· ✗ " in line for line in drawn.lines), drawn.lines


def test_haggis_card_selects_keep_the_other_part() -> None:
    from bot.render.hands.haggis import merge_part

    hand = [f"c{i}" for i in range(30)]
    mask = merge_part(hand, 0, 0, ["c1", "c3"])
    mask = merge_part(hand, mask, 1, ["c26"])
    assert mask == (1 << 1) | (1 << 3) | (1 << 26)
    assert merge_part(hand, mask, 0, []) == 1 << 26
    assert merge_part(hand[:5], 0b11, 9, ["c1"]) == 0b11


# --- Hurricane poker ------------------------------------------------------------------------------------


def poker_to(phase: str, players: int = 3, **options: str) -> GameState:
    """A Hurricane poker game played (checks, calls, stands) until ``phase`` is reached."""
    state = new_game("hurricane_poker", seed=5, players=players, options=options)
    while state.view(None)["phase"] != phase:
        seat = state.current_player
        assert seat is not None
        legal = [str(a) for a in state.legal_actions(seat)]
        pick = next(t for t in ("check", "call", "stand", "declare high") if t in legal)
        state.apply(pick, seat)
    return state


def test_poker_betting_buttons_and_the_amount_select() -> None:
    from bot.games import poker_ranks

    state = poker_to("bet")
    ctx = ctx_of(state)
    model = hand_model("hurricane_poker")
    board = model.board(ctx)
    assert board[0] == "**Your cards:** " + " ".join(card_label(c) for c in ctx.view["hand"])
    high, low = poker_ranks(ctx.view["hand"])
    assert board[1] == f"Worth now: High {high} · Low {low}"  # before the showdown, too
    assert board[2] == "Your chips: 99 · Pot: 3"
    drawn = model.draw(ctx, None)
    assert button(drawn, ACT, "check").label == "Check"
    amount = select(drawn, "pamt")
    assert [(o.label, o.value) for o in amount.options] == [
        ("Bet 1", "bet 1"),
        ("Bet 2", "bet 2"),
        ("Bet 3", "bet 3"),
    ]
    assert click(state, amount.payload, ["bet 2"]) == PlayMove("bet 2")
    state.apply("bet 2", state.current_player)
    drawn = draw(state)
    assert button(drawn, ACT, "call").label == "Call 2"
    assert button(drawn, ACT, "fold").label == "Fold"
    raises = select(drawn, "pamt")
    assert raises.placeholder == "Raise by…" and raises.options[0].label == "Raise by 1"
    assert "To call: 2" in hand_model("hurricane_poker").board(ctx_of(state))[2]


def test_poker_draw_picks_the_card_or_stands() -> None:
    state = poker_to("draw")
    ctx = ctx_of(state)
    drawn = draw(state)
    discard = select(drawn, "pdraw")
    assert [o.value for o in discard.options] == [f"draw {c}" for c in ctx.view["hand"]]
    assert discard.options[0].label == f"Discard {card_label(ctx.view['hand'][0])}"
    assert button(drawn, ACT, "stand").label == "Stand pat"
    assert click(state, discard.payload, [discard.options[1].value]) == PlayMove(
        discard.options[1].value
    )
    assert not [c for c in drawn.controls if c.payload.kind == "pamt"]


def test_poker_declaration_buttons_only_with_declare_yes() -> None:
    state = poker_to("declare", declare="yes")
    drawn = draw(state)
    labels = [c.label for c in drawn.controls if isinstance(c, Button)]
    assert labels == ["Declare High", "Declare Low", "Declare Both"]
    seat = state.current_player
    assert seat is not None
    state.apply("declare low", seat)
    ctx = ctx_of(state, seat)
    assert "You declared: low" in hand_model("hurricane_poker").board(ctx)
    assert draw(state, seat=seat).controls == ()  # waiting: nothing to click


def test_poker_forged_payloads() -> None:
    state = poker_to("bet")
    with pytest.raises(UnknownControl):
        click(state, Payload("gsel", "0.1"))
    assert click(state, Payload("pamt"), ["raise 99"]) == PlayMove("raise 99")  # engine refuses


def test_forged_payloads_do_not_break_a_model() -> None:
    state = haggis_leader()
    for arg in (None, "", "zz.zz", "9.ffffffffff", "-1.-1", "0.-5"):
        outcome = click(state, Payload("gsel", arg), [])
        assert isinstance(outcome, Choose)
    assert isinstance(click(state, Payload("gplay", "nothex")), PlayMove)


# --- every hand fits Discord, and shows only its seat ----------------------------------------------


def _hidden_cards(state: GameState, seat: int) -> set[str]:
    """Cards of the other seats' hands (the faces J/Q/K excepted: everyone holds them)."""
    data = state.to_dict()
    hidden: set[str] = set()
    for s, hand in enumerate(data.get("hands") or []):
        if s == seat or hand is None:
            continue
        cards = hand["down"] if isinstance(hand, dict) else hand  # open cards are public
        hidden |= {c for c in cards if c not in ("J", "Q", "K")}
    hidden |= set(data.get("stock") or []) | set(data.get("haggis") or [])
    return hidden | set(data.get("discards") or [])


def _texts(drawn: HandView, board: list[str]) -> str:
    parts = [*board, *drawn.lines]
    for c in drawn.controls:
        parts += [c.payload.arg or ""]
        if isinstance(c, Select):
            parts += [c.placeholder] + [f"{o.label} {o.value} {o.description}" for o in c.options]
        else:
            parts.append(c.label)
    return "\n".join(parts)


def _every_drawing(state: GameState, rng: random.Random) -> list[tuple[HandView, list[str], int]]:
    """The hand of every seat that may act, with no selection and after a click on each control."""
    seats = {s for s in range(state.num_players) if state.legal_actions(s)}
    out = []
    for seat in seats:
        ctx = ctx_of(state, seat)
        model = hand_model(ctx.game)
        board = model.board(ctx)
        drawn = model.draw(ctx, None)
        out.append((drawn, board, seat))
        for c in drawn.controls:
            values: list[str] = []
            if isinstance(c, Select):
                k = rng.randint(max(1, c.min_values), c.max_values)
                values = [o.value for o in rng.sample(c.options, k)]
            outcome = model.click(ctx, c.payload, values)
            if isinstance(outcome, Choose) and outcome.selection is not None:
                again = model.draw(ctx, outcome.selection)
                out.append((again, board, seat))
                for d in again.controls:  # the next step (Play with a selection, …)
                    if isinstance(d, Button) and d.payload.kind != ACT:
                        after = model.click(ctx, d.payload, [])
                        if isinstance(after, Choose) and after.selection is not None:
                            out.append((model.draw(ctx, after.selection), board, seat))
    return out


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [
        ("hurricane", {}, 2),
        ("hurricane", {"preset": "open"}, 2),
        ("hurricane", {"preset": "pairs"}, 4),
        ("hurikan", {}, 2),
        ("haggis", {}, 2),
        ("haggis", {"bomb_capture": "chooser"}, 3),
        ("hurricane_poker", {}, 3),
        ("hurricane_poker", {"declare": "yes", "wild": "jokers", "bet_max": 20}, 8),
        ("hurricane_poker", {"draw": "off", "raises": 5}, 2),
    ],
)
def test_every_drawn_hand_fits_discord_and_shows_only_its_seat(
    game: str, options: dict[str, str], players: int
) -> None:
    rng = random.Random(7)
    for seed in range(2):
        state = new_game(game, seed=seed, players=players, options=options)
        for _ in range(40):
            if state.is_over:
                break
            for drawn, board, seat in _every_drawing(state, rng):
                controls = finished(drawn.controls)
                assert problems(controls) == [], (game, seat, controls)
                assert any(c.payload.kind == REFRESH for c in controls)
                shown = _texts(drawn, board)
                leaked = {c for c in _hidden_cards(state, seat) if c in shown.split()}
                leaked |= {c for c in _hidden_cards(state, seat) if card_label(c) in shown.split()}
                assert not leaked, (game, seat, leaked)
            seat = state.current_player
            assert seat is not None
            state.apply(rng.choice(state.legal_actions(seat)), seat)


def test_the_limit_check_catches_every_kind_of_breach() -> None:
    from bot.render.hands.base import Option

    opts = tuple(Option(f"o{i}", f"v{i}") for i in range(26))
    assert any("26 options" in p for p in problems([Select(Payload("s"), "x", opts, row=0)]))
    buttons = [Button(Payload("b", str(i)), "b", row=0) for i in range(6)]
    assert any("6 buttons" in p for p in problems(buttons))
    assert any(
        "shares its row" in p
        for p in problems(
            [Select(Payload("s"), "x", opts[:2], row=0), Button(Payload("b"), "b", row=0)]
        )
    )
    assert any("does not fit" in p for p in problems([Button(Payload("b", "a:b"), "b", row=0)]))
    assert any("same payload" in p for p in problems([Button(Payload("b"), "b", row=0)] * 2))
    assert any("row 5" in p for p in problems([Button(Payload("b"), "b", row=5)]))
    assert any("label" in p for p in problems([Button(Payload("b"), "L" * 81, row=0)]))


def test_placing_fills_rows_like_discord_and_drops_what_cannot_fit() -> None:
    from bot.render.hands.base import Option, place

    opts = (Option("a", "a"),)
    selects = [Select(Payload("s", str(i)), "x", opts) for i in range(6)]
    placed = place(selects)
    assert [c.row for c in placed] == [0, 1, 2, 3, 4]


def test_poker_all_in_amounts_are_labelled() -> None:
    state = poker_to("bet", stack=10, ante=0, players=2)
    data = state.to_dict()
    seat = state.current_player
    assert seat is not None
    data["chips"][seat] = 2  # a short stack: betting 2 puts in every chip
    short = load_game(data)
    amount = select(draw(short), "pamt")
    assert [o.label for o in amount.options] == ["Bet 1", "Bet 2 (all-in)"]
    short.apply("bet 2", seat)
    other = short.current_player
    data = short.to_dict()
    data["chips"][other] = 1  # cannot cover the call: calls all-in for what it has
    drawn = draw(load_game(data))
    assert button(drawn, ACT, "call").label == "Call 1 (all-in)"
