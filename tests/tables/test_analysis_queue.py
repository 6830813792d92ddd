"""The background analysis queue (``bot.tables.analysis_queue``) on a real SQLite file: each game
a person played is analysed once and stored, games recorded but not analysed are found again at
start (a restart), computers-only games never are, a game that does not replay is stored as a
failure, and ``close`` does not wait for a game in progress.

The analysis itself is ``bot.analysis`` (tested there); here a fake runner stands in for it, in a
thread pool (fast), and one test runs the real process pool."""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import threading
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import bot.games
from bot.analysis import ANALYSIS_VERSION, AnalysisState, GameAnalysis, Mark, MoveVerdict
from bot.tables import analysis_queue as queue_module
from bot.tables.analysis_queue import AnalysisQueue, analysed_moves, analysis_status
from bot.tables.replay import ReplayUnavailable
from storage.models import GameLog, GameRecord, MoveRecord, SeatRecord, TableSnapshot
from storage.sqlite import SqliteStorage

CHANNEL, GUILD = 500, 7
NOW = 2_000_000_000.0
_n = iter(range(1, 10_000))


def game(*users: int, ended_at: float = NOW - 60, game_id: str | None = None) -> GameRecord:
    """A finished Hurricane game (no moves needed by the fake runner); negative ids: computers."""
    n = next(_n)
    return GameRecord(
        game_id=game_id or f"g{n:04d}",
        guild_id=GUILD,
        channel_id=CHANNEL,
        game="hurricane",
        options={"preset": "standard"},
        seats=tuple(SeatRecord(i, u, f"p{u}", is_bot=u < 0) for i, u in enumerate(users)),
        scores=(3, 1),
        winners=(0,),
        double=False,
        seed=n,
        started_at=ended_at - 300,
        ended_at=ended_at,
    )


def fake_analysis(game_log: GameLog, samples: int | None = None) -> dict[str, Any]:
    """What ``analyse_log`` returns, without the search: 75% for every human seat."""
    humans = sorted(s.seat for s in game_log.seats if not s.is_bot)
    verdict = MoveVerdict(1, humans[0], "7H", "9H", 0.7, Mark.MISTAKE)
    return GameAnalysis(
        game_log.game_id, game_log.game, "points", (verdict,), {s: 75.0 for s in humans}
    ).to_json()


def broken(game_log: GameLog, samples: int | None = None) -> dict[str, Any]:
    raise ReplayUnavailable("Move 3 of this game does not replay (a card not in hand).")


def gated(gate: threading.Event, order: list[str]) -> Callable[..., dict[str, Any]]:
    """A runner that waits for ``gate`` (the worker stays busy with its first game), then notes
    the order the games were analysed in."""

    def run(game_log: GameLog, samples: int | None = None) -> dict[str, Any]:
        gate.wait(5)
        order.append(game_log.game_id)
        return fake_analysis(game_log, samples)

    return run


def threads() -> Executor:
    return ThreadPoolExecutor(max_workers=1)


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    s = SqliteStorage(tmp_path / "bot.sqlite3")
    await s.open()
    yield s
    await s.close()


Make = Callable[..., AnalysisQueue]


@pytest.fixture
async def make_queue(storage: SqliteStorage) -> AsyncIterator[Make]:
    made: list[AnalysisQueue] = []

    def make(runner: Any = fake_analysis, **kw: Any) -> AnalysisQueue:
        kw.setdefault("pool", threads)
        q = AnalysisQueue(storage, clock=lambda: NOW, runner=runner, **kw)
        made.append(q)
        return q

    yield make
    for q in made:
        await q.close()


async def test_a_recorded_game_is_analysed_and_stored_once(
    storage: SqliteStorage, make_queue: Make
) -> None:
    calls: list[str] = []

    def counting(game_log: GameLog, samples: int | None = None) -> dict[str, Any]:
        calls.append(game_log.game_id)
        return fake_analysis(game_log, samples)

    queue = make_queue(counting)
    await queue.start()
    record = game(101, -3)
    await storage.finish_game(record)
    queue.recorded(None, record)  # type: ignore[arg-type]  # the table is not read
    queue.recorded(None, record)  # type: ignore[arg-type]  # queued twice: analysed once
    await queue.idle()
    stored = await storage.load_analysis(record.game_id)
    assert stored is not None and stored.version == ANALYSIS_VERSION
    assert stored.accuracy == {0: 75.0}
    assert stored.data is not None
    assert GameAnalysis.from_json(stored.data).for_move(1) is not None
    assert calls == [record.game_id] and queue.analysed == 1
    # asked again (another process, a replay's request): stored already, not analysed again
    assert not await queue.analyse(record.game_id)
    assert calls == [record.game_id]


