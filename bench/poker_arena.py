"""Hurricane poker arena (not a test): chips won per hand between two levels, with a 95% interval.

``python bench/poker_arena.py --levels normal easy --players 6 --hands 2000`` (``--quick``: 10
hands, the suite's check). A level is easy, normal, hard or a rule player of
``bot.arena.poker_rules`` (``foldbet``, ``tag``, ``lp``, ``maniac``).

Duplicate format: each deal (a one-hand game from one seed, stacks at the default 100) is played
twice with the levels seated alternately (A B A B …) and then swapped, so both levels hold the same
cards from the same seats. The figure is level A's chips won per hand per seat; a pair of plays is
one sample, and the interval is mean ± 1.96 standard errors over the pairs. Players get a JSON
copy of their seat's view, exactly as in ``bot.arena``. The report also counts, per level, the
times it faced a bet and folded, and the bets and raises it made.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.arena.poker_rules import RULE_PLAYERS, rule_action  # noqa: E402
from bot.games import new_game  # noqa: E402
from bot.players import choose_action  # noqa: E402

#: per level: [bets faced, folds, bets and raises made, decisions]
Tally = dict[str, list[int]]


def play_hand(
    seed: int,
    players: int,
    seating: list[str],
    options: dict[str, Any],
    tally: Tally | None = None,
) -> list[int]:
    """One hand; the chips each seat won (negative: lost)."""
    state = new_game("hurricane_poker", seed=seed, players=players, options={**options, "hands": 1})
    start = list(state.chips)
    start = [c + k for c, k in zip(start, state.committed, strict=True)]
    moves = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = json.loads(json.dumps(state.view(seat)))
        legal = state.legal_actions(seat)
        level = seating[seat]
        if level in RULE_PLAYERS:
            action = legal[0] if len(legal) == 1 else rule_action(level, view, legal)
        else:
            action = choose_action("hurricane_poker", view, legal, level, seed=seed * 101 + moves)
        if tally is not None and view["phase"] == "bet":
            counts = tally.setdefault(level, [0, 0, 0, 0])
            counts[3] += 1
            if view["to_call"]:
                counts[0] += 1
                counts[1] += str(action) == "fold"
            counts[2] += str(action).split()[0] in ("bet", "raise")
        state.apply(action, seat)
        moves += 1
    return [end - begin for end, begin in zip(state.chips, start, strict=True)]


def duel(
    levels: tuple[str, str],
    players: int,
    hands: int,
    seed: int,
    options: dict[str, Any],
    tally: Tally | None = None,
) -> tuple[float, float, float, float]:
    """(mean chips/hand/seat for level A, interval low, interval high, CPU seconds)."""
    a, b = levels
    samples: list[float] = []
    clock = time.process_time()
    for deal in range(hands // 2):
        deal_seed = seed * 1_000_003 + deal
        value = 0.0
        for swap in (0, 1):
            seating = [(a, b)[(s + swap) % 2] for s in range(players)]
            won = play_hand(deal_seed, players, seating, options, tally)
            mine = [w for s, w in enumerate(won) if seating[s] == a]
            value += sum(mine) / len(mine)
        samples.append(value / 2)
    spent = time.process_time() - clock
    n = len(samples)
    mean = sum(samples) / n
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half, spent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--levels", nargs=2, default=["normal", "easy"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="key=value")
    parser.add_argument("--quick", action="store_true", help="10 hands (the suite's check)")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands = 10
    options: dict[str, Any] = {}
    for text in args.option:
        key, _, value = text.partition("=")
        options[key] = int(value) if value.isdigit() else value
    tally: Tally = {}
    levels = (args.levels[0], args.levels[1])
    mean, low, high, spent = duel(levels, args.players, args.hands, args.seed, options, tally)
    print(
        f"{args.levels[0]} vs {args.levels[1]}, {args.players} players, {args.hands} hands "
        f"{options or ''}: {args.levels[0]} wins {mean:+.3f} chips/hand/seat "
        f"[95% {low:+.3f}, {high:+.3f}]  ({spent:.0f} s CPU, {1000 * spent / args.hands:.1f} ms/hand)"
    )
    for level, (faced, folds, aggressive, decisions) in sorted(tally.items()):
        print(
            f"  {level}: folded {folds} of {faced} bets faced, "
            f"bet or raised {aggressive} of {decisions} betting decisions"
        )


if __name__ == "__main__":
    main()
