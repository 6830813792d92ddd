"""Shared helpers for the computer-player tests: the game variants and a seeded self-play loop."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from bot.games import GameState, load_game, new_game
from bot.players import SearchLimits, choose_action

# (game name, players, options) for every game and preset the players must handle
VARIANTS: list[tuple[str, int | None, dict[str, Any]]] = [
    ("hurricane", None, {"preset": "standard"}),
    ("hurricane", None, {"preset": "open"}),
    ("hurricane", None, {"preset": "pairs"}),
    ("hurikan", None, {}),
    ("haggis", 2, {}),
    ("haggis", 3, {}),
    ("haggis", 3, {"bomb_capture": "chooser", "first_out_bonus": "off"}),
]
VARIANT_IDS = ["standard", "open", "pairs", "hurikan", "haggis2", "haggis3", "haggis3-chooser"]

TINY = SearchLimits(samples=2, time_cap=None)


def json_view(state: GameState, seat: int) -> dict[str, Any]:
    """Exactly what a player may receive: a JSON copy of the seat's view."""
    data: dict[str, Any] = json.loads(json.dumps(state.view(seat)))
    return data


def play(
    game: str,
    state: GameState,
    levels: list[str],
    seed: int,
    stop: Callable[[list[dict[str, Any]]], bool] | None = None,
    limits: SearchLimits = TINY,
    max_moves: int = 5000,
) -> int:
    """Play until the game ends (or ``stop(events)``); every chosen move must be legal."""
    moves = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions(seat)
        level = levels[seat % len(levels)]
        action = choose_action(
            game, json_view(state, seat), legal, level, seed=seed * 1000 + moves, limits=limits
        )
        assert action in legal, f"{level} chose {action}, not in {legal}"
        events = state.apply(action, seat)  # raises IllegalAction on an illegal move
        moves += 1
        assert moves < max_moves, "the game does not end"
        if stop is not None and stop(events):
            break
    return moves


def start(variant: tuple[str, int | None, dict[str, Any]], seed: int, **extra: Any) -> GameState:
    game, players, options = variant
    return new_game(game, seed=seed, players=players, options={**options, **extra} or None)


@pytest.fixture(params=VARIANTS, ids=VARIANT_IDS)
def variant(request: pytest.FixtureRequest) -> tuple[str, int | None, dict[str, Any]]:
    value: tuple[str, int | None, dict[str, Any]] = request.param
    return value


def hurricane_position(
    hands: list[list[str]], table: list[str], turn: int = 0, stock: list[str] | None = None
) -> GameState:
    """A two-player Hurricane position near its deal's end: every card not in the hands, on the
    table or in ``stock`` is already in the piles."""
    used = {c for h in hands for c in h} | set(table) | set(stock or [])
    rest = [r + s for r in "A234567JQK" for s in "HDCS" if r + s not in used]
    return load_game(
        {
            "game": "hurricane",
            "options": {"preset": "standard"},
            "dealer": 1 - turn,
            "turn": turn,
            "hands": hands,
            "table": table,
            "stock": stock or [],
            "piles": [rest[: len(rest) // 2], rest[len(rest) // 2 :]],
            "sweeps": [0, 0],
            "last_capturer": 1,
            "scores": [0, 0],
        }
    )
