"""``hard``'s time per move with the default budget (not a test): ``python bench/hard_player.py
[--moves N]``. Plays ``N`` moves of each game with hard in every seat and prints wall-clock
median / p95 / max per move and the samples it managed; the budget is 1 s: 0.65 s planned,
never over 0.75 s (``bot.players.base``)."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import new_game  # noqa: E402
from bot.players import choose_action  # noqa: E402

GAMES = (("hurricane", None), ("hurikan", None), ("haggis", 2), ("haggis", 3))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=25, help="moves per game")
    parser.add_argument("--budget", type=float, default=None, help="seconds (default 1)")
    args = parser.parse_args()
    print(f"{'game':12} {'moves':>5} {'median s':>9} {'p95 s':>7} {'max s':>7}")
    for game, players in GAMES:
        state = new_game(game, seed=11, players=players)
        times: list[float] = []
        while len(times) < args.moves and not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions(seat)
            start = time.perf_counter()
            action = choose_action(
                game, state.view(seat), legal, "hard", seed=len(times), time_budget=args.budget
            )
            if len(legal) > 1:  # a forced move costs nothing: not a search
                times.append(time.perf_counter() - start)
            state.apply(action, seat)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        label = f"{game}{'' if players is None else f' {players}p'}"
        print(
            f"{label:12} {len(times):5d} {statistics.median(times):9.3f} {p95:7.3f} "
            f"{times[-1]:7.3f}"
        )


if __name__ == "__main__":
    main()
