"""Entry point: ``python -m bot`` runs the Discord bot; ``python -m bot play <game>`` plays in a terminal;
``python -m bot check-db`` runs the full database check."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "play":
        from bot.terminal import main as play_main

        return play_main(args[1:])
    if args and args[0] == "check-db":
        from bot.check_db import main as check_db_main

        return check_db_main(args[1:])

    from bot.config import TOKEN_HELP, Config, ConfigError

    try:
        config = Config.from_env()
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    if not config.token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    from bot.app import run

    return run(config)


if __name__ == "__main__":
    sys.exit(main())
