"""What the levels actually do: sound choices in clear positions, and hard is deterministic."""

from __future__ import annotations

import pytest

from bot.games import load_game
from bot.players import LEVELS, choose_action
from bot.players.base import SearchLimits
from bot.players.haggis_normal import bet_choice, out_first_chance, plays_needed

from .conftest import hurricane_position as _hurricane
from .conftest import json_view, start

LIMITS = SearchLimits(samples=6, time_cap=None)


def _choose(state, level, seed=1):
    seat = state.current_player
    return str(
        choose_action(
            state.name,
            json_view(state, seat),
            state.legal_actions(seat),
            level,
            seed=seed,
            limits=LIMITS,
        )
    )


def test_normal_and_hard_take_the_seven_of_hearts():
    state = _hurricane([["7D", "3S", "KS"], ["2C", "QD", "JH"]], ["7H", "3C", "KC"])
    for level in ("normal", "hard"):
        assert _choose(state, level) == "7D:7H"


def test_normal_and_hard_make_a_hurricane():
    state = _hurricane([["5S", "KH"], ["2H", "QD"]], ["2C", "3D"])
    assert sorted(str(a) for a in state.legal_actions()) == ["5S:2C+3D", "KH"]
    for level in ("normal", "hard"):
        assert _choose(state, level) == "5S:2C+3D"


def test_normal_does_not_leave_an_easy_sweep():
    # Trailing the ace leaves 4+1 = 5 on the table: any 5 sweeps it. The king leaves 4 + K.
    state = _hurricane([["AS", "KD"], ["5H", "5D"]], ["4C"], stock=[])
    legal = sorted(str(a) for a in state.legal_actions())
    assert legal == ["AS", "KD"]
    assert _choose(state, "normal") == "KD"


def _haggis(hands, trick=None, turn=0, played=None, **extra):
    return load_game(
        {
            "game": "haggis",
            "players": len(hands),
            "dealer": 1,
            "turn": turn,
            "hands": hands,
            "trick": trick or [],
            "played": played or [True] * len(hands),
            "bets": [0] * len(hands),
            **extra,
        }
    )


def test_normal_keeps_its_bombs_for_a_cheap_trick():
    hands = [
        ["4R", "6O", "8Y", "10G", "J", "Q", "K"],
        ["2R", "2O", "5Y", "6Y", "7Y", "8G", "9G", "3G", "4G", "J", "Q", "K"],
    ]
    state = _haggis(hands, trick=[{"player": 1, "play": "10R"}], turn=0)
    choice = _choose(state, "normal")
    assert choice == "pass"  # only bombs or wilds beat a 10; the trick is worth nothing


def test_normal_goes_out_when_it_can():
    # A pair of 9s made with a wild would normally be kept for later, but it ends the round.
    hands = [["9R", "J"], ["2R", "4Y", "8G", "9G", "J", "Q", "K"]]
    state = _haggis(hands, trick=[{"player": 1, "play": "3O 3R"}], turn=0, piles=[["Q", "K"], []])
    assert sorted(str(a) for a in state.legal_actions(0)) == ["9R J", "pass"]
    assert _choose(state, "normal") == "9R J"


def test_normal_follows_with_an_ordinary_pair_rather_than_passing():
    # passing would hand the trick and the lead to the opponent: the cheapest natural pair beats
    hands = [
        ["9R", "J", "2O", "4O", "4Y", "8O", "10O", "2Y"],
        ["2R", "4G", "8G", "9G", "J", "Q", "K"],
    ]
    state = _haggis(hands, trick=[{"player": 1, "play": "3O 3R"}], turn=0, piles=[["Q", "K"], []])
    assert _choose(state, "normal") == "4O 4Y"


def test_normal_leads_long_low_combinations():
    hands = [
        ["2R", "3R", "4R", "5R", "9O", "10Y", "J", "Q", "K"],
        ["6G", "6O", "7G", "8G", "9G", "J", "Q", "K"],
    ]
    state = _haggis(hands, turn=0)
    choice = _choose(state, "normal")
    assert choice.startswith("2R 3R 4R")
    assert " J" not in choice  # no wild spent on a lead that needs none


