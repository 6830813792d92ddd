"""Two-player Haggis endgames: the solve agrees with a plain minimax over the engine's own moves,
decides from the seat's view alone, keeps to its bounds, and is what expert plays."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from bot.games import GameState, determinise, new_game, position_key
from bot.players.base import SearchLimits
from bot.players.haggis_endgame import (
    ENDGAME_CARDS,
    SELECTIVE_CARDS,
    SELECTIVE_WIDTH,
    endgame_reached,
    solved_move,
    solved_value,
)
from bot.players.haggis_normal import TUNED, haggis_normal, score_actions
from bot.players.haggis_search import PROFILE
from bot.players.levels import choose_action

from .test_hard_budget import FakeClock

EVALUATE = PROFILE.evaluate


def _minimax(state: GameState, events: list[dict[str, Any]], seat: int) -> float:
    done = EVALUATE(events, seat, state)
    if done is not None:
        return done
    player = state.current_player
    assert player is not None
    values = []
    for action in state.legal_actions(player):
        if str(action).startswith("bet"):
            continue
        child = state.clone()
        values.append(_minimax(child, child.apply(action, player), seat))
    return max(values) if player == seat else min(values)


def _endgames(seeds: range, players: int = 2, most_cards: int = 8) -> list[GameState]:
    """The first position of each seed's first round where only two hands hold cards, and few
    of them (normal against normal)."""
    found = []
    for seed in seeds:
        state = new_game("haggis", seed=seed, players=players)
        rng = random.Random(seed)
        while True:
            player = state.current_player
            assert player is not None
            view = state.view(player)
            holding = [n for n in view["hand_sizes"] if n]
            if (
                len(holding) == 2
                and sum(holding) <= most_cards
                and len(state.legal_actions(player)) > 1
            ):
                found.append(state.clone())
                break
            events = state.apply(haggis_normal(view, state.legal_actions(player), rng), player)
            if any(e["type"] == "round_scored" for e in events):
                break
    return found


def test_the_solve_equals_the_engines_minimax() -> None:
    positions = _endgames(range(24), most_cards=5)
    assert len(positions) >= 12
    for state in positions:
        for seat in (0, 1):
            got = solved_value(state, seat, EVALUATE)
            assert got is not None
            assert abs(got - _minimax(state, [], seat)) < 1e-9


def _whole_state(state: GameState) -> str:
    """A position by its whole state (the cards of the piles too), but for the deal's rng."""
    data = state.to_dict()
    del data["rng"]
    return json.dumps(data, sort_keys=True)


def _plan_best_and_pass(state: GameState, player: int, legal: list[Any]) -> list[Any]:
    """The selective solve's plays, as its docs state them: the tuned plan's two best plays
    from the mover's view (the earlier one of equal scores) and the pass."""
    if len(legal) <= SELECTIVE_WIDTH + 1:
        return legal
    scores = score_actions(state.view(player), legal, TUNED)
    order = sorted(range(len(legal)), key=lambda i: -scores[i])
    kept = [legal[i] for i in order[:SELECTIVE_WIDTH]]
    return kept + [a for a in legal if str(a) == "pass" and a not in kept]


def _memo_minimax(
    state: GameState,
    events: list[dict[str, Any]],
    seat: int,
    memo: dict[str, float],
    selective: bool = False,
) -> float:
    """``_minimax`` with positions met again read back by their whole state, cards of the piles
    and all: bigger endgames in time, with no use of the solve's own key; ``selective``: over
    the selective solve's plays only."""
    done = EVALUATE(events, seat, state)
    if done is not None:
        return done
    key = _whole_state(state)
    if key not in memo:
        player = state.current_player
        assert player is not None
        legal = [a for a in state.legal_actions(player) if not str(a).startswith("bet")]
        if selective:
            legal = _plan_best_and_pass(state, player, legal)
        values = []
        for action in legal:
            child = state.clone()
            values.append(_memo_minimax(child, child.apply(action, player), seat, memo, selective))
        memo[key] = max(values) if player == seat else min(values)
    return memo[key]


