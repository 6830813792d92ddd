"""``python -m bot check-db``: the full database check, on demand.

The bot checks its database cheaply at every start (a full SQLite check reads the whole file:
seconds for a big one) and fully only after an unclean stop; this command runs the full check
whenever an operator wants it, without changing the database. It may run while the bot is up.
Exit status: 0 sound, 1 problems found, 2 the database could not be checked at all."""

from __future__ import annotations

import argparse
import asyncio
import sys
import time


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot check-db",
        description="Run the full integrity check of the bot's database (DATABASE_URL, or the "
        "SQLite file at DATABASE_PATH) and report what it finds.",
    )
    parser.parse_args(argv)

    from bot.config import Config, ConfigError
    from storage import StorageError, create_storage

    try:
        config = Config.from_env()
        store = create_storage(database_url=config.database_url, database_path=config.database_path)
    except (ConfigError, StorageError) as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    where = "the PostgreSQL database" if config.database_url else str(config.database_path)
    started = time.perf_counter()
    try:
        problems = asyncio.run(store.check())
    except StorageError as exc:
        print(f"Cannot check {where}: {exc}", file=sys.stderr)
        return 2
    took = time.perf_counter() - started
    if problems:
        print(f"{where}: {len(problems)} problem(s) found in {took:.1f} s:")
        for problem in problems:
            print(f"  {problem}")
        return 1
    print(f"{where}: ok (full check in {took:.1f} s)")
    return 0
