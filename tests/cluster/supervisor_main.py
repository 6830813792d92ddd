"""A supervisor process for tests/cluster/test_supervisor.py: ``bot.cluster.run_cluster`` (the real
signal handling of ``python -m bot cluster``) over three tiny workers (the test's WORKER script)
on six shards, instead of three bots.

Usage: python supervisor_main.py OUT MODE"""

from __future__ import annotations

import asyncio
import os
import sys

from bot.cluster import Supervisor, command_spawn, run_cluster, split_shards

if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    from tests.cluster.test_supervisor import WORKER

    out, mode = sys.argv[1], sys.argv[2]
    spawn = command_spawn([sys.executable, "-c", WORKER, mode], dict(os.environ, OUT=out))
    supervisor = Supervisor(split_shards(6, 3), 6, spawn, grace=5.0)
    sys.exit(asyncio.run(run_cluster(supervisor)))
