"""Hurricane poker engine benchmark (not a test): ``python bench/poker_engine.py [--hands N]``
(``--quick``: 100 hands each, the suite's check).

Random legal self-play (``legal_actions()`` + a random choice + ``apply()``), timed by CPU time
(``time.process_time``) so a shared machine does not distort it. Target: ≥ 2,000 hands/s with 6
players. Also times ``to_dict()`` + ``load_game`` and one seat's ``view()``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import hurricane_poker  # noqa: E402


def random_hands(
    players: int, hands: int, options: dict[str, Any] | None = None, seed: int = 1
) -> tuple[float, float, int]:
    """Random play until ``hands`` hands are over: (hands/s, µs per move, moves)."""
    rng = random.Random(seed)
    opts = {"hands": 100, **(options or {})}
    state = hurricane_poker.new_game(seed=seed, players=players, options=opts)
    done = moves = 0
    start = time.process_time()
    while done < hands:
        if state.is_over:
            state = hurricane_poker.new_game(
                seed=rng.randrange(1 << 30), players=players, options=opts
            )
        events = state.apply(rng.choice(state.legal_actions()))
        moves += 1
        for event in events:
            if event["type"] == "showdown":
                done += 1
    elapsed = time.process_time() - start
    return done / elapsed, elapsed / moves * 1e6, moves


def snapshot_cost(players: int, rounds: int = 2000) -> tuple[float, float]:
    """µs for ``to_dict()`` + ``load_game()``, and for one seat's ``view()``."""
    state = hurricane_poker.new_game(seed=3, players=players)
    start = time.process_time()
    for _ in range(rounds):
        hurricane_poker.load_game(state.to_dict())
    load = (time.process_time() - start) / rounds * 1e6
    start = time.process_time()
    for _ in range(rounds):
        state.view(0)
    view = (time.process_time() - start) / rounds * 1e6
    return load, view


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--quick", action="store_true", help="100 hands each (the suite's check)")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands = 100
    print(f"random self-play, {args.hands} hands each (CPU time):")
    for players, options in [
        (6, {}),
        (2, {}),
        (8, {}),
        (6, {"wild": "jokers", "declare": "yes"}),
        (6, {"draw": "off"}),
    ]:
        rate, per_move, moves = random_hands(players, args.hands, options)
        label = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        print(
            f"  {players} players, {label:<26} {rate:>8.0f} hands/s  {per_move:6.1f} µs/move  "
            f"({moves / args.hands:.1f} moves/hand)"
        )
    load, view = snapshot_cost(6, 100 if args.quick else 2000)
    print(f"  6 players: to_dict()+load_game() {load:.0f} µs, view() {view:.0f} µs")


if __name__ == "__main__":
    main()