def _tree(state: GameState, seen: dict[str, GameState]) -> None:
    """Every position of the rest of the round, once each (by its whole state)."""
    key = _whole_state(state)
    if key in seen or state.current_player is None:
        return
    seen[key] = state
    player = state.current_player
    for action in state.legal_actions(player):
        child = state.clone()
        if not any(e["type"] == "round_scored" for e in child.apply(action, player)):
            _tree(child, seen)


def test_positions_with_one_key_play_on_alike() -> None:
    """``position_key``, the solve's table key: positions reached by plays in another order
    share one only when the same moves are legal there and perfect play scores the same."""
    positions = [
        s for s in _endgames(range(40, 60), most_cards=7) if sum(s.view(0)["hand_sizes"]) >= 6
    ]
    assert len(positions) >= 4
    merged = 0
    for root in positions[:4]:
        seen: dict[str, GameState] = {}
        _tree(root, seen)
        by_key: dict[object, list[GameState]] = {}
        for state in seen.values():
            by_key.setdefault(position_key(state), []).append(state)
        memo: dict[str, float] = {}
        for group in by_key.values():
            first, *rest = group
            merged += len(rest)
            legal = [str(a) for a in first.legal_actions(first.current_player)]
            value = _memo_minimax(first, [], 0, memo)
            for other in rest:
                assert [str(a) for a in other.legal_actions(other.current_player)] == legal
                assert abs(_memo_minimax(other, [], 0, memo) - value) < 1e-9
    assert merged > 0  # transpositions do occur


def test_positions_met_again_are_read_back_right() -> None:
    """Eight cards: the solve reads positions met again from its table; still every value is
    the plain minimax's."""
    positions = _endgames(range(40, 52), most_cards=8)
    big = [s for s in positions if sum(s.view(0)["hand_sizes"]) >= 7][:4]
    assert len(big) >= 3
    for state in big:
        for seat in (0, 1):
            got = solved_value(state, seat, EVALUATE, node_cap=200_000)
            assert got is not None
            assert abs(got - _memo_minimax(state, [], seat, {})) < 1e-9


def _selective_endgames(seeds: range) -> list[GameState]:
    return [
        s
        for s in _endgames(seeds, most_cards=SELECTIVE_CARDS)
        if sum(s.view(0)["hand_sizes"]) > ENDGAME_CARDS
    ]


def test_the_selective_solve_is_the_minimax_over_its_plays() -> None:
    """Nine to twelve cards: past the root only the tuned plan's best two plays and the pass
    are weighed, and over those the solve's value is the plain minimax's."""
    positions = _selective_endgames(range(60, 72))
    assert len(positions) >= 4
    for state in positions[:4]:
        for seat in (0, 1):
            got = solved_value(state, seat, EVALUATE, node_cap=400_000, width=SELECTIVE_WIDTH)
            assert got is not None
            assert abs(got - _memo_minimax(state, [], seat, {}, selective=True)) < 1e-9


def test_endgames_up_to_twelve_cards_are_solved_from_the_view_alone() -> None:
    """Above eight cards the move is the selective solve's where it keeps to its bound (else
    hard's search decides), and dealing the hidden cards otherwise never changes it."""
    solved = 0
    for state in _selective_endgames(range(80, 90)):
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions(seat)
        assert endgame_reached(view, SELECTIVE_CARDS) and not endgame_reached(view)
        move = solved_move(view, legal, evaluate=EVALUATE, rng=random.Random(3))
        if move is None:
            continue
        solved += 1
        assert move in legal
        other = determinise("haggis", view, random.Random(42))
        assert other.view(seat) == view
        assert (
            solved_move(
                other.view(seat), other.legal_actions(seat), evaluate=EVALUATE, rng=random.Random(3)
            )
            == move
        )
    assert solved >= 3


