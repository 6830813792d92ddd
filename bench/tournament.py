"""Tournament pairing cost (not a test): ``python bench/tournament.py [players] [rounds]``
(``--quick``: 100 players, 3 rounds, the suite's check).

A Swiss of 1,000 entrants (random ratings and results, fixed seed) paired round after round, the
worst round's CPU time (``time.process_time``) against the 100 ms target; then an Arena pool of
the same size paired from scratch and after a wave of results, and multi-seat tables seated.
"""

from __future__ import annotations

import random
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.tournaments.arena import Arena, Outcome  # noqa: E402
from bot.tournaments.multiseat import MultiSeatStandings, first_round, seat_round  # noqa: E402
from bot.tournaments.swiss import Game, History, pair_round  # noqa: E402

TARGET_MS = 100.0


def swiss(players: int, rounds: int, seed: int = 1) -> list[float]:
    """CPU milliseconds of each round's pairing."""
    rng = random.Random(seed)
    ratings = {f"p{i}": float(rng.randint(1000, 2500)) for i in range(players)}
    h = History()
    out = []
    for _ in range(rounds):
        t = time.process_time()
        p = pair_round(ratings, h)
        out.append((time.process_time() - t) * 1000)
        for a, b in p.pairs:
            h.games.append(Game(a, b, Fraction(rng.choice((0, 1, 2)), 2)))
        if p.bye:
            h.byes.append(p.bye)
    return out


def arena(players: int, waves: int, seed: int = 1) -> list[float]:
    rng = random.Random(seed)
    a = Arena()
    for i in range(players):
        a.join(f"p{i}", rng.randint(1000, 2500))
    out = []
    for _ in range(waves):
        t = time.process_time()
        pairs = a.pair(0, 3600, 300)
        out.append((time.process_time() - t) * 1000)
        for x, y in pairs:
            a.finish(x, y, rng.choice(list(Outcome)))
    return out


def multiseat(players: int, rounds: int, seed: int = 1) -> list[float]:
    rng = random.Random(seed)
    ratings = {f"p{i}": float(rng.randint(1000, 2500)) for i in range(players)}
    st = MultiSeatStandings(dict(ratings))
    order = first_round(ratings)
    out = []
    for _ in range(rounds):
        t = time.process_time()
        tables, _ = seat_round(order, 2, 8)
        out.append((time.process_time() - t) * 1000)
        for seats in tables:
            st.record_table(seats, rng.sample(range(1, len(seats) + 1), len(seats)))
        order = st.ranked()
    return out


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    args = [int(a) for a in argv if not a.startswith("--")]
    players = args[0] if args else (100 if quick else 1000)
    rounds = args[1] if len(args) > 1 else (3 if quick else 9)
    s = swiss(players, rounds)
    worst = max(s)
    verdict = "ok" if worst <= TARGET_MS else "OVER"
    print(
        f"swiss {players} entrants x {rounds} rounds: worst round {worst:.1f} ms CPU, "
        f"mean {sum(s) / len(s):.1f} ms (target {TARGET_MS:.0f} ms: {verdict})"
    )
    ar = arena(players, rounds)
    print(f"arena {players} entrants x {rounds} waves: worst wave {max(ar):.1f} ms CPU")
    ms = multiseat(players, rounds)
    print(f"multi-seat {players} entrants x {rounds} rounds: worst seating {max(ms):.1f} ms CPU")


if __name__ == "__main__":
    main(sys.argv[1:])
