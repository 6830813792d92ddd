"""Web pages benchmark (not a test): the server CPU of each page on a database holding 1,000,000
finished games across 100 guilds (``bench/storage.py``'s, built once and cached), plus a
finished Haggis game of 287 moves (3 players: the slowest engine to replay) and a Hurricane game of
288 moves, both with fair deals and their whole move logs.

    python bench/web.py [--backend sqlite|postgres] [--dsn URL] [--runs R] [--rebuild] [--quick]

Each page is fetched through the real application (aiohttp's test server and client in this
process). SQLite: CPU time of this process (``time.process_time``: the request's parsing, the
queries in aiosqlite's thread, the templates; the client's share is included, so the figures are
pessimistic). PostgreSQL: this process's CPU too (the server's share is the queries, measured by
bench/storage.py).

Targets (median): the leaderboard page and the game page each <= 20 ms. A game page is measured
as a first visit in a fresh web process (nothing in memory, the engines' memo caches emptied; its
summary stored when the game was recorded: one row read), cached (a finished game never changes),
and for a game recorded before summaries were stored (built from the move log by replaying it, then
stored). "summary at recording" is the bot's background work once per recorded game (both
languages). ``--quick``: 2,000 results in 4 guilds, built afresh, 5 runs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from bench.storage import (  # noqa: E402
    build,
    build_postgres,
    cache_path,
    drop_schema,
    pg_schema_name,
    postgres_is_built,
)
from bot.web import WebSettings, create_app  # noqa: E402
from bot.web.app import SITE  # noqa: E402
from bot.web.games import GameCache  # noqa: E402
from bot.web.summary import PageWriter  # noqa: E402
from storage.postgres import PostgresStorage  # noqa: E402
from storage.sql import SqlStorage  # noqa: E402
from storage.sqlite import SqliteStorage  # noqa: E402
from tests.web.seed import play_fair_game  # noqa: E402

GUILD = 1
TARGET_MS = 20.0


def forget_caches() -> None:
    """Empty the engines' and renderers' memo caches (``functools`` ones in ``bot.*``), as in a
    fresh web process: a cold page must not borrow what an earlier game's replay computed."""
    for name, module in list(sys.modules.items()):
        if name.startswith("bot.") and module is not None:
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", None) == name:
                    clear()


async def timed(
    runs: int, fetch: Callable[[], Awaitable[int]], before: Callable[[], None] | None = None
) -> list[float]:
    samples = []
    for _ in range(runs):
        if before is not None:  # untimed: what a run starts from
            before()
        started = time.process_time()
        status = await fetch()
        samples.append((time.process_time() - started) * 1000)
        if status != 200:
            raise SystemExit(f"a page answered {status}")
    return samples


def report(name: str, samples: list[float], target: float | None) -> None:
    median = statistics.median(samples)
    verdict = "" if target is None else ("  ok" if median <= target else f"  OVER {target:.0f} ms")
    print(f"{name:<52} median {median:7.2f} ms  max {max(samples):7.2f} ms{verdict}")


