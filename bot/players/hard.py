"""``hard``: determinised (information-set) Monte Carlo search.

For each sample the unknown cards are dealt at random, consistently with everything the seat has
seen, into a full position (``determinise``); every candidate move still in the race is then
played in that world and the deal is finished by the rollout players; the move with the best mean
wins. All candidates of one sample share the same world and the same rollout seed (common random
numbers), so differences come from the moves, not the luck. The race is a sequential halving:
after 8, 16, 32, … samples the worse half of the candidates (at least 2 kept) drop out, so a wide
candidate list costs little more than a narrow one and the good moves get the samples.

A finished deal is scored by what it does to the match (``match_value``): the estimated chance of
winning the match from the totals after the deal (distance to the target), a double win (H-18)
counting twice, plus a small share of the deal's margin to rank deals that do not move the match.

The budget is time (``SearchLimits.from_budget``): the search measures its own samples and starts
none that the slowest so far (with a 25% margin) says would end after the soft cap (0.65 s of
the default 1 s), and abandons a sample in progress at the hard cap (0.75 s), even the first:
then normal's first choice is played. The clock is read between every rollout move, so the best
answer so far is always at hand well within 0.8 s of wall time. Without a clock (``timed=False``,
no caps) the sample count decides the move, the same for a seed on any machine (tests, arena).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.games import Action, GameState

from .base import TIMED_SAMPLES_MAX, Policy, SearchLimits, View, seat_of

Determinize = Callable[[View, random.Random], GameState]
Candidates = Callable[[View, Sequence[Action], random.Random], list[Action]]
Evaluate = Callable[[list[dict[str, Any]], int, GameState], float | None]


class ExactMove(Protocol):
    """A solver's best move, or None; ``deadline`` (the search's hard cap, a
    ``time.perf_counter()`` reading) lets a long solve give up in time; ``rng`` deals the
    worlds of a solver that samples them."""

    def __call__(
        self, view: View, legal: Sequence[Action], *, deadline: float | None, rng: random.Random
    ) -> Action | None: ...


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def match_equity(
    totals: Sequence[float],
    mine: int,
    target: float,
    per_deal: float,
    spread: float,
    double_below: float = 0.0,
    over: bool = False,
) -> float:
    """Expected match points for side ``mine`` (win +1, loss −1, a double win ±2) from the
    ``totals`` after a deal: the lead over the best other side, against the spread of the deals
    still to play before someone reaches ``target`` (``per_deal``: points a side scores in a
    deal on average; ``spread``: the standard deviation of a deal's margin)."""
    others = [t for side, t in enumerate(totals) if side != mine]
    lead = totals[mine] - max(others)
    remaining = max(0.0, (target - max(totals)) / per_deal) if not over else 0.0
    sigma = spread * math.sqrt(remaining + (0.0 if over else 0.5))
    win = _phi(lead / sigma) if sigma > 0 else 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5
    if double_below <= 0:
        return 2.0 * win - 1.0

    def double(loser: float) -> float:
        final = loser + per_deal * remaining
        s = spread * math.sqrt(remaining) if remaining > 0 else 0.0
        if s <= 0:
            return 1.0 if final < double_below else 0.0
        return _phi((double_below - 0.5 - final) / s)

    worst_other = min(others)
    return win * (1.0 + double(worst_other)) - (1.0 - win) * (1.0 + double(totals[mine]))


def match_value(
    event_type: str,
    side_of: Callable[[GameState, int], int],
    per_deal: float,
    spread: float,
    margin_share: float = 0.1,
) -> Evaluate:
    """Evaluate a finished deal or round by its effect on the match (``match_equity`` from the
    event's ``totals``, the game's ``target`` and ``double_below``), plus ``margin_share`` of
    the deal's margin in units of ``spread``."""

    def evaluate(events: list[dict[str, Any]], seat: int, state: GameState) -> float | None:
        for event in events:
            if event["type"] == event_type:
                points = event["points"]
                mine = side_of(state, seat)
                others = [p for side, p in enumerate(points) if side != mine]
                margin = float(points[mine] - sum(others) / len(others))
                options = state.options
                equity = match_equity(
                    [float(t) for t in event["totals"]],
                    mine,
                    float(options.get("target") or 0),
                    per_deal,
                    spread,
                    float(options.get("double_below") or 0),
                    over=state.is_over,
                )
                return equity + margin_share * margin / spread
        return None

    return evaluate


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
    #: a faster rollout policy: the move's text from the mover's view alone (no legal list)
    rollout_text: Callable[[View, random.Random], str] | None = None
    #: play another move than the first candidate (normal's choice) only when its paired
    #: advantage over it is this many standard errors; 0: the best mean wins
    switch_z: float = 0.0
    #: the exact value for the seat of a rollout position (the mover's view given), once the
    #: rest of the deal can be solved outright; None while it cannot
    endgame: Callable[[GameState, View, int], float | None] | None = None
    #: the exact best move from the seat's view when it can be solved outright (before the
    #: deadline, a ``time.perf_counter()`` reading, if there is one), else None
    exact: ExactMove | None = None
    #: expert only: grow an information-set tree (``ismcts``) at this many iterations per second
    #: of budget; None: expert runs this flat search, at ``samples_per_second``
    tree_per_second: float | None = None


#: A sample may take longer than the slowest so far (a longer rollout): planned with this margin.
SAMPLE_MARGIN = 1.25
#: Sequential halving: the first cut after this many samples, then after twice as many, …
FIRST_CUT = 8
KEEP_AT_LEAST = 2


@dataclass
class SearchStats:
    """What one search did: the samples it finished (``bench/hard_player.py`` reports them, to
    set the arena's fixed counts at what the time budget buys)."""

    samples: int = 0


class OutOfTime(Exception):
    """The hard cap passed in the middle of a sample."""


def play_out(
    profile: SearchProfile,
    state: GameState,
    events: list[dict[str, Any]],
    seat: int,
    rng: random.Random,
    deadline: float | None = None,
) -> tuple[list[dict[str, Any]], float | None]:
    """Play the deal on with the rollout players until ``profile.evaluate`` can value it for
    ``seat`` (or no one is to move): the last move's events, and the endgame solver's value for
    ``seat`` where it answered first (then the deal is left unfinished). It raises ``OutOfTime``
    when its next move, taking as long as its slowest one so far, would end past ``deadline`` (a
    ``time.perf_counter`` value): on a starved machine a move may take many times its usual time,
    and the check comes before the move, not after it."""
    policy = profile.rollout_policy
    fast = profile.rollout_text
    endgame = profile.endgame
    clock = time.perf_counter
    last = clock() if deadline is not None else 0.0
    step = 0.0  # the slowest move so far
    for _ in range(profile.max_rollout_moves):
        if profile.evaluate(events, seat, state) is not None:
            break
        if deadline is not None:
            now = clock()
            step = max(step, now - last)
            last = now
            if now + step > deadline:
                raise OutOfTime
        player = state.current_player
        if player is None:
            break
        mover_view = state.view(player) if fast is not None or endgame is not None else None
        if endgame is not None and mover_view is not None:
            solved = endgame(state, mover_view, seat)
            if solved is not None:
                return events, solved
        if fast is not None and mover_view is not None:
            events = state.apply(fast(mover_view, rng), player)
            continue
        legal = state.legal_actions(player)
        if len(legal) > 1:
            action = policy(mover_view or state.view(player), legal, rng)
        else:
            action = legal[0]
        events = state.apply(action, player)
    return events, None


def rollout(
    profile: SearchProfile,
    state: GameState,
    events: list[dict[str, Any]],
    seat: int,
    rng: random.Random,
    deadline: float | None = None,
) -> float:
    """Finish the deal with the rollout players (``play_out``); the deal's value for ``seat``."""
    events, solved = play_out(profile, state, events, seat, rng, deadline)
    if solved is not None:
        return solved
    value = profile.evaluate(events, seat, state)
    return 0.0 if value is None else value


def search(
    profile: SearchProfile,
    view: View,
    legal: Sequence[Action],
    rng: random.Random,
    limits: SearchLimits,
    stats: SearchStats | None = None,
) -> Action:
    clock = time.perf_counter
    start = clock()
    seat = seat_of(view)
    hard = limits.abort_at(start)
    if profile.exact is not None:
        solved = profile.exact(view, legal, deadline=hard, rng=rng)
        if solved is not None:
            return solved
    candidates = profile.candidates(view, legal, rng)
    if len(candidates) == 1:
        return candidates[0]
    totals = [0.0] * len(candidates)
    # per sample, each candidate's value less the first candidate's (normal's choice): paired
    diffs = [0.0] * len(candidates)
    squares = [0.0] * len(candidates)
    cautious = profile.switch_z > 0
    alive = list(range(len(candidates)))
    soft = None if limits.time_cap is None else start + limits.time_cap
    most = TIMED_SAMPLES_MAX if limits.timed else limits.samples
    slowest = 0.0  # the longest sample so far (per candidate), taken cautiously
    done = 0
    next_cut = FIRST_CUT
    while done < most:
        began = clock()
        if soft is not None and began + SAMPLE_MARGIN * slowest * len(alive) > soft:
            break  # the next sample would (likely) end after the budget
        try:
            values = _sample(profile, view, seat, [candidates[i] for i in alive], rng, hard)
        except OutOfTime:
            break  # a partial sample would favour the moves it reached: dropped
        for i, v in zip(alive, values, strict=True):
            totals[i] += v
        if cautious:  # alive[0] is always 0 then: the first candidate is never cut
            for i, v in zip(alive, values, strict=True):
                d = v - values[0]
                diffs[i] += d
                squares[i] += d * d
        done += 1
        slowest = max(slowest, (clock() - began) / len(alive))
        if done >= next_cut and len(alive) > KEEP_AT_LEAST:
            ranked = sorted(alive, key=lambda i: (-totals[i], i))
            keep = ranked[: max(KEEP_AT_LEAST, (len(alive) + 1) // 2)]
            if cautious and 0 not in keep:
                keep[-1] = 0
            alive = sorted(keep)
            next_cut *= 2
    if stats is not None:
        stats.samples = done
    # Ties (and no sample in time) go to the earlier candidate: normal's order of preference.
    best = max(alive, key=lambda i: (totals[i], -i))
    if cautious and best != 0 and not _clearly_better(diffs[best], squares[best], done, profile):
        best = 0
    return candidates[best]


def _clearly_better(total: float, squares: float, n: int, profile: SearchProfile) -> bool:
    """A paired mean difference ``total / n`` at least ``switch_z`` standard errors above 0."""
    if n < 2:
        return False
    mean = total / n
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    return mean > profile.switch_z * math.sqrt(variance / n)


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
