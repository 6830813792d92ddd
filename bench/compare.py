"""Random self-play speed of every game, this tree against another git revision, side by side
(not a test): ``python bench/compare.py [REV] [--rounds N]`` (default REV: ``main``).

The revision is checked out with ``git worktree add --detach`` under /tmp (removed afterwards);
each tree is imported in its own subprocess, and the two alternate run by run so that a busy
shared machine slows both alike. Time is CPU time (``time.process_time``) of a fixed workload:
the same seeded games in both trees, each move a ``view`` of the mover, ``legal_actions`` and
``apply`` of a random legal action, and a ``to_dict`` snapshot after every scored deal/round
(what the table layer does; ``--bare``: ``legal_actions`` and ``apply`` only). Prints per game the best time of each tree and the ratio
old / new (above 1: this tree is faster).

``--quick`` (the suite's check that the bench runs): this tree against itself (no checkout), one
run of one game of Hurricane and of 3-player Haggis.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (label, game, players, options, games played per run)
WORKLOADS: list[tuple[str, str, int | None, dict[str, str], int]] = [
    ("hurricane standard", "hurricane", None, {"preset": "standard"}, 60),
    ("hurricane open", "hurricane", None, {"preset": "open"}, 60),
    ("hurricane pairs", "hurricane", None, {"preset": "pairs"}, 60),
    ("hurikan", "hurikan", None, {}, 700),
    ("haggis 2p", "haggis", 2, {"target": "250"}, 16),
    ("haggis 3p", "haggis", 3, {"target": "250"}, 8),
]

WORKER = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
import bot.games
from bot.games import new_game
assert bot.games.__file__.startswith(sys.argv[1]), bot.games.__file__  # the tree asked for
label, name, players, options, games = json.loads(sys.argv[2])
bare = sys.argv[3] == "bare"
SCORED = ("deal_scored", "round_scored")

def run():
    moves = 0
    for g in range(games):
        rng = random.Random(g)
        state = new_game(name, seed=1000 + g, players=players, options=options)
        while not state.is_over:
            seat = state.current_player
            if not bare:
                state.view(seat)
            legal = state.legal_actions()
            events = state.apply(legal[int(rng.random() * len(legal))])
            moves += 1
            if not bare and any(e["type"] in SCORED for e in events):
                state.to_dict()
    return moves

run()  # warm caches and imports
start = time.process_time()
moves = run()
print(json.dumps({"seconds": time.process_time() - start, "moves": moves}))
"""


def measure(tree: Path, workload: tuple[object, ...], bare: bool) -> tuple[float, int]:
    out = subprocess.run(
        [sys.executable, "-c", WORKER, str(tree), json.dumps(workload), "bare" if bare else "full"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    data = json.loads(out)
    return float(data["seconds"]), int(data["moves"])


def compare(
    old: Path, rev: str, workloads: list[tuple[object, ...]], rounds: int, bare: bool
) -> None:
    """Each workload in the ``old`` tree and in this one, alternately, ``rounds`` times."""
    print(f"this tree vs {rev} — best CPU seconds of {rounds} runs each")
    print(f"{'game':20} {'moves':>7} {'old s':>8} {'new s':>8} {'old/new':>8}")
    for workload in workloads:
        olds: list[float] = []
        news: list[float] = []
        moves = 0
        for _ in range(rounds):
            olds.append(measure(old, workload, bare)[0])
            seconds, moves = measure(ROOT, workload, bare)
            news.append(seconds)
        o, n = min(olds), min(news)
        ratio = f"{o / n:7.2f}×" if n > 0 else "    n/a"
        print(f"{workload[0]:20} {moves:7d} {o:8.3f} {n:8.3f} {ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rev", nargs="?", default="main", help="git revision to compare against")
    parser.add_argument("--rounds", type=int, default=3, help="runs per tree (best is kept)")
    parser.add_argument("--only", default="", help="only the games whose label contains this")
    parser.add_argument(
        "--bare", action="store_true", help="legal_actions + apply only (no view, no snapshot)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="this tree against itself, one game each (check)"
    )
    args = parser.parse_args()
    if args.quick:
        workloads = [(*w[:4], 1) for w in WORKLOADS if w[0] in ("hurricane standard", "haggis 3p")]
        compare(ROOT, "this tree", workloads, 1, args.bare)
        return
    with tempfile.TemporaryDirectory(prefix="bench-compare-") as tmp:
        old = Path(tmp) / "old"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(old), args.rev],
            check=True,
        )
        try:
            workloads = [w for w in WORKLOADS if args.only in w[0]]
            compare(old, args.rev, workloads, args.rounds, args.bare)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=True
            )


if __name__ == "__main__":
    main()
