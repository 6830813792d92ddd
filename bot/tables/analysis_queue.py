"""The analysis of finished games in the background (issue 29 §3): a queue per bot process.

Each game this process records with at least one human at the table (``TableManager``'s
``on_recorded`` hook) is queued; one worker task takes the games one at a time, runs
``bot.analysis.analyse_game`` in a **process pool of one worker** and stores the result once
(``Storage.save_analysis``: a second save of the same version changes nothing, so two processes
or a resumed queue never write a game twice). At start it queues the recent games recorded but
not analysed (``Storage.unanalysed_games``): an analysis lost to a restart is done then (with
several bot processes on one database, by the one running shard 0). A game
that cannot be analysed (its log does not replay) is stored as a failure and not tried again.

Why a process and not a thread: the analysis is pure-Python search (seconds to a minute of CPU
per game). In a worker thread it would hold the GIL the event loop needs — the loop would get
the interpreter only between the thread's 5 ms switch intervals, and every interaction would
wait behind it. A separate process has its own interpreter: the event loop keeps its core, and
with one worker (lowered priority, ``nice`` 10) the analyses take at most one of the machine's
cores per bot process whatever the number of games queued. The worker is started (``spawn``: safe beside the
loop's threads) at the first game, not at start-up, and is stopped — killed if it is in the
middle of a game — by ``close()``; that game is analysed again at the next start.

No Discord here: the replay and /history read the stored analyses (``cogs.replay``,
``cogs.stats``); ``request`` puts an older game (recorded before this queue ran) at the front
when a player asks for its analysis.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.analysis import ANALYSIS_VERSION, AnalysisState, GameAnalysis, NotAnalysable
from bot.analysis.analyse import THRESHOLDS, AnalysedMove, analyse_game
from bot.games import IllegalAction
from storage.base import Storage, StorageError
from storage.models import AnalysisRecord, GameLog, GameRecord

from .models import Table
from .replay import ReplayUnavailable, start_state

log = logging.getLogger(__name__)

#: What the queue runs in its worker for one game: the stored log -> ``GameAnalysis.to_json()``.
Runner = Callable[[GameLog, "int | None"], dict[str, Any]]

#: At start, the games recorded in the last RESUME_DAYS days and not analysed (at most
#: RESUME_LIMIT, the most recent first) are queued again.
RESUME_DAYS = 7.0
RESUME_LIMIT = 50
#: Games waiting at most; a player's request for an old game's analysis is refused while
#: REQUEST_LIMIT games asked for are waiting (the replay says so: "ask again later").
MAX_QUEUED = 500
REQUEST_LIMIT = 20

#: What says a game cannot be analysed (its log does not replay, or it is of a game the analysis
#: has no measure for); any other error is a bug, logged, and the game is tried again at the next
#: start.
UNANALYSABLE = (ReplayUnavailable, IllegalAction, NotAnalysable)

#: Games one worker process analyses before a fresh one takes over (the players' caches and the
#: allocator's high-water mark do not grow for the bot's lifetime).
WORKER_GAMES = 50

# priorities: a player asked for it; recorded just now; found waiting at start
ASKED, RECORDED, RESUMED = 0, 1, 2


def human_seats(log: GameLog) -> set[int]:
    return {s.seat for s in log.seats if not s.is_bot}


async def analysis_status(
    storage: Storage | None, queue: AnalysisQueue | None, log: GameLog
) -> tuple[AnalysisState, GameAnalysis | None]:
    """What ``/replay`` can show of a game's analysis: the stored one, or why there is none (a
    game that has none and can have one is asked for)."""
    stored = await storage.load_analysis(log.game_id) if storage is not None else None
    if stored is not None and stored.data is not None:
        return AnalysisState.READY, GameAnalysis.from_json(stored.data)
    if stored is not None and stored.version >= ANALYSIS_VERSION:
        return AnalysisState.FAILED, None
    if queue is None:
        return AnalysisState.OFF, None
    if log.game not in THRESHOLDS or not human_seats(log):
        return AnalysisState.FAILED, None  # computers only, or a game it has no measure for
    if queue.pending(log.game_id) or queue.request(log.game_id):
        return AnalysisState.PENDING, None
    return AnalysisState.BUSY, None


def analysed_moves(log: GameLog) -> list[AnalysedMove]:
    """The log as the analysis reads it: a move is a person's when a human sits there and it was
    not played for them (a timeout's move is the computer's choice; ``source`` None: an older
    log, taken by its seat)."""
    humans = human_seats(log)
    return [
        AnalysedMove(m.seat, m.action, m.seat in humans and m.source in (None, "human"))
        for m in log.actions
    ]


def analyse_log(game_log: GameLog, samples: int | None = None) -> dict[str, Any]:
    """Analyse one stored game (in the worker process): its ``GameAnalysis`` as JSON."""
    analysis = analyse_game(
        start_state(game_log),
        analysed_moves(game_log),
        game_id=game_log.game_id,
        samples=samples,
        seed=0,
    )
    return analysis.to_json()


def _worker_started() -> None:
    """The pool's worker gives way to the bot's event loop on a busy machine."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)


