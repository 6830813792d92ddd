"""Presets ``open`` (H-19) and ``pairs`` (H-20), and how options are chosen and validated."""

from __future__ import annotations

import json

import pytest

from bot.games import IllegalAction, InvalidState, load_game, new_game
from tests.games.test_hurricane_helpers import legal, one, position


# ---------------------------------------------------------------- H-19 open hands
def test_h19_open_preset_options():
    opts = new_game("hurricane", seed=1, options={"preset": "open"}).options
    assert opts["target"] == 15 and opts["double_below"] == 0
    assert opts["primiera"] == "sets" and opts["after_sweep"] == "opponent_lays_hand"


def test_h19_four_open_two_face_down_hidden_from_everyone():
    s = new_game("hurricane", seed=3, options={"preset": "open"})
    d = s.to_dict()
    down = [c for hand in d["hands"] for c in hand["down"]]
    assert [len(h["open"]) for h in d["hands"]] == [4, 4] and len(down) == 4
    for seat in (0, 1, None):
        v = s.view(seat)
        assert v["down_counts"] == [2, 2] and v["hand_sizes"] == [6, 6]
        assert v["open_hands"] == [h["open"] for h in d["hands"]]
        text = json.dumps(v)
        assert not any(f'"{c}"' in text for c in down), "a face-down card leaked"


def test_h19_flip_when_no_open_card_then_play_it_at_once():
    hands = [{"open": [], "down": ["7H", "2C"]}, {"open": ["KS"], "down": []}]
    s = load_game(position(hands, ["7C"], options={"preset": "open"}, rest="stock"))
    assert legal(s) == {"flip 0", "flip 1"}
    with pytest.raises(IllegalAction, match="turn up a face-down card first"):
        s.apply("7H")
    events = s.apply("flip 0")
    assert events == [{"type": "flip", "seat": 0, "index": 0, "card": "7H"}]
    assert s.current_player == 0
    assert legal(s) == {"7H:7C"}  # it can capture, so it must
    with pytest.raises(IllegalAction, match="2C is not in your hand"):
        s.apply("2C")
    events = s.apply("7H:7C")  # a hurricane: in ``open`` the opponent lays the hand (H-12)
    assert one(events, "lay_hand")["cards"] == ["KS"]
    assert s.current_player == 0 and legal(s) == {"flip 0"}


def test_h19_open_cards_are_played_first():
    hands = [{"open": ["KS"], "down": ["2C"]}, {"open": ["KD"], "down": []}]
    s = load_game(position(hands, ["7C"], options={"preset": "open"}, rest="stock"))
    assert legal(s) == {"KS"}
    with pytest.raises(IllegalAction, match="open cards first"):
        s.apply("flip 0")
    with pytest.raises(IllegalAction, match="turn up|not in your hand"):
        s.apply("2C")


def test_h19_refill_four_open_two_down():
    hands = [{"open": ["KS"], "down": []}, {"open": ["QD"], "down": []}]
    s = load_game(position(hands, ["AC"], options={"preset": "open"}, rest="stock"))
    s.apply("KS")
    deal = one(s.apply("QD"), "deal")
    assert deal["refill"] and [len(h) for h in deal["open"]] == [4, 4]
    v = s.view(0)
    assert v["down_counts"] == [2, 2] and len(v["hand"]) == 4


def test_h19_a_short_stock_is_no_position():
    """36 cards after the table are 3 refills of 12: no deal leaves a short stock (issue 23)."""
    hands = [{"open": ["KS"], "down": []}, {"open": ["QD"], "down": []}]
    stock = ["AH", "2H", "3H", "4H", "5H", "AD", "2D", "3D", "4D", "5D"]
    with pytest.raises(InvalidState, match="the stock holds 10 cards; a deal leaves 24, 12, 0"):
        load_game(position(hands, ["AC"], options={"preset": "open"}, stock=stock, rest=0))


# ---------------------------------------------------------------- H-20 pairs
def test_h20_pairs_deal_and_counter_clockwise_order():
    s = new_game("hurricane", seed=5, options={"preset": "pairs"})
    assert s.num_players == 4
    v = s.view(None)
    assert v["hand_sizes"] == [9, 9, 9, 9] and len(v["table"]) == 4 and v["stock_count"] == 0
    assert v["teams"] == [[0, 2], [1, 3]]
    dealer = v["dealer"]
    order = []
    for _ in range(5):
        order.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert order == [(dealer - 1 - i) % 4 for i in range(5)]


