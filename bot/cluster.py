"""``python -m bot cluster --processes N``: run the bot as N worker processes sharing the shards.

Each worker is ``python -m bot run`` with ``SHARD_COUNT`` and its own ``SHARD_IDS`` in its
environment (an even, contiguous split), so it connects only its shards and restores and drives
only the tables of the guilds on them. The workers share nothing in memory: everything they have
in common lives in the database, which must therefore be PostgreSQL (``DATABASE_URL``).

The shard count is ``SHARD_COUNT`` when set; otherwise the supervisor asks Discord once
(``GET /gateway/bot`` with the token) for its recommended count and rounds it up to a multiple of
N, so every worker gets the same number of shards (Discord accepts more shards than it
recommends; fewer is what it refuses). The count is fixed for the supervisor's life: a worker
restarted later gets the same shards, so its guilds' tables come back to it.

The ``Supervisor`` restarts a worker that exits, after a pause that doubles with each quick
failure (``Backoff``: 1 s, 2 s, 4 s … capped at 60 s) and drops back to the first step once a
worker has run for ``healthy_after`` seconds. A worker that exits with status 2 (its settings are
wrong) is not restarted: the whole cluster stops, since every restart would fail the same way.
SIGTERM or SIGINT is forwarded to every worker; those still running ``grace`` seconds later are
killed. On Linux each worker also gets SIGTERM if the supervisor dies without stopping it
(``PR_SET_PDEATHSIG``), so a killed supervisor leaves no orphans.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import json
import logging
import math
import os
import signal
import sys
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot.config import Config, ConfigError, format_shard_ids

log = logging.getLogger("bot.cluster")

CONFIG_ERROR = 2  # a worker's exit status for bad settings (python -m bot): not worth a restart
GATEWAY_URL = "https://discord.com/api/v10/gateway/bot"


class Process(Protocol):
    """What the supervisor needs of a child process (``asyncio.subprocess.Process`` has it)."""

    @property
    def pid(self) -> int: ...

    @property
    def returncode(self) -> int | None: ...

    async def wait(self) -> int: ...

    def send_signal(self, sig: int) -> None: ...

    def kill(self) -> None: ...


# (worker index, its shard ids, the shard count) -> a started process
Spawn = Callable[[int, tuple[int, ...], int], Awaitable[Process]]


@dataclass(frozen=True)
class Backoff:
    """Pauses before restarting a worker: ``initial`` × ``factor``ⁿ after n quick failures in a
    row, at most ``cap``; a worker that ran ``healthy_after`` seconds starts the series again."""

    initial: float = 1.0
    factor: float = 2.0
    cap: float = 60.0
    healthy_after: float = 60.0

    def next(self, previous: float | None, ran_for: float) -> float:
        if previous is None or ran_for >= self.healthy_after:
            return self.initial
        return min(self.cap, previous * self.factor)


def split_shards(shard_count: int, processes: int) -> list[tuple[int, ...]]:
    """Contiguous shard ranges, one per process, whose sizes differ by one at most."""
    if processes < 1:
        raise ConfigError("--processes must be 1 or more")
    if processes > shard_count:
        raise ConfigError(
            f"{processes} processes need at least {processes} shards, but SHARD_COUNT is "
            f"{shard_count}: every process must run a shard"
        )
    base, extra = divmod(shard_count, processes)
    out: list[tuple[int, ...]] = []
    start = 0
    for i in range(processes):
        size = base + (1 if i < extra else 0)
        out.append(tuple(range(start, start + size)))
        start += size
    return out


def cluster_shard_count(recommended: int, processes: int) -> int:
    """Discord's recommended count rounded up to a multiple of ``processes`` (an even split)."""
    return max(1, math.ceil(max(recommended, 1) / processes)) * processes


async def recommended_shards(token: str, url: str = GATEWAY_URL) -> int:
    """Discord's recommended shard count for this bot (``GET /gateway/bot``), asked once."""
    import aiohttp

    headers = {"Authorization": f"Bot {token}", "User-Agent": "cardtable-cluster"}
    timeout = aiohttp.ClientTimeout(total=30)
    async with (
        aiohttp.ClientSession(timeout=timeout) as session,
        session.get(url, headers=headers) as response,
    ):
        text = await response.text()
        if response.status == 401:
            raise ConfigError("Discord refused the token (GET /gateway/bot): check DISCORD_TOKEN")
        if response.status != 200:
            raise ConfigError(f"GET /gateway/bot answered {response.status}: {text[:200]}")
    shards = json.loads(text).get("shards")
    if not isinstance(shards, int) or shards < 1:
        raise ConfigError(f"GET /gateway/bot gave no shard count: {text[:200]}")
    return shards


