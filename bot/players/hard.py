"""``hard``: determinised (information-set) Monte Carlo search.

For each sample the unknown cards are dealt at random, consistently with everything the seat has
seen, into a full position (``load_game``); every candidate move is then played in that world and
the deal is finished by ``normal`` players; the move with the best total wins. All candidates of
one sample share the same world and the same rollout seed (common random numbers), so differences
come from the moves, not the luck. The sample count decides the move (deterministic for a seed);
the time cap only guards a loaded machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.base import Action, GameState

from .base import Policy, SearchLimits, View, seat_of

Determinize = Callable[[View, random.Random], GameState]
Candidates = Callable[[View, Sequence[Action], random.Random], list[Action]]
Evaluate = Callable[[list[dict[str, Any]], int, GameState], float | None]


def margin_when(event_type: str, side_of: Callable[[GameState, int], int]) -> Evaluate:
    """Evaluate a finished deal or round by the ``event_type`` event: the seat's side's points
    less the mean of the other sides' points."""

    def evaluate(events: list[dict[str, Any]], seat: int, state: GameState) -> float | None:
        for event in events:
            if event["type"] == event_type:
                points = event["points"]
                mine = side_of(state, seat)
                others = [p for side, p in enumerate(points) if side != mine]
                return float(points[mine] - sum(others) / len(others))
        return None

    return evaluate


@dataclass(frozen=True)
class SearchProfile:
    """What ``hard`` needs to know about one game."""

    game: str
    samples_per_second: float
    determinize: Determinize
    candidates: Candidates
    rollout_policy: Policy
    evaluate: Evaluate  # value of a finished deal for a seat, or None while it goes on
    max_rollout_moves: int = 400


def rollout(
    profile: SearchProfile,
    state: GameState,
    events: list[dict[str, Any]],
    seat: int,
    rng: random.Random,
) -> float:
    """Finish the deal with the rollout policy; the deal's value for ``seat``."""
    policy = profile.rollout_policy
    for _ in range(profile.max_rollout_moves):
        value = profile.evaluate(events, seat, state)
        if value is not None:
            return value
        player = state.current_player
        if player is None:
            break
        legal = state.legal_actions(player)
        action = legal[0] if len(legal) == 1 else policy(state.view(player), legal, rng)
        events = state.apply(action, player)
    value = profile.evaluate(events, seat, state)
    return 0.0 if value is None else value


def search(
    profile: SearchProfile,
    view: View,
    legal: Sequence[Action],
    rng: random.Random,
    limits: SearchLimits,
) -> Action:
    seat = seat_of(view)
    candidates = profile.candidates(view, legal, rng)
    if len(candidates) == 1:
        return candidates[0]
    totals = [0.0] * len(candidates)
    deadline = None if limits.time_cap is None else time.perf_counter() + limits.time_cap
    for done in range(limits.samples):
        world = profile.determinize(view, rng)
        rollout_seed = rng.getrandbits(64)
        values: list[float] = []
        for action in candidates:
            if done and deadline is not None and time.perf_counter() > deadline:
                break  # out of time: a partial sample would favour the moves it reached
            state = world.clone()
            events = state.apply(str(action), seat)
            values.append(rollout(profile, state, events, seat, random.Random(rollout_seed)))
        if len(values) < len(candidates):
            break
        totals = [t + v for t, v in zip(totals, values, strict=True)]
        if deadline is not None and time.perf_counter() > deadline:
            break
    # Ties go to the earlier candidate: candidates come in the normal player's order of preference.
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]
