"""The tail of Hurikan's third packet: the solve agrees with an expectimax over the engine's own
moves and refills, decides from the seat's view alone, keeps to its bounds, and is what expert
plays."""

from __future__ import annotations

import random
import time

import pytest

from bot.games import GameState, determinise, new_game
from bot.players.base import SearchLimits, View, seat_of
from bot.players.hurikan_endgame import Solver, margin_of, move_of, values_of
from bot.players.hurikan_tail import LAST_STOCK, tail_move, tail_reached
from bot.players.hurikan_worlds import EXPERT_SURPRISE
from bot.players.levels import choose_action

from .test_hard_budget import FakeClock
from .test_hurikan_endgame import SHARE, SPREAD, _expectimax, _over_refills, positions


def _tails(seeds: range, most_cards: int) -> list[GameState]:
    """Each seed's first tail position with at most ``most_cards`` in both hands and a choice."""

    def wanted(state: GameState, view: View) -> bool:
        return (
            tail_reached(view)
            and sum(view["hand_sizes"]) <= most_cards
            and len(state.legal_actions(seat_of(view))) > 1
        )

    return positions(seeds, wanted, first_only=True)


def test_the_solve_equals_the_engines_expectimax() -> None:
    positions = _tails(range(16), most_cards=4)
    assert len(positions) >= 8
    for state in positions:
        data = state.to_dict()
        player = state.current_player
        assert player is not None and len(data["stock"]) == LAST_STOCK
        view = state.view(player)
        solver = Solver(SPREAD, SHARE)
        for action in state.legal_actions(player)[:6]:
            got = solver.after(
                values_of(data["hands"][player]),
                values_of(data["hands"][1 - player]),
                values_of(view["table"]),
                move_of(action),
                margin_of(view),
                values_of(data["stock"]),
            )
            child = state.clone()
            child.apply(action, player)
            want = (
                _over_refills(state, action, player, player)
                if not child.view(player)["stock_count"]
                else _expectimax(child, player)
            )
            assert abs(got - want) < 1e-9


def test_only_the_tail_is_solved() -> None:
    start = new_game("hurikan", seed=1, players=2, options={})
    seat = start.current_player
    assert seat is not None
    view = start.view(seat)
    assert not tail_reached(view)
    legal = start.legal_actions(seat)
    assert tail_move(view, legal, spread=SPREAD, share=SHARE, rng=random.Random(1)) is None


def test_the_move_depends_on_the_view_alone() -> None:
    """Dealing the hidden cards otherwise (a world consistent with the seat's view) never
    changes the move."""
    solved = 0
    for state in _tails(range(6, 14), most_cards=8):
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions(seat)
        move = tail_move(view, legal, spread=SPREAD, share=SHARE, rng=random.Random(2))
        solved += move is not None
        other = determinise("hurikan", view, random.Random(99))
        assert other.view(seat) == view and other.to_dict()["hands"] != state.to_dict()["hands"]
        again = tail_move(
            other.view(seat),
            other.legal_actions(seat),
            spread=SPREAD,
            share=SHARE,
            rng=random.Random(2),
        )
        assert again == move
    assert solved >= 4


def test_the_bounds_give_up_to_the_search() -> None:
    state = _tails(range(4, 5), most_cards=8)[0]
    seat = state.current_player
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions(seat)
    rng = random.Random
    assert tail_move(view, legal, spread=SPREAD, share=SHARE, rng=rng(1)) is not None
    assert tail_move(view, legal, spread=SPREAD, share=SHARE, rng=rng(1), node_cap=5) is None
    assert tail_move(view, legal, spread=SPREAD, share=SHARE, rng=rng(1), deadline=0.0) is None


def test_expert_plays_the_tail_and_hard_searches() -> None:
    limits = SearchLimits(samples=20, time_cap=None)
    differs = solved = 0
    for state in _tails(range(20, 36), most_cards=8):
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions(seat)
        expert = choose_action("hurikan", view, legal, "expert", seed=7, limits=limits)
        rng = random.Random(random.Random(7).getrandbits(64))
        move = tail_move(view, legal, spread=SPREAD, share=SHARE, rng=rng, surprise=EXPERT_SURPRISE)
        if move is not None:
            solved += 1
            assert expert == move
        hard = choose_action("hurikan", view, legal, "hard", seed=7, limits=limits)
        differs += move_of(hard) != move_of(expert)
    assert solved >= 10 and differs >= 1


def test_with_a_clock_a_long_solve_leaves_the_search_its_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a clock that runs fast (a starved machine) the solve gives up at its share of the
    time, and expert still answers with a legal move within its hard cap."""
    state = _tails(range(4, 5), most_cards=8)[0]
    seat = state.current_player
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions(seat)
    clock = FakeClock(tick=0.1)
    monkeypatch.setattr(time, "perf_counter", clock)
    move = tail_move(view, legal, spread=SPREAD, share=SHARE, rng=random.Random(1), deadline=0.5)
    assert move is None
    assert clock.now < 0.5  # given up at its share (0.6 of the 0.5 s left), not at the cap
    clock = FakeClock(tick=0.001)
    monkeypatch.setattr(time, "perf_counter", clock)
    action = choose_action("hurikan", view, legal, "expert", seed=1, time_budget=1.0)
    assert action in legal
    # the hard cap is 0.75 of the budget; one more reading may pass it before the search stops
    assert clock.now <= 0.75 + 2 * clock.tick
