"""Positions, action notation, views and bad input for Hurricane: clear errors, nothing changed."""

from __future__ import annotations

import json
import random

import pytest

from bot.games import IllegalAction, InvalidState, load_game, new_game, parse_action
from bot.games.hurricane import determinise, unseen_cards
from tests.games.test_hurricane_helpers import legal, position


# ---------------------------------------------------------------- notation
def test_actions_print_canonically_and_compare_by_text():
    a = parse_action("hurricane", " 7h:4D+3c ")
    assert str(a) == "7H:3C+4D"
    assert a == parse_action("hurricane", "7H:3C 4D") and hash(a) == hash(
        parse_action("hurricane", "7H:3C+4D")
    )
    assert str(parse_action("hurricane", "qs")) == "QS"
    assert str(parse_action("hurricane", "flip 1")) == "flip 1"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("7X", "not a card"),
        ("", "empty action"),
        ("   ", "empty action"),
        ("hello world", "play one card"),
        ("7H:", "no cards given"),
        ("7H:7H", "cannot take itself"),
        ("7H:3C+3C", "listed twice"),
        ("7H:3C:4D", "more than one"),
        ("10H", "without 8s, 9s and 10s"),
        ("flip x", "flip 0 or flip 1"),
        ("7H 3C", "play one card"),
        ("flip \u00b2", "flip 0 or flip 1"),  # a digit to str.isdigit, not to int()
        ("flip " + "1" * 5000, "too long"),  # beyond int()'s digit limit
    ],
)
def test_malformed_actions_raise_illegal_action(text, reason):
    with pytest.raises(IllegalAction, match=reason):
        parse_action("hurricane", text)
    s = new_game("hurricane", seed=1)
    before = s.to_dict()
    with pytest.raises(IllegalAction):
        s.apply(text)
    assert s.to_dict() == before


def test_non_text_action_and_wrong_seat_are_refused():
    s = load_game(position([["7H"], ["2C"]], ["7C", "2D"]))
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="must be text"):
        s.apply(42)
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply("7H:7C", player=1)
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply("2C")
    with pytest.raises(IllegalAction, match="not on the table"):
        s.apply("7H:7D")
    with pytest.raises(IllegalAction, match="equal value"):
        s.apply("7H:2D")
    with pytest.raises(IllegalAction, match="no face-down hand cards"):
        s.apply("flip 0")
    with pytest.raises(IllegalAction, match="not a Hurricane move"):
        s.apply(parse_action("hurikan", "7H:7C"))
    assert s.to_dict() == before
    assert s.legal_actions(1) == []


def test_sum_that_does_not_add_up_is_explained():
    s = load_game(position([["7H"], ["2C"]], ["3C", "2D", "AS"]))
    with pytest.raises(IllegalAction, match=r"7H cannot take 2D\+3C: they add up to 5, not 7"):
        s.apply("7H:2D+3C")


# ---------------------------------------------------------------- positions
def test_position_missing_card_is_named():
    data = position([["7H"], ["2C"]], ["7C"], rest="stock")
    for zone in (data["stock"], *data["piles"]):
        if "QS" in zone:
            zone.remove("QS")
    with pytest.raises(InvalidState, match="missing cards: QS"):
        load_game(data)


def test_position_doubled_card_is_named():
    data = position([["7H"], ["2C"]], ["7C"], rest="stock")
    data["table"].append("7H")
    with pytest.raises(InvalidState, match=r"7H appears twice \(seat 0's hand and the table\)"):
        load_game(data)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"hands": [["7H"], ["2C"], []]}, "expected 2, got 3"),
        ({"table": ["ZZ"]}, "'ZZ' is not a card"),
        (
            {"turn": 1, "hands": [["7H"], []], "table": ["7C", "2C"]},
            "seat 1 is to play but holds no cards",
        ),
        ({"hands": [[], []], "table": ["7C", "7H", "2C"]}, "every hand is empty"),
        ({"dealer": 5}, "dealer must be a seat number 0..1"),
        ({"options": {"precedence": "nope"}}, "equal_first \\| free"),
        ({"sweeps": [1]}, "sweeps must be 2 whole numbers"),
        ({"piles": [[]]}, "piles must list one entry per seat"),
        ({"seed": "abc"}, "seed must be a whole number"),
        ({"turn": None}, "turn is null"),
    ],
)
def test_malformed_positions_say_what_is_wrong(change, reason):
    data = position([["7H"], ["2C"]], ["7C"], rest="stock")
    data.update(change)
    with pytest.raises(InvalidState, match=reason):
        load_game(data)


def test_position_hand_too_big_and_pairs_stock():
    hand = ["AH", "2H", "3H", "4H", "5H", "6H", "7H"]
    with pytest.raises(InvalidState, match="seat 0 holds 7 cards; at most 6"):
        load_game(position([hand, ["2C"]], ["7C"]))
    pairs = {"preset": "pairs"}
    data = position([["AH"], ["2H"], ["3H"], ["4H"]], [], options=pairs, stock=["5H"], rest=0)
    with pytest.raises(InvalidState, match="stock must be empty"):
        load_game(data)
    with pytest.raises(InvalidState, match="JSON object"):
        load_game([])  # type: ignore[arg-type]