def process_pool() -> Executor:
    """One worker process, started at the first game (see the module's text). The queue hands it
    one game at a time and waits for it: ``max_tasks_per_child`` can deadlock a pool whose worker
    retires while other tasks wait (CPython gh-115634), so never submit several at once."""
    return ProcessPoolExecutor(
        max_workers=1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_started,
        max_tasks_per_child=WORKER_GAMES,
    )


class AnalysisQueue:
    """Analyses this process's finished games in the background, one at a time."""

    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        runner: Runner | None = None,
        pool: Callable[[], Executor] | None = None,
        samples: int | None = None,
        resume_days: float = RESUME_DAYS,
        resume_limit: int = RESUME_LIMIT,
    ) -> None:
        self.storage = storage
        self._clock = clock
        self._runner = runner  # None: ``analyse_log`` (the pool and runner are looked up when
        self._make_pool = pool  # used, so tests can swap the module's for a thread and a fake)
        self.samples = samples  # None: the analysis's own counts per game
        self.resume_days = resume_days
        self.resume_limit = resume_limit
        self._queue: asyncio.PriorityQueue[tuple[int, int, str]] = asyncio.PriorityQueue()
        self._order = itertools.count()
        self._waiting: dict[str, int] = {}  # queued and not yet taken: its best priority
        self._pool: Executor | None = None
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self.current: str | None = None  # the game being analysed
        self.analysed = 0  # stored here (tests, logs)
        self.failed = 0

    # -- what the bot tells it ------------------------------------------------------------------

    def recorded(self, table: Table, record: GameRecord) -> None:
        """``TableManager.on_recorded``'s hook: queue a game a person played (never blocks)."""
        if record.game in THRESHOLDS and any(not seat.is_bot for seat in record.seats):
            self._put(record.game_id, RECORDED)

    def request(self, game_id: str) -> bool:
        """A player asked for a game's analysis that is not stored: put it first, before the
        games waiting since their end or a restart (False: the queue is stopped, or too many
        games were asked for already; it is not queued)."""
        if self._closed or self._task is None:
            return False
        if game_id == self.current or self._waiting.get(game_id) == ASKED:
            return True
        if sum(1 for p in self._waiting.values() if p == ASKED) >= REQUEST_LIMIT:
            return False
        return self._put(game_id, ASKED)

    def pending(self, game_id: str) -> bool:
        """Whether the game is queued or being analysed here."""
        return game_id in self._waiting or game_id == self.current

    def _put(self, game_id: str, priority: int) -> bool:
        """Queue the game, or move it up to ``priority`` (the earlier entry is skipped when
        taken)."""
        if self._closed:
            return False
        queued = self._waiting.get(game_id)
        if game_id == self.current or (queued is not None and queued <= priority):
            return True
        if queued is None and len(self._waiting) >= MAX_QUEUED:
            log.warning(
                "analysis queue full: game %s is not analysed now (a restart takes the recent "
                "games again)",
                game_id,
            )
            return False
        self._waiting[game_id] = priority
        self._queue.put_nowait((priority, next(self._order), game_id))
        return True

    # -- life cycle ------------------------------------------------------------------------------

    async def start(self, *, resume: bool = True) -> None:
        """Queue the recent games recorded but not analysed (a restart), then start working.
        ``resume`` False: only this process's new games (several bot processes on one database:
        one of them resumes, or each would analyse the same games)."""
        if self._task is not None or self._closed:
            return
        since = self._clock() - self.resume_days * 86_400
        waiting: list[str] = []
        try:
            if resume:
                waiting = await self.storage.unanalysed_games(
                    ANALYSIS_VERSION, since=since, limit=self.resume_limit
                )
        except StorageError as exc:
            log.warning("analysis: cannot list the games waiting for an analysis: %s", exc)
        for game_id in waiting:
            self._put(game_id, RESUMED)
        if waiting:
            log.info("analysis: %d finished game(s) queued again", len(waiting))
        self._task = asyncio.create_task(self._work(), name="game-analyses")

    async def idle(self) -> None:
        """Wait until every queued game is analysed (tests, ``settle``; at once when stopped)."""
        if self._task is not None and not self._task.done():
            await self._queue.join()

    async def close(self) -> None:
        """Stop: the games still queued (and one being analysed, its worker killed) are analysed
        at the next start."""
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await asyncio.to_thread(_stop, pool)

    # -- the worker ------------------------------------------------------------------------------

    async def _work(self) -> None:
        while True:
            priority, _n, game_id = await self._queue.get()
            if self._waiting.get(game_id) != priority:  # moved up since: taken from there
                self._queue.task_done()
                continue
            del self._waiting[game_id]
            self.current = game_id
            try:
                await self.analyse(game_id)
            except StorageError as exc:
                log.warning("analysis of game %s not stored: %s", game_id, exc)
            except BrokenProcessPool:
                # the worker died (killed, out of memory): a new one for the next game; this
                # one is tried again at the next start
                log.error("analysis: the worker process of game %s died", game_id)
                await self._drop_pool()
            except Exception:  # a bug here must not stop the next games' analyses
                log.exception("analysis of game %s failed", game_id)
            finally:
                self.current = None
                self._queue.task_done()

    async def analyse(self, game_id: str) -> bool:
        """Analyse the game and store it (False: already stored, not found, or nobody's)."""
        stored = await self.storage.load_analysis(game_id)
        if stored is not None and stored.version >= ANALYSIS_VERSION:
            return False
        game_log = await self.storage.game_log(game_id)
        if game_log is None or not human_seats(game_log):
            return False
        if self._pool is None:
            self._pool = (self._make_pool or process_pool)()
        runner = self._runner or analyse_log
        loop = asyncio.get_running_loop()
        began = time.perf_counter()
        try:
            data = await loop.run_in_executor(self._pool, runner, game_log, self.samples)
            analysis = GameAnalysis.from_json(data)
        except UNANALYSABLE as exc:  # the log does not replay: stored as such, not retried
            self.failed += 1
            log.warning("game %s cannot be analysed: %r", game_id, exc)
            await self.storage.save_analysis(
                AnalysisRecord(
                    game_id=game_id,
                    version=ANALYSIS_VERSION,
                    data=None,
                    accuracy={},
                    created_at=self._clock(),
                    failure=repr(exc)[:500],
                )
            )
            return False
        await self.storage.save_analysis(
            AnalysisRecord(
                game_id=game_id,
                version=analysis.version,
                data=data,
                accuracy=dict(analysis.accuracy),
                created_at=self._clock(),
                cpu_seconds=analysis.cpu_seconds,
            )
        )
        self.analysed += 1
        log.info(
            "analysed game %s: %d move(s), %.1f s of CPU, %.1f s",
            game_id,
            len(analysis.moves),
            analysis.cpu_seconds,
            time.perf_counter() - began,
        )
        return True

    async def _drop_pool(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await asyncio.to_thread(_stop, pool)


def _stop(pool: Executor) -> None:
    """Shut the pool down without waiting for a game in progress: its worker is killed (a
    process pool's) — the game is analysed again at the next start."""
    # ProcessPoolExecutor keeps its workers in ``_processes`` (Python 3.14 adds a public
    # ``terminate_workers``); a thread pool (tests) has none: its thread ends with its game.
    running = getattr(pool, "_processes", None)
    processes = list(running.values()) if isinstance(running, dict) else []
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(5)
