"""When Haggis players spend their bombs (not a test): arena games with every bomb traced.

``python bench/haggis_bombs.py --levels hard greedy --games 20 --samples 16 --seed 3``
(``--quick``: 2 games of normal v greedy, the suite's check). The games are the arena's
(``bot.arena``: mirrored deals, the same seeds and seats as ``python -m bot.arena haggis
--players 2 --levels … --mirror --samples N --no-time-cap --seed S``), so a count here goes with
that command's wins. Per level: games won, bombs played, of them the ones played on a follow
while a plain (non-bomb) follow was legal, and the ones played while every opponent still in the
round held more than ``--many`` cards (6): issue 29 found hard spending bombs early.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.arena.match import ArenaConfig, EntryStats, run_arena  # noqa: E402
from bot.players.haggis_cards import is_bomb_text  # noqa: E402


@dataclass
class BombTally:
    moves: int = 0
    bombs: int = 0
    over_follow: int = 0  # a plain follow was legal
    early: int = 0  # every opponent in the round held more than ``many`` cards
    both: int = 0


def is_plain_play(text: str) -> bool:
    return not text.startswith(("bet", "pass", "give")) and not is_bomb_text(text)


def classify_move(
    view: dict[str, Any], legal: list[Any], action: Any, many: int
) -> tuple[bool, bool, bool]:
    """(a bomb, played over a legal plain follow, played while the opponents held > ``many``)."""
    text = str(action)
    if not is_bomb_text(text):
        return False, False, False
    following = bool(view.get("top"))
    over_follow = following and any(is_plain_play(str(a)) for a in legal)
    seat = int(view["seat"])
    sizes = list(view.get("hand_sizes") or ())
    out = set(view.get("out") or ())
    others = [n for s, n in enumerate(sizes) if s != seat and s not in out and n > 0]
    early = bool(others) and min(others) > many
    return True, over_follow, early


def trace(config: ArenaConfig, many: int = 6) -> tuple[list[EntryStats], dict[str, BombTally]]:
    tallies = {level: BombTally() for level in config.levels}

    def observe(
        game: int, seat: int, level: str, view: dict[str, Any], legal: list[Any], action: Any
    ) -> None:
        tally = tallies[level]
        tally.moves += 1
        bomb, over_follow, early = classify_move(view, legal, action, many)
        tally.bombs += bomb
        tally.over_follow += over_follow
        tally.early += early
        tally.both += over_follow and early

    def progress(done: int, stats: list[EntryStats]) -> None:
        wins = ", ".join(f"{s.level} {s.wins}" for s in stats)
        bombs = ", ".join(f"{k} {t.bombs}/{t.over_follow}/{t.early}" for k, t in tallies.items())
        print(f"  game {done}: wins {wins}; bombs/over follow/early {bombs}", file=sys.stderr)
        sys.stderr.flush()

    stats = run_arena(config, progress, observer=observe)
    return stats, tallies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", nargs="+", default=["hard", "greedy"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--many", type=int, default=6)
    parser.add_argument(
        "--quick", action="store_true", help="2 games of normal v greedy (the suite's check)"
    )
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    games, samples = args.games, args.samples
    levels = tuple(args.levels)
    if args.quick:
        games, samples, levels = 2, 2, ("normal", "greedy")
    config = ArenaConfig(
        game="haggis",
        levels=levels,
        games=games,
        seed=args.seed,
        players=args.players,
        options=options,
        samples=samples,
        no_time_cap=True,
        mirror=True,
    )
    start = time.process_time()
    stats, tallies = trace(config, args.many)
    print(
        f"haggis {args.players}p, {games} mirrored games, seed {args.seed}, {samples} samples, "
        f"{time.process_time() - start:.0f} s CPU"
    )
    print(
        f"{'level':<8} {'wins':>5} {'moves':>6} {'bombs':>6} {'over follow':>12} "
        f"{f'opp > {args.many}':>10} {'both':>5}"
    )
    seen: set[str] = set()
    for s in stats:
        if s.level in seen:
            continue
        seen.add(s.level)
        t = tallies[s.level]
        print(
            f"{s.level:<8} {s.wins:>5} {t.moves:>6} {t.bombs:>6} {t.over_follow:>12} "
            f"{t.early:>10} {t.both:>5}"
        )
    print("bombs: over follow = a plain follow was legal; opp > N = opponents held more than N")
    return 0


if __name__ == "__main__":
    sys.exit(main())