def _die_with_parent() -> None:
    """In the child before exec (Linux): SIGTERM when the supervisor dies, however it dies."""
    with contextlib.suppress(Exception):
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def command_spawn(argv: Sequence[str], env: Mapping[str, str] | None = None) -> Spawn:
    """A ``Spawn`` that runs ``argv`` with ``SHARD_COUNT``/``SHARD_IDS`` (and ``WORKER_INDEX``)
    added to ``env`` (default: this process's environment)."""
    base = dict(os.environ if env is None else env)

    async def spawn(index: int, shard_ids: tuple[int, ...], shard_count: int) -> Process:
        child_env = dict(base)
        child_env.update(
            SHARD_COUNT=str(shard_count),
            SHARD_IDS=format_shard_ids(shard_ids),
            WORKER_INDEX=str(index),
        )
        # A session of its own: Ctrl-C in a terminal reaches the supervisor only, which passes
        # it on once (the workers would otherwise get it twice).
        return await asyncio.create_subprocess_exec(
            *argv,
            env=child_env,
            start_new_session=True,
            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
        )

    return spawn


@dataclass
class WorkerState:
    """One worker slot: its shards, its current process and its restart history."""

    index: int
    shard_ids: tuple[int, ...]
    process: Process | None = None
    started_at: float = 0.0
    starts: int = 0
    exits: list[int] = field(default_factory=list)  # exit statuses, oldest first
    delays: list[float] = field(default_factory=list)  # pauses before each restart


class Supervisor:
    """Starts one worker per shard range, restarts the ones that exit, stops them all on
    ``stop()``. ``spawn`` starts a process (injected: tests run tiny ``python -c`` workers)."""

    def __init__(
        self,
        plans: Sequence[tuple[int, ...]],
        shard_count: int,
        spawn: Spawn,
        *,
        backoff: Backoff | None = None,
        grace: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.workers = [WorkerState(i, tuple(ids)) for i, ids in enumerate(plans)]
        self.shard_count = shard_count
        self.backoff = backoff or Backoff()
        self.grace = grace
        self._spawn = spawn
        self._clock = clock
        self._stopping = asyncio.Event()
        self._signal = signal.SIGTERM
        self.fatal: str | None = None  # why the cluster stopped by itself, if it did

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """Stop the cluster: ``sig`` is forwarded to every worker (safe from a signal handler)."""
        self._signal = signal.Signals(sig)
        self._stopping.set()

    def live(self) -> list[Process]:
        """The worker processes that have not exited yet."""
        return [
            w.process
            for w in self.workers
            if w.process is not None and w.process.returncode is None
        ]

    async def run(self) -> int:
        """Run until ``stop()`` (or a worker's fatal exit) and every worker has stopped; 0 after
        a stop, 1 after a fatal exit."""
        watchers = [asyncio.create_task(self._watch(w)) for w in self.workers]
        try:
            await asyncio.gather(*watchers)
        finally:
            self._stopping.set()
            await asyncio.gather(*watchers, return_exceptions=True)
        return 1 if self.fatal else 0

    async def _watch(self, worker: WorkerState) -> None:
        """Keep one worker running: start it, wait for it to exit, pause, start it again; on
        ``stop()`` stop it (each watcher stops its own process, so none is missed)."""
        while not self._stopping.is_set():
            proc = await self._spawn(worker.index, worker.shard_ids, self.shard_count)
            worker.process = proc
            worker.started_at = self._clock()
            worker.starts += 1
            log.info(
                "worker %d (shards %s of %d) started, pid %d",
                worker.index,
                format_shard_ids(worker.shard_ids),
                self.shard_count,
                proc.pid,
            )
            exited = asyncio.ensure_future(proc.wait())
            stopping = asyncio.ensure_future(self._stopping.wait())
            await asyncio.wait([exited, stopping], return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
            if not exited.done():
                await self._stop_one(worker, proc, exited)
                return
            status = exited.result()
            worker.exits.append(status)
            ran_for = self._clock() - worker.started_at
            if self._stopping.is_set():
                return
            if status == CONFIG_ERROR:
                self.fatal = f"worker {worker.index} exited with status {status} (bad settings)"
                log.error("%s: stopping the cluster", self.fatal)
                self.stop()
                return
            delay = self.backoff.next(worker.delays[-1] if worker.delays else None, ran_for)
            worker.delays.append(delay)
            log.warning(
                "worker %d (shards %s) exited with status %d after %.1f s; restarting in %.1f s",
                worker.index,
                format_shard_ids(worker.shard_ids),
                status,
                ran_for,
                delay,
            )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), delay)

    async def _stop_one(
        self, worker: WorkerState, proc: Process, exited: asyncio.Future[int]
    ) -> None:
        """Forward the signal, wait up to ``grace`` seconds, then kill."""
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(self._signal)
        done, _ = await asyncio.wait([exited], timeout=self.grace)
        if not done:
            log.warning(
                "worker %d (pid %d) still running %.0f s after %s: killed",
                worker.index,
                proc.pid,
                self.grace,
                self._signal.name,
            )
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
        worker.exits.append(await exited)