async def test_games_recorded_but_not_analysed_are_analysed_at_start(
    storage: SqliteStorage, make_queue: Make
) -> None:
    """A restart: the games the last run recorded and did not analyse are analysed now — the
    recent ones (``resume_days``), never a game of computers only."""
    waiting = [game(101, 102), game(103, -2)]
    old = game(104, 105, ended_at=NOW - 30 * 86_400)
    computers = game(-1, -2)
    for g in (*waiting, old, computers):
        await storage.finish_game(g)
    other = make_queue()  # a process not running shard 0: its new games only
    await other.start(resume=False)
    await other.idle()
    assert other.analysed == 0
    queue = make_queue()
    await queue.start()
    await queue.idle()
    for g in waiting:
        assert (await storage.load_analysis(g.game_id)) is not None
    assert await storage.load_analysis(old.game_id) is None
    assert await storage.load_analysis(computers.game_id) is None
    assert queue.analysed == 2
    # the next start finds nothing left to do
    again = make_queue()
    await again.start()
    await again.idle()
    assert again.analysed == 0


async def test_a_game_of_computers_only_is_not_analysed(
    storage: SqliteStorage, make_queue: Make
) -> None:
    queue = make_queue()
    await queue.start()
    record = game(-1, -3)
    await storage.finish_game(record)
    queue.recorded(None, record)  # type: ignore[arg-type]
    assert not queue.pending(record.game_id)
    assert not await queue.analyse(record.game_id)  # asked directly: nobody to analyse
    await queue.idle()
    assert await storage.load_analysis(record.game_id) is None


async def test_a_game_that_cannot_be_analysed_is_stored_as_a_failure(
    storage: SqliteStorage, make_queue: Make, caplog: pytest.LogCaptureFixture
) -> None:
    record = game(101, 102)
    await storage.finish_game(record)
    queue = make_queue(broken)
    await queue.start()
    await queue.idle()
    stored = await storage.load_analysis(record.game_id)
    assert stored is not None and stored.data is None
    assert stored.failure is not None and "does not replay" in stored.failure
    assert queue.failed == 1
    assert await storage.unanalysed_games(ANALYSIS_VERSION, since=0, limit=5) == []


async def test_a_request_goes_first(storage: SqliteStorage, make_queue: Make) -> None:
    order: list[str] = []
    gate = threading.Event()
    queue = make_queue(gated(gate, order))
    await queue.start()
    first, second, asked = game(1, 2), game(3, 4), game(5, 6, ended_at=NOW - 20 * 86_400)
    for g in (first, second, asked):
        await storage.finish_game(g)
    for g in (first, second):
        queue.recorded(None, g)  # type: ignore[arg-type]
    await asyncio.sleep(0.01)  # the worker has taken the first game
    assert queue.request(asked.game_id) and queue.pending(asked.game_id)
    gate.set()
    await queue.idle()
    assert order == [first.game_id, asked.game_id, second.game_id]


async def test_a_bug_in_the_analysis_is_not_stored_as_a_failure(
    storage: SqliteStorage, make_queue: Make, caplog: pytest.LogCaptureFixture
) -> None:
    def buggy(game_log: GameLog, samples: int | None = None) -> dict[str, Any]:
        raise KeyError("seat")

    record = game(107, 108)
    await storage.finish_game(record)
    queue = make_queue(buggy)
    await queue.start()
    await queue.idle()
    assert await storage.load_analysis(record.game_id) is None  # tried again at the next start
    assert "analysis of game" in caplog.text and queue.failed == 0
    assert await storage.unanalysed_games(ANALYSIS_VERSION, since=0, limit=5) == [record.game_id]


async def test_a_request_moves_a_game_already_waiting_to_the_front(
    storage: SqliteStorage, make_queue: Make
) -> None:
    order: list[str] = []
    gate = threading.Event()
    queue = make_queue(gated(gate, order))
    await queue.start()
    games = [game(1, 2), game(3, 4), game(5, 6), game(7, 8)]
    for g in games:
        await storage.finish_game(g)
        queue.recorded(None, g)  # type: ignore[arg-type]
    await asyncio.sleep(0.01)  # the worker has taken the first game
    assert queue.request(games[3].game_id)  # recorded last, asked for: next
    gate.set()
    await queue.idle()
    assert order == [games[0].game_id, games[3].game_id, games[1].game_id, games[2].game_id]


