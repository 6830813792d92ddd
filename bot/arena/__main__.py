"""``python -m bot.arena GAME --levels A B [C] --games N --seed S [--preset P] [--time-budget T]
[--mirror] [--first-game K]``; a level may be the fixed baseline ``greedy`` or, in Hurricane
poker, a rule player (``foldbet``, ``tag``, ``lp``, ``maniac``: ``bot.arena.poker_rules``)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .match import ArenaConfig, format_table, run_arena


def _option(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"options look like key=value, not {text!r}")
    return key, int(value) if value.isdigit() else value


def parse_args(argv: list[str]) -> ArenaConfig:
    parser = argparse.ArgumentParser(
        prog="python -m bot.arena", description="Seeded games between computer-player levels."
    )
    parser.add_argument("game", choices=["hurricane", "hurikan", "haggis", "hurricane_poker"])
    parser.add_argument("--preset", help="Hurricane preset: standard, open or pairs")
    parser.add_argument("--players", type=int, help="Haggis: 2 or 3 players; poker: 2 to 8")
    parser.add_argument(
        "--levels",
        nargs="+",
        default=["normal", "easy"],
        help="one per side: easy, normal, hard, expert, the fixed baseline greedy or a poker rule player",
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--first-game",
        type=int,
        default=0,
        help="skip the run's first FIRST_GAME games and play the rest on the same deals: "
        "split a run over cores, or finish a stopped one",
    )
    parser.add_argument(
        "--time-budget",
        type=float,
        help="hard: budget per move, seconds (default 1.0: 0.65 s planned, never over 0.75 s)",
    )
    parser.add_argument(
        "--samples", type=int, help="hard: determinisations per move; expert: iterations"
    )
    parser.add_argument(
        "--expert-samples", type=int, help="expert: iterations per move (default: --samples)"
    )
    parser.add_argument(
        "--no-time-cap", action="store_true", help="hard, expert: decide by samples only"
    )
    parser.add_argument("--option", type=_option, action="append", default=[], help="key=value")
    parser.add_argument(
        "--mirror", action="store_true", help="play each deal once per seat rotation"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    options = dict(args.option)
    if args.preset:
        options["preset"] = args.preset
    return ArenaConfig(
        game=args.game,
        levels=tuple(args.levels),
        games=args.games,
        seed=args.seed,
        players=args.players,
        options=options,
        time_budget=args.time_budget,
        samples=args.samples,
        expert_samples=args.expert_samples,
        no_time_cap=args.no_time_cap,
        mirror=args.mirror,
        first_game=args.first_game,
    )


def main(argv: list[str] | None = None) -> int:
    config = parse_args(sys.argv[1:] if argv is None else argv)
    step = max(1, config.games // 10)

    def progress(done: int, stats: list) -> None:
        if not quiet and (done % step == 0 or done == config.games):
            print(
                f"  {done}/{config.games}: " + ", ".join(f"{s.level} {s.wins}" for s in stats),
                file=sys.stderr,
                flush=True,
            )

    quiet = "--quiet" in (argv or sys.argv[1:])
    try:
        stats = run_arena(config, progress)
    except ValueError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    print(format_table(config, stats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
