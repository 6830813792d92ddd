"""Haggis engine benchmark (not a test): ``python bench/haggis_engine.py [--quick]`` or via
bench/engine.py (``--quick``: a few rounds and deals, the check the test suite runs).

Prints, on one core, in CPU time (``time.process_time``): random 2- and 3-player rounds per second and mean µs per move
(``legal_actions()`` + ``apply()``), the worst ``legal_actions()`` time for a lead from a full
17-card hand, and the time to validate one chosen play. Targets: lead ≤ 20 ms, validation
≤ 0.2 ms, ≥ 200 random 2-player rounds/s.
"""

from __future__ import annotations

import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import haggis  # noqa: E402
from bot.games.haggis import PlayAction  # noqa: E402


def random_rounds(players: int, rounds: int, seed: int = 1) -> tuple[float, float, int]:
    """Random legal play until ``rounds`` rounds are scored: (rounds/s, µs per move, moves)."""
    rng = random.Random(seed)
    state = haggis.new_game(seed=seed, players=players, options={"target": 350})
    done = moves = 0
    start = time.process_time()
    while done < rounds:
        if state.is_over:
            state = haggis.new_game(seed=rng.randrange(1 << 30), players=players)
        events = state.apply(rng.choice(state.legal_actions()))
        moves += 1
        done += sum(1 for e in events if e["type"] == "round_scored")
    elapsed = time.process_time() - start
    return done / elapsed, elapsed / moves * 1e6, moves


def full_hand_leads(players: int, deals: int) -> tuple[float, float, float, int]:
    """legal_actions() for the first lead of fresh deals: (worst ms on the hardest hand, best of
    3 runs so that a scheduler or collector pause is not taken for the hand's cost; worst single
    run ms; mean ms; most actions). Each run asks a fresh copy of the deal: a state keeps its
    seat's last leads, so asking the same state again would time that cache, not the hand."""
    worst = worst_single = total = 0.0
    most = 0
    for seed in range(deals):
        runs = []
        for _ in range(3):
            state = haggis.new_game(seed=seed, players=players)
            start = time.process_time()
            actions = state.legal_actions()
            runs.append(time.process_time() - start)
        worst = max(worst, min(runs))
        worst_single = max(worst_single, runs[0])
        total += runs[0]
        most = max(most, len(actions))
    return worst * 1e3, worst_single * 1e3, total / deals * 1e3, most


def validate_one(players: int, deals: int) -> tuple[float, float, float]:
    """Validate one chosen play (parse the text + check it) on full-hand leads and on follows:
    (mean, 99th percentile, worst) in ms. The garbage of the enumeration used to pick the plays
    is collected first, so a collector pause it caused is not charged to validation."""
    rng = random.Random(7)
    times: list[float] = []
    for seed in range(deals):
        state = haggis.new_game(seed=seed, players=players)
        texts = [str(a) for a in state.legal_actions() if isinstance(a, PlayAction)]
        gc.collect()
        for text in rng.sample(texts, min(20, len(texts))):
            start = time.process_time()
            state.validate(text)
            times.append(time.process_time() - start)
        state.apply(rng.choice(texts))
        follows = [str(a) for a in state.legal_actions() if isinstance(a, PlayAction)]
        gc.collect()
        for text in follows[:20]:
            start = time.process_time()
            state.validate(text)
            times.append(time.process_time() - start)
    times.sort()
    p99 = times[int(len(times) * 0.99)]
    return sum(times) / len(times) * 1e3, p99 * 1e3, times[-1] * 1e3


def main(quick: bool = False) -> None:
    """``quick``: a few rounds and deals (the suite's check that the bench runs)."""
    for players in (2, 3):
        rounds = (10 if quick else 200) if players == 2 else (5 if quick else 120)
        rate, per_move, moves = random_rounds(players, rounds)
        worst, single, mean, most = full_hand_leads(players, 5 if quick else 150)
        v_mean, v_p99, v_worst = validate_one(players, 3 if quick else 40)
        print(
            f"Haggis {players}p: {rate:7.0f} random rounds/s, {per_move:6.1f} µs/move "
            f"({moves} moves)"
        )
        print(
            f"  full 17-card lead legal_actions(): worst hand {worst:.2f} ms (best of 3), "
            f"worst single run {single:.2f} ms, mean {mean:.2f} ms, up to {most} actions "
            "(target ≤ 20 ms)"
        )
        print(
            f"  validate one chosen play: mean {v_mean * 1000:.1f} µs, p99 {v_p99 * 1000:.1f} µs, "
            f"worst {v_worst * 1000:.1f} µs (target ≤ 200 µs)"
        )
    print("  targets: ≥ 200 random 2-player rounds/s")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
