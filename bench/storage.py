"""Storage benchmark (not a test): leaderboard, recording a result and saving moves on a database
holding 1,000,000 finished games across 100 guilds, on either backend.

    python bench/storage.py [--backend sqlite|postgres] [--dsn URL] [--results N] [--guilds G]
                            [--rebuild] [--runs R] [--quick]

``--quick`` (the suite's check that the bench runs): 2,000 results in 4 guilds, built afresh in a
temporary folder (SQLite) or a throwaway schema (PostgreSQL), 10 runs of each measure.

The big database is built once through the real schema (migrations applied by the storage itself)
and cached: SQLite with bulk ``executemany`` in one transaction, as a file under /tmp (each run
works on a copy); PostgreSQL with ``COPY`` into its own schema (``bench_…``, named after the size
and the schema version), kept for the next run (runs add a few rows to it). ``--dsn`` (or
``DATABASE_URL``, else the ``PG*`` variables) says which server. Results are synthetic (random
players, 2-player Hurricane/Hurikan/Haggis, 3-player Haggis, Hurricane pairs); the standings are
aggregated from them in SQL (ratings are a plausible function of the record, not a replay through
openskill: that would only slow the build down). Everything measured goes through the storage
exactly as the bot calls it; the move saves go through the table layer's ``TablePersistence``.

Times are CPU time of this process (``time.process_time``) on SQLite, where all the work is in this
process (aiosqlite's thread included); wall time on PostgreSQL, whose work is in the server's
processes.

Targets (median): leaderboard <= 10 ms, finish_game <= 5 ms, save_table <= 2 ms, and saving move
300 of a game costs at most 1.5x saving move 1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import replace
from pathlib import Path

import asyncpg

# The repository first: otherwise bench/bot.py would shadow the bot package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.tables import table_to_data
from bot.tables.manager import TableManager
from bot.tables.models import GameSpec, Table
from bot.tables.persistence import TablePersistence
from storage.migrate import load_migrations
from storage.models import GameRecord, Metric, MoveRecord, SeatRecord, TableSnapshot
from storage.postgres import PostgresStorage
from storage.sql import SqlStorage
from storage.sqlite import SqliteStorage

BUILD_VERSION = 1
#: The columns ``synthetic_rows`` fills, named: later migrations add columns with defaults.
GAME_COLUMNS = (
    "game_id, guild_id, channel_id, game, options, players, scores, winners, double_win, seed, "
    "started_at, ended_at, duration, ended_by, rated"
)
SEAT_COLUMNS = "game_id, seat, guild_id, ended_at, user_id, name, is_bot, team, score, outcome"
STANDING_COLUMNS = (
    "guild_id, game, user_id, name, is_bot, games, wins, losses, draws, points, streak, "
    "best_streak, mu, sigma, rating, updated_at"
)
#: The clock of the measures: CPU time, except on PostgreSQL (``main`` sets it).
clock = time.process_time
USERS_PER_GUILD = 1000
GAMES = ("hurricane", "hurricane", "hurricane", "hurricane", "haggis", "haggis", "hurikan")


def cache_path(results: int, guilds: int) -> Path:
    schema = len(load_migrations())
    return Path(tempfile.gettempdir()) / (
        f"cardtable-bench-storage-s{schema}-b{BUILD_VERSION}-{results}-{guilds}.sqlite3"
    )


def synthetic_rows(
    results: int, guilds: int, rng: random.Random
) -> Iterator[tuple[tuple[object, ...], list[tuple[object, ...]]]]:
    start = 1_600_000_000.0
    for n in range(results):
        guild = 1 + n % guilds
        game = rng.choice(GAMES)
        pairs = game == "hurricane" and rng.random() < 0.1
        players = 4 if pairs else 3 if game == "haggis" and rng.random() < 0.4 else 2
        users = rng.sample(range(1, USERS_PER_GUILD + 1), players)
        if rng.random() < 0.05:
            users[-1] = -rng.randint(1, 3)  # a computer player
        sides = 2 if pairs else players
        winner = rng.randrange(sides)
        scores = [rng.randint(0, 14) for _ in range(sides)]
        scores[winner] = 15 + rng.randint(0, 5)
        double = game == "hurricane" and not pairs and min(scores) < 8
        ended = start + n * 30.0
        game_id = f"bench{n:08d}"
        winners = [s for s in range(players) if (s % 2 if pairs else s) == winner]
        row: tuple[object, ...] = (
            game_id,
            guild,
            10_000 + guild,
            game,
            json.dumps({"preset": "pairs" if pairs else "standard"}),
            players,
            json.dumps(scores),
            json.dumps(winners),
            int(double),
            n,
            ended - 900.0,
            ended,
            900.0,
            "finished",
            1,
        )
        seats: list[tuple[object, ...]] = []
        for s, user in enumerate(users):
            side = s % 2 if pairs else s
            seats.append(
                (
                    game_id,
                    s,
                    guild,
                    ended,
                    user,
                    f"user{user}",
                    int(user < 0),
                    side if pairs else None,
                    scores[side],
                    "win" if s in winners else "loss",
                )
            )
        yield row, seats


def build(path: Path, results: int, guilds: int) -> None:
    tmp = path.with_suffix(".building")
    for p in (tmp, tmp.with_name(tmp.name + "-wal"), tmp.with_name(tmp.name + "-shm")):
        p.unlink(missing_ok=True)

    async def create() -> None:
        s = SqliteStorage(tmp)
        await s.open()
        await s.close()

    asyncio.run(create())
    t0 = time.perf_counter()
    con = sqlite3.connect(tmp, isolation_level=None)
    con.execute("PRAGMA synchronous = OFF")
    con.execute("BEGIN")
    rng = random.Random(2024)
    batch_games: list[tuple[object, ...]] = []
    batch_seats: list[tuple[object, ...]] = []

    def flush() -> None:
        con.executemany(
            f"INSERT INTO games ({GAME_COLUMNS}) VALUES ({', '.join('?' * 15)})", batch_games
        )
        con.executemany(
            f"INSERT INTO game_seats ({SEAT_COLUMNS}) VALUES ({', '.join('?' * 10)})", batch_seats
        )
        batch_games.clear()
        batch_seats.clear()

    for row, seats in synthetic_rows(results, guilds, rng):
        batch_games.append(row)
        batch_seats.extend(seats)
        if len(batch_games) >= 50_000:
            flush()
    flush()
    con.execute(
        f"""
        INSERT INTO standings ({STANDING_COLUMNS})
        SELECT s.guild_id, g.game, s.user_id, max(s.name), max(s.is_bot), count(*),
               sum(s.outcome = 'win'), sum(s.outcome = 'loss'), sum(s.outcome = 'draw'),
               sum(CASE WHEN s.outcome = 'win' THEN 1 + g.double_win ELSE 0 END),
               abs(s.user_id) % 5, 3 + abs(s.user_id) % 7,
               25.0 + 8.0 * (sum(s.outcome = 'win') - sum(s.outcome = 'loss')) / count(*),
               8.333 / (1.0 + count(*) / 10.0), 0.0, max(s.ended_at)
        FROM game_seats s JOIN games g USING (game_id)
        GROUP BY s.guild_id, g.game, s.user_id
        """
    )
    con.execute("UPDATE standings SET rating = round(1000.0 + 40.0 * (mu - 3.0 * sigma), 2)")
    con.execute("COMMIT")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.execute("ANALYZE")
    con.close()
    tmp.replace(path)
    print(f"built {results:,} results across {guilds} guilds in {time.perf_counter() - t0:.1f} s")


async def table_data(seed: int) -> dict[str, object]:
    """The payload the bot really saves: the table layer's ``table_to_data`` of a Hurricane table
    a dozen moves in (engine state, seats, history, timers, last events)."""
    manager = TableManager(None, computer_delay=0.0, rng_seed=seed)
    spec = GameSpec("hurricane", {"preset": "standard"}, 2, turn_timer=120)
    await manager.open_table(channel_id=1, guild_id=1, host_id=1, host_name="Anna", spec=spec)
    await manager.join(1, 2, "Bruno")
    table = await manager.start(1, 1)
    rng = random.Random(seed)
    for _ in range(12):
        seat = table.current_seat
        assert seat is not None
        user = (1, 2)[seat]
        await manager.act(1, user, str(rng.choice(manager.legal_actions(1, user))), table.move_no)
    data = table_to_data(table)
    await manager.close()
    return data


async def timed(runs: int, make: Callable[[int], Awaitable[object]]) -> list[float]:
    out = []
    for i in range(runs):
        t = clock()
        await make(i)
        out.append((clock() - t) * 1000.0)
    return out


def report(name: str, samples: list[float], target: float | None) -> None:
    med = statistics.median(samples)
    p99 = sorted(samples)[max(0, int(len(samples) * 0.99) - 1)]
    verdict = "" if target is None else (" ok" if med <= target else " OVER TARGET")
    goal = "" if target is None else f"  (target {target:g} ms){verdict}"
    print(f"{name:<34} median {med:7.3f} ms   p99 {p99:7.3f} ms{goal}")


def pg_schema_name(results: int, guilds: int) -> str:
    schema = len(load_migrations("postgres"))
    return f"bench_s{schema}_b{BUILD_VERSION}_{results}_{guilds}"


async def build_postgres(dsn: str | None, schema: str, results: int, guilds: int) -> None:
    """The same synthetic results as the SQLite build, loaded with COPY into a fresh schema."""
    admin = await asyncpg.connect(dsn)
    try:
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await admin.execute(f"CREATE SCHEMA {schema}")
    finally:
        await admin.close()
    store = PostgresStorage(dsn, schema=schema)
    await store.open()  # the real migrations
    await store.close()
    t0 = time.perf_counter()
    con = await asyncpg.connect(dsn, server_settings={"search_path": schema})
    try:
        batch_games: list[tuple[object, ...]] = []
        batch_seats: list[tuple[object, ...]] = []

        async def flush() -> None:
            await con.copy_records_to_table(
                "games", records=batch_games, columns=GAME_COLUMNS.split(", ")
            )
            await con.copy_records_to_table(
                "game_seats", records=batch_seats, columns=SEAT_COLUMNS.split(", ")
            )
            batch_games.clear()
            batch_seats.clear()

        for row, seats in synthetic_rows(results, guilds, random.Random(2024)):
            batch_games.append(row)
            batch_seats.extend(seats)
            if len(batch_games) >= 50_000:
                await flush()
        await flush()
        await con.execute(
            f"""
            INSERT INTO standings ({STANDING_COLUMNS})
            SELECT s.guild_id, g.game, s.user_id, max(s.name), max(s.is_bot), count(*),
                   count(*) FILTER (WHERE s.outcome = 'win'),
                   count(*) FILTER (WHERE s.outcome = 'loss'),
                   count(*) FILTER (WHERE s.outcome = 'draw'),
                   sum(CASE WHEN s.outcome = 'win' THEN 1 + g.double_win ELSE 0 END),
                   abs(s.user_id) % 5, 3 + abs(s.user_id) % 7,
                   25.0 + 8.0 * (count(*) FILTER (WHERE s.outcome = 'win')
                                 - count(*) FILTER (WHERE s.outcome = 'loss')) / count(*),
                   8.333 / (1.0 + count(*) / 10.0), 0.0, max(s.ended_at)
            FROM game_seats s JOIN games g ON g.game_id = s.game_id
            GROUP BY s.guild_id, g.game, s.user_id
            """
        )
        await con.execute(
            "UPDATE standings SET rating = round((1000.0 + 40.0 * (mu - 3.0 * sigma))::numeric, 2)"
        )
        await con.execute("CREATE TABLE bench_built (results BIGINT, guilds INTEGER)")
        await con.execute("INSERT INTO bench_built VALUES ($1, $2)", results, guilds)
        await con.execute("VACUUM ANALYZE")
    finally:
        await con.close()
    print(f"built {results:,} results across {guilds} guilds in {time.perf_counter() - t0:.1f} s")


async def postgres_is_built(dsn: str | None, schema: str) -> bool:
    con = await asyncpg.connect(dsn, server_settings={"search_path": schema})
    try:
        return await con.fetchval("SELECT to_regclass('bench_built')") is not None
    finally:
        await con.close()


async def table_at(move_no: int, seed: int = 5) -> Table:
    """A real Hurricane table (target 1000, so the game goes on) after ``move_no`` moves."""
    manager = TableManager(None, computer_delay=0.0, rng_seed=seed)
    spec = GameSpec("hurricane", {"preset": "standard", "target": 1000}, 2, turn_timer=120)
    await manager.open_table(channel_id=1, guild_id=1, host_id=1, host_name="Anna", spec=spec)
    await manager.join(1, 2, "Bruno")
    table = await manager.start(1, 1)
    rng = random.Random(seed)
    while table.move_no < move_no:
        seat = table.current_seat
        assert seat is not None
        user = (1, 2)[seat]
        await manager.act(1, user, str(rng.choice(manager.legal_actions(1, user))), table.move_no)
    await manager.close()
    return table


async def move_saves(store: SqlStorage, runs: int) -> None:
    """Saving move 1 and move 300 of a game through the table layer, as the bot does: both are
    appended to the log (the last snapshot was at move 0, resp. 288). For comparison, what a full
    snapshot with the whole history cost per move before the log was separate."""
    persistence = TablePersistence(store, time.time)
    medians: dict[int, float] = {}
    for n, base in ((1, 0), (300, 288)):
        table = await table_at(n)
        ended_deal = any(e.get("type") == "deal_scored" for e in table.last_events)
        print(
            f"  move {n}: {'ends a deal (full snapshot)' if ended_deal else 'appended to the log'}"
        )

        async def one(i: int, table: Table = table, n: int = n, base: int = base) -> float:
            t = replace(
                table, channel_id=9_000_000 + n * 10_000 + i, game_id=f"b{n}-{i}-{time.time()}"
            )
            setup = replace(t, move_no=base)  # the snapshot the table was last saved at
            await store.save_table(persistence.snapshot(setup))
            persistence._snapshot_at[t.channel_id] = base
            seat, action = t.history[-1]
            move = MoveRecord(t.game_id, n, seat, action, time.time(), "human")
            started = clock()
            await persistence.write(t, move=move)
            took = (clock() - started) * 1000.0
            await store.delete_table(t.channel_id)
            return took

        samples = [await one(i) for i in range(runs)]
        medians[n] = statistics.median(samples)
        report(f"save move {n} (table layer)", samples, 2.0)
    ratio = medians[300] / medians[1]
    verdict = "ok" if ratio <= 1.5 else "OVER TARGET"
    print(f"{'save move 300 / save move 1':<34} {ratio:.2f}x  (target <= 1.5x) {verdict}")
    for n in (1, 300):
        table = await table_at(n)
        data = table_to_data(table)  # the whole table, history included: the old way

        async def full(i: int, n: int = n, data: dict[str, object] = data) -> None:
            gid = f"full{n}-{i}-{time.time()}"
            snap = TableSnapshot(8_000_000 + n * 10_000 + i, 1, gid, "playing", data, time.time())
            await store.save_table(snap, MoveRecord(gid, n, 0, "7H", time.time()))

        size = len(json.dumps(data))
        report(f"old: full snapshot at move {n} ({size} B)", await timed(runs, full), None)


async def measure(store: SqlStorage, runs: int, guilds: int) -> None:
    await store.open()
    try:
        rng = random.Random(7)
        await store.leaderboard(1, "hurricane")  # warm the cache once
        report(
            "leaderboard top 10 (rating)",
            await timed(runs, lambda i: store.leaderboard(1 + i % guilds, "hurricane")),
            10.0,
        )
        report(
            "leaderboard top 10 (wins)",
            await timed(runs, lambda i: store.leaderboard(1 + i % guilds, "haggis", Metric.WINS)),
            10.0,
        )
        report(
            "rank_of one user (rating)",
            await timed(runs, lambda i: store.rank_of(1 + i % guilds, "hurricane", 1 + i)),
            None,
        )
        report(
            "history of one user (10 games)",
            await timed(runs, lambda i: store.history(1 + i % guilds, 1 + i, 10)),
            None,
        )

        def record(i: int) -> GameRecord:
            a, b = rng.sample(range(1, USERS_PER_GUILD + 1), 2)
            now = time.time()
            return GameRecord(
                game_id=f"live{i:06d}-{now}",
                guild_id=1 + i % guilds,
                channel_id=99,
                game="hurricane",
                options={"preset": "standard", "target": 15},
                seats=(SeatRecord(0, a, f"user{a}"), SeatRecord(1, b, f"user{b}")),
                scores=(16, 9),
                winners=(0,),
                double=False,
                seed=i,
                started_at=now - 600.0,
                ended_at=now,
            )

        report(
            "finish_game (one result)",
            await timed(runs, lambda i: store.finish_game(record(i))),
            5.0,
        )

        data = await table_data(3)
        size = len(json.dumps(data))

        run = f"{time.time():.0f}"

        def save(i: int) -> Awaitable[None]:
            game_id = f"table{i % 50}-{run}"
            snap = TableSnapshot(5000 + i % 50, 1, game_id, "playing", data, time.time())
            move = MoveRecord(game_id, 1 + i // 50, i % 2, "7H", time.time())
            return store.save_table(snap, move)

        report(f"save_table (snapshot {size} B + move)", await timed(runs, save), 2.0)
        for channel in range(5000, 5050):
            await store.delete_table(channel)
        await move_saves(store, runs)
    finally:
        await store.close()


def main() -> None:
    global clock
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--dsn", default=os.environ.get("DATABASE_URL") or None)
    parser.add_argument("--results", type=int, default=1_000_000)
    parser.add_argument("--guilds", type=int, default=100)
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument(
        "--quick", action="store_true", help="a small database built afresh (the suite's check)"
    )
    args = parser.parse_args()
    if args.quick:
        args.results, args.guilds, args.runs = 2000, 4, 10
    if args.backend == "postgres":
        clock = time.perf_counter  # the work is in the server's processes
        schema = pg_schema_name(args.results, args.guilds)
        if args.quick:
            schema = f"bench_quick_{os.getpid()}_{int(time.time())}"
        try:
            if args.quick or args.rebuild or not asyncio.run(postgres_is_built(args.dsn, schema)):
                asyncio.run(build_postgres(args.dsn, schema, args.results, args.guilds))
            else:
                print(f"using the cached schema {schema}")
            print(f"{args.results:,} results, {args.guilds} guilds, PostgreSQL schema {schema}")
            print("wall ms (the server's work is in its own processes)")
            asyncio.run(measure(PostgresStorage(args.dsn, schema=schema), args.runs, args.guilds))
        finally:
            if args.quick:
                asyncio.run(drop_schema(args.dsn, schema))
        return
    print("CPU ms (time.process_time; aiosqlite's thread is this process)")
    with tempfile.TemporaryDirectory() as folder:
        cached = (
            Path(folder) / "built.sqlite3" if args.quick else cache_path(args.results, args.guilds)
        )
        if args.quick or args.rebuild or not cached.exists():
            build(cached, args.results, args.guilds)
        else:
            print(f"using the cached database {cached}")
        work = Path(folder) / "bench.sqlite3"
        shutil.copyfile(cached, work)
        print(f"{args.results:,} results, {args.guilds} guilds, {work.stat().st_size / 1e6:.0f} MB")
        store = SqliteStorage(work)
        started = clock()
        asyncio.run(opened_and_closed(store))
        print(f"{'open() (cheap start check)':<34} {(clock() - started) * 1000:8.1f} ms")
        started = clock()
        problems = asyncio.run(store.check())
        took = clock() - started
        print(f"{'check() (full, check-db)':<34} {took * 1000:8.1f} ms  {problems or 'ok'}")
        asyncio.run(measure(SqliteStorage(work), args.runs, args.guilds))


async def drop_schema(dsn: str | None, schema: str) -> None:
    con = await asyncpg.connect(dsn)
    try:
        await con.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await con.close()


async def opened_and_closed(store: SqlStorage) -> None:
    await store.open()
    await store.close()


if __name__ == "__main__":
    main()