async def run_cluster(supervisor: Supervisor) -> int:
    """Run the supervisor with SIGTERM and SIGINT stopping it."""
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, supervisor.stop, sig)
    try:
        return await supervisor.run()
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m bot cluster`` (on the subcommand's parser)."""
    parser.add_argument(
        "--processes", type=int, required=True, metavar="N", help="number of worker processes"
    )
    parser.add_argument(
        "--grace",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="how long a worker gets to stop after SIGTERM before it is killed (default 30)",
    )


DESCRIPTION = (
    "Run the bot as N worker processes (python -m bot run), each on an even share of the shards "
    "(SHARD_COUNT, or Discord's recommendation), all on the PostgreSQL database of DATABASE_URL; "
    "restart a worker that exits; stop them all on SIGTERM or Ctrl-C."
)


def cluster(args: argparse.Namespace, env: Mapping[str, str] | None = None) -> int:
    """Run the cluster the parsed options ask for; the process's exit status."""
    try:
        config = Config.from_env(env)
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return CONFIG_ERROR
    level = logging.getLevelName(config.log_level)
    logging.basicConfig(
        level=level if isinstance(level, int) else logging.INFO,
        format="%(asctime)s %(levelname)-8s %(name)s: %(message)s",
    )
    try:
        plans, shard_count = _plan(config, args.processes)
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return CONFIG_ERROR
    spawn = command_spawn([sys.executable, "-m", "bot", "run"], env)
    supervisor = Supervisor(plans, shard_count, spawn, grace=args.grace)
    log.info(
        "%d workers on %d shards: %s",
        len(plans),
        shard_count,
        " | ".join(format_shard_ids(p) for p in plans),
    )
    return asyncio.run(run_cluster(supervisor))


def main(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> int:
    """``python -m bot cluster …`` (``argv``: the words after ``cluster``)."""
    parser = argparse.ArgumentParser(prog="python -m bot cluster", description=DESCRIPTION)
    add_arguments(parser)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse printed the usage or the reason
        return int(exc.code or 0)
    return cluster(args, env)


def _plan(config: Config, processes: int) -> tuple[list[tuple[int, ...]], int]:
    if config.shard_ids is not None:
        raise ConfigError(
            "SHARD_IDS is set, but the cluster gives each worker its own: unset it "
            "(SHARD_COUNT may stay)"
        )
    if processes > 1 and not config.database_url:
        raise ConfigError(
            "several processes need one shared database: set DATABASE_URL=postgresql://… "
            "(the SQLite file is for one process)"
        )
    if config.shard_count is not None:
        shard_count = config.shard_count
    else:
        if not config.token:
            raise ConfigError("DISCORD_TOKEN is not set (needed to ask Discord for a shard count)")
        shard_count = cluster_shard_count(asyncio.run(recommended_shards(config.token)), processes)
    return split_shards(shard_count, processes), shard_count