def test_position_defaults_are_filled():
    data = {"game": "hurricane", "hands": [["7H"], ["2C"]], "table": ["7C"]}
    full = position([["7H"], ["2C"]], ["7C"], rest="stock")
    data["stock"], data["piles"] = full["stock"], full["piles"]
    s = load_game(data)
    d = s.to_dict()
    assert d["options"]["preset"] == "standard" and d["dealer"] == 0 and d["turn"] == 1
    assert d["scores"] == [0, 0] and d["sweeps"] == [0, 0] and d["last_capturer"] is None


# ---------------------------------------------------------------- views
def test_view_keys_and_own_hand_sorted():
    s = new_game("hurricane", seed=8)
    d = s.to_dict()
    v = s.view(0)
    assert v["hand"] == sorted(
        d["hands"][0], key=lambda c: ("A234567JQK".index(c[0]), "HDCS".index(c[1]))
    )
    for key in [
        "game",
        "options",
        "num_players",
        "seat",
        "dealer",
        "current_player",
        "hand",
        "hand_sizes",
        "table",
        "stock_count",
        "piles",
        "sweeps",
        "scores",
        "last_capturer",
        "last_player",
        "deal",
        "last_deal",
        "is_over",
        "result",
    ]:
        assert key in v
    assert v["seat"] == 0 and v["stock_count"] == 24 and "seed" not in v
    spectator = s.view(None)
    assert spectator["hand"] is None
    text = json.dumps(spectator)
    for card in d["hands"][0] + d["hands"][1] + d["stock"]:
        assert f'"{card}"' not in text
    with pytest.raises(IllegalAction, match="no seat 2"):
        s.view(2)


def test_determinise_gives_a_loadable_consistent_position():
    s = new_game("hurricane", seed=12)
    for _ in range(7):
        s.apply(s.legal_actions()[0])
    seat = s.current_player
    assert seat is not None
    v = s.view(seat)
    hidden = set(unseen_cards(v))
    assert not hidden & set(v["hand"]) and not hidden & set(v["table"])
    guess = load_game(determinise(v, random.Random(1)))
    assert legal(guess) == legal(s)
    assert guess.view(seat)["hand"] == v["hand"] and guess.view(seat)["table"] == v["table"]


def test_determinise_open_preset_keeps_open_cards_and_guesses_down_cards():
    s = new_game("hurricane", seed=12, options={"preset": "open"})
    v = s.view(s.current_player)
    guess = load_game(determinise(v, random.Random(2)))
    assert guess.view(None)["open_hands"] == v["open_hands"]
    assert guess.view(None)["down_counts"] == v["down_counts"]


def test_hand_built_action_objects_are_checked_too():
    from bot.games.hurricane.actions import Capture, Trail
    from bot.games.hurricane.cards import INDEX

    s = load_game(position([["4H"], ["KC"]], ["2C", "2D"]))
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="listed twice"):
        s.apply(Capture.of(INDEX["4H"], (INDEX["2C"], INDEX["2C"])))
    with pytest.raises(IllegalAction, match="not a card"):
        s.apply(Trail(99))
    with pytest.raises(IllegalAction, match="not a card"):
        s.apply(Capture.of(INDEX["4H"], (77, INDEX["2C"])))
    assert s.to_dict() == before
    s.apply(Capture.of(INDEX["4H"], (INDEX["2D"], INDEX["2C"])))
    assert s.to_dict()["table"] == []


def test_determinise_hurikan_view():
    s = new_game("hurikan", seed=5)
    s.apply(s.legal_actions()[0])
    v = s.view(s.current_player)
    guess = load_game(determinise(v, random.Random(3)))
    assert legal(guess) == legal(s)
    assert guess.view(None)["hand_sizes"] == v["hand_sizes"]


def _scribble(data: object) -> None:
    """Mutate every list and dict inside ``data``, as a careless caller might."""
    if isinstance(data, dict):
        for value in data.values():
            _scribble(value)
        data["scribbled"] = True
    elif isinstance(data, list):
        for value in data:
            _scribble(value)
        data.append("scribbled")


@pytest.mark.parametrize("game", ["hurricane", "hurikan"])
def test_events_and_pictures_are_copies_not_the_state(game):
    # ENGINE.md: apply returns events, to_dict/view/result are pictures; changing them must not
    # change the game (a deal_scored event must not be the state's own last_deal, and so on)
    if game == "hurricane":
        data = position([["7H"], []], ["7C"], rest="split", scores=[15, 0], sweeps=[3, 0])
        move = "7H:7C"
    else:
        data = position([["2H"], []], ["5S"], game="hurikan", rest=1)
        move = "2H"
    s = load_game(data)
    events = s.apply(move)
    assert s.is_over
    snapshot = json.dumps(s.to_dict())
    result = json.dumps(s.result())
    _scribble(events)
    for picture in (s.to_dict(), s.view(0), s.view(None), s.result()):
        _scribble(picture)
    assert json.dumps(s.to_dict()) == snapshot
    assert json.dumps(s.result()) == result
