"""Engine benchmark: every game family's figures in one run (``python bench/engine.py [--quick]``;
``--quick``: each section's quick mode, the suite's check).

Each family has its own section module with a ``main()``; this script runs them in turn on one core.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import haggis_engine, hurricane_engine, poker_engine  # noqa: E402


def main(quick: bool = False) -> None:
    print("== Hurricane family ==")
    hurricane_engine.main(quick=quick)
    print()
    print("== Haggis ==")
    haggis_engine.main(quick=quick)
    print()
    print("== Hurricane poker ==")
    poker_engine.main(["--quick"] if quick else [])


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
