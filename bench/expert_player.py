"""``expert``'s iterations per second of CPU (not a test): ``python bench/expert_player.py
[--moves N] [--fixed N] [--only GAME]``. Plays ``N`` moves of each game with expert in every seat,
``--fixed`` iterations per move without a clock, and prints the CPU per move
(``time.process_time``, which other jobs on a shared machine do not inflate) and the iterations
that the planned 0.65 s of a dedicated core buys (median and 10th percentile): that sets
``SearchProfile.tree_per_second`` for a profile that grows a tree, and the arena's fixed
``--expert-samples``; where expert runs hard's search (every game today) its samples are hard's
count (``bench/hard_player.py``).
``--quick``: one move of each game at 2 iterations (the suite's check that the bench runs)."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.hard_player import GAMES, percentile  # noqa: E402
from bot.games import new_game  # noqa: E402
from bot.players import SearchLimits  # noqa: E402
from bot.players.base import SOFT_SHARE  # noqa: E402
from bot.players.game_policies import expert_choice  # noqa: E402
from bot.players.hard import SearchStats  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=25, help="moves per game")
    parser.add_argument("--fixed", type=int, default=200, help="iterations per move, no clock")
    parser.add_argument(
        "--only", action="append", choices=[g[0] for g in GAMES], help="these games only"
    )
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--quick", action="store_true", help="one move per game, 2 iterations")
    args = parser.parse_args()
    if args.quick:
        args.moves, args.fixed = 1, 2
    limits = SearchLimits(samples=args.fixed, time_cap=None)
    print(f"{'game':10} {'moves':>5} {'cpu s/move':>10} {'in 0.65s':>8} {'p10':>5}")
    for label, game, players, options in GAMES:
        if args.only and label not in args.only:
            continue
        state = new_game(game, seed=args.seed, players=players, options=options)
        cpus: list[float] = []
        bought: list[float] = []
        while len(cpus) < args.moves and not state.is_over:
            seat = state.current_player
            if seat is None:
                break
            legal = state.legal_actions(seat)
            stats = SearchStats()
            cpu = time.process_time()
            rng = random.Random(len(cpus))
            action = expert_choice(game, state.view(seat), legal, rng, limits, None, stats)
            spent = time.process_time() - cpu
            if len(legal) > 1:
                cpus.append(spent)
                if stats.samples and spent > 0:
                    bought.append(stats.samples / spent * SOFT_SHARE)
            state.apply(action, seat)
        if not bought:
            bought = [0.0]
        print(
            f"{label:10} {len(cpus):5d} {statistics.median(cpus):10.3f} "
            f"{statistics.median(bought):8.0f} {percentile(bought, 10):5.0f}"
        )


if __name__ == "__main__":
    main()
