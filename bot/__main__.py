"""Entry point, with subcommands: ``python -m bot`` (or ``python -m bot run``) runs the Discord bot;
``python -m bot play <game>`` plays in a terminal; ``python -m bot check-db`` runs the full database
check; ``python -m bot analyse GAME_ID`` prints a finished game's analysis; ``python -m bot cluster --processes N`` runs N bot processes on shares of the shards
(``bot.cluster``); ``python -m bot web`` serves the web pages (``bot.web``). Another subcommand is one parser in ``build_parser`` and one handler in
``COMMANDS``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace

from bot import terminal


def run(args: argparse.Namespace) -> int:
    """Run the Discord bot with the settings of the environment (or ``.env``)."""
    from bot.config import TOKEN_HELP, Config, ConfigError

    try:
        config = Config.from_env()
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    if not config.token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    from bot.app import run as run_bot

    return run_bot(config)


def check_db(args: argparse.Namespace) -> int:
    """The full database check (``bot.check_db``), imported only when asked for."""
    from bot.check_db import main as check_db_main

    return check_db_main([])


def web(args: argparse.Namespace) -> int:
    """The web pages alone (``bot.web``), on the bot's database; no Discord token needed."""
    import asyncio
    import logging

    from bot.config import Config, ConfigError

    try:
        config = Config.from_env()
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    if args.port is not None:
        config = replace(config, web_port=args.port)
    if args.host is not None:
        config = replace(config, web_host=args.host)
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    from bot.web.serve import serve
    from storage.base import StorageError

    try:
        return asyncio.run(serve(config))
    except StorageError as exc:
        print(f"Database error: {exc}", file=sys.stderr)
        return 3
    except OSError as exc:
        print(f"Cannot listen on {config.web_host}:{config.web_port}: {exc}", file=sys.stderr)
        return 3


def analyse(args: argparse.Namespace) -> int:
    """The analysis of a stored game (``bot.analyse_cli``), imported only when asked for."""
    from bot.analyse_cli import main as analyse_main

    return analyse_main(args)


def cluster(args: argparse.Namespace) -> int:
    """The cluster supervisor (``bot.cluster``), imported only when asked for."""
    from bot.cluster import cluster as run_cluster

    return run_cluster(args)


#: subcommand -> handler; ``run`` is the default when no subcommand is given.
COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "run": run,
    "play": terminal.play,
    "check-db": check_db,
    "cluster": cluster,
    "web": web,
    "analyse": analyse,
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="The card table bot.")
    commands = parser.add_subparsers(
        dest="command", metavar="{run,play,analyse,check-db,cluster,web}"
    )
    commands.add_parser("run", help="run the Discord bot (the default)")
    play = commands.add_parser(
        "play",
        help="play a game against the computer in this terminal",
        description="Play a card game against the computer.",
    )
    terminal.add_arguments(play)
    from bot.analyse_cli import DESCRIPTION as ANALYSE_DESCRIPTION
    from bot.analyse_cli import add_arguments as analyse_arguments

    analyse_arguments(
        commands.add_parser(
            "analyse",
            help="analyse a finished game move by move (mistakes, accuracy)",
            description=ANALYSE_DESCRIPTION,
        )
    )
    commands.add_parser(
        "check-db",
        help="run the full integrity check of the bot's database",
        description="Run the full integrity check of the bot's database (DATABASE_URL, or the "
        "SQLite file at DATABASE_PATH) and report what it finds. Exit status: 0 sound, "
        "1 problems found, 2 the database could not be checked at all.",
    )
    web_parser = commands.add_parser(
        "web",
        help="serve the web pages (leaderboards, players, replays) alone",
        description="Serve the read-only web pages on the bot's database (DATABASE_URL, or the "
        "SQLite file at DATABASE_PATH), at WEB_HOST:WEB_PORT (default 127.0.0.1:8080). Put a "
        "reverse proxy with TLS in front of it (docs/deploy.md).",
    )
    web_parser.add_argument("--port", type=int, help="the TCP port (default WEB_PORT, else 8080)")
    web_parser.add_argument("--host", help="the address to listen on (default WEB_HOST)")
    from bot.cluster import DESCRIPTION, add_arguments

    add_arguments(
        commands.add_parser(
            "cluster",
            help="run the bot as several processes, each on a share of the shards",
            description=DESCRIPTION,
        )
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:  # argparse printed the usage or the reason
        return int(exc.code or 0)
    return COMMANDS[args.command or "run"](args)


if __name__ == "__main__":
    sys.exit(main())
