"""Cluster benchmark (not a test): N processes × T concurrent tables on one PostgreSQL database,
moves made through the table layer (``TableManager.act`` on ``PostgresStorage``), no Discord.

    python bench/cluster.py [--processes 1 2] [--tables 500] [--seconds 10] [--pool 10] [--dsn URL]

``--quick`` (the suite's check that the bench runs): 2 processes × 5 tables for 0.5 s.

Each configuration in ``--processes`` runs in turn (side by side in the report) in a fresh schema:
every process is this script in ``--worker`` mode, holding its own T tables (its own guilds, as a
shard would) of two-human Hurikan with no turn timer. Each table is a task that plays random legal
moves as fast as the process can; a finished game (recorded with its ratings, as in the bot) is
followed at once by a new one in the same channel, so T tables are always in play. The workers set
up, then all start together and stop after ``--seconds``.

Reported per process and in total: moves (a result counts as the move that ends it), moves per
second of wall time, CPU seconds of the process and CPU milliseconds per move; plus the CPU the
PostgreSQL server's processes used meanwhile when they can be read (same user, /proc). A write
that fails under load (a pool acquire timing out: the bot tells the player saving is delayed) is
counted, and the table tries again, as the player would. Target:
2 processes × 500 tables sustain at least 1,000 moves/s in total.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import asyncpg

# The repository first: otherwise bench/bot.py would shadow the bot package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.tables.errors import TableError, TableLost
from bot.tables.manager import TableManager
from bot.tables.models import GameSpec, TableStatus
from storage.postgres import PostgresStorage

TARGET = 1000.0  # moves/s in total, 2 processes × 500 tables


def postgres_cpu() -> float | None:
    """CPU seconds used so far by the postgres processes this user can read (None: none)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    found = False
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        if not name.startswith("postgres"):
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
        found = True
    return total / tick if found else None


async def worker(args: argparse.Namespace) -> None:
    storage = PostgresStorage(args.dsn, schema=args.schema, pool_size=args.pool)
    await storage.open()
    manager = TableManager(storage, computer_delay=0.0, rng_seed=args.index)
    spec = GameSpec("hurikan", {}, 2, turn_timer=0)
    base = (args.index + 1) * 1_000_000
    channels = [base + i for i in range(args.tables)]
    hosts = {c: (c * 10 + 1, c * 10 + 2) for c in channels}

    failed = 0  # writes refused (e.g. a pool acquire timed out): tried again

    async def deal(channel: int) -> None:
        nonlocal failed
        host, guest = hosts[channel]
        while True:
            try:
                table = manager.get(channel)
                if table is None or not table.is_live:
                    await manager.open_table(
                        channel_id=channel, guild_id=channel, host_id=host, host_name="h", spec=spec
                    )
                    table = manager.require(channel)
                if table.seat_of(guest) is None:
                    await manager.join(channel, guest, "g")
                await manager.start(channel, host)
                return
            except TableLost:
                raise  # another process took the table: a bug in the bench, not load
            except TableError:
                failed += 1
                await asyncio.sleep(0.01)

    await asyncio.gather(*(deal(c) for c in channels))
    print(json.dumps({"ready": args.index}), flush=True)
    await asyncio.to_thread(sys.stdin.readline)  # go

    moves = 0
    games = 0
    stop_at = time.monotonic() + args.seconds

    async def play(channel: int) -> None:
        nonlocal moves, games, failed
        rng = random.Random(channel)
        while time.monotonic() < stop_at:
            table = manager.require(channel)
            if table.status is not TableStatus.PLAYING:
                await deal(channel)
                continue
            seat = table.current_seat
            assert seat is not None
            user = hosts[channel][seat]
            action = rng.choice(manager.legal_actions(channel, user))
            try:
                outcome = await manager.act(channel, user, action, table.move_no)
            except TableLost:
                raise
            except TableError:
                failed += 1  # nothing changed: the table is as it was, try again
                await asyncio.sleep(0.01)
                continue
            moves += 1
            games += outcome.game_over

    cpu0, wall0 = time.process_time(), time.perf_counter()
    await asyncio.gather(*(play(c) for c in channels))
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    print(
        json.dumps({"moves": moves, "games": games, "cpu": cpu, "wall": wall, "failed": failed}),
        flush=True,
    )
    await asyncio.to_thread(sys.stdin.readline)  # the server's CPU is read before we disconnect
    await manager.close()
    await storage.close()


