"""The last round of a two-player Hurricane deal, solved exactly (``hurricane_endgame``): the
solver's values are the engine's own minimax values, and its move reaches them."""

from __future__ import annotations

import json
import math
import random
import time
from typing import Any

import pytest

from bot.games import GameState, new_game
from bot.players import SearchLimits, choose_action
from bot.players.hard import rollout
from bot.players.hurricane_endgame import (
    CLOCK_EVERY,
    MAX_CARDS,
    ROLLOUT_CARDS,
    endgame_value,
    solved_move,
    solved_value,
)
from bot.players.hurricane_normal import hurricane_normal
from bot.players.hurricane_search import expert_profile, profile

from .test_hard_budget import FakeClock


def last_round(seed: int, cards_left: int, options: dict[str, Any] | None = None) -> GameState:
    """A deal played by normal until ``cards_left`` cards are in the two hands, stock empty."""
    state = new_game("hurricane", seed=seed, options=options or {})
    rng = random.Random(seed)
    while True:
        view = state.view(state.current_player)
        if view["stock_count"] == 0 and sum(view["hand_sizes"]) == cards_left:
            return state
        seat = state.current_player
        state.apply(hurricane_normal(view, state.legal_actions(seat), rng), seat)


def engine_value(state: GameState, seat: int) -> float:
    """Minimax over the engine's own moves and scoring, for ``seat``."""
    evaluate = profile("hurricane").evaluate
    mover = state.current_player
    values = []
    for action in state.legal_actions(mover):
        child = state.clone()
        events = child.apply(action, mover)
        found = evaluate(events, seat, child)
        values.append(engine_value(child, seat) if found is None else found)
    return max(values) if mover % 2 == seat % 2 else min(values)


OPTIONS = [
    {},
    {"precedence": "free", "trail": "free"},
    {"last_play_sweep": "yes", "leftover": "last_player"},
    {"primiera": "none", "target": 11, "double_below": 0},
    {"missing_suit": "sum_present"},
]


@pytest.mark.parametrize("options", OPTIONS, ids=[json.dumps(o) for o in OPTIONS])
def test_the_solver_finds_the_engines_minimax_value(options: dict[str, Any]) -> None:
    for seed in range(6):
        state = last_round(seed, 5, options)
        seat = state.current_player
        view = state.view(seat)
        assert math.isclose(solved_value(view), engine_value(state, seat), abs_tol=1e-9)


def test_the_solved_move_reaches_the_solved_value() -> None:
    for seed in range(6):
        state = last_round(seed, 6)
        seat = state.current_player
        view = state.view(seat)
        legal = state.legal_actions(seat)
        move = solved_move(view, legal)
        assert move in legal
        child = state.clone()
        events = child.apply(move, seat)
        assert not [e for e in events if e["type"] == "deal_scored"]
        # the move is as good as the best the engine's minimax finds
        assert math.isclose(engine_value(child, seat), engine_value(state, seat), abs_tol=1e-9)


def test_a_whole_last_round_is_solved_and_larger_positions_are_left_to_search() -> None:
    state = last_round(3, 12)
    view = state.view(state.current_player)
    assert MAX_CARDS >= 12
    assert solved_move(view, state.legal_actions(state.current_player)) is not None
    before = new_game("hurricane", seed=3)  # stock not empty: hidden cards, nothing solved
    seat = before.current_player
    assert solved_move(before.view(seat), before.legal_actions(seat)) is None
    four = new_game("hurricane", seed=3, options={"preset": "pairs"})
    seat = four.current_player
    assert solved_move(four.view(seat), four.legal_actions(seat)) is None


def test_a_solve_gives_up_at_its_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a deadline the solve reads the clock every ``CLOCK_EVERY`` positions and gives up
    once it has passed, so a timed expert keeps hard's caps; a distant deadline changes nothing."""
    state = last_round(4, 12)  # a whole last round: about 24 × CLOCK_EVERY positions
    seat = state.current_player
    view, legal = state.view(seat), state.legal_actions(seat)
    untimed = solved_move(view, legal)
    assert untimed is not None

    clock = FakeClock(tick=1e-6)
    monkeypatch.setattr(time, "perf_counter", clock)
    assert solved_move(view, legal, deadline=1e9) == untimed
    reads = round(clock.now / clock.tick)
    assert reads >= 10, f"only {reads * CLOCK_EVERY} positions: too small to test a deadline"

    clock = FakeClock(tick=0.01)
    monkeypatch.setattr(time, "perf_counter", clock)
    assert solved_move(view, legal, deadline=0.035) is None
    assert round(clock.now / clock.tick) == 4  # the first reading past the deadline

    clock = FakeClock(tick=0.01)
    monkeypatch.setattr(time, "perf_counter", clock)
    budget = 0.1  # planned 0.065 s, abandoned at 0.075 s
    action = choose_action("hurricane", view, legal, "expert", seed=1, time_budget=budget)
    monkeypatch.undo()
    assert action in legal
    assert clock.now <= 0.75 * budget + 3 * clock.tick, f"{clock.now:.3f} s of {budget}"


def test_expert_plays_the_solved_move_and_hard_does_not_solve() -> None:
    limits = SearchLimits(samples=3, time_cap=None)
    differs = 0
    for seed in range(8):
        state = last_round(seed, 10)
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions(seat)
        solved = solved_move(view, legal)
        assert choose_action("hurricane", view, legal, "expert", seed=1, limits=limits) == solved
        hard = choose_action("hurricane", view, legal, "hard", seed=1, limits=limits)
        differs += hard != solved
    assert differs, "hard's sampled moves were the solved ones in every position"


def test_expert_rollouts_end_with_the_solved_value() -> None:
    state = last_round(4, ROLLOUT_CARDS[2])
    seat = state.current_player
    other = 1 - seat
    view = state.view(seat)
    value = rollout(expert_profile("hurricane"), state.clone(), [], other, random.Random(1))
    assert math.isclose(value, -solved_value(view), abs_tol=1e-9)
    assert math.isclose(value, engine_value(state, other), abs_tol=1e-9)


@pytest.mark.parametrize("players", [2, 4])
def test_a_rollout_world_is_solved_with_every_hand_known(players: int) -> None:
    """In the search's worlds every hand is known: two players near the end of a deal, and the
    last two cards of each of four in ``pairs`` (teams, counter-clockwise)."""
    options = {"preset": "pairs"} if players == 4 else {}
    cards = ROLLOUT_CARDS[players]
    for seed in range(5):
        state = last_round(seed, cards, options)
        mover = state.current_player
        view = state.view(mover)
        for seat in range(players):
            found = endgame_value(state, view, seat)
            assert found is not None
            assert math.isclose(found, engine_value(state, seat), abs_tol=1e-9)
        more = last_round(seed, cards + players, options)
        assert endgame_value(more, more.view(more.current_player), 0) is None
