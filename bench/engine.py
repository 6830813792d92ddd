"""Engine benchmark: every game family's figures in one run (``python bench/engine.py``).

Each family has its own section module with a ``main()``; this script runs them in turn on one core.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import haggis_engine, hurricane_engine, poker_engine  # noqa: E402


def main() -> None:
    print("== Hurricane family ==")
    hurricane_engine.main()
    print()
    print("== Haggis ==")
    haggis_engine.main()
    print()
    print("== Hurricane poker ==")
    poker_engine.main([])


if __name__ == "__main__":
    main()
