"""The PostgreSQL half of the storage suite skips locally without a server, but FAILS in CI: a CI
run that silently skipped it would pass without ever testing the backend."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ONE_TEST = "tests/storage/test_tables.py::test_unserialisable_data_is_refused"


def run_without_server(ci: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "TEST_DATABASE_URL")}
    env.update(PGHOST="127.0.0.1", PGPORT="9")  # nothing listens on the discard port
    if ci is not None:
        env["CI"] = ci
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            ONE_TEST,
            "-q",
            "-n",
            "0",
            "-rs",
            "-p",
            "no:cacheprovider",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("ci", [None, "false"])
def test_locally_the_postgres_tests_skip_and_say_why(ci: str | None) -> None:
    proc = run_without_server(ci)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.startswith(".s")  # sqlite passed, postgres skipped
    assert "no PostgreSQL server reachable" in proc.stdout and "pg_virtualenv" in proc.stdout


def test_in_ci_an_unreachable_server_fails() -> None:
    proc = run_without_server("true")
    assert proc.returncode == 1, proc.stdout
    assert proc.stdout.startswith(".E")  # sqlite passed, postgres errored
    assert "ERROR at setup of test_unserialisable_data_is_refused[postgres]" in proc.stdout
    assert "CI=true but no PostgreSQL server reachable" in proc.stdout