def test_the_solved_move_is_the_best_mean_over_its_worlds() -> None:
    state = _endgames(range(3, 4), most_cards=6)[0]
    seat = state.current_player
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions(seat)
    move = solved_move(view, legal, evaluate=EVALUATE, rng=random.Random(5))
    assert move in legal
    # the same worlds, each move valued by the plain minimax
    rng = random.Random(5)
    totals = [0.0] * len(legal)
    for _ in range(16):
        world = determinise("haggis", view, rng)
        for i, action in enumerate(legal):
            child = world.clone()
            totals[i] += _minimax(child, child.apply(action, seat), seat)
    best = max(totals)
    assert totals[legal.index(move)] == best


def test_only_small_two_player_endgames_are_solved() -> None:
    start = new_game("haggis", seed=1, players=2)
    seat = start.current_player
    assert seat is not None
    view = start.view(seat)
    assert not endgame_reached(view)
    assert (
        solved_move(view, start.legal_actions(seat), evaluate=EVALUATE, rng=random.Random(1))
        is None
    )
    three = new_game("haggis", seed=1, players=3)
    player = three.current_player
    assert player is not None
    assert not endgame_reached(three.view(player))


def test_three_player_endgames_are_solved_once_one_player_is_out() -> None:
    """With three players, once the first is out the other two play on: solved like a
    two-player endgame, the other player taken to play against this seat."""
    positions = _endgames(range(40), players=3, most_cards=5)
    assert len(positions) >= 8
    for state in positions:
        player = state.current_player
        assert player is not None
        view = state.view(player)
        assert endgame_reached(view) and len(view["out"]) == 1
        got = solved_value(state, player, EVALUATE)
        assert got is not None and abs(got - _minimax(state, [], player)) < 1e-9
        out = view["out"][0]
        assert not endgame_reached(state.view(out))


def test_the_move_depends_on_the_view_alone() -> None:
    """Dealing the hidden cards otherwise (a world consistent with the seat's view) never
    changes the move."""
    for state in _endgames(range(6, 10), most_cards=6):
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions(seat)
        move = solved_move(view, legal, evaluate=EVALUATE, rng=random.Random(2))
        other = determinise("haggis", view, random.Random(99))
        assert other.view(seat) == view
        again = solved_move(
            other.view(seat), other.legal_actions(seat), evaluate=EVALUATE, rng=random.Random(2)
        )
        assert again == move


def test_the_bounds_give_up_to_the_search() -> None:
    state = _endgames(range(4, 5), most_cards=6)[0]
    seat = state.current_player
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions(seat)
    assert solved_move(view, legal, evaluate=EVALUATE, rng=random.Random(1)) is not None
    assert solved_move(view, legal, evaluate=EVALUATE, rng=random.Random(1), node_cap=20) is None
    assert solved_move(view, legal, evaluate=EVALUATE, rng=random.Random(1), deadline=0.0) is None


def test_expert_plays_the_solve_and_hard_searches() -> None:
    limits = SearchLimits(samples=4, time_cap=None)
    differs = 0
    for state in _endgames(range(20, 28), most_cards=6):
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions(seat)
        expert = choose_action("haggis", view, legal, "expert", seed=7, limits=limits)
        rng = random.Random(7)
        solved = solved_move(view, legal, evaluate=EVALUATE, rng=random.Random(rng.getrandbits(64)))
        if solved is not None:
            assert expert == solved
        hard = choose_action("haggis", view, legal, "hard", seed=7, limits=limits)
        differs += hard != expert
    assert differs >= 1


def test_with_a_clock_a_long_solve_leaves_the_search_its_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a clock that runs fast (a starved machine) the solve gives up at its share of the
    time, and expert still answers with a legal move within its hard cap."""
    state = _endgames(range(4, 5), most_cards=6)[0]
    seat = state.current_player
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions(seat)
    clock = FakeClock(tick=0.1)
    monkeypatch.setattr(time, "perf_counter", clock)
    assert solved_move(view, legal, evaluate=EVALUATE, rng=random.Random(1), deadline=0.5) is None
    assert clock.now < 0.5  # given up at its share (0.6 of the 0.5 s left), not at the cap
    clock.now = 0.0
    action = choose_action("haggis", view, legal, "expert", seed=1, time_budget=1.0)
    assert action in legal
    assert clock.now < 0.8
