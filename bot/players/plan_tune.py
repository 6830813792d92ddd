"""Tune a normal player's weights in paired self-play (issue 29): the plans expert's worlds play.

A game's plan is a frozen dataclass of weights (``haggis_normal.Plan``, ``hurikan_normal.Plan``);
its tuning module gives the margin of a candidate plan against the incumbent on the deal dealt
from one seed, averaged over the candidate's seats (``DealMargin``). A trial plays fresh seeds:
the candidate's mean margin with its standard error. The search is coordinate-wise: for each
weight in turn, a step down then up (a factor of 0.6 or 1.5; ±1 for counts); a step whose margin
is 2 standard errors above 0 is kept. Every trial deals new seeds (a kept step is not judged on
the deals that chose it), and after each sweep the best plan meets the starting plan on fresh
deals.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, fields, replace
from functools import partial
from multiprocessing import Pool
from multiprocessing.pool import Pool as PoolType
from typing import Any, ClassVar, Protocol, TypeVar

#: Trials deal seeds from here up (the arena and benches deal lower seeds).
FIRST_SEED = 10_000
#: A step is kept when its margin is this many standard errors above 0.
KEEP_Z = 2.0
STEP_DOWN, STEP_UP = 0.6, 1.5


class Weights(Protocol):
    """A plan: a (frozen) dataclass of weights."""

    __dataclass_fields__: ClassVar[dict[str, Any]]


P = TypeVar("P", bound=Weights)


class DealMargin(Protocol):
    """The candidate's margin on the deal from ``seed``, averaged over its seats (a top-level
    function, or a ``partial`` of one: the trials' processes receive it pickled)."""

    def __call__(self, seed: int, candidate: Any, incumbent: Any) -> float: ...


@dataclass(frozen=True)
class Margin:
    """A trial's result: the candidate's mean margin a deal and its standard error."""

    mean: float
    se: float

    @property
    def better(self) -> bool:
        return self.mean > KEEP_Z * self.se


def trial(
    pool: PoolType | None, margin: DealMargin, candidate: P, incumbent: P, seeds: Sequence[int]
) -> Margin:
    job = partial(margin, candidate=candidate, incumbent=incumbent)
    margins = pool.map(job, seeds, chunksize=50) if pool else list(map(job, seeds))
    n = len(margins)
    mean = sum(margins) / n
    var = sum((m - mean) ** 2 for m in margins) / (n - 1) if n > 1 else 0.0
    return Margin(mean, math.sqrt(var / n))


def steps(plan: P, name: str) -> Iterator[P]:
    """The two steps of one weight: down, then up."""
    value = getattr(plan, name)
    if isinstance(value, int):
        tried: list[float | int] = [value - 1, value + 1]
    else:
        tried = [round(value * STEP_DOWN, 3), round(value * STEP_UP, 3)] if value else [-0.5, 0.5]
    for step in tried:
        yield replace(plan, **{name: step})


def tune(
    start: P,
    margin: DealMargin,
    deals: int,
    sweeps: int,
    processes: int,
    out: Callable[[str], None] = print,
) -> P:
    """The coordinate search from ``start``; ``out`` reports each trial."""
    best = start
    next_seed = FIRST_SEED

    def fresh() -> range:
        nonlocal next_seed
        next_seed += deals
        return range(next_seed - deals, next_seed)

    pool = Pool(processes) if processes > 1 else None
    try:
        for sweep in range(1, sweeps + 1):
            for weight in (f.name for f in fields(start)):
                for candidate in steps(best, weight):
                    found = trial(pool, margin, candidate, best, fresh())
                    kept = "kept" if found.better else ""
                    out(
                        f"sweep {sweep}: {weight} = {getattr(candidate, weight)}: "
                        f"{found.mean:+.2f} ± {found.se:.2f} a deal {kept}"
                    )
                    if found.better:
                        best = candidate
                        break
            against = trial(pool, margin, best, start, fresh())
            out(f"after sweep {sweep}: {best!r}")
            out(f"best v the start: {against.mean:+.2f} ± {against.se:.2f} points a deal")
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return best


def main(
    argv: list[str] | None,
    description: str,
    start: P,
    margin_for: Callable[[int], DealMargin],
    players: Sequence[int] = (2,),
) -> int:
    """A tuning module's command line: ``margin_for(players)`` is the game's deal margin."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--players", type=int, default=players[0], choices=players)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--sweeps", type=int, default=3)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="a few deals, one sweep")
    args = parser.parse_args(argv)
    if args.quick:
        args.deals, args.sweeps, args.processes = 3, 1, 1
    best = tune(start, margin_for(args.players), args.deals, args.sweeps, args.processes)
    print(f"tuned plan: {best!r}")
    return 0
