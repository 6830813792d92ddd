"""Notation, options and loading: garbage is refused with short, readable reasons."""

from __future__ import annotations

import copy

import pytest

from bot.games import IllegalAction, InvalidState, game_info, load_game, new_game, parse_action

BASE = {
    "game": "hurricane_poker",
    "options": {},
    "seed": 7,
    "dealer": 0,
    "hand_no": 1,
    "chips": [100, 100, 40],
    "hands": [["AS", "2D"], ["KH", "KD"], ["7C", "7S"]],
}


def test_canonical_notation_round_trips():
    texts = ["check", "call", "fold", "bet 2", "raise 3", "draw 7H", "draw 10D", "draw X1"]
    texts += ["stand", "declare high", "declare low", "declare both"]
    for text in texts:
        action = parse_action("hurricane_poker", text)
        assert str(action) == text
        assert action == parse_action("hurricane_poker", f"  {text.upper()} ")
        assert hash(action) == hash(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "bet",
        "bet 0",
        "bet 21",
        "bet -1",
        "bet 2.5",
        "bet ²",
        "raise 99999999999999999999",
        "bet " + "9" * 5000,
        "9" * 5000,
        "draw 1X",
        "draw 7H 8H",
        "draw",
        "declare sideways",
        "check now",
        "allin",
        "x" * 100_000,
    ],
)
def test_garbage_actions_are_illegal_not_crashes(text):
    with pytest.raises(IllegalAction) as info:
        parse_action("hurricane_poker", text)
    assert len(str(info.value)) < 200


def test_non_text_actions_are_illegal():
    state = new_game("hurricane_poker", seed=1, players=3)
    for bad in (None, 3, ["check"], b"check"):
        with pytest.raises(IllegalAction):
            state.apply(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="not your turn"):
        other = (state.current_player + 1) % 3
        state.apply("check", other)
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply("check", 7)


def test_illegal_action_leaves_the_state_unchanged():
    state = new_game("hurricane_poker", seed=4, players=4)
    before = state.to_dict()
    for text in ("call", "fold", "raise 1", "draw AS", "stand", "declare high", "bet 4"):
        with pytest.raises(IllegalAction):
            state.apply(text)
    assert state.to_dict() == before


def test_options_and_their_bounds():
    info = game_info("hurricane_poker")
    assert [o.name for o in info.options] == [
        "wild", "declare", "draw", "stack", "ante", "bet_max", "raises", "hands",
    ]  # fmt: skip
    state = new_game("hurricane_poker", seed=1, players=2, options={"declare": True, "draw": False})
    assert state.options == {
        "wild": "none",
        "declare": "yes",
        "draw": "off",
        "stack": 100,
        "ante": 1,
        "bet_max": 3,
        "raises": 2,
        "hands": 10,
    }
    bounds = {"stack": (10, 10_000), "ante": (0, 10), "bet_max": (1, 20), "raises": (0, 5)}
    bounds["hands"] = (1, 100)
    for name, (low, high) in bounds.items():
        new_game("hurricane_poker", seed=1, options={name: low})
        new_game("hurricane_poker", seed=1, options={name: str(high)})
        for bad in (low - 1, high + 1, 10**5000 if name == "stack" else 2.5, True, "lots"):
            with pytest.raises(ValueError, match=f"{low}–{high}"):
                new_game("hurricane_poker", seed=1, options={name: bad})
    with pytest.raises(ValueError, match="none | jokers | deuces | one_eyes"):
        new_game("hurricane_poker", seed=1, options={"wild": "sevens"})
    with pytest.raises(ValueError, match="Unknown option"):
        new_game("hurricane_poker", seed=1, options={"blinds": 2})
    with pytest.raises(ValueError, match="no presets"):
        new_game("hurricane_poker", seed=1, options={"preset": "open"})


def test_seed_is_bounded():
    new_game("hurricane_poker", seed=2**64 - 1)
    for bad in (-1, 2**64, 10**5000, True, 1.0, "7"):
        with pytest.raises(ValueError, match="seed"):
            new_game("hurricane_poker", seed=bad)  # type: ignore[arg-type]


def test_a_minimal_position_loads_and_fills_the_stock():
    state = load_game(copy.deepcopy(BASE))
    data = state.to_dict()
    assert len(data["stock"]) == 46 and data["chips"] == [99, 99, 39]
    assert state.current_player == 1


def _broken(**changes):
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"hands": [["AS", "2D"], ["KH", "AS"], ["7C", "7S"]]}, "AS appears twice"),
        ({"hands": [["AS", "2D"], ["KH"], ["7C", "7S"]]}, "two cards"),
        ({"hands": [["AS", "2D"], ["KH", "1Z"], ["7C", "7S"]]}, "not a card"),
        ({"hands": [["AS", "2D"], ["KH", "KD"], None]}, "needs a hand"),
        ({"hands": [["AS", "2D"], ["KH", "KD"]]}, "one entry per seat"),
        ({"chips": [100, -1, 40]}, "from 0"),
        ({"chips": [100, 1.5, 40]}, "whole number"),
        ({"chips": [100, True, 40]}, "whole number"),
        ({"chips": [100, 10**5000, 40]}, "a huge number"),
        ({"chips": [100, 0, 0], "hands": [["AS", "2D"], None, None]}, "at least two"),
        ({"chips": [100]}, "2 to 8"),
        ({"seed": 2**64}, "'seed'"),
        ({"seed": "x" * 5000}, "whole number"),
        ({"dealer": 3}, "'dealer'"),
        ({"hand_no": 11}, "'hand_no'"),
        ({"hand_no": 0}, "'hand_no'"),
        ({"stock": ["QS"]}, "missing from the position"),
        ({"stock": ["AS"]}, "AS appears twice"),
        ({"options": {"wild": "x" * 5000}}, "cannot be"),
        ({"hands": [["AS", "X1"], ["KH", "KD"], ["7C", "7S"]]}, "not in the pack"),
        ({"phase": "dancing"}, "'phase'"),
        ({"phase": "bet"}, "'in_hand'"),
    ],
)
def test_invalid_positions_are_refused_briefly(changes, message):
    with pytest.raises(InvalidState, match=message) as info:
        load_game(_broken(**changes))
    assert len(str(info.value)) < 200


def test_tampered_snapshots_are_refused():
    state = new_game("hurricane_poker", seed=5, players=3)
    good = state.to_dict()
    cases = {
        "turn": 9,
        "committed": [1, 1, -1],
        "folded": [False, False, "no"],
        "rng": [3, [1, 2], None],
        "declared": ["maybe", None, None],
        "drawn": [2, None, None],
        "round_bets": [5, 0, 0],
    }
    for key, value in cases.items():
        data = copy.deepcopy(good)
        data[key] = value
        with pytest.raises(InvalidState):
            load_game(data)
    folded_turn = copy.deepcopy(good)
    folded_turn["folded"][good["turn"]] = True
    with pytest.raises(InvalidState, match="not in the hand"):
        load_game(folded_turn)
