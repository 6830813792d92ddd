"""Positions and move sequences for the Hurricane poker tests."""

from __future__ import annotations

import random
from typing import Any

from bot.games import load_game
from bot.games.hurricane_poker import PokerState
from bot.games.hurricane_poker.cards import LABELS, deck


def position(
    chips: list[int],
    hands: list[list[str] | None],
    *,
    dealer: int = 0,
    options: dict[str, Any] | None = None,
    top: list[str] | None = None,
    hand_no: int = 1,
    seed: int = 7,
) -> PokerState:
    """A start-of-hand position; ``top`` are the first cards of the stock, the rest follows."""
    opts = dict(options or {})
    used = {c for h in hands if h for c in h} | set(top or [])
    rest = [LABELS[c] for c in deck(opts.get("wild", "none")) if LABELS[c] not in used]
    random.Random(seed).shuffle(rest)
    state = load_game(
        {
            "game": "hurricane_poker",
            "options": opts,
            "seed": seed,
            "dealer": dealer,
            "hand_no": hand_no,
            "chips": chips,
            "hands": hands,
            "stock": list(top or []) + rest,
        }
    )
    assert isinstance(state, PokerState)
    return state


def play(state: PokerState, *moves: str) -> list[dict[str, Any]]:
    """Apply ``"seat action"`` moves in order, checking that each seat is the one to act."""
    events: list[dict[str, Any]] = []
    for move in moves:
        seat_text, action = move.split(" ", 1)
        assert state.current_player == int(seat_text), (move, state.current_player)
        events.extend(state.apply(action, int(seat_text)))
    return events


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def legal(state: PokerState) -> list[str]:
    return [str(a) for a in state.legal_actions()]
