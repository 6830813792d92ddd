"""Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012),
with a paired root.

One tree over the deciding seat's information sets, whatever the hidden cards are. Every
iteration deals the unseen cards afresh, consistently with the seat's view (the game's
``SearchProfile.determinize``, the worlds of ``hard``), and walks the tree in that world:

- at each node the moves are those legal *in this world* that the profile's ``candidates`` keep
  (normal's best few; at the root the seat's own list, the same in every world). A node's
  children are keyed by the move's text, so a move seen in many worlds shares its statistics;
- below the root, selection is UCB1 over the moves available in this world, with
  *availability* counts (a move legal in few worlds is not penalised for being tried in few);
- the first untried move (in normal's order of preference) is added, and the deal is finished by
  the rollout players (``hard``'s rollout policies, the profile's ``endgame`` when it has one);
- the finished deal is scored for every mover on the path by the profile's ``evaluate`` (match
  equity for the mover's side), so each seat's nodes maximise its own side's value.

The root is paired, as ``hard`` pairs its candidates (common random numbers): the root move that
UCB1 picks is walked down the tree, and so is normal's choice, in the same world with the same
rollout seed; the root keeps each move's value *less normal's* in that world. The luck of the
deal cancels out of the comparison, which is what lets a few hundred iterations tell the moves
apart. The move played is the most picked one if its paired advantage is positive (at least
``switch_z`` standard errors where the profile asks for hard's caution, Hurikan), else normal's.

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
from .hard import OutOfTime, SearchProfile, SearchStats, play_out

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
    events, solved = play_out(profile, state, events, seat, rng, deadline)
    if solved is not None:  # a two-sided game (Hurikan): the other side's is −value
        mine = solved
        return lambda s: mine if s == seat else -mine
    evaluate = profile.evaluate
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


Step = tuple[Node, list[str], str, int]  # the node walked from, the keys there, the key, mover


def _walk(
    profile: SearchProfile,
    state: GameState,
    seat: int,
    root: Node,
    root_keys: list[str],
    first: str,
    rng: random.Random,
    rollout_seed: int,
    config: TreeConfig,
    explore: float,
    deadline: float | None,
) -> tuple[list[Step], Values]:
    """Play ``first`` at the root of ``state``, walk down the tree (UCB over the moves available
    in this world) to its first untried move, and finish the deal with the rollout players. The
    tree is not touched: the caller commits the steps once the whole iteration is done."""
    steps: list[Step] = [(root, root_keys, first, seat)]
    events = state.apply(first, seat)
    node = root.children.get(first)
    while node is not None and len(steps) < config.max_depth:
        if deadline is not None and time.perf_counter() > deadline:
            raise OutOfTime
        if _deal_over(profile, events, seat, state):
            break
        mover = state.current_player
        if mover is None:
            break
        legal = state.legal_actions(mover)
        if len(legal) <= 1:
            moves: Sequence[Action] = legal
        else:
            found = profile.candidates(state.view(mover), legal, rng)
            moves = found[: config.deep_width] or legal[:1]
        if not moves:
            break
        keys = [str(a) for a in moves]
        untried = [k for k in keys if k not in node.children]
        if untried:
            key = untried[0]
        else:
            key = keys[0]
            best = -math.inf
            for k in keys:
                child = node.children[k]
                score = child.mean + explore * math.sqrt(math.log(child.avail + 1) / child.visits)
                if score > best:
                    best, key = score, k
        steps.append((node, keys, key, mover))
        events = state.apply(key, mover)
        node = node.children.get(key)
    value = _finish(profile, state, events, seat, random.Random(rollout_seed), deadline)
    return steps, value


def _commit(steps: list[Step], value: Values) -> None:
    for parent, keys, key, who in steps:
        for k in keys:
            sibling = parent.children.get(k)
            if sibling is None and k == key:
                sibling = parent.children[k] = Node()
            if sibling is not None:
                sibling.avail += 1
        chosen = parent.children[key]
        chosen.visits += 1
        chosen.total += value(who)


@dataclass
class RootMove:
    """A root move's paired statistics: its value less normal's choice's, world by world."""

    picks: int = 0
    diff: float = 0.0
    squares: float = 0.0

    @property
    def mean(self) -> float:
        return self.diff / self.picks if self.picks else 0.0


