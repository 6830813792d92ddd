"""A card play with pictures against the same play without them, side by side in one run, and the
event loop's lag while pictures are drawn (``python bench/bot_pictures.py [--tables 20] [--samples 200]``;
``--quick``: 2 tables, 3 plays each way, no publish delay: the suite's check that the bench runs).

The real bot runs on the test harness's fake Discord with N Hurricane tables (card emojis on). Each
sample prepares a hand whose card select plays at once (unmeasured), then measures the card play
from feeding the click until the hand's answer reached the fake **and** the public table message was
edited (the publisher flushed): CPU time of the whole process (``time.process_time``: the worker
threads that draw count too) and wall time. Samples alternate pictures on / off (``bot.discord.media.PICTURES``)
on the same tables, so both see the same positions, machine load and caches.

The table message is written ``--publish-delay`` seconds after a move, as the bot does (0.5 s by
default, to make moves close together one write); with 0 the table's picture is drawn while the
player's answer is, and part of its CPU time then counts in the answer.

Loop lag: a ticker task sleeps 1 ms over and over and records how late each wake-up is; the largest
lag seen while plays with pictures run (pictures are drawn in ``asyncio.to_thread``) must stay under
20 ms. The bench also prints the largest stall of the wake-ups whose wait overlapped a drawing
(what the render thread could have caused). The ticker runs in a second pass of as many plays (its
own wake-ups would count in the first pass's CPU times). The bot is made as ``python -m bot``
makes it (``freeze_heap``: what is alive at ready is out of the garbage collector's walks, see
``bot/heap.py``). Targets (issue 12): play with pictures <= 2x the play without, by median CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bot import one_click_play, open_tables  # noqa: E402
from bot.app import create_bot  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.discord.media import PICTURES  # noqa: E402
from bot.render.pictured import Drawing  # noqa: E402
from bot.tables.models import TableStatus  # noqa: E402
from tests.bot.fakediscord import FakeDiscord  # noqa: E402


class Renders:
    """When pictures were drawn (the monotonic clock the event loop uses): a stall of the loop is
    the pictures' doing only if a drawing ran meanwhile."""

    def __init__(self) -> None:
        self.spans: list[tuple[float, float]] = []
        self._encode = Drawing.encode

    def __enter__(self) -> Renders:
        encode = self._encode
        spans = self.spans

        def timed(drawing: Drawing) -> tuple[str, bytes]:
            t0 = time.monotonic()
            try:
                return encode(drawing)
            finally:
                spans.append((t0, time.monotonic()))

        Drawing.encode = timed  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        Drawing.encode = self._encode  # type: ignore[method-assign]

    def during(self, t0: float, t1: float) -> bool:
        return any(a < t1 and b > t0 for a, b in self.spans)