def test_h20_pairs_team_piles_sweeps_and_leftover():
    hands = [["2H"], ["7S"], ["7H"], ["JS"]]
    table = ["7C", "3D"]
    opts = {"preset": "pairs"}
    s = load_game(position(hands, table, options=opts, dealer=3, turn=2, rest="split"))
    s.apply("7H:7C")  # seat 2 (team 0)
    assert s.current_player == 1
    s.apply("7S")  # seat 1 trails
    events = s.apply("2H")  # seat 0 trails (2 takes nothing: 3D, 7S)
    assert s.current_player == 3
    events = s.apply("JS")  # seat 3 trails; the deal ends
    left = one(events, "leftover")
    assert left["seat"] == 2 and left["side"] == 0
    scored = one(events, "deal_scored")
    # 34 split cards: 17 to seat 0, 17 to seat 1; team 0 adds 7H 7C and the 4 leftovers
    assert scored["details"]["cards"] == [17 + 2 + 4, 17]


def test_h20_pairs_sweep_counts_for_the_team():
    hands = [["2H"], ["KD"], ["5C"], ["7S"]]
    opts = {"preset": "pairs"}
    s = load_game(position(hands, ["7C"], options=opts, dealer=0, turn=3, rest="split"))
    assert one(s.apply("7S:7C"), "sweep") == {
        "type": "sweep",
        "seat": 3,
        "side": 1,
        "sweeps": [0, 1],
    }
    for card in ("5C", "KD"):
        s.apply(card)
    events = s.apply("2H")
    assert one(events, "leftover")["side"] == 1
    assert one(events, "deal_scored")["categories"]["sweeps"] == [0, 1]


def test_h20_pairs_needs_four_players():
    with pytest.raises(ValueError, match="pairs is for 4 players"):
        new_game("hurricane", seed=1, players=2, options={"preset": "pairs"})
    assert new_game("hurricane", seed=1, players=4, options={"preset": "pairs"}).num_players == 4


# ---------------------------------------------------------------- choosing options
def test_unknown_preset_names_the_choices():
    with pytest.raises(ValueError, match="standard, open, pairs"):
        new_game("hurricane", seed=1, options={"preset": "classic"})


@pytest.mark.parametrize(
    ("name", "value", "choices"),
    [
        ("lead_after_redeal", "dealer", "eldest \\| last_player"),
        ("precedence", "sum_first", "equal_first \\| free"),
        ("trail", "never", "only_if_no_capture \\| free"),
        ("min_cards", "maybe", "off \\| on"),
        ("last_play_sweep", "on", "no \\| yes"),
        ("after_sweep", "all", "nothing \\| opponent_lays_hand"),
        ("leftover", "dealer", "last_capturer \\| last_player"),
        ("primiera", "cards", "suits \\| sets \\| none"),
        ("missing_suit", "ignore", "cannot_compete \\| sum_present"),
    ],
)
def test_unknown_option_value_names_the_choices(name, value, choices):
    with pytest.raises(ValueError, match=choices):
        new_game("hurricane", seed=1, options={name: value})


def test_numeric_options_and_unknown_option_names():
    with pytest.raises(ValueError, match="target must be a whole number in 1–1000"):
        new_game("hurricane", seed=1, options={"target": 0})
    with pytest.raises(ValueError, match="double_below must be a whole number in 0–1000"):
        new_game("hurricane", seed=1, options={"double_below": -1})
    with pytest.raises(ValueError, match="Unknown option 'colour'"):
        new_game("hurricane", seed=1, options={"colour": "red"})


def test_defaults_are_filled_and_json_booleans_become_words():
    s = new_game("hurricane", seed=1, options={"min_cards": True, "last_play_sweep": False})
    assert s.options == {
        "preset": "standard",
        "lead_after_redeal": "eldest",
        "precedence": "equal_first",
        "trail": "only_if_no_capture",
        "min_cards": "on",
        "last_play_sweep": "no",
        "after_sweep": "nothing",
        "leftover": "last_capturer",
        "primiera": "suits",
        "missing_suit": "cannot_compete",
        "target": 16,
        "double_below": 8,
    }
    assert s.to_dict()["options"] == s.options


def test_preset_hurikan_delegates_to_hurikan():
    s = new_game("hurricane", seed=1, options={"preset": "hurikan"})
    assert s.name == "hurikan" and s.to_dict()["game"] == "hurikan"
    assert load_game(s.to_dict()).to_dict() == s.to_dict()
