"""Tune the weights of normal's Haggis plan in paired self-play (issue 29): expert's rollouts.

``python -m bot.players.haggis_plan_tune`` (the full run: 2 players, 1,000 deals a trial, 3
sweeps, about 10 minutes on two cores; it prints the ``Plan`` to paste as
``haggis_normal.TUNED``); ``--quick`` runs a few deals (the suite's check); ``--players``,
``--deals``, ``--sweeps`` and ``--processes`` override the defaults.

A trial plays a candidate plan against the incumbent on the first round of fresh deals (a
2-player game to the usual target, dealt from ``seed``), once from each seat: the candidate's
mean margin (its round points less the mean of the others') with its standard error. Normal's
scores rank even equal plays by their place in the legal list, so the seeded tie-breaks (one per
deal and seat) all but never decide: a plan against itself plays the same round from every seat
and scores exactly 0. The search is coordinate-wise: for each weight in turn, a step down then
up (a factor of 0.6 or 1.5; ±1 for counts); a step whose margin is 2 standard errors above 0 is
kept. Every trial deals new seeds (a kept step is not judged on the deals that chose it), and
after each sweep the best plan meets ``NORMAL`` on fresh deals. The shipped ``TUNED`` is this
full run's result.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, fields
from multiprocessing import Pool
from multiprocessing.pool import Pool as PoolType

from bot.games import new_game

from .haggis_normal import NORMAL, Plan, plan_player

#: Trials deal seeds from here up (the arena and benches deal lower seeds).
FIRST_SEED = 10_000
#: A step is kept when its margin is this many standard errors above 0.
KEEP_Z = 2.0
STEP_DOWN, STEP_UP = 0.6, 1.5


@dataclass(frozen=True)
class Margin:
    """A trial's result: the candidate's mean margin a round and its standard error."""

    mean: float
    se: float

    @property
    def better(self) -> bool:
        return self.mean > KEEP_Z * self.se


def deal_margin(seed: int, candidate: Plan, incumbent: Plan, players: int) -> float:
    """The candidate's margin in the first round of the deal from ``seed``, averaged over its
    seats (the incumbent in every other seat)."""
    mine, theirs = plan_player(candidate), plan_player(incumbent)
    margins = []
    for seat in range(players):
        state = new_game("haggis", seed=seed, players=players)
        rng = random.Random(seed * 31 + seat)
        while True:
            mover = state.current_player
            if mover is None:
                raise RuntimeError("nobody to move before the round was scored")
            legal = state.legal_actions(mover)
            player = mine if mover == seat else theirs
            action = legal[0] if len(legal) == 1 else player(state.view(mover), legal, rng)
            scored = [e for e in state.apply(action, mover) if e["type"] == "round_scored"]
            if scored:
                points = scored[0]["points"]
                others = [p for s, p in enumerate(points) if s != seat]
                margins.append(points[seat] - sum(others) / len(others))
                break
    return sum(margins) / len(margins)


def _deal_margin(job: tuple[int, Plan, Plan, int]) -> float:
    return deal_margin(*job)


def trial(
    pool: PoolType | None, candidate: Plan, incumbent: Plan, seeds: Sequence[int], players: int
) -> Margin:
    jobs = [(seed, candidate, incumbent, players) for seed in seeds]
    margins = pool.map(_deal_margin, jobs, chunksize=50) if pool else list(map(_deal_margin, jobs))
    n = len(margins)
    mean = sum(margins) / n
    var = sum((m - mean) ** 2 for m in margins) / (n - 1) if n > 1 else 0.0
    return Margin(mean, math.sqrt(var / n))


def steps(plan: Plan, name: str) -> Iterator[Plan]:
    """The two steps of one weight: down, then up."""
    value = getattr(plan, name)
    if isinstance(value, int):
        tried: list[float | int] = [value - 1, value + 1]
    else:
        tried = [round(value * STEP_DOWN, 3), round(value * STEP_UP, 3)] if value else [-0.5, 0.5]
    for step in tried:
        yield Plan(**{**asdict(plan), name: step})


def tune(
    players: int, deals: int, sweeps: int, processes: int, out: Callable[[str], None] = print
) -> Plan:
    """The coordinate search from ``NORMAL``; ``out`` reports each trial."""
    best = NORMAL
    next_seed = FIRST_SEED

    def fresh() -> range:
        nonlocal next_seed
        next_seed += deals
        return range(next_seed - deals, next_seed)

    pool = Pool(processes) if processes > 1 else None
    try:
        for sweep in range(1, sweeps + 1):
            for weight in (f.name for f in fields(Plan)):
                for candidate in steps(best, weight):
                    margin = trial(pool, candidate, best, fresh(), players)
                    kept = "kept" if margin.better else ""
                    out(
                        f"sweep {sweep}: {weight} = {getattr(candidate, weight)}: "
                        f"{margin.mean:+.2f} ± {margin.se:.2f} a round {kept}"
                    )
                    if margin.better:
                        best = candidate
                        break
            against = trial(pool, best, NORMAL, fresh(), players)
            out(f"after sweep {sweep}: {asdict(best)}")
            out(f"best v NORMAL: {against.mean:+.2f} ± {against.se:.2f} points a round")
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2, choices=(2, 3))
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--sweeps", type=int, default=3)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="a few deals, one sweep")
    args = parser.parse_args(argv)
    if args.quick:
        args.deals, args.sweeps, args.processes = 3, 1, 1
    best = tune(args.players, args.deals, args.sweeps, args.processes)
    print(f"tuned plan: {best!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
