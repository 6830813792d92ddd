"""Hurricane-family engine benchmark (not a test): ``python bench/hurricane_engine.py [--quick]``
(``--quick``: a tenth of a second of play and a few positions each, the suite's check).

Per preset (standard, open, pairs, hurikan): deals per second under random legal play, mean µs
per ``legal_actions()`` + ``apply()``, and the worst ``legal_actions()`` time over crowded
positions (20+ table cards) built with ``load_game``, and ``legal_actions()`` on the extreme
position (all 28 low cards on the table, a hand of kings and queens, ``trail=free``). Targets on one core: standard >= 3,000
deals/s; ``legal_actions()`` <= 1 ms on any position.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import load_game, new_game  # noqa: E402
from bot.games.hurricane.cards import NAMES  # noqa: E402

PRESETS = ("standard", "open", "pairs", "hurikan")


def random_play(preset: str, seconds: float, seed: int = 1) -> tuple[float, float]:
    """(deals per second, mean µs per legal_actions + apply) over ``seconds`` of random play.

    Time is this process's CPU time, so other work on a shared machine disturbs it less; the
    loop includes dealing new games (a Hurikan game is one deal).
    """
    rng = random.Random(seed)
    options = {"preset": preset}
    state = new_game("hurricane", seed=rng.randrange(2**31), options=options)
    deals = moves = 0
    clock = time.process_time
    start = clock()
    while clock() - start < seconds:
        for _ in range(100):
            if state.is_over:
                state = new_game("hurricane", seed=rng.randrange(2**31), options=options)
            legal = state.legal_actions()
            events = state.apply(legal[int(rng.random() * len(legal))])
            moves += 1
            for e in events:
                if e["type"] == "deal_scored":
                    deals += 1
    spent = clock() - start
    return deals / spent, spent / moves * 1e6


def crowded_position(preset: str, rng: random.Random) -> dict[str, Any]:
    """A legal-looking position with 20-28 cards on the table."""
    cards = list(NAMES)
    rng.shuffle(cards)
    players = 4 if preset == "pairs" else 2
    hand_size = 4 if preset == "pairs" else 6  # pairs: short hands leave 20+ cards for the table
    hands: list[Any] = []
    for _ in range(players):
        hand, cards = cards[:hand_size], cards[hand_size:]
        hands.append({"open": hand[:4], "down": hand[4:]} if preset == "open" else hand)
    table_size = min(rng.randint(20, 28), len(cards))
    table, rest = cards[:table_size], cards[table_size:]
    piles: list[list[str]] = [[] for _ in range(players)]
    for i, c in enumerate(rest):
        piles[i % players].append(c)
    game = "hurikan" if preset == "hurikan" else "hurricane"
    return {
        "game": game,
        "options": {"preset": preset},
        "seed": 1,
        "dealer": 1,
        "turn": 0,
        "hands": hands,
        "table": table,
        "stock": [],
        "piles": piles,
    }


def worst_legal(
    preset: str, positions: int = 300, seed: int = 2, options: dict[str, Any] | None = None
) -> tuple[float, int]:
    """(worst µs, most actions) of legal_actions() over crowded positions (best of 3 runs each)."""
    rng = random.Random(seed)
    worst = 0.0
    most = 0
    clock = time.process_time  # CPU time: a busy shared machine disturbs it less
    for _ in range(positions):
        data = crowded_position(preset, rng)
        data["options"].update(options or {})
        state = load_game(data)
        runs = []
        for _ in range(3):
            t0 = clock()
            legal = state.legal_actions()
            runs.append(clock() - t0)
        worst = max(worst, min(runs))
        most = max(most, len(legal))
    return worst * 1e6, most


def extreme_position(hand: list[str]) -> dict[str, Any]:
    """All 28 low cards (A-7) on the table, ``hand`` (J/Q/K) to play, ``trail=free``.

    Reachable: with free trailing both players can trail every card of two deals, leaving 28
    cards on the table and the last 12 in the hands. Kings and queens then have thousands of
    subset-sum captures each: the most actions of any Hurricane position we know of.
    """
    high = [n for n in NAMES if n[0] in "JQK"]
    rest = [n for n in high if n not in hand]
    return {
        "game": "hurricane",
        "options": {"preset": "standard", "trail": "free"},
        "seed": 1,
        "dealer": 1,
        "turn": 0,
        "hands": [hand, rest[:6]],
        "table": [n for n in NAMES if n[0] in "A234567"],
        "stock": [],
        "piles": [[], rest[6:]],
    }


#: Hands for ``extreme_position``: one of each high card twice, and the worst (KKKK QQ).
EXTREME_HANDS = (
    ["JH", "QH", "KH", "JD", "QD", "KD"],
    ["KH", "KD", "KC", "KS", "QH", "QD"],
)


def time_legal(data: dict[str, Any], runs: int = 15) -> tuple[float, int]:
    """(best µs of ``runs`` calls, number of actions) of legal_actions() on one position."""
    state = load_game(data)
    best = float("inf")
    count = 0
    clock = time.process_time  # CPU time: a busy shared machine disturbs it less
    for _ in range(runs):
        legal: list[Any] | None = None  # free the last list before timing: that is the caller's
        t0 = clock()
        legal = state.legal_actions()
        best = min(best, clock() - t0)
        count = len(legal)
    return best * 1e6, count


def main(seconds: float = 1.5, quick: bool = False) -> None:
    """``quick``: a short run of every section (the suite's check that the bench runs)."""
    if quick:
        seconds = 0.15
    positions = 10 if quick else 300
    print(
        f"{'preset':<10} {'deals/s':>9} {'µs/move':>8} {'worst legal µs':>15} {'max actions':>12}"
    )
    for preset in PRESETS:
        rates = [random_play(preset, seconds / 3, seed=s) for s in range(3)]
        deals = statistics.median(r[0] for r in rates)
        per_move = statistics.median(r[1] for r in rates)
        worst, most = worst_legal(preset, positions)
        print(f"{preset:<10} {deals:>9.0f} {per_move:>8.1f} {worst:>15.1f} {most:>12}")
    for label, opts in (
        ("free", {"precedence": "free"}),
        ("free+trail", {"precedence": "free", "trail": "free"}),
    ):
        worst, most = worst_legal("standard", positions, options=opts)
        print(
            f"standard, precedence={label}: worst legal_actions() {worst:.1f} µs ({most} actions)"
        )
    for hand in EXTREME_HANDS:
        best, count = time_legal(extreme_position(hand), 3 if quick else 15)
        verdict = "ok" if best <= 1000 else "OVER"
        print(
            f"extreme (28 low cards on the table, trail=free, hand {' '.join(hand)}): "
            f"legal_actions() {best:.1f} µs ({count} actions) vs 1,000 µs target: {verdict}"
        )
    print("targets: standard >= 3,000 deals/s; legal_actions() <= 1,000 µs")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
