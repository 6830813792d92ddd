"""Bad input is refused, always the same way (ENGINE.md): whatever JSON reaches an entry point of
any game, only the contract's exception comes out, with a short message, and nothing changes."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games import GAMES, IllegalAction, InvalidState, load_game, new_game, parse_action

SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("hurricane", 2, {"preset": "standard"}),
    ("hurricane", 2, {"preset": "open"}),
    ("hurricane", 4, {"preset": "pairs"}),
    ("hurikan", 2, {}),
    ("haggis", 2, {}),
    ("haggis", 3, {"bomb_capture": "chooser"}),
    ("hurricane_poker", 3, {"declare": "yes"}),
]
MESSAGE_MAX = 400

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**200), max_value=2**200)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
# words the engines know, so random input reaches deeper than the first check
words = st.sampled_from(
    [
        "7H", "QS", "AD", "KC", "2S", "7R", "10G", "J", "Q", "K", "pass", "bet 15", "bet 30",
        "give 0", "give 2", "flip 0", "flip 1", "=set", "=seq1", "=seq2", ":", "+", " ", "1" * 5000,
    ]
)  # fmt: skip
action_texts = st.lists(words, min_size=1, max_size=5).map("".join) | st.text(max_size=20)
anything = json_values | action_texts


def _states() -> list[Any]:
    states = []
    for name, players, options in SETUPS:
        state = new_game(name, seed=3, players=players, options=options)
        states.append(state)
        later = state.clone()
        for _ in range(7):  # a few moves in: tricks, captures, bets under way
            legal = later.legal_actions()
            if not legal:
                break
            later.apply(legal[len(legal) // 2])
        states.append(later)
    return states


STATES = _states()
SNAPSHOTS = [s.to_dict() for s in STATES]


def _refused(exc: Exception, kind: type[Exception]) -> None:
    assert type(exc) is kind, f"{type(exc).__name__}: {exc}"
    text = str(exc)
    assert text and len(text) <= MESSAGE_MAX, text
    assert all(c.isprintable() for c in text), text


def _mutated(snapshot: dict[str, Any], path: list[int], value: Any) -> dict[str, Any]:
    """A copy of ``snapshot`` with one value replaced, found by walking ``path`` (each step an
    index into the keys or items of the container reached so far)."""
    data = json.loads(json.dumps(snapshot))
    node: Any = data
    for i, step in enumerate(path):
        keys: list[Any] = sorted(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = keys[step % len(keys)]
        child = node[key]
        if i == len(path) - 1 or not isinstance(child, dict | list) or not child:
            node[key] = value
            break
        node = child
    return data


FAST = settings(
    max_examples=int(os.environ.get("BAD_INPUT_EXAMPLES", "120")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FAST
@given(
    st.integers(0, len(SNAPSHOTS) - 1),
    st.lists(st.integers(0, 40), min_size=1, max_size=4),
    anything,
)
def test_load_game_refuses_with_invalid_state_only(which: int, path: list[int], value: Any) -> None:
    data = _mutated(SNAPSHOTS[which], path, value)
    try:
        state = load_game(data)
    except InvalidState as exc:
        _refused(exc, InvalidState)
        return
    assert load_game(state.to_dict()).to_dict() == state.to_dict()
    for _ in range(3):  # whatever loads must play on
        state.view(None)
        legal = state.legal_actions()
        if not legal:
            break
        state.apply(legal[-1])
    json.dumps(state.to_dict())


@FAST
@given(anything)
def test_load_game_refuses_any_json(value: Any) -> None:
    try:
        load_game(value)
    except InvalidState as exc:
        _refused(exc, InvalidState)


@FAST
@given(st.sampled_from([*GAMES, "chess"]), anything, anything, anything)
def test_new_game_refuses_with_value_error_only(
    name: str, seed: Any, players: Any, options: Any
) -> None:
    try:
        new_game(name, seed=seed, players=players, options=options)
    except ValueError as exc:
        _refused(exc, ValueError)


@FAST
@given(st.sampled_from(GAMES), anything)
def test_parse_action_refuses_with_illegal_action_only(name: str, text: Any) -> None:
    try:
        action = parse_action(name, text)
    except IllegalAction as exc:
        _refused(exc, IllegalAction)
        return
    assert parse_action(name, str(action)) == action


@FAST
@given(st.integers(0, len(STATES) - 1), anything, anything)
def test_apply_legal_actions_view_refuse_with_illegal_action_only(
    which: int, action: Any, player: Any
) -> None:
    state = STATES[which].clone()
    before = state.to_dict()
    for call in (
        lambda: state.legal_actions(player),
        lambda: state.view(player),
        lambda: state.apply(action, player),
        lambda: state.apply(action),
    ):
        try:
            call()
        except IllegalAction as exc:
            _refused(exc, IllegalAction)
            assert state.to_dict() == before
        else:
            before = state.to_dict()


# ---------------------------------------------------------------- the cases found by hand
@pytest.mark.parametrize(
    "data",
    [
        {"game": ["hurricane"]},
        {"game": {"x": 1}},
        {"game": "haggis", "hands": [[], []], "rng": [3, [2**80] * 625, None]},
        {"game": "hurricane", "hands": [[[[["7H"]]]], []]},
        {"game": "hurricane", "seed": 10**4300},
        {"game": "haggis", "seed": -1, "hands": [["2R"], ["3R"]]},
    ],
)
def test_bad_positions_found_by_hand(data: Any) -> None:
    with pytest.raises(InvalidState) as info:
        load_game(data)
    _refused(info.value, InvalidState)


def test_a_card_nested_a_thousand_lists_deep_is_refused_briefly() -> None:
    card: Any = "7H"
    for _ in range(1000):
        card = [card]
    for name in GAMES:
        hands = [[card], []] if name != "haggis" else [[card], ["2R"]]
        with pytest.raises(InvalidState) as info:
            load_game({"game": name, "hands": hands})
        _refused(info.value, InvalidState)
        with pytest.raises(IllegalAction) as act:
            new_game(name, seed=1).apply(card)
        _refused(act.value, IllegalAction)


def test_huge_numbers_and_wrong_types_are_refused() -> None:
    with pytest.raises(IllegalAction, match="bet"):
        parse_action("haggis", "bet " + "1" * 5000)
    with pytest.raises(ValueError, match="options"):
        new_game("hurricane", seed=1, options="standard")  # type: ignore[arg-type]
    for name in GAMES:
        with pytest.raises(ValueError, match=r"2\*\*64"):
            new_game(name, seed=10**4300)
        with pytest.raises(ValueError, match=r"2\*\*64"):
            new_game(name, seed=-1)
        new_game(name, seed=2**64 - 1).apply(new_game(name, seed=2**64 - 1).legal_actions()[0])


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [True, 1.0, "1", -1, 5])
def test_a_seat_is_an_int_in_every_game(name: str, seat: Any) -> None:
    state = new_game(name, seed=2)
    before = state.to_dict()
    for call in (state.legal_actions, state.view):
        with pytest.raises(IllegalAction, match="no seat"):
            call(seat)
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply(state.legal_actions()[0], seat)
    assert state.to_dict() == before


def _haggis_position(**extra: Any) -> dict[str, Any]:
    from tests.games.test_haggis_support import position

    return position([["2R", "3R"], ["4R", "5R"]], **extra)


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"haggis": ["6R", "6O", "6Y", "6G", "7R", "7O", "7Y"]}, "Haggis"),
        ({"scores": [-5, 0]}, "score"),
        ({"round_points": [0, -5]}, "round"),
        ({"turn": None}, "turn"),
    ],
)
def test_haggis_positions_that_cannot_happen_are_refused(extra: dict[str, Any], words: str) -> None:
    data = _haggis_position()
    data.update(extra)
    with pytest.raises(InvalidState, match=words):
        load_game(data)


def test_haggis_hand_of_twenty_cards_is_refused() -> None:
    from bot.games.haggis.cards import LABELS, number_deck

    numbers = [LABELS[c] for c in number_deck(2)]
    with pytest.raises(InvalidState, match="hand"):
        load_game({"game": "haggis", "hands": [numbers[:17] + ["J", "Q", "K"], numbers[17:20]]})
