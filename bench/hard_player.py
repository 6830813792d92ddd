"""``hard``'s time per move with the default budget (not a test): ``python bench/hard_player.py
[--moves N]``. Plays ``N`` moves of each game with hard in every seat and prints wall-clock
median / p95 / max per move and the samples it finished (median and 10th percentile: what the
budget buys, which sets the arena's fixed ``--samples``); the budget is 1 s: 0.65 s planned,
never over 0.75 s (``bot.players.base``). Run it on an idle machine for the samples to mean
what a dedicated core buys. On a shared machine use ``--fixed N`` instead: every move searches
``N`` samples without a clock and the samples per second of CPU (``time.process_time``, which other
jobs do not inflate) give what the planned 0.65 s of a dedicated core buys. Later samples cost
less than the first ones (the halving leaves fewer moves in the race), so raise ``N`` towards what
it reports until the two agree: that is the count to give the arena. ``--quick``: one move of
each game at 1 fixed sample (the suite's check that the bench runs)."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import new_game  # noqa: E402
from bot.players import DEFAULT_TIME_BUDGET, SearchLimits  # noqa: E402
from bot.players.base import SOFT_SHARE  # noqa: E402
from bot.players.game_policies import search_profile  # noqa: E402
from bot.players.hard import SearchStats, search  # noqa: E402

#: (label, game, players, options)
GAMES: tuple[tuple[str, str, int | None, dict[str, Any] | None], ...] = (
    ("hurricane", "hurricane", None, None),
    ("pairs", "hurricane", None, {"preset": "pairs"}),
    ("hurikan", "hurikan", None, None),
    ("haggis 2p", "haggis", 2, None),
    ("haggis 3p", "haggis", 3, None),
)


def percentile(values: list[float], percent: int) -> float:
    """``statistics.quantiles`` as the other benches use it (one value: itself)."""
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[percent - 1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=25, help="moves per game")
    parser.add_argument("--budget", type=float, default=None, help="seconds (default 1)")
    parser.add_argument(
        "--fixed", type=int, default=None, help="samples per move, no clock: CPU per sample"
    )
    parser.add_argument(
        "--only", action="append", choices=[g[0] for g in GAMES], help="these games only"
    )
    parser.add_argument(
        "--quick", action="store_true", help="one move per game, 1 fixed sample (suite's check)"
    )
    args = parser.parse_args()
    if args.quick:
        args.moves, args.fixed = 1, 1
    planned = SOFT_SHARE * (DEFAULT_TIME_BUDGET if args.budget is None else args.budget)
    column = "samples" if args.fixed is None else f"in {planned:.2f}s"
    print(
        f"{'game':10} {'moves':>5} {'median s':>9} {'p95 s':>7} {'max s':>7} {column:>8} {'p10':>5}"
    )
    for label, game, players, options in GAMES:
        if args.only and label not in args.only:
            continue
        profile = search_profile(game)
        limits = SearchLimits.from_budget(args.budget, profile.samples_per_second)
        if args.fixed is not None:
            limits = SearchLimits(samples=args.fixed, time_cap=None)
        state = new_game(game, seed=11, players=players, options=options)
        times: list[float] = []
        samples: list[float] = []
        while len(times) < args.moves and not state.is_over:
            seat = state.current_player
            if seat is None:
                break
            legal = state.legal_actions(seat)
            stats = SearchStats()
            start, cpu = time.perf_counter(), time.process_time()
            action = search(
                profile, state.view(seat), legal, random.Random(len(times)), limits, stats
            )
            if len(legal) > 1:  # a forced move costs nothing: not a search
                times.append(time.perf_counter() - start)
                spent = time.process_time() - cpu
                if stats.samples:  # 0: solved outright (Hurikan's endgame), nothing sampled
                    bought = stats.samples / spent * planned if args.fixed else stats.samples
                    samples.append(bought)
            state.apply(action, seat)
        print(
            f"{label:10} {len(times):5d} {statistics.median(times):9.3f} "
            f"{percentile(times, 95):7.3f} {max(times):7.3f} "
            f"{statistics.median(samples):8.0f} {percentile(samples, 10):5.0f}"
        )


if __name__ == "__main__":
    main()
