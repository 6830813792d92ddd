"""Haggis levels against a baseline on the same deals, paired (not a test).

``nice -n 10 python bench/haggis_paired.py --against greedy --deals 100 --samples 16 --seed 1``
(``--quick``: 1 deal of normal and easy, the suite's check). A *deal* is the first round of a 2-player
game to the usual target (250), dealt from the seed as the arena deals its games (``seed ×
100 003 + deal``); it is played twice per tested level, once from each seat, against the
baseline (``greedy``, ``easy`` or ``normal``), so each tested level meets the same cards in the
same seats: 2 × ``--deals`` rounds each. A round is won by the seat that scored more in it (a
tie counts half). Reported per level: rounds won with the 95% Wilson interval, the mean margin
(its points less the baseline's); then the pairs — rounds (deal and seat) that hard lost and
normal won against those hard won and normal lost (a sign test: hard is behind when the first
count is the larger beyond chance), and the mean paired margin hard less normal with its 95%
interval. Hard and expert search ``--samples`` per move, the baseline too when it is one of
them (``--levels expert --against hard``). ``--save FILE`` keeps every round's margin (JSON).
``--trace FILE`` writes every hard move that differs from normal's (from the same view,
normal's own seed) as JSON lines, with the round, seat, hand sizes and the round's outcome, to
read what the differences cost.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.arena.greedy import greedy_action  # noqa: E402
from bot.arena.match import wilson_interval  # noqa: E402
from bot.games import new_game  # noqa: E402
from bot.players import SearchLimits, choose_action  # noqa: E402
from bot.players.game_policies import search_profile  # noqa: E402
from bot.players.haggis_cards import is_bomb_text  # noqa: E402


def play_round(
    seed: int,
    levels: tuple[str, str],
    limits: SearchLimits,
    trace: list[dict[str, Any]] | None = None,
) -> list[int]:
    """Play the first round of the game dealt from ``seed``, seat i played by ``levels[i]``; the
    round's points per seat. ``trace`` collects hard's moves that differ from normal's."""
    state = new_game("haggis", seed=seed, players=2)
    moves = 0
    while not state.is_over:
        seat = state.current_player
        if seat is None:
            raise RuntimeError("no player to move")
        view = json.loads(json.dumps(state.view(seat)))
        legal = state.legal_actions(seat)
        level = levels[seat]
        move_seed = seed * 7919 + moves
        if len(legal) == 1:
            action = legal[0]
        elif level == "greedy":
            action = greedy_action("haggis", view, legal)
        else:
            action = choose_action(
                "haggis",
                view,
                legal,
                level,
                seed=move_seed,
                limits=limits,  # only the searching levels (hard, expert) read it
            )
        if trace is not None and level == "hard" and len(legal) > 1:
            normal = choose_action("haggis", view, legal, "normal", seed=move_seed)
            if str(normal) != str(action):
                trace.append(
                    {
                        "move": moves,
                        "seat": seat,
                        "hard": str(action),
                        "normal": str(normal),
                        "bomb": is_bomb_text(str(action)),
                        "lead": not view.get("top"),
                        "sizes": view.get("hand_sizes"),
                        "hand": view.get("hand"),
                        "top": (view.get("top") or {}).get("play")
                        if isinstance(view.get("top"), dict)
                        else None,
                    }
                )
        events = state.apply(action, seat)
        moves += 1
        for event in events:
            if event["type"] == "round_scored":
                return [int(p) for p in event["points"]]
    raise RuntimeError("the game ended without a round scored")


def sign_test(a: int, b: int) -> float:
    """Two-sided exact sign-test p-value of ``a`` against ``b`` discordant pairs."""
    n = a + b
    if n == 0:
        return 1.0
    k = min(a, b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", nargs="+", default=["hard", "normal"])
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--trace", type=Path)
    parser.add_argument(
        "--switch-z", type=float, help="hard's switch_z for this run (default: the profile's)"
    )
    parser.add_argument("--save", type=Path, help="write every round's margin as JSON")
    parser.add_argument("--quick", action="store_true", help="1 deal, normal and easy")
    args = parser.parse_args(argv)
    deals, samples = (1, 2) if args.quick else (args.deals, args.samples)
    levels = ["normal", "easy"] if args.quick else list(args.levels)
    if args.switch_z is not None:
        import bot.players.haggis_search as haggis_search

        haggis_search.PROFILE = replace(haggis_search.PROFILE, switch_z=args.switch_z)
    switch_z = search_profile("haggis").switch_z
    limits = SearchLimits(samples=samples, time_cap=None)
    # margins[level][(deal, seat)] = the level's points less the baseline's in that round
    margins: dict[str, dict[tuple[int, int], int]] = {lv: {} for lv in levels}
    cpu = dict.fromkeys(levels, 0.0)
    out = args.trace.open("w") if args.trace else None
    for deal in range(deals):
        seed = args.seed * 100_003 + deal
        for level in levels:
            for seat in (0, 1):
                pair: tuple[str, str] = (
                    (level, args.against) if seat == 0 else (args.against, level)
                )
                trace: list[dict[str, Any]] | None = [] if out and level == "hard" else None
                start = time.process_time()
                points = play_round(seed, pair, limits, trace)
                cpu[level] += time.process_time() - start
                margin = points[seat] - points[1 - seat]
                margins[level][(deal, seat)] = margin
                if out and trace:
                    for row in trace:
                        row.update(deal=deal, round_seed=seed, margin=margin)
                        out.write(json.dumps(row) + "\n")
                    out.flush()
        line = ", ".join(
            f"{lv} {sum((m > 0) + 0.5 * (m == 0) for m in margins[lv].values()):g}" for lv in levels
        )
        print(f"  deal {deal + 1}: rounds won {line}", file=sys.stderr, flush=True)
    if out:
        out.close()
    if args.save:
        rows = {lv: {f"{d}/{s}": m for (d, s), m in margins[lv].items()} for lv in levels}
        args.save.write_text(json.dumps({"seed": args.seed, "against": args.against, **rows}))
    print(
        f"haggis 2p first rounds v {args.against}: {deals} deals x 2 seats, seed {args.seed}, "
        f"hard and expert {samples} samples (no time cap), hard's switch_z {switch_z:g}"
    )
    for level in levels:
        values = list(margins[level].values())
        n = len(values)
        won = sum(m > 0 for m in values) + 0.5 * sum(m == 0 for m in values)
        low, high = wilson_interval(won, n)
        mean = sum(values) / n
        print(
            f"{level:<7} won {won:g}/{n} = {100 * won / n:.1f}% [{100 * low:.1f}%, "
            f"{100 * high:.1f}%]  mean margin {mean:+.1f}  CPU {cpu[level]:.0f} s"
        )
    if len(levels) >= 2:
        a, b = levels[0], levels[1]
        keys = sorted(margins[a])
        a_only = sum(margins[a][k] <= 0 < margins[b][k] for k in keys)
        b_only = sum(margins[b][k] <= 0 < margins[a][k] for k in keys)
        diffs = [margins[a][k] - margins[b][k] for k in keys]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(var / n)
        print(
            f"paired: {a} lost where {b} won {a_only}, the reverse {b_only} "
            f"(sign test p = {sign_test(a_only, b_only):.3f}); "
            f"margin {a} less {b} {mean:+.1f} ± {half:.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
