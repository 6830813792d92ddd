"""``python -m bot analyse GAME_ID``: the analysis of a finished game, printed.

It reads the game's move log from the bot's database (``DATABASE_URL``, or the SQLite file at
``DATABASE_PATH``; ``Storage.game_log``), rebuilds the game as dealt (``bot.tables.replay``),
analyses every move a person chose (``bot.analysis.analyse_game``: what expert would have played
from that player's view, what the move cost, its mark) and prints a line per move and each
player's accuracy, in the terminal's language (``--lang``, else ``LC_ALL``/``LC_MESSAGES``/
``LANG``). Nothing is written to the database. Exit status: 0 done, 1 no such game (or it does
not replay), 2 the database could not be read."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TYPE_CHECKING

from bot.i18n import LANGUAGES, _, using

if TYPE_CHECKING:
    from storage.models import GameLog


DESCRIPTION = (
    "Analyse a finished game move by move: for each move a person chose, the move expert would "
    "have played from that player's view, what the move cost and whether it was a mistake; "
    "each player's accuracy. The game is read from the bot's database (DATABASE_URL, or the "
    "SQLite file at DATABASE_PATH)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game_id", metavar="GAME_ID", help="the game's id (as /history shows it)")
    parser.add_argument(
        "--samples", type=int, default=None, help="worlds per move (default: the game's own)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the analysis's seed (default 0)")
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help="ru or en (default: from LC_ALL, LC_MESSAGES or LANG; English otherwise)",
    )


def human_moves(log: GameLog) -> list[tuple[int, str, bool]]:
    """(seat, action, chosen by a person) of every logged move: a person's seat and a move not
    made for them (a timeout's or a computer's move is replayed, not judged)."""
    bots = {s.seat for s in log.seats if s.is_bot}
    return [
        (m.seat, m.action, m.seat not in bots and m.source in (None, "human")) for m in log.actions
    ]


async def _read(game_id: str) -> GameLog | None:
    from bot.config import Config
    from storage import create_storage

    config = Config.from_env()
    store = create_storage(database_url=config.database_url, database_path=config.database_path)
    await store.open()
    try:
        return await store.game_log(game_id)
    finally:
        await store.close()


def main(args: argparse.Namespace) -> int:
    from bot.terminal import environment_language

    with using(args.lang or environment_language()):
        return _main(args)


def _main(args: argparse.Namespace) -> int:
    from bot.analysis import AnalysedMove, analyse_game
    from bot.config import ConfigError
    from bot.games import IllegalAction
    from bot.render.analysis import analysis_lines
    from bot.render.table import game_name
    from bot.tables.replay import ReplayUnavailable, start_state
    from storage import StorageError

    try:
        log = asyncio.run(_read(args.game_id))
    except (ConfigError, StorageError) as exc:
        print(_("Cannot read the database: {reason}").format(reason=exc), file=sys.stderr)
        return 2
    if log is None:
        print(_("No finished game {game_id} is stored.").format(game_id=args.game_id))
        return 1
    try:
        start = start_state(log)
        moves = [AnalysedMove(seat, action, human) for seat, action, human in human_moves(log)]
        analysis = analyse_game(
            start, moves, game_id=log.game_id, samples=args.samples, seed=args.seed
        )
    except (ReplayUnavailable, IllegalAction, ValueError) as exc:
        print(_("This game cannot be analysed: {reason}").format(reason=exc), file=sys.stderr)
        return 1
    names = [_("Seat {number}").format(number=s) for s in range(start.num_players)]
    for seat in log.seats:
        if 0 <= seat.seat < len(names):
            names[seat.seat] = seat.name
    print(f"=== {game_name(log.game)} — {log.game_id}")
    for line in analysis_lines(analysis, names):
        print(line)
    return 0
