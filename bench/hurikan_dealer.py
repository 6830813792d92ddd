"""Hurikan hard as dealer and as non-dealer (not a test): where it leaves normal's move, and
whether that pays.

``python bench/hurikan_dealer.py --deals 50 --samples 300 --seed 2`` (``--quick``: 1 deal at
5 samples, the suite's check). Each deal is played twice with hard and normal swapped (the
arena's mirrored games). At every hard move the trace notes whether hard plays another move than
normal would (by card values: suits never matter in Hurikan), and scores both moves with an
oracle that knows the opponent's real hand (the stock still shuffled): ``--oracle`` rollouts of
each, paired, valued as the search values a deal. The report splits hard's moves by its side
(dealer or non-dealer) and by packet (1-3 of six cards, 4 the last two): moves, moves that leave
normal's, and the oracle's mean gain of those over normal's move (negative: a misplay).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import determinise, new_game  # noqa: E402
from bot.players import SearchLimits, choose_action  # noqa: E402
from bot.players.hard import rollout  # noqa: E402
from bot.players.hurikan_normal import normal_text  # noqa: E402
from bot.players.hurricane_cards import VALUE, parse_play  # noqa: E402
from bot.players.hurricane_search import profile  # noqa: E402


def signature(text: str) -> tuple[tuple[int, ...], int]:
    play = parse_play(text)
    return tuple(sorted(VALUE[c] for c in play.played)), VALUE[play.taken[0]] if play.taken else 0


def packet_of(view: dict[str, Any]) -> int:
    """1-3: the packets of six cards; 4: the last two (K-4)."""
    return {28: 1, 16: 2, 4: 3}.get(int(view.get("stock_count") or 0), 4)


class Cell:
    def __init__(self) -> None:
        self.moves = 0
        self.deviations = 0
        self.gain = 0.0
        self.square = 0.0

    def add(self, gain: float | None) -> None:
        self.moves += 1
        if gain is not None:
            self.deviations += 1
            self.gain += gain
            self.square += gain * gain

    def line(self) -> str:
        n = self.deviations
        if not n:
            return f"{self.moves:>6} {0:>6} {'':>22}"
        mean = self.gain / n
        var = max(0.0, (self.square - n * mean * mean) / (n - 1)) if n > 1 else 0.0
        half = 1.96 * math.sqrt(var / n)
        return f"{self.moves:>6} {n:>6} {mean:>+9.3f} ± {half:.3f} {self.gain:>+8.2f}"


def oracle_gain(
    state: Any, seat: int, mine: str, theirs: str, rollouts: int, rng: random.Random
) -> float:
    """Mean paired value of ``mine`` less ``theirs`` in worlds holding the opponent's real hand."""
    prof = profile("hurikan")
    view = state.view(seat)
    hands = {1 - seat: list(state.view(1 - seat)["hand"])}
    total = 0.0
    for _ in range(rollouts):
        world = determinise("hurikan", view, rng, hands=hands)
        rseed = rng.getrandbits(64)
        values = []
        for text in (mine, theirs):
            s = world.clone()
            events = s.apply(text, seat)
            values.append(rollout(prof, s, events, seat, random.Random(rseed)))
        total += values[0] - values[1]
    return total / rollouts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--oracle", type=int, default=200, help="oracle rollouts per deviation")
    parser.add_argument("--quick", action="store_true", help="1 deal at 5 samples")
    parser.add_argument("--level", default="hard", help="the searching level (hard, expert)")
    args = parser.parse_args(argv)
    deals, samples, oracle = args.deals, args.samples, args.oracle
    if args.quick:
        deals, samples, oracle = 1, 5, 5
    limits = SearchLimits(samples=samples, time_cap=None)
    cells: dict[tuple[bool, int], Cell] = defaultdict(Cell)
    results: dict[bool, list[int]] = {True: [0, 0, 0], False: [0, 0, 0]}  # won, drawn, lost
    rng = random.Random(args.seed)
    start = time.process_time()
    for deal in range(deals):
        seed = args.seed * 100_003 + deal  # the arena's deal seeds
        for hard_seat in (0, 1):
            state = new_game("hurikan", seed=seed)
            dealer = int(state.view(0)["dealer"])
            moves = 0
            while not state.is_over:
                seat = state.current_player
                if seat is None:
                    break
                view = json.loads(json.dumps(state.view(seat)))
                legal = state.legal_actions(seat)
                level = args.level if seat == hard_seat else "normal"
                action = choose_action(
                    "hurikan", view, legal, level, seed=seed * 7919 + moves, limits=limits
                )
                if seat == hard_seat and len(legal) > 1:
                    mine = str(action)
                    theirs = normal_text(view, random.Random(seed * 7919 + moves))
                    gain = None
                    if signature(mine) != signature(theirs):
                        gain = oracle_gain(state, seat, mine, theirs, oracle, rng)
                    cells[(seat == dealer, packet_of(view))].add(gain)
                state.apply(action, seat)
                moves += 1
            winner = state.result()["winner"]
            outcome = 1 if winner is None else 0 if winner == hard_seat else 2
            results[hard_seat == dealer][outcome] += 1
    print(
        f"hurikan {args.level} v normal: {deals} deals × 2, seed {args.seed}, {samples} samples, "
        f"oracle {oracle} rollouts, {time.process_time() - start:.0f} s CPU"
    )
    for is_dealer in (True, False):
        won, drawn, lost = results[is_dealer]
        print(
            f"as {'dealer' if is_dealer else 'non-dealer'}: won {won}, drawn {drawn}, lost {lost}"
        )
    print(
        f"{'side':<11} {'packet':>6} {'moves':>6} {'leave':>6} {'oracle gain/leave':>17} {'sum':>8}"
    )
    for is_dealer in (True, False):
        for packet in (1, 2, 3, 4):
            cell = cells.get((is_dealer, packet))
            if cell is None:
                continue
            side = "dealer" if is_dealer else "non-dealer"
            print(f"{side:<11} {packet:>6} {cell.line()}")
    print("leave: moves unlike normal's (by values); gain: oracle value of hard's less normal's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