def run_configuration(args: argparse.Namespace, processes: int) -> dict[str, Any]:
    schema = f"bench_cluster_{uuid.uuid4().hex[:10]}"
    asyncio.run(_schema(args.dsn, schema, create=True))
    try:
        procs = [
            subprocess.Popen(
                [
                    sys.executable,
                    __file__,
                    "--worker",
                    str(i),
                    "--schema",
                    schema,
                    "--tables",
                    str(args.tables),
                    "--seconds",
                    str(args.seconds),
                    "--pool",
                    str(args.pool),
                    *(["--dsn", args.dsn] if args.dsn else []),
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            for i in range(processes)
        ]
        for p in procs:
            assert p.stdout is not None
            json.loads(p.stdout.readline())  # ready: tables dealt
        pg0 = postgres_cpu()
        for p in procs:
            assert p.stdin is not None
            p.stdin.write("go\n")
            p.stdin.flush()
        results = []
        for p in procs:
            assert p.stdout is not None
            results.append(json.loads(p.stdout.readline()))
        pg1 = postgres_cpu()  # before the workers disconnect (a backend's CPU goes with it)
        for p in procs:
            assert p.stdin is not None
            p.stdin.write("bye\n")
            p.stdin.flush()
            p.wait()
    finally:
        asyncio.run(_schema(args.dsn, schema, create=False))
    return {
        "processes": processes,
        "workers": results,
        "postgres_cpu": None if pg0 is None or pg1 is None else pg1 - pg0,
    }


async def _schema(dsn: str | None, schema: str, *, create: bool) -> None:
    con = await asyncpg.connect(dsn)
    try:
        if create:
            await con.execute(f"CREATE SCHEMA {schema}")
        else:
            await con.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await con.close()


def report(runs: list[dict[str, Any]], tables: int) -> None:
    print(f"\n{tables} tables per process, two-human Hurikan, moves through TableManager.act")
    header = f"{'':>22}" + "".join(f"{r['processes']:>10} proc" for r in runs)
    print(header)

    def row(label: str, values: list[str]) -> None:
        print(f"{label:>22}" + "".join(f"{v:>15}" for v in values))

    totals = []
    for r in runs:
        moves = sum(w["moves"] for w in r["workers"])
        wall = max(w["wall"] for w in r["workers"])
        cpu = sum(w["cpu"] for w in r["workers"])
        totals.append((moves, wall, cpu, sum(w["games"] for w in r["workers"])))
    row("moves", [f"{m:,}" for m, _, _, _ in totals])
    row("games finished", [f"{g:,}" for _, _, _, g in totals])
    row("moves/s (total)", [f"{m / w:,.0f}" for m, w, _, _ in totals])
    row(
        "moves/s per process",
        [" / ".join(f"{x['moves'] / x['wall']:,.0f}" for x in r["workers"]) for r in runs],
    )
    row("failed writes (retried)", [str(sum(w["failed"] for w in r["workers"])) for r in runs])
    row("bot CPU s (sum)", [f"{c:.1f}" for _, _, c, _ in totals])
    row("bot CPU ms/move", [f"{1000 * c / m:.2f}" for m, _, c, _ in totals])
    row(
        "postgres CPU s",
        [f"{r['postgres_cpu']:.1f}" if r["postgres_cpu"] is not None else "n/a" for r in runs],
    )
    row(
        "postgres CPU ms/move",
        [
            f"{1000 * r['postgres_cpu'] / t[0]:.2f}" if r["postgres_cpu"] is not None else "n/a"
            for r, t in zip(runs, totals, strict=True)
        ],
    )
    for r, (m, w, _, _) in zip(runs, totals, strict=True):
        if r["processes"] == 2 and tables >= 500:
            verdict = "met" if m / w >= TARGET else "NOT met"
            print(f"\ntarget {TARGET:,.0f} moves/s with 2 × {tables} tables: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--pool", type=int, default=10, help="connections per process")
    parser.add_argument("--dsn", default=os.environ.get("DATABASE_URL") or None)
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--schema", help=argparse.SUPPRESS)
    parser.add_argument(
        "--quick", action="store_true", help="2 processes × 5 tables, 0.5 s (the suite's check)"
    )
    args = parser.parse_args()
    if args.quick and args.worker is None:
        args.processes, args.tables, args.seconds, args.pool = [2], 5, 0.5, 2
    if args.worker is not None:
        args.index = args.worker
        asyncio.run(worker(args))
        return
    runs = [run_configuration(args, n) for n in args.processes]
    report(runs, args.tables)


if __name__ == "__main__":
    main()
