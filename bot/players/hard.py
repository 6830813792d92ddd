"""``hard``: determinised (information-set) Monte Carlo search.

For each sample the unknown cards are dealt at random, consistently with everything the seat has
seen, into a full position (``load_game``); every candidate move is then played in that world and
the deal is finished by ``normal`` players; the move with the best total wins. All candidates of
one sample share the same world and the same rollout seed (common random numbers), so differences
come from the moves, not the luck.

The budget is time (``SearchLimits.from_budget``): the search measures its own samples and starts
none that the slowest so far (with a 25% margin) says would end after the soft cap (0.8 s of
the default 1 s), and abandons a sample in progress at the hard cap (0.95 s), even the first:
then normal's first choice is played. Without a clock (``timed=False``, no caps) the sample
count decides the move, the same for a seed on any machine (tests, arena).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games import Action, GameState

from .base import TIMED_SAMPLES_MAX, Policy, SearchLimits, View, seat_of

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
    samples_per_second: float  # only for a fixed sample count (no clock): budget × this
    determinize: Determinize
    candidates: Candidates
    rollout_policy: Policy
    evaluate: Evaluate  # value of a finished deal for a seat, or None while it goes on
    max_rollout_moves: int = 400


#: A sample may take longer than the slowest so far (a longer rollout): planned with this margin.
SAMPLE_MARGIN = 1.25


class OutOfTime(Exception):
    """The hard cap passed in the middle of a sample."""


def rollout(
    profile: SearchProfile,
    state: GameState,
    events: list[dict[str, Any]],
    seat: int,
    rng: random.Random,
    deadline: float | None = None,
) -> float:
    """Finish the deal with the rollout policy; the deal's value for ``seat``. Past ``deadline``
    (a ``time.perf_counter`` value) it raises ``OutOfTime``."""
    policy = profile.rollout_policy
    clock = time.perf_counter
    for _ in range(profile.max_rollout_moves):
        value = profile.evaluate(events, seat, state)
        if value is not None:
            return value
        if deadline is not None and clock() > deadline:
            raise OutOfTime
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
    clock = time.perf_counter
    start = clock()
    seat = seat_of(view)
    candidates = profile.candidates(view, legal, rng)
    if len(candidates) == 1:
        return candidates[0]
    totals = [0.0] * len(candidates)
    soft = None if limits.time_cap is None else start + limits.time_cap
    abort = limits.abort_after
    hard = None if abort is None else start + abort
    most = TIMED_SAMPLES_MAX if limits.timed else limits.samples
    slowest = 0.0  # the longest sample so far: the measured rate, taken cautiously
    done = 0
    while done < most:
        began = clock()
        if soft is not None and began + SAMPLE_MARGIN * slowest > soft:
            break  # the next sample would (likely) end after the budget
        try:
            values = _sample(profile, view, seat, candidates, rng, hard)
        except OutOfTime:
            break  # a partial sample would favour the moves it reached: dropped
        totals = [t + v for t, v in zip(totals, values, strict=True)]
        done += 1
        slowest = max(slowest, clock() - began)
    # Ties (and no sample in time) go to the earlier candidate: normal's order of preference.
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]


def _sample(
    profile: SearchProfile,
    view: View,
    seat: int,
    candidates: Sequence[Action],
    rng: random.Random,
    deadline: float | None,
) -> list[float]:
    """One determinisation: every candidate played out in the same world with the same seed."""
    world = profile.determinize(view, rng)
    rollout_seed = rng.getrandbits(64)
    values: list[float] = []
    for action in candidates:
        if deadline is not None and time.perf_counter() > deadline:
            raise OutOfTime
        state = world.clone()
        events = state.apply(str(action), seat)
        values.append(rollout(profile, state, events, seat, random.Random(rollout_seed), deadline))
    return values
