"""CPU of the analysis of a finished game (not a test): ``python bench/analysis.py [--moves N]``.

For each game it plays a seeded two-player game of ``N`` moves (default 40) with normal in both
seats, counts every move as a person's (the worst case: both seats analysed) and prints the CPU
(``time.process_time``, which other jobs on a shared machine do not inflate) that
``bot.analysis.analyse_game`` takes at its default sample counts, with the moves analysed and the
marks found. Issue 29's budget: a 40-move two-player game in at most 60 s of CPU.
``--quick``: 4 moves per game at 1 sample (the suite's check that the bench runs)."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.analysis.analyse import (  # noqa: E402
    ESTIMATE_SAMPLES,
    AnalysedMove,
    analyse_game,
    search_limits,
)
from bot.games import GameState, new_game  # noqa: E402
from bot.players import choose_action  # noqa: E402

#: (label, game, options)
GAMES: tuple[tuple[str, str, dict[str, Any] | None], ...] = (
    ("hurricane 2p", "hurricane", None),
    ("haggis 2p", "haggis", None),
    ("hurikan", "hurikan", None),
    ("poker 2p", "hurricane_poker", None),
)


def seeded_game(
    game: str, options: dict[str, Any] | None, moves: int, seed: int
) -> tuple[GameState, list[AnalysedMove]]:
    """The game as dealt and ``moves`` moves of normal players (every one marked human)."""
    state = new_game(game, seed=seed, players=2, options=options)
    start = state.clone()
    rng = random.Random(seed)
    log: list[AnalysedMove] = []
    while not state.is_over and len(log) < moves:
        seat = state.current_player
        if seat is None:
            break
        legal = state.legal_actions(seat)
        action = choose_action(
            state.name, state.view(seat), legal, "normal", seed=rng.getrandbits(32)
        )
        state.apply(action, seat)
        log.append(AnalysedMove(seat, str(action), True))
    return start, log


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=40, help="moves per game (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=None, help="override the default counts")
    parser.add_argument(
        "--only", action="append", choices=[g[0] for g in GAMES], help="these games only"
    )
    parser.add_argument("--quick", action="store_true", help="4 moves, 1 sample (suite's check)")
    args = parser.parse_args()
    moves = 4 if args.quick else args.moves
    samples = 1 if args.quick else args.samples
    print(f"analysis CPU, {moves} moves of a 2-player game, both seats analysed")
    for label, game, options in GAMES:
        if args.only and label not in args.only:
            continue
        start, log = seeded_game(game, options, moves, args.seed)
        counts = (
            (search_limits(start.name).samples, ESTIMATE_SAMPLES[start.name])
            if samples is None
            else (samples, samples)
        )
        began = time.process_time()
        analysis = analyse_game(start, log, game_id="bench", samples=samples, seed=args.seed)
        cpu = time.process_time() - began
        marks = Counter(v.mark.value for v in analysis.moves)
        accuracy = ", ".join(f"seat {s}: {a:.0f}" for s, a in analysis.accuracy.items())
        print(
            f"{label:<13} {len(log)} moves, {len(analysis.moves)} analysed, samples "
            f"{counts[0]}/{counts[1]}: {cpu:6.1f} s CPU ({cpu / max(1, len(analysis.moves)):.2f} "
            f"s per analysed move); marks {dict(marks)}; accuracy {accuracy}"
        )


if __name__ == "__main__":
    main()
