"""Hurikan's solved endgame agrees with a brute-force minimax over the engine's own moves."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from bot.games import GameState, load_game, new_game
from bot.players.base import View
from bot.players.hurikan_endgame import solved_move, solved_value
from bot.players.hurikan_normal import normal_text
from bot.players.levels import choose_action

SPREAD, SHARE = 20.0, 1.0


def _final(state: GameState, seat: int) -> float:
    points = state.view(seat)["pile_values"]
    margin = points[seat] - points[1 - seat]
    sign = 1.0 if margin > 0 else -1.0 if margin < 0 else 0.0
    return sign + SHARE * margin / SPREAD


def _expectimax(state: GameState, seat: int) -> float:
    """Perfect play over the engine's moves; the last refill averaged over every way the stock
    can split (the engine's stock order reshuffled through its state dict, ENGINE.md)."""
    if state.is_over:
        return _final(state, seat)
    player = state.current_player
    assert player is not None
    values = []
    for action in state.legal_actions(player):
        child = state.clone()
        child.apply(action, player)
        if state.view(seat)["stock_count"] and not child.view(seat)["stock_count"]:
            values.append(_over_refills(state, action, player, seat))
        else:
            values.append(_expectimax(child, seat))
    return max(values) if player == seat else min(values)


def _over_refills(state: GameState, action: str, player: int, seat: int) -> float:
    data = state.to_dict()
    stock = data["stock"]
    total, count = 0.0, 0
    for first in combinations(range(len(stock)), len(stock) // 2):
        order = [stock[i] for i in first] + [c for i, c in enumerate(stock) if i not in first]
        variant = load_game({**data, "stock": order})
        variant.apply(action, player)
        total += _expectimax(variant, seat)
        count += 1
    return total / count


def positions(
    seeds: range, wanted: Callable[[GameState, View], bool], first_only: bool = False
) -> list[GameState]:
    """The positions of normal-v-normal deals that ``wanted`` keeps (each seed's first only, or
    all)."""
    found = []
    for seed in seeds:
        state = new_game("hurikan", seed=seed, players=2, options={})
        rng = random.Random(seed)
        while not state.is_over:
            player = state.current_player
            assert player is not None
            view = state.view(player)
            if wanted(state, view):
                found.append(state.clone())
                if first_only:
                    break
            state.apply(normal_text(view, rng), player)
    return found


def _empty_stock_positions(seeds: range) -> list[GameState]:
    return positions(seeds, lambda state, view: not view["opening"] and view["stock_count"] == 0)


def test_solved_value_matches_engine_expectimax() -> None:
    for state in _empty_stock_positions(range(12)):
        player = state.current_player
        assert player is not None
        hands = [state.view(s)["hand"] for s in (0, 1)]
        view = state.view(player)
        for seat in (0, 1):
            got = solved_value(
                hands, view["table"], view["pile_values"], player, seat, SPREAD, SHARE
            )
            assert abs(got - _expectimax(state, seat)) < 1e-9


def test_solved_move_is_optimal_and_hard_plays_it_from_its_view() -> None:
    for state in _empty_stock_positions(range(12, 20)):
        player = state.current_player
        assert player is not None
        view = state.view(player)
        legal = state.legal_actions(player)
        move = solved_move(view, legal, SPREAD, SHARE)
        assert move is not None
        child = state.clone()
        child.apply(move, player)
        assert abs(_expectimax(child, player) - _expectimax(state, player)) < 1e-9
        assert choose_action("hurikan", view, legal, "hard", seed=1) == move or len(legal) == 1


def test_no_solved_move_while_the_stock_lasts() -> None:
    state = new_game("hurikan", seed=3, players=2, options={})
    player = state.current_player
    assert player is not None
    assert solved_move(state.view(player), state.legal_actions(player), SPREAD, SHARE) is None
