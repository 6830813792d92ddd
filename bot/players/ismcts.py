"""Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

One tree over the deciding seat's information sets, whatever the hidden cards are. Every
iteration deals the unseen cards afresh, consistently with the seat's view (the game's
``SearchProfile.determinize``, the worlds of ``hard``), and walks the tree in that world:

- at each node the moves are those legal *in this world* that the profile's ``candidates`` keep
  (normal's best few; at the root the seat's own list, the same in every world). A node's
  children are keyed by the move's text, so a move seen in many worlds shares its statistics;
- selection is UCB1 over the moves available in this world, with *availability* counts (a move
  that is legal in few worlds is not penalised for being tried in few of them);
- the first untried move (in normal's order of preference) is added, and the deal is finished by
  the rollout players (``hard.rollout``'s policies, the profile's ``endgame`` when it has one);
- the finished deal is scored for every mover on the path by the profile's ``evaluate`` (match
  equity for the mover's side), so each seat's nodes maximise its own side's value.

The move played is the root's most visited one (ties: the better mean, then normal's order).
The budget follows ``SearchLimits`` as ``hard`` does: without a clock ``samples`` iterations
decide the move (the same for a seed on any machine); with one, no iteration starts that the
slowest so far says would end after the soft cap, and one in progress is dropped at the hard cap
(nothing of it is recorded, so a partial iteration never biases the statistics).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games import Action, GameState

from .base import TIMED_SAMPLES_MAX, SearchLimits, View, seat_of
from .hard import OutOfTime, SearchProfile, SearchStats

#: UCB1 exploration constant, in units of the spread of the root seat's deal values so far
EXPLORE = 0.7
#: moves considered at a node below the root (normal's best few in that world)
DEEP_WIDTH = 5
#: nodes deeper than this many plies are not added (the rollout plays from there)
MAX_DEPTH = 8
#: an iteration may take longer than the slowest so far: planned with this margin
ITERATION_MARGIN = 1.25


@dataclass
class Node:
    """Statistics of one move from an information set, and the moves after it."""

    visits: int = 0
    total: float = 0.0  # sum of the deal's values for the side of the seat that made the move
    squares: float = 0.0  # sum of their squares (the root's switch rule)
    avail: int = 0  # iterations in which the move was available at its parent
    children: dict[str, Node] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class TreeConfig:
    explore: float = EXPLORE
    deep_width: int = DEEP_WIDTH
    max_depth: int = MAX_DEPTH


Values = Callable[[int], float]


class _Spread:
    """Running standard deviation of the root seat's values (Welford): the scale of UCB's term."""

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    @property
    def std(self) -> float:
        if self.n < 2:
            return 1.0
        return max(0.05, math.sqrt(self.m2 / (self.n - 1)))


def _finish(
    profile: SearchProfile,
    state: GameState,
    events: list[dict[str, Any]],
    seat: int,
    rng: random.Random,
    deadline: float | None,
) -> Values:
    """Play the deal out with the rollout players: the value of the end for any seat."""
    policy = profile.rollout_policy
    fast = profile.rollout_text
    endgame = profile.endgame
    evaluate = profile.evaluate
    clock = time.perf_counter
    last = clock() if deadline is not None else 0.0
    step = 0.0
    for _ in range(profile.max_rollout_moves):
        if evaluate(events, seat, state) is not None:
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
        if fast is not None:
            mover_view = state.view(player)
            if endgame is not None:
                solved = endgame(state, mover_view, seat)
                if solved is not None:  # a two-sided game (Hurikan): the other side's is −value
                    mine = solved
                    return lambda s: mine if s == seat else -mine
            events = state.apply(fast(mover_view, rng), player)
            continue
        legal = state.legal_actions(player)
        action = legal[0] if len(legal) == 1 else policy(state.view(player), legal, rng)
        events = state.apply(action, player)
    found: dict[int, float] = {}

    def value(s: int) -> float:
        if s not in found:
            v = evaluate(events, s, state)
            found[s] = 0.0 if v is None else v
        return found[s]

    return value


def _deal_over(
    profile: SearchProfile, events: list[dict[str, Any]], seat: int, state: GameState
) -> bool:
    return profile.evaluate(events, seat, state) is not None or state.current_player is None


def _iterate(
    profile: SearchProfile,
    view: View,
    seat: int,
    root: Node,
    root_moves: Sequence[Action],
    rng: random.Random,
    config: TreeConfig,
    spread: _Spread,
    deadline: float | None,
) -> None:
    """One iteration: a world, a walk down the tree, one new node, a rollout, the update."""
    state = profile.determinize(view, rng)
    rollout_rng = random.Random(rng.getrandbits(64))
    explore = config.explore * spread.std
    # (the node walked from, the keys available there, the key chosen, the mover)
    steps: list[tuple[Node, list[str], str, int]] = []
    node = root
    events: list[dict[str, Any]] = []
    moves: Sequence[Action] = root_moves
    mover = seat
    while True:
        keys = [str(a) for a in moves]
        untried = [k for k in keys if k not in node.children]
        if untried or len(steps) >= config.max_depth:
            key = untried[0] if untried else keys[0]
            steps.append((node, keys, key, mover))
            events = state.apply(key, mover)
            break
        log_of = math.log
        best_key = keys[0]
        best = -math.inf
        for k in keys:
            child = node.children[k]
            score = child.mean + explore * math.sqrt(log_of(child.avail + 1) / child.visits)
            if score > best:
                best, best_key = score, k
        steps.append((node, keys, best_key, mover))
        events = state.apply(best_key, mover)
        node = node.children[best_key]
        if deadline is not None and time.perf_counter() > deadline:
            raise OutOfTime
        if _deal_over(profile, events, seat, state):
            break
        next_mover = state.current_player
        if next_mover is None:
            break
        mover = next_mover
        legal = state.legal_actions(mover)
        if len(legal) <= 1:
            moves = legal
        else:
            found = profile.candidates(state.view(mover), legal, rng)
            moves = found[: config.deep_width] or legal[:1]
        if not moves:
            break
    value = _finish(profile, state, events, seat, rollout_rng, deadline)
    # the iteration is complete: only now is the tree touched
    spread.add(value(seat))
    for parent, keys, key, who in steps:
        for k in keys:
            sibling = parent.children.get(k)
            if sibling is None and k == key:
                sibling = parent.children[k] = Node()
            if sibling is not None:
                sibling.avail += 1
        chosen = parent.children[key]
        chosen.visits += 1
        v = value(who)
        chosen.total += v
        chosen.squares += v * v


def ismcts(
    profile: SearchProfile,
    view: View,
    legal: Sequence[Action],
    rng: random.Random,
    limits: SearchLimits,
    stats: SearchStats | None = None,
    config: TreeConfig | None = None,
) -> Action:
    """The move of the seat of ``view``: the root's most visited move after the iterations that
    ``limits`` allow (``stats.samples``: the iterations finished)."""
    config = config or TreeConfig()
    clock = time.perf_counter
    start = clock()
    seat = seat_of(view)
    if profile.exact is not None:
        solved = profile.exact(view, legal)
        if solved is not None:
            return solved
    candidates = profile.candidates(view, legal, rng)
    if len(candidates) <= 1:
        return candidates[0] if candidates else legal[0]
    by_key = {str(a): a for a in candidates}
    root = Node()
    spread = _Spread()
    soft = None if limits.time_cap is None else start + limits.time_cap
    abort = limits.abort_after
    hard = None if abort is None else start + abort
    most = TIMED_SAMPLES_MAX if limits.timed else limits.samples
    slowest = 0.0
    done = 0
    while done < most:
        began = clock()
        if soft is not None and began + ITERATION_MARGIN * slowest > soft:
            break
        try:
            _iterate(profile, view, seat, root, candidates, rng, config, spread, hard)
        except OutOfTime:
            break
        done += 1
        slowest = max(slowest, clock() - began)
    if stats is not None:
        stats.samples = done
    order = {str(a): i for i, a in enumerate(candidates)}
    best_key = str(candidates[0])
    best_rank: tuple[int, float, int] = (0, -math.inf, 0)
    for key, child in root.children.items():
        rank = (child.visits, child.mean, -order[key])
        if rank > best_rank:
            best_rank, best_key = rank, key
    first = str(candidates[0])
    cautious = profile.switch_z > 0 and best_key != first and first in root.children
    if cautious and not _clearly_better(
        root.children[best_key], root.children[first], profile.switch_z
    ):
        best_key = first
    return by_key[best_key]


def _clearly_better(best: Node, first: Node, z: float) -> bool:
    """``best``'s mean above ``first``'s (normal's choice) by ``z`` standard errors of the
    difference (``SearchProfile.switch_z``: hard's caution, unpaired here)."""
    if best.visits < 2 or first.visits < 2:
        return first.visits < 2 <= best.visits

    def variance(node: Node) -> float:
        n = node.visits
        return max(0.0, (node.squares - n * node.mean * node.mean) / (n - 1)) / n

    return best.mean - first.mean > z * math.sqrt(variance(best) + variance(first))