async def test_too_many_requests_say_busy_and_queue_nothing(
    storage: SqliteStorage, make_queue: Make, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(queue_module, "REQUEST_LIMIT", 2)
    gate = threading.Event()
    queue = make_queue(gated(gate, []))
    await queue.start()
    busy, *asked = [game(20 + i, 30 + i) for i in range(4)]
    for g in (busy, *asked):
        await storage.finish_game(g)
    queue.recorded(None, busy)  # type: ignore[arg-type]
    await asyncio.sleep(0.01)  # the worker is busy with it
    states = []
    for g in asked:
        log = await storage.game_log(g.game_id)
        assert log is not None
        states.append((await analysis_status(storage, queue, log))[0])
    assert states == [AnalysisState.PENDING, AnalysisState.PENDING, AnalysisState.BUSY]
    assert not queue.pending(asked[2].game_id)
    gate.set()
    await queue.idle()
    log = await storage.game_log(asked[0].game_id)
    assert log is not None
    state, analysis = await analysis_status(storage, queue, log)
    assert state is AnalysisState.READY and analysis is not None
    assert (await analysis_status(storage, None, log))[0] is AnalysisState.READY
    other = await storage.game_log(asked[2].game_id)
    assert (
        other is not None and (await analysis_status(storage, None, other))[0] is AnalysisState.OFF
    )


async def test_close_does_not_wait_for_a_game_in_progress(
    storage: SqliteStorage, make_queue: Make
) -> None:
    started, release = threading.Event(), threading.Event()

    def slow(game_log: GameLog, samples: int | None = None) -> dict[str, Any]:
        started.set()
        release.wait(5)
        return fake_analysis(game_log, samples)

    record = game(101, 102)
    await storage.finish_game(record)
    queue = make_queue(slow)
    await queue.start()
    await asyncio.to_thread(started.wait, 5)
    began = time.perf_counter()
    await queue.close()
    assert time.perf_counter() - began < 1.0
    release.set()
    assert await storage.load_analysis(record.game_id) is None  # analysed at the next start
    assert not queue.request(record.game_id)  # closed: nothing more is queued


def forked() -> Executor:
    """A process pool as the bot's (``process_pool``) but forked: the bot's spawned worker takes
    a second or two to start, which bench/analysis_load.py --quick exercises in the suite."""
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"))


def sleeper(game_log: GameLog, samples: int | None = None) -> dict[str, Any]:
    time.sleep(30)
    return fake_analysis(game_log, samples)


async def test_the_worker_process(storage: SqliteStorage, make_queue: Make) -> None:
    """A worker process runs the analysis; ``close`` kills one in the middle of a game."""
    record = game(101, -2)
    await storage.finish_game(record)
    queue = make_queue(fake_analysis, pool=forked)
    await queue.start()
    await queue.idle()
    assert (await storage.load_analysis(record.game_id)) is not None
    slow = make_queue(sleeper, pool=forked)
    await slow.start()
    other = game(102, -2)
    await storage.finish_game(other)
    slow.recorded(None, other)  # type: ignore[arg-type]
    await asyncio.sleep(0.2)  # the worker is asleep in the game
    began = time.perf_counter()
    await slow.close()
    assert time.perf_counter() - began < 1.0
    assert await storage.load_analysis(other.game_id) is None


def test_timeouts_and_computers_are_not_the_players_moves() -> None:
    seats = (SeatRecord(0, 1, "a"), SeatRecord(1, -2, "normal", is_bot=True))
    moves = tuple(
        MoveRecord("g", n, seat, "pass", 0.0, source)
        for n, (seat, source) in enumerate(
            [(0, "human"), (1, "computer"), (0, "timeout"), (0, None)], start=1
        )
    )
    log = GameLog("g", "hurricane", {}, 2, 1, moves, seats=seats)
    assert [m.human for m in analysed_moves(log)] == [True, False, False, True]


async def test_the_real_analysis_of_a_stored_game(storage: SqliteStorage, make_queue: Make) -> None:
    """``analyse_log`` (the worker's function) on a game stored move by move: a verdict for each
    of the person's moves with a choice, none for the computer's, the person's accuracy."""
    state = bot.games.new_game("hurricane", seed=5, players=2, options={"preset": "standard"})
    rng = random.Random(1)
    gid, moves = "real-1", []
    while not state.is_over and len(moves) < 10:
        seat = state.current_player
        assert seat is not None
        action = rng.choice(list(state.legal_actions(seat)))
        state.apply(action, seat)
        source = "human" if seat == 0 else "computer"
        moves.append(MoveRecord(gid, len(moves) + 1, seat, str(action), 0.0, source))
    for move in moves[:-1]:
        snapshot = TableSnapshot(CHANNEL, GUILD, gid, "playing", state.to_dict(), 0.0)
        await storage.save_table(snapshot, move)
    record = replace(game(101, -2, game_id=gid), seed=5)
    await storage.finish_game(record, CHANNEL, moves[-1])
    queue = make_queue(None, samples=1)  # the real analysis, few samples
    await queue.start()
    await queue.idle()
    stored = await storage.load_analysis(gid)
    assert stored is not None and stored.data is not None, stored
    analysis = GameAnalysis.from_json(stored.data)
    assert analysis.moves and {v.seat for v in analysis.moves} == {0}
    assert {v.move_no for v in analysis.moves} <= {m.move_no for m in moves if m.seat == 0}
    assert set(stored.accuracy) == {0} and 0 <= stored.accuracy[0] <= 100
