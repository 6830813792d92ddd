"""``python -m bot analyse GAME_ID``: the analysis of a finished game, printed.

It reads the game's move log from the bot's database (``DATABASE_URL``, or the SQLite file at
``DATABASE_PATH``; ``Storage.game_log``), rebuilds the game as dealt (``bot.tables.replay``),
analyses every move a person chose (``bot.analysis.analyse_game``: what expert would have played
from that player's view, what the move cost, its mark) and prints a line per move and each
player's accuracy, in the terminal's language (``--lang``, else ``LC_ALL``/``LC_MESSAGES``/
``LANG``). The analysis the bot stored after the game is printed when there is one of this
version (``--samples``, ``--seed`` or ``--fresh`` analyse anew). Nothing is written to the
database. Exit status: 0 done, 1 no such game (or it does
not replay), 2 the database could not be read."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TYPE_CHECKING

from bot.i18n import LANGUAGES, _, using

if TYPE_CHECKING:
    from bot.analysis import GameAnalysis
    from storage.models import AnalysisRecord, GameLog


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
    parser.add_argument("--seed", type=int, default=None, help="the analysis's seed (default 0)")
    parser.add_argument(
        "--fresh", action="store_true", help="analyse anew even when the bot stored an analysis"
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help="ru or en (default: from LC_ALL, LC_MESSAGES or LANG; English otherwise)",
    )


async def _read(game_id: str) -> tuple[GameLog | None, AnalysisRecord | None]:
    from bot.config import Config
    from storage import create_storage

    config = Config.from_env()
    store = create_storage(database_url=config.database_url, database_path=config.database_path)
    await store.open()
    try:
        return await store.game_log(game_id), await store.load_analysis(game_id)
    finally:
        await store.close()


def main(args: argparse.Namespace) -> int:
    from bot.terminal import environment_language

    with using(args.lang or environment_language()):
        return _main(args)


def _main(args: argparse.Namespace) -> int:
    from bot.config import ConfigError
    from bot.render.analysis import analysis_lines
    from bot.render.table import game_name
    from storage import StorageError

    try:
        log, record = asyncio.run(_read(args.game_id))
    except (ConfigError, StorageError) as exc:
        print(_("Cannot read the database: {reason}").format(reason=exc), file=sys.stderr)
        return 2
    if log is None:
        print(_("No finished game {game_id} is stored.").format(game_id=args.game_id))
        return 1
    fresh = args.fresh or args.samples is not None or args.seed is not None
    stored = None if fresh else _stored(record)
    analysis = stored or _analyse(log, args.samples, args.seed or 0)
    if analysis is None:
        return 1
    names = [_("seat {number}").format(number=s + 1) for s in range(log.players)]
    for seat in log.seats:
        if 0 <= seat.seat < len(names):
            names[seat.seat] = seat.name
    print(f"=== {game_name(log.game)} — {log.game_id}")
    if stored is not None:
        print(_("The analysis the bot made after the game (--fresh analyses anew)."))
    for line in analysis_lines(analysis, names):
        print(line)
    return 0


def _stored(record: AnalysisRecord | None) -> GameAnalysis | None:
    """The stored analysis, when it is of this version and not a failure."""
    from bot.analysis import ANALYSIS_VERSION, GameAnalysis

    if record is None or record.data is None or record.version < ANALYSIS_VERSION:
        return None
    return GameAnalysis.from_json(record.data)


def _analyse(log: GameLog, samples: int | None, seed: int) -> GameAnalysis | None:
    """The game analysed now (None, said on stderr, when it cannot be)."""
    from bot.analysis.analyse import analyse_game
    from bot.tables.analysis_queue import UNANALYSABLE, analysed_moves
    from bot.tables.replay import start_state

    try:
        return analyse_game(
            start_state(log), analysed_moves(log), game_id=log.game_id, samples=samples, seed=seed
        )
    except UNANALYSABLE as exc:
        print(_("This game cannot be analysed: {reason}").format(reason=exc), file=sys.stderr)
        return None
