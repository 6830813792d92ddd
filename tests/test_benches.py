"""Every bench under bench/ runs: its ``--quick`` mode, as a subprocess from the command line as a
person would run it, must finish cleanly and print its report. A bench that no longer runs
against today's code fails here instead of rotting unseen. Speed is not judged (no timed tests):
only that each bench still works end to end.

A bench needing PostgreSQL runs when a server is reachable (``pg_virtualenv``, as in CI); like
the storage tests, it is skipped locally without one and fails with ``CI=true``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.storage.conftest import pg_dsn, require_postgres

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"


@dataclass(frozen=True)
class Quick:
    """One bench's quick run: its arguments and a line its report must print."""

    script: str
    args: tuple[str, ...]
    prints: str
    postgres: bool = False


QUICK = (
    Quick("analysis.py", ("--quick",), "haggis 2p"),
    Quick("analysis_load.py", ("--quick",), "answered within 3 s while analysing: yes"),
    Quick("bot.py", ("--quick", "--calls"), "function calls per interaction"),
    Quick("bot_pictures.py", ("--quick",), "card play with/without pictures"),
    Quick("cluster.py", ("--quick",), "moves/s (total)", postgres=True),
    Quick("compare.py", ("--quick",), "haggis 3p"),
    Quick("engine.py", ("--quick",), "to_dict()+load_game()"),
    Quick("expert_player.py", ("--quick",), "haggis 3p"),
    Quick("gallery.py", ("--quick",), "pictures drawn"),
    Quick("haggis_bets.py", ("--quick",), "points per seat and round"),
    Quick("haggis_bombs.py", ("--quick",), "over follow"),
    Quick("haggis_endgame.py", ("--quick",), "points lost to the true best"),
    Quick("haggis_paired.py", ("--quick",), "paired: normal lost where easy won"),
    Quick("hard_player.py", ("--quick",), "haggis 3p"),
    Quick("hurikan_dealer.py", ("--quick",), "oracle gain"),
    Quick("hurikan_ceiling.py", ("--quick",), "expert, real hand"),
    Quick("hurikan_information.py", ("--quick",), "threat judged by"),
    Quick("hurikan_tail.py", ("--quick",), "value lost to the true best"),
    Quick("hurikan_view.py", ("--quick",), "clone+view"),
    Quick("pictures.py", ("--quick",), "poker8"),
    Quick("poker_arena.py", ("--quick",), "chips/hand/seat"),
    Quick("poker_arena.py", ("--quick", "--levels", "hard", "tag"), "bets faced"),
    Quick("poker_arena.py", ("--quick", "--levels", "expert", "hard"), "chips/hand/seat"),
    Quick("poker_branches.py", ("--quick",), "other choice's chips less hard's"),
    Quick("poker_branches.py", ("--quick", "--draws"), "multi-way draws played out"),
    Quick("storage.py", ("--quick",), "save move 300 / save move 1"),
    Quick("tournament.py", ("--quick",), "swiss 100 entrants"),
    Quick("storage.py", ("--quick", "--backend", "postgres"), "finish_game", postgres=True),
    Quick("web.py", ("--quick",), "game page"),
    Quick("web.py", ("--quick", "--backend", "postgres"), "game page", postgres=True),
)

#: Section modules run inside another bench's quick mode (``engine.py --quick`` runs each;
#: ``haggis_endgame.py`` and ``hurikan_tail.py`` print with ``solve_report.py``).
SECTIONS = {"haggis_engine.py", "hurricane_engine.py", "poker_engine.py", "solve_report.py"}


def test_every_bench_has_a_quick_run() -> None:
    """A new bench gets a quick mode and a line in ``QUICK`` (or is a section of one that has)."""
    benches = {p.name for p in BENCH.glob("*.py") if p.name != "__init__.py"}
    covered = {q.script for q in QUICK} | SECTIONS
    assert benches - covered == set(), "benches without a quick run in tests/test_benches.py"
    assert covered - benches == set(), "quick runs of benches that are gone"


@pytest.mark.parametrize(
    "quick", QUICK, ids=[f"{q.script}{'-postgres' if q.postgres else ''}" for q in QUICK]
)
async def test_bench_quick_mode_runs(quick: Quick) -> None:
    args = list(quick.args)
    if quick.postgres:
        await require_postgres()
        dsn = pg_dsn()
        if dsn is not None:
            args += ["--dsn", dsn]
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = subprocess.run(
        [sys.executable, str(BENCH / quick.script), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = done.stdout + done.stderr
    assert done.returncode == 0, report[-3000:]
    assert quick.prints in done.stdout, report[-3000:]