def test_bets_only_on_strong_hands():
    weak = ["2R", "4O", "6Y", "8G", "10R", "3O", "5Y", "7G", "9R", "2G", "4Y", "6R", "8O", "10Y"]
    strong = ["3R", "5R", "7R", "9R", "2O", "3O", "4O", "5O", "6O", "7O", "8O", "9O", "10O", "10Y"]
    assert plays_needed(weak) > plays_needed(strong)
    faces = ["J", "Q", "K"]
    view = {"num_players": 2, "seat": 0, "hand_sizes": [17, 17], "faces": [faces, faces]}
    assert bet_choice({**view, "trick": []}, [*weak, *faces]) == 0
    assert bet_choice({**view, "trick": []}, [*strong, *faces]) == 30
    # the same hand following a lead (no first lead of its own) is less likely to go out first
    following = {**view, "trick": [{"player": 1, "play": "2Y"}]}
    leading = {**view, "trick": []}
    assert out_first_chance(following, strong) < out_first_chance(leading, strong)


#: hard's fixed sample count in the determinism check: any count draws worlds from the seed, and
#: a few keep the check cheap (a sample of a 3-player Haggis position plays out every candidate)
DETERMINISM = SearchLimits(samples=3, time_cap=None)


def _positions(game, players, options, count=5, seed=21, every=7):
    """``count`` positions of one game played by normal and easy (cheap), about ``every`` moves
    apart from its start, each where the mover has a real choice: (state, seat)."""
    state = start((game, players, options), seed)
    levels = ["normal", "easy", "normal"][: players or 2]
    positions = []
    moves = 0
    next_at = 3
    while not state.is_over and len(positions) < count:
        seat = state.current_player
        legal = state.legal_actions(seat)
        if moves >= next_at and len(legal) > 1:
            positions.append((state.clone(), seat))
            next_at = moves + every
        action = choose_action(
            game, json_view(state, seat), legal, levels[seat % len(levels)], seed=moves
        )
        state.apply(action, seat)
        moves += 1
    assert len(positions) == count
    return positions


@pytest.mark.parametrize(
    "game,players,options",
    [
        ("hurricane", None, {"preset": "standard"}),
        ("hurricane", None, {"preset": "open"}),
        ("hurikan", None, {}),
        ("haggis", 2, {}),
        ("haggis", 3, {}),
    ],
)
def test_hard_is_deterministic_for_a_seed(game, players, options):
    """The same view, legal moves and seed give the same move, in positions of a real game."""
    for state, seat in _positions(game, players, options):
        view = json_view(state, seat)
        legal = state.legal_actions(seat)
        first = choose_action(game, view, legal, "hard", seed=77, limits=DETERMINISM)
        again = choose_action(
            game, json_view(state, seat), list(legal), "hard", seed=77, limits=DETERMINISM
        )
        assert first in legal
        assert str(first) == str(again)


def test_every_level_is_deterministic_through_the_public_api():
    state = start(("haggis", 2, {}), 8)
    seat = state.current_player
    legal = state.legal_actions(seat)
    for level in ("easy", "normal"):
        picks = {
            str(choose_action("haggis", state.view(seat), legal, level, seed=s)) for s in [5, 5, 5]
        }
        assert len(picks) == 1


def test_unknown_level_or_game_is_refused():
    state = start(("hurikan", None, {}), 1)
    legal = state.legal_actions()
    with pytest.raises(ValueError, match="easy, normal, hard, expert"):
        choose_action("hurikan", state.view(0), legal, "grandmaster", seed=1)
    with pytest.raises(ValueError, match="hurricane, hurikan, haggis"):
        choose_action("chess", state.view(0), legal, "easy", seed=1)
    assert LEVELS == ("easy", "normal", "hard", "expert")


def test_hurikan_reached_as_a_hurricane_preset_uses_the_hurikan_player():
    from bot.games import new_game

    state = new_game("hurricane", seed=4, options={"preset": "hurikan"})
    seat = state.current_player
    legal = state.legal_actions(seat)
    for level in ("easy", "normal"):
        via_preset = choose_action("hurricane", state.view(seat), legal, level, seed=2)
        direct = choose_action("hurikan", state.view(seat), legal, level, seed=2)
        assert str(via_preset) == str(direct)


def test_an_exhausted_time_cap_never_counts_a_partial_sample():
    """A cap spent at once abandons even the first sample (the budget is time: never over it)
    and plays what no sample at all would play: normal's first choice, never a half-counted one."""
    for variant in [("hurricane", None, {"preset": "standard"}), ("haggis", 2, {})]:
        state = start(variant, 13)
        seat = state.current_player
        legal = state.legal_actions(seat)
        picks = {
            str(
                choose_action(
                    variant[0], json_view(state, seat), legal, "hard", seed=4, limits=limits
                )
            )
            for limits in (
                SearchLimits(samples=10_000, time_cap=1e-9),  # the cap is spent at once
                SearchLimits(samples=0, time_cap=None),
            )
        }
        assert len(picks) == 1
