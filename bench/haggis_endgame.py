"""Expert's solved Haggis endgames (not a test): ``python bench/haggis_endgame.py [--players
2|3] [--seeds N] [--start S] [--quick]``.

Plays the first round of each seed normal against normal and stops at every position where two
players hold cards, few enough for expert's solve (``haggis_endgame``: exact up to
``ENDGAME_CARDS`` between them, selective up to ``SELECTIVE_CARDS``). For each kind it prints
the CPU of the solve (``time.process_time``; the bounds, ``NODE_CAP`` and ``SELECTIVE_NODE_CAP``
positions, must stay inside the 0.65 s a move plans on an idle core), how often it gave up to
hard's search, and what the moves of expert, hard (20 samples, its fixed count) and normal cost
in round margin against the true best (every move solved in the real position, hidden cards and
all: what no player can know).
``--quick``: two seeds (the suite's check that the bench runs)."""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.solve_report import SolveReport, seed_arguments, seeds_of  # noqa: E402
from bot.games import Action, GameState, new_game  # noqa: E402
from bot.players import SearchLimits, choose_action  # noqa: E402
from bot.players.haggis_endgame import (  # noqa: E402
    SELECTIVE_CARDS,
    endgame_reached,
    solved_move,
    solved_value,
)
from bot.players.haggis_search import PROFILE  # noqa: E402
from bot.players.hard import margin_when  # noqa: E402

POINTS = margin_when("round_scored", lambda state, seat: seat)
HARD = SearchLimits(samples=20, time_cap=None)
TRUTH_CAP = 400_000


def true_points(state: GameState, seat: int, action: Action) -> float | None:
    """The round margin (points) of ``action`` with perfect play after it, all cards known."""
    child = state.clone()
    events = child.apply(action, seat)
    done = POINTS(events, seat, child)
    return done if done is not None else solved_value(child, seat, POINTS, TRUTH_CAP)


def main() -> None:
    parser = argparse.ArgumentParser()
    seed_arguments(parser)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3))
    args = parser.parse_args()
    seeds = seeds_of(args)
    reports = {"exact": SolveReport(), "selective": SolveReport()}
    for seed in seeds:
        state = new_game("haggis", seed=seed, players=args.players)
        moves = 0
        while True:
            seat = state.current_player
            if seat is None:
                break
            view, legal = state.view(seat), state.legal_actions(seat)
            normal = choose_action("haggis", view, legal, "normal", seed=moves)
            if endgame_reached(view, SELECTIVE_CARDS) and len(legal) > 1:
                report = reports["exact" if endgame_reached(view) else "selective"]
                start = time.process_time()
                expert = solved_move(
                    view, legal, evaluate=PROFILE.evaluate, rng=random.Random(seed * 7 + moves)
                )
                report.cpu.append(time.process_time() - start)
                if expert is None:
                    report.gave_up += 1
                else:
                    hard = choose_action("haggis", view, legal, "hard", seed=moves, limits=HARD)
                    truth = {str(a): true_points(state, seat, a) for a in legal}
                    if all(v is not None for v in truth.values()):
                        known = {a: v for a, v in truth.items() if v is not None}
                        report.judge(known, {"expert": expert, "hard": hard, "normal": normal})
            events = state.apply(normal, seat)
            moves += 1
            if any(e["type"] == "round_scored" for e in events):
                break
    where = f"seeds {seeds.start}..{seeds.stop - 1}"
    for kind, report in reports.items():
        print(f"{args.players} players, {where}: {len(report.cpu)} {kind} endgame positions")
        report.print("points", 2)


if __name__ == "__main__":
    main()