async def measure(store: SqlStorage, runs: int, deep: int) -> None:
    await store.open()
    try:
        await store.set_guild_web(GUILD, True)
        game_id = f"web-bench-{os.getpid()}"
        seeded = await play_fair_game(
            store,
            GUILD,
            game_id,
            [(1, "user1"), (2, "user2"), (3, "user3")],
            game="haggis",
            seed=0,
            max_moves=300,
            table_id="T-web-bench",
        )
        other = await play_fair_game(
            store,
            GUILD,
            "web-bench-h",
            [(1, "user1"), (2, "user2")],
            game="hurricane",
            seed=1,
            table_id="T-web-bench-h",
        )
        hurricane = f"hurricane 2p, {other.moves} moves"
        user = (await store.leaderboard(GUILD, "hurricane", limit=1))[0].user_id
        app = create_app(store, WebSettings(rate_capacity=10**9, rate_per_second=10**9))
        site = app[SITE]
        async with TestClient(TestServer(app)) as client:

            async def get(path: str) -> int:
                response = await client.get(path)
                await response.read()
                return response.status

            s = f"/s/{GUILD}"
            await get(s + "/")  # templates compiled, connections warm
            await get(f"{s}/g/web-bench-h")  # (the game page's template too: once per process)
            print(f"game {game_id}: {seeded.moves} moves")
            report(
                "server page (every board + recent)", await timed(runs, lambda: get(s + "/")), None
            )
            report(
                "leaderboard page 1 (rating)",
                await timed(runs, lambda: get(s + "/board/hurricane")),
                TARGET_MS,
            )
            report(
                f"leaderboard page {deep} (wins)",
                await timed(runs, lambda: get(s + f"/board/hurricane?metric=wins&page={deep}")),
                None,
            )
            # the bench's results were stored without each seat's rating (as before migration
            # 0009): what a player page's first visit starts in the background, once per board
            filled = [0]

            async def backfill() -> int:
                filled[0] = await store.backfill_ratings(GUILD, "hurricane")
                return 200

            report("older ratings filled in (one board)", await timed(1, backfill), None)
            print(f"{'  seats given their rating':<52} {filled[0]:>7,}")
            await get(f"{s}/p/{user}")  # its own look for older ratings: untimed
            await asyncio.gather(*site.tasks)
            report("player page", await timed(runs, lambda: get(f"{s}/p/{user}")), None)

            for name, gid in (
                (f"haggis 3p, {seeded.moves} moves", game_id),
                (hurricane, "web-bench-h"),
            ):

                def restart() -> None:  # as in a fresh web process: nothing in memory
                    site.games = GameCache()
                    forget_caches()

                async def recorded(gid: str = gid) -> int:  # what the bot does once per game
                    restart()
                    built = await PageWriter(store).build(gid, GUILD)
                    return 200 if built else 500

                async def older(gid: str = gid) -> None:  # a game with no stored summary
                    stale = await store.game_page(gid, "en")
                    assert stale is not None
                    await store.save_game_page(replace(stale, format=0))
                    restart()

                async def cold(gid: str = gid) -> int:
                    return await get(f"{s}/g/{gid}?step=150")

                build = await timed(runs, recorded)
                report(f"summary at recording, {name} (en+ru)", build, None)
                first = await timed(runs, cold, restart)
                report(f"game page, {name}, first visit", first, TARGET_MS)
                warm = await timed(runs, cold)
                report(f"game page, {name}, cached", warm, TARGET_MS)
                fallback = []
                for _ in range(runs):
                    await older(gid)
                    fallback += await timed(1, cold)
                report(f"game page, {name}, no stored summary", fallback, None)
                ratio = statistics.median(first) / statistics.median(warm)
                print(f"{'  first visit / cached':<52} {ratio:7.2f}x")
            step = [0]

            async def picture() -> int:
                step[0] += 1
                return await get(f"{s}/g/{game_id}/en/{step[0] % seeded.moves}.png")

            report("replay picture (first drawing)", await timed(min(runs, 30), picture), None)
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--dsn", default=os.environ.get("DATABASE_URL") or None)
    parser.add_argument("--results", type=int, default=1_000_000)
    parser.add_argument("--guilds", type=int, default=100)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--quick", action="store_true", help="a small database built afresh")
    args = parser.parse_args()
    if args.quick:
        args.results, args.guilds, args.runs = 2000, 4, 5
    deep = 2 if args.quick else 40  # a page far down the board
    print("CPU ms of this process (time.process_time)")
    if args.backend == "postgres":
        schema = pg_schema_name(args.results, args.guilds)
        if args.quick:
            schema = f"bench_webq_{os.getpid()}_{int(time.time())}"
        try:
            if args.quick or args.rebuild or not asyncio.run(postgres_is_built(args.dsn, schema)):
                asyncio.run(build_postgres(args.dsn, schema, args.results, args.guilds))
            print(f"{args.results:,} results, {args.guilds} guilds, PostgreSQL schema {schema}")
            asyncio.run(measure(PostgresStorage(args.dsn, schema=schema), args.runs, deep))
        finally:
            if args.quick:
                asyncio.run(drop_schema(args.dsn, schema))
        return
    with tempfile.TemporaryDirectory() as folder:
        cached = (
            Path(folder) / "built.sqlite3" if args.quick else cache_path(args.results, args.guilds)
        )
        if args.quick or args.rebuild or not cached.exists():
            build(cached, args.results, args.guilds)
        work = Path(folder) / "web.sqlite3"
        shutil.copyfile(cached, work)
        print(f"{args.results:,} results, {args.guilds} guilds (SQLite)")
        asyncio.run(measure(SqliteStorage(work), args.runs, deep))


if __name__ == "__main__":
    main()
