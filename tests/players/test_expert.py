"""``expert`` in the Hurricane family and Haggis: hard's search over expert's profile, or
information-set MCTS (``bot.players.ismcts``) for a profile that grows a tree. Legal, seeded,
honest (``test_fairness`` covers every level, expert included), within its time budget, and
sound in clear positions. Tiny iteration counts keep every test well under 2 s."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from bot.arena import ArenaConfig
from bot.arena.__main__ import parse_args
from bot.arena.match import _limits
from bot.games import load_game
from bot.players import SearchLimits, choose_action
from bot.players import expert as expert_module
from bot.players.expert import expert_move
from bot.players.game_policies import (
    expert_choice,
    expert_fixed_limits,
    expert_profile,
    normal_policy,
    search_profile,
)
from bot.players.hard import SearchStats
from bot.players.ismcts import TreeConfig, ismcts

from .conftest import VARIANT_IDS, VARIANTS, json_view, start
from .conftest import hurricane_position as _hurricane
from .test_hard_budget import FakeClock

FEW = SearchLimits(samples=4, time_cap=None)
TWO = SearchLimits(samples=2, time_cap=None)


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_IDS)
def test_expert_plays_legal_moves_in_every_variant(variant):
    game = variant[0]
    state = start(variant, 3)
    for move in range(3):
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions(seat)
        action = choose_action(game, json_view(state, seat), legal, "expert", seed=move, limits=TWO)
        assert action in legal
        state.apply(action, seat)
        if state.is_over:
            break


@pytest.mark.parametrize("variant", VARIANTS[:5], ids=VARIANT_IDS[:5])
def test_expert_is_deterministic_for_a_seed(variant):
    game = variant[0]
    state = start(variant, 6)
    for _ in range(3):  # a few moves in, so that the table is not empty
        seat = state.current_player
        state.apply(state.legal_actions(seat)[-1], seat)
    seat = state.current_player
    legal = state.legal_actions(seat)
    limits = SearchLimits(samples=6, time_cap=None)
    first = choose_action(game, json_view(state, seat), legal, "expert", seed=42, limits=limits)
    again = choose_action(
        game, json_view(state, seat), list(legal), "expert", seed=42, limits=limits
    )
    assert first in legal and str(first) == str(again)


def test_the_iteration_count_decides_without_a_clock():
    state = start(("hurricane", None, {"preset": "standard"}), 2)
    seat = state.current_player
    stats = SearchStats()
    profile = search_profile("hurricane")
    ismcts(
        profile,
        json_view(state, seat),
        state.legal_actions(seat),
        random.Random(1),
        SearchLimits(samples=9, time_cap=None),
        stats,
    )
    assert stats.samples == 9


@pytest.mark.parametrize(
    ("game", "players"), [("hurricane", None), ("haggis", 2), ("hurikan", None)]
)
def test_a_small_budget_is_kept(game, players, monkeypatch):
    state = start((game, players, {}), 4)
    seat = state.current_player
    # without Haggis's bets: expert weighs those before its search, and this is about the search
    legal = [a for a in state.legal_actions(seat) if not str(a).startswith("bet")]
    view = json_view(state, seat)
    # expert as it plays (hard's search over its profile), and a tree over the same profile
    tree = replace(expert_profile(game), tree_per_second=100.0)
    for budget in (0.3, 0.6):  # an iteration reads the clock at every rollout move
        for grown in (False, True):
            clock = FakeClock(tick=0.001)
            monkeypatch.setattr(time, "perf_counter", clock)
            if grown:
                action = expert_move(
                    tree, normal_policy(game), view, legal, random.Random(1), None, budget
                )
            else:
                action = choose_action(game, view, legal, "expert", seed=1, time_budget=budget)
            monkeypatch.undo()
            assert action in legal
            assert clock.now <= 0.75 * budget + 2 * clock.tick, f"{game}: {clock.now:.3f} s"
            if grown:
                # no iteration starts that the slowest so far (two rollouts, in fake time) says
                # would end after the soft cap (0.65 of the budget): it stops a little before it
                assert clock.now > 0.35 * budget, "the tree stopped long before its budget"


def test_a_cap_spent_at_once_plays_normals_first_choice():
    """No iteration finishes: nothing half-done is counted, the first candidate is played."""
    for variant in [("hurricane", None, {"preset": "standard"}), ("haggis", 2, {})]:
        state = start(variant, 13)
        seat = state.current_player
        view, legal = json_view(state, seat), state.legal_actions(seat)
        profile = search_profile(variant[0])
        first = profile.candidates(view, legal, random.Random(0))[0]
        spent = SearchLimits(samples=10_000, time_cap=1e-9)
        stats = SearchStats()
        picked = ismcts(profile, view, legal, random.Random(0), spent, stats)
        assert stats.samples == 0 and str(picked) == str(first)


@pytest.mark.parametrize(
    ("game", "players", "searched"),
    [
        ("hurikan", None, "search"),
        ("haggis", 2, "search"),
        ("hurricane", None, "search"),
        ("hurikan", None, "ismcts"),  # a profile that grows a tree
    ],
)
def test_a_failing_search_falls_back_to_normal(monkeypatch, game, players, searched):
    state = start((game, players, {}), 5)
    seat = state.current_player
    view, legal = json_view(state, seat), state.legal_actions(seat)

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise KeyError("an odd position")

    monkeypatch.setattr(expert_module, searched, broken)
    if searched == "ismcts":
        tree = replace(expert_profile(game), tree_per_second=100.0)
        action = expert_move(tree, normal_policy(game), view, legal, random.Random(3), FEW, None)
    else:
        action = expert_choice(game, view, legal, random.Random(3), FEW, None)
    assert action in legal
    assert str(action) == str(normal_policy(game)(view, legal, _seeded(3)))


def _seeded(seed: int) -> random.Random:
    """The RNG ``expert_move`` hands to normal when its search fails."""
    return random.Random(random.Random(seed).getrandbits(64))


def _expert(state, samples=24, seed=1):
    seat = state.current_player
    limits = SearchLimits(samples=samples, time_cap=None)
    view, legal = json_view(state, seat), state.legal_actions(seat)
    return str(choose_action(state.name, view, legal, "expert", seed=seed, limits=limits))


def test_expert_makes_a_hurricane():
    state = _hurricane([["5S", "KH"], ["2H", "QD"]], ["2C", "3D"])
    assert _expert(state) == "5S:2C+3D"


def test_expert_takes_the_seven_of_hearts():
    state = _hurricane([["7D", "3S", "KS"], ["2C", "QD", "JH"]], ["7H", "3C", "KC"])
    assert _expert(state) == "7D:7H"


def test_expert_does_not_leave_an_easy_sweep():
    # Trailing the ace leaves 4+1 = 5 on the table, and the opponent holds only fives.
    state = _hurricane([["AS", "KD"], ["5H", "5D"]], ["4C"], stock=[])
    assert _expert(state) == "KD"


def test_expert_goes_out_in_haggis():
    hands = [["9R", "J"], ["2R", "4Y", "8G", "9G", "J", "Q", "K"]]
    state = load_game(
        {
            "game": "haggis",
            "players": 2,
            "dealer": 1,
            "turn": 0,
            "hands": hands,
            "trick": [{"player": 1, "play": "3O 3R"}],
            "played": [True, True],
            "bets": [0, 0],
            "piles": [["Q", "K"], []],
        }
    )
    assert _expert(state, samples=16) == "9R J"


def test_arena_gives_expert_its_own_fixed_iterations():
    config = parse_args(
        ["hurikan", "--levels", "expert", "hard", "--samples", "30", "--no-time-cap"]
    )
    assert config.levels == ("expert", "hard")
    assert _limits(config, "hard") == SearchLimits(samples=30, time_cap=None)
    assert _limits(config, "expert") == SearchLimits(samples=30, time_cap=None)
    own = parse_args(
        ["haggis", "--levels", "expert", "hard", "--expert-samples", "50", "--samples", "9"]
    )
    assert _limits(own, "expert") is not None and _limits(own, "expert").samples == 50
    budget = ArenaConfig(game="hurricane", levels=("expert", "hard"), no_time_cap=True)
    assert _limits(budget, "expert") == expert_fixed_limits("hurricane")
    # in Hurricane expert runs hard's search: hard's count
    assert expert_fixed_limits("hurricane") == _limits(budget, "hard")
    # Hurikan's too (its tree lost to hard at equal CPU)
    hurikan = replace(budget, game="hurikan")
    assert (
        expert_fixed_limits("hurikan") == _limits(hurikan, "hard")
        and _limits(hurikan, "hard").samples == 300
    )
    # in Haggis too: hard's count
    assert expert_fixed_limits("haggis") == _limits(replace(budget, game="haggis"), "hard")


def test_a_shallow_tree_still_decides():
    state = start(("haggis", 2, {}), 9)
    seat = state.current_player
    view, legal = json_view(state, seat), state.legal_actions(seat)
    profile = search_profile("haggis")
    flat = TreeConfig(max_depth=1, deep_width=1)
    action = ismcts(profile, view, legal, random.Random(2), FEW, None, flat)
    assert action in legal


def test_the_root_leaves_normals_choice_only_for_a_paired_advantage():
    from bot.players.ismcts import RootMove, _clearly_better

    ahead = RootMove(picks=10, diff=2.0, squares=2.0)  # +0.2 a world, standard error ~0.13
    assert _clearly_better(ahead, 0.0)
    assert _clearly_better(ahead, 1.0)
    assert not _clearly_better(ahead, 2.0)
    behind = RootMove(picks=10, diff=-1.0, squares=2.0)
    assert not _clearly_better(behind, 0.0)
    assert not _clearly_better(RootMove(), 0.0)
