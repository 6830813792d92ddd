"""Expert's solved tail of Hurikan's third packet (not a test): ``python bench/hurikan_tail.py
[--seeds N] [--start S] [--quick]``.

Plays each seed's deal normal against normal and stops at every position of the tail (4 cards in
the stock, both hands small enough for expert's solve, ``hurikan_tail``). There it prints the
CPU of the solve (``time.process_time``; the bound, ``NODE_CAP`` positions, must stay well
inside the 0.65 s a move plans on an idle core), how often it gave up to hard's search, and what
the moves of expert, hard (300 samples, its fixed count) and normal cost against the true best:
every move solved with the opponent's real hand known (what no player can know), the refill
still a chance, in the search's units (±1 for the deal won or lost, plus the margin / 20).
``--quick``: two seeds (the suite's check that the bench runs)."""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.solve_report import SolveReport, seed_arguments, seeds_of  # noqa: E402
from bot.games import GameState, new_game  # noqa: E402
from bot.players import SearchLimits, choose_action  # noqa: E402
from bot.players.hurikan_endgame import Solver, margin_of, move_of, values_of  # noqa: E402
from bot.players.hurikan_tail import tail_move, tail_reached  # noqa: E402
from bot.players.hurricane_search import HURIKAN_MARGIN_SHARE, HURIKAN_SPREAD  # noqa: E402

HARD = SearchLimits(samples=300, time_cap=None)


def true_values(state: GameState, seat: int) -> dict[str, float]:
    """Each legal move's value with the opponent's hand and the stock's cards known."""
    solver = Solver(HURIKAN_SPREAD, HURIKAN_MARGIN_SHARE)
    data = state.to_dict()
    view = state.view(seat)
    mine, theirs = values_of(data["hands"][seat]), values_of(data["hands"][1 - seat])
    table, stock = values_of(view["table"]), values_of(data["stock"])
    margin = margin_of(view)
    return {
        str(a): solver.after(mine, theirs, table, move_of(a), margin, stock)
        for a in state.legal_actions(seat)
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    seed_arguments(parser)
    args = parser.parse_args()
    seeds = seeds_of(args)
    report = SolveReport()
    for seed in seeds:
        state = new_game("hurikan", seed=seed, players=2)
        moves = 0
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions(seat)
            normal = choose_action("hurikan", view, legal, "normal", seed=moves)
            if tail_reached(view) and len(legal) > 1:
                start = time.process_time()
                expert = tail_move(
                    view,
                    legal,
                    spread=HURIKAN_SPREAD,
                    share=HURIKAN_MARGIN_SHARE,
                    rng=random.Random(seed * 7 + moves),
                )
                report.cpu.append(time.process_time() - start)
                if expert is None:
                    report.gave_up += 1
                else:
                    hard = choose_action("hurikan", view, legal, "hard", seed=moves, limits=HARD)
                    moves_of = {"expert": expert, "hard": hard, "normal": normal}
                    report.judge(true_values(state, seat), moves_of)
            state.apply(normal, seat)
            moves += 1
    print(f"seeds {seeds.start}..{seeds.stop - 1}: {len(report.cpu)} tail positions")
    report.print("value", 3)


if __name__ == "__main__":
    main()
