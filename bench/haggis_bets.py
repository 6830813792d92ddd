"""Haggis bets, normal's estimate against expert's worlds (not a test): ``python
bench/haggis_bets.py [--players 2|3] [--seeds N] [--start S] [--worlds K] [--quick]``.

Plays the first round of each seed normal against normal, nobody betting, and at each seat's
first decision records normal's estimate of its chance to go out first (``out_first_chance``,
the logistic fit its bets use), the share of ``--worlds`` worlds dealt from the seat's view and
played out by expert's rollout players where it went out first (what ``bet_move`` weighs),
expert's bet there, and who really went out first. It prints both estimates' calibration and
what a big bet made by each rule would have won per seat and round against the others (value ×
(+1 out first, −1 not)). ``--quick``: three seeds (the suite's check that the bench runs).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import determinise, new_game  # noqa: E402
from bot.players.haggis_bets import bet_move, round_end  # noqa: E402
from bot.players.haggis_normal import (  # noqa: E402
    BIG_BET_FROM,
    haggis_normal,
    out_first_chance,
)
from bot.players.haggis_search import PROFILE, expert_rollout  # noqa: E402

BIG = 30


def worlds_chance(view: dict, seat: int, worlds: int, rng: random.Random) -> float:
    """The share of worlds from ``view`` played out where ``seat`` went out first."""
    firsts = 0
    for _ in range(worlds):
        event = round_end(determinise("haggis", view, rng), expert_rollout, rng)
        firsts += event is not None and event["first_out"] == seat
    return firsts / worlds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=2, choices=(2, 3))
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--worlds", type=int, default=32)
    parser.add_argument("--quick", action="store_true", help="three seeds")
    args = parser.parse_args()
    if args.quick:
        args.seeds = 3
    rows: list[tuple[float, float, int, bool]] = []  # normal's, worlds', expert's bet, first out
    for seed in range(args.start, args.start + args.seeds):
        state = new_game("haggis", seed=seed, players=args.players)
        rng = random.Random(seed)
        first: dict[int, tuple[float, float, int]] = {}
        first_out = None
        while first_out is None:
            seat = state.current_player
            if seat is None:
                break
            view = state.view(seat)
            legal = state.legal_actions(seat)
            if seat not in first:
                expert = bet_move(
                    view, legal, evaluate=PROFILE.evaluate, policy=expert_rollout, rng=rng
                )
                first[seat] = (
                    out_first_chance(view, list(view["hand"])),
                    worlds_chance(view, seat, args.worlds, rng),
                    int(str(expert).split()[1]) if expert is not None else 0,
                )
            plays = [a for a in legal if not str(a).startswith("bet")]
            for event in state.apply(haggis_normal(view, plays, rng), seat):
                if event["type"] == "round_scored":
                    first_out = event["first_out"]
        rows += [(p, q, bet, s == first_out) for s, (p, q, bet) in first.items()]
    print(f"{args.players} players, seeds {args.start}..{args.start + args.seeds - 1}: {len(rows)}")
    for name, index in (("normal's estimate", 0), ("worlds' share", 1)):
        bins: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        for row in rows:
            b = min(int(row[index] * 10), 9)
            bins[b][0] += 1
            bins[b][1] += row[3]
        cells = ", ".join(f"{b / 10:.1f}: {w}/{n}" for b, (n, w) in sorted(bins.items()))
        print(f"  {name} (went out first / seats): {cells}")

    def won(bets: list[int]) -> float:
        return sum(b * (1 if r[3] else -1) for b, r in zip(bets, rows, strict=True)) / len(rows)

    rules = {
        f"normal's big bet (estimate >= {BIG_BET_FROM})": [
            BIG * (r[0] >= BIG_BET_FROM) for r in rows
        ],
        "expert's bet_move": [r[2] for r in rows],
        "a big bet where the worlds' share > 0.5": [BIG * (r[1] > 0.5) for r in rows],
    }
    for name, bets in rules.items():
        made = sum(1 for b in bets if b)
        print(f"  {name}: {made} bets, {won(bets):+.2f} points per seat and round")


if __name__ == "__main__":
    main()