class LagMeter:
    """How late a 1 ms sleep wakes up: the event loop's stalls, with when each wake-up was due."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.windows: list[tuple[float, float, float]] = []  # (slept from, woke at, lag ms)
        self.recording = False
        self.task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            t0 = loop.time()
            await asyncio.sleep(0.001)
            if self.recording:
                t1 = loop.time()
                lag = (t1 - t0 - 0.001) * 1000
                self.lags.append(lag)
                self.windows.append((t0, t1, lag))

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()


def _clock_wait(task: asyncio.Task[Any]) -> bool:
    """A table clock's wait for its next step (the idle limit, the turn timer: hours away),
    which the move restarted: not part of the play."""
    return getattr(task.get_coro(), "__qualname__", "") == "Event.wait"


async def play_once(fake: FakeDiscord, bot: Any, maker: Any) -> tuple[float, ...]:
    """One card play: (CPU ms, wall ms) until the hand's answer reached the fake (what the player
    waits for), then (CPU ms, wall ms) until the public table message was edited too."""
    payload = maker()
    waiter: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    fake.callback_waiters[payload["token"]] = waiter
    parse = bot._connection.parsers["INTERACTION_CREATE"]
    before = asyncio.all_tasks()
    c0, w0 = time.process_time(), time.perf_counter()
    parse(payload)
    callback = await asyncio.wait_for(waiter, 10)
    spawned = {t for t in asyncio.all_tasks() - before if not _clock_wait(t)}
    spawned.discard(asyncio.current_task())  # type: ignore[arg-type,unused-ignore]
    if spawned:
        await asyncio.wait(spawned)
    await bot.settle()
    c1, w1 = time.process_time(), time.perf_counter()
    return (
        (callback.cpu_at - c0) * 1000,
        (callback.at - w0) * 1000,
        (c1 - c0) * 1000,
        (w1 - w0) * 1000,
    )


async def run(n_tables: int, samples: int, publish_delay: float) -> None:
    with tempfile.TemporaryDirectory() as tmpdir:
        fake = FakeDiscord()
        channels = [fake.make_channel(f"t{i}") for i in range(n_tables)]
        people = [(fake.make_user(f"A{i}"), fake.make_user(f"B{i}")) for i in range(n_tables)]
        users = {int(u["id"]): u for pair in people for u in pair}
        config = Config(token="bench", database_path=Path(tmpdir) / "bench.sqlite3", analysis=False)
        bot = create_bot(config, publish_delay=publish_delay, computer_delay=0.0, freeze_heap=True)
        await fake.start(bot)
        fake.auto_settle = False
        lag = LagMeter()
        renders = Renders().__enter__()
        try:
            await bot.settle()  # the card emojis are uploaded
            await open_tables(fake, channels, people)
            await bot.settle()
            rng = random.Random(1)
            cpu: dict[bool, list[float]] = {True: [], False: []}
            wall: dict[bool, list[float]] = {True: [], False: []}
            cpu_all: dict[bool, list[float]] = {True: [], False: []}
            wall_all: dict[bool, list[float]] = {True: [], False: []}
            lags: dict[bool, list[float]] = {True: [], False: []}
            lag_plays = {True: 0, False: 0}
            mode = True
            while min(lag_plays.values()) < samples:
                # first the CPU comparison, then as many plays again with the ticker running (its
                # own wake-ups, one a millisecond, would otherwise count in the plays' CPU time)
                timing = min(len(v) for v in cpu.values()) < samples
                if not timing and lag.task is None:
                    lag.start()
                live = [c for c in channels if bot.tables.get(c).status is TableStatus.PLAYING]
                if not live:
                    await open_tables(fake, channels, people)
                    continue
                PICTURES.enabled = True  # the hand is prepared the same way for both
                makers = await one_click_play(fake, rng.choice(live), users)
                await bot.settle()
                if makers is None:
                    continue
                PICTURES.enabled = mode
                lag.lags = []
                lag.recording = not timing
                c, w, c_all, w_all = await play_once(fake, bot, makers[0])
                if timing:
                    cpu[mode].append(c)
                    wall[mode].append(w)
                    cpu_all[mode].append(c_all)
                    wall_all[mode].append(w_all)
                else:
                    await asyncio.sleep(0.002)  # the ticker's last wake-up
                    lag.recording = False
                    lags[mode] += lag.lags
                    lag_plays[mode] += 1
                mode = not mode
                if len(fake.requests) > 500:  # the fake keeps every request: not the bot's heap
                    fake.requests.clear()
        finally:
            PICTURES.enabled = True
            renders.__exit__()
            lag.stop()
            await fake.close()
    print(
        f"card play, {n_tables} Hurricane tables, {samples} plays each way (one run, alternating;"
        " then as many with the loop-lag ticker),"
        f" table message written {publish_delay:g} s after a move"
    )
    print("  answer: click until the hand's answer reached Discord (what the player waits for)")
    print("  +table: until the public table message was edited too (its picture drawn after)")
    print(
        f"{'':>14} {'answer CPU':>11} {'wall':>8} {'p90 wall':>9} "
        f"{'+table CPU':>11} {'wall':>8} {'lag max':>8}"
    )

    def med(xs: list[float]) -> float:
        return statistics.median(xs)

    for mode, name in ((False, "no pictures"), (True, "with pictures")):
        print(
            f"{name:>14} {med(cpu[mode]):>9.2f}ms {med(wall[mode]):>6.2f}ms "
            f"{statistics.quantiles(wall[mode], n=10)[8]:>7.2f}ms "
            f"{med(cpu_all[mode]):>9.2f}ms {med(wall_all[mode]):>6.2f}ms "
            f"{max(lags[mode]):>6.2f}ms"
        )
    ratio = med(cpu[True]) / med(cpu[False])
    ratio_all = med(cpu_all[True]) / med(cpu_all[False])
    print(
        f"card play with/without pictures (median CPU of the answer): {ratio:.2f}x (target <= 2x)"
    )
    print(f"  ... including the table message's picture: {ratio_all:.2f}x")
    print(
        f"loop lag while drawing: max {max(lags[True]):.2f} ms, "
        f"p99 {statistics.quantiles(lags[True], n=100)[98]:.2f} ms "
        f"over {len(lags[True])} wake-ups (target: max < 20 ms); "
        f"without pictures: max {max(lags[False]):.2f} ms"
    )
    drawing = [lag_ms for t0, t1, lag_ms in lag.windows if renders.during(t0, t1)]
    print(
        f"stalls while a picture was being drawn (the issue's measure): max "
        f"{max(drawing, default=0):.2f} ms over {len(drawing)} wake-ups (target: < 20 ms); any "
        "larger stall above overlapped no drawing"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=20, help="tables in play")
    parser.add_argument("--samples", type=int, default=200, help="plays measured each way")
    parser.add_argument(
        "--publish-delay",
        type=float,
        default=0.5,
        help="seconds the table message waits after a move (the bot's default 0.5 coalesces "
        "moves close together; 0 draws the table picture while the player's answer is drawn)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="2 tables, 3 plays each way (the suite's check)"
    )
    args = parser.parse_args()
    if args.quick:
        args.tables, args.samples, args.publish_delay = 2, 3, 0.0
    asyncio.run(run(args.tables, args.samples, args.publish_delay))


if __name__ == "__main__":
    main()
