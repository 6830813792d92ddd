"""What the benches of expert's exact solves print: the solve's CPU, how often it gave up to the
search, and what each level's moves lose against the true best (``haggis_endgame.py``,
``hurikan_tail.py``)."""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Mapping
from dataclasses import dataclass, field

from bench.hard_player import percentile

LEVELS = ("expert", "hard", "normal")


def seed_arguments(parser: argparse.ArgumentParser) -> None:
    """``--seeds``, ``--start`` and ``--quick`` (two seeds: the suite's check that it runs)."""
    parser.add_argument("--seeds", type=int, default=60)
    parser.add_argument("--start", type=int, default=300)
    parser.add_argument("--quick", action="store_true", help="two seeds")


def seeds_of(args: argparse.Namespace) -> range:
    return range(args.start, args.start + (2 if args.quick else args.seeds))


@dataclass
class SolveReport:
    cpu: list[float] = field(default_factory=list)
    gave_up: int = 0
    lost: dict[str, float] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0.0))
    judged: int = 0

    def judge(self, truth: Mapping[str, float], moves: Mapping[str, object]) -> None:
        """Adds what each level's move (``moves``: level → action) loses against the best of
        ``truth`` (action text → its true value)."""
        best = max(truth.values())
        for level in LEVELS:
            self.lost[level] += best - truth[str(moves[level])]
        self.judged += 1

    def print(self, unit: str, digits: int) -> None:
        if self.cpu:
            print(
                f"solve cpu ms: median {1000 * statistics.median(self.cpu):.0f}, "
                f"p90 {1000 * percentile(self.cpu, 90):.0f}, max {1000 * max(self.cpu):.0f}; "
                f"gave up to the search: {self.gave_up}"
            )
        per = (
            {level: total / self.judged for level, total in self.lost.items()}
            if self.judged
            else {}
        )
        print(
            f"{unit} lost to the true best, per position ({self.judged} judged): "
            + ", ".join(f"{level} {value:.{digits}f}" for level, value in per.items())
        )