def _pick_root(keys: list[str], stats: dict[str, RootMove], done: int, explore: float) -> str:
    """UCB1 over the paired differences; untried moves first, in normal's order."""
    for k in keys:
        if stats[k].picks == 0:
            return k
    log_n = math.log(done + 1)
    best, chosen = -math.inf, keys[0]
    for k in keys:
        move = stats[k]
        score = move.mean + explore * math.sqrt(log_n / move.picks)
        if score > best:
            best, chosen = score, k
    return chosen


def ismcts(
    profile: SearchProfile,
    view: View,
    legal: Sequence[Action],
    rng: random.Random,
    limits: SearchLimits,
    stats: SearchStats | None = None,
    config: TreeConfig | None = None,
) -> Action:
    """The move of the seat of ``view`` after the iterations that ``limits`` allow
    (``stats.samples``: the iterations finished)."""
    config = config or TreeConfig()
    clock = time.perf_counter
    start = clock()
    seat = seat_of(view)
    hard = limits.abort_at(start)
    if profile.exact is not None:
        solved = profile.exact(view, legal, deadline=hard, rng=rng)
        if solved is not None:
            return solved
    candidates = profile.candidates(view, legal, rng)
    if len(candidates) <= 1:
        return candidates[0] if candidates else legal[0]
    by_key = {str(a): a for a in candidates}
    keys = list(by_key)
    base = keys[0]
    root = Node()
    moves = {k: RootMove() for k in keys}
    spread = _Spread()  # of the root seat's values: the scale of the tree's UCB term
    gaps = _Spread()  # of the paired differences: the scale of the root's
    soft = None if limits.time_cap is None else start + limits.time_cap
    most = TIMED_SAMPLES_MAX if limits.timed else limits.samples
    slowest = 0.0
    done = 0
    while done < most:
        began = clock()
        if soft is not None and began + ITERATION_MARGIN * slowest > soft:
            break
        key = _pick_root(keys, moves, done, config.explore * gaps.std)
        try:
            world = profile.determinize(view, rng)
            rollout_seed = rng.getrandbits(64)
            explore = config.explore * spread.std
            walks = []
            if key != base:  # normal's choice in the same world, with the same rollout seed
                twin = world.clone()
                walks.append(
                    _walk(
                        profile,
                        twin,
                        seat,
                        root,
                        keys,
                        base,
                        rng,
                        rollout_seed,
                        config,
                        explore,
                        hard,
                    )
                )
            walks.append(
                _walk(
                    profile, world, seat, root, keys, key, rng, rollout_seed, config, explore, hard
                )
            )
        except OutOfTime:
            break
        for steps, value in walks:  # the iteration is complete: only now is the tree touched
            _commit(steps, value)
            spread.add(value(seat))
        diff = walks[-1][1](seat) - walks[0][1](seat)
        move = moves[key]
        move.picks += 1
        move.diff += diff
        move.squares += diff * diff
        if key != base:
            gaps.add(diff)
        done += 1
        slowest = max(slowest, clock() - began)
    if stats is not None:
        stats.samples = done
    # the most picked move (ties: the better mean, then normal's order), if clearly better
    best_key = max(keys, key=lambda k: (moves[k].picks, moves[k].mean, -keys.index(k)))
    if best_key != base and not _clearly_better(moves[best_key], profile.switch_z):
        best_key = base
    return by_key[best_key]


def _clearly_better(move: RootMove, z: float) -> bool:
    """A paired mean advantage over normal's choice of at least ``z`` standard errors (``z``:
    ``SearchProfile.switch_z``, hard's caution; 0: any advantage)."""
    n = move.picks
    if n < 2:
        return n == 1 and move.mean > 0 and z <= 0
    mean = move.mean
    variance = max(0.0, (move.squares - n * mean * mean) / (n - 1))
    return mean > z * math.sqrt(variance / n)
