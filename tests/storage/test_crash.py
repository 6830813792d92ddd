"""Crash test: a table runs in a subprocess (through TableManager on SqliteStorage), is killed with
SIGKILL, and a fresh process/connection finds it exactly as after the last acknowledged move."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import bot.games as games
from bot.tables.manager import TableManager
from bot.tables.models import Table
from bot.tables.replay import start_state
from storage.sqlite import SqliteStorage

from .conftest import moves_of
from .crash_worker import CHANNEL, GUILD, USERS, digest

WORKER = Path(__file__).with_name("crash_worker.py")


@contextmanager
def worker(db: Path, seed: int, mode: str) -> Iterator[subprocess.Popen[str]]:
    proc = subprocess.Popen(
        [sys.executable, str(WORKER), str(db), str(seed), mode],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    guard = threading.Timer(30.0, proc.kill)  # never hang the suite
    guard.start()
    try:
        yield proc
    finally:
        guard.cancel()
        proc.kill()
        proc.wait()
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                stream.close()


def parse_ack(line: str) -> tuple[int, str]:
    word, n, fingerprint = line.split()
    assert word == "ACK", line
    return int(n), fingerprint


def logged_moves(db: Path, game_id: str) -> list[tuple[int, str]]:
    return [(seat, action) for _, seat, action in moves_of(db, game_id)]


async def restore(db: Path) -> tuple[SqliteStorage, TableManager, Table]:
    storage = SqliteStorage(db)
    await storage.open()
    manager = TableManager(storage, computer_delay=0.0, rng_seed=1)
    [table] = await manager.restore()
    assert table.channel_id == CHANNEL and table.guild_id == GUILD
    return storage, manager, table


def replayed(table: Table) -> dict[str, object]:
    state = games.new_game(
        "hurricane", seed=table.seed, options={"preset": "standard"}, fair=table.fair
    )
    for seat, action in table.history:
        state.apply(action, seat)
    return state.to_dict()


async def test_killed_between_moves_resumes_exactly(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    kill_at = 25
    acks: dict[int, str] = {}
    with worker(db, seed=5, mode="step") as proc:
        assert proc.stdin is not None and proc.stdout is not None
        for line in proc.stdout:
            n, fingerprint = parse_ack(line)
            acks[n] = fingerprint
            if n == kill_at:
                proc.kill()  # SIGKILL, while it waits between move 25 and move 26
                break
            proc.stdin.write("\n")
            proc.stdin.flush()
        proc.wait()
    assert sorted(acks) == list(range(kill_at + 1))

    storage, manager, table = await restore(db)
    try:
        assert table.move_no == kill_at
        assert digest(table) == acks[kill_at]
        assert [tuple(m) for m in logged_moves(db, table.game_id)] == table.history
        # the restored table plays on to the end, and the finished game is recorded and replays
        rng = random.Random(99)
        while table.current_seat is not None:
            user = USERS[table.current_seat]
            action = rng.choice(manager.legal_actions(CHANNEL, user))
            await manager.act(CHANNEL, user, str(action), table.move_no)
        assert await storage.load_tables() == []
        log = await storage.game_log(table.game_id)
        assert log is not None and len(log.actions) == table.move_no
        assert log.rng_version == "fair-v1" and log.table_id == table.game_id
        replay = start_state(log)  # the fair seed recorded with the result
        for m in log.actions:
            replay.apply(m.action, m.seat)
        assert table.state is not None
        assert replay.result()["scores"] == table.state.result()["scores"]
        [summary] = await storage.history(GUILD, USERS[0])
        assert summary.game_id == table.game_id
    finally:
        await manager.close()
        await storage.close()


async def test_killed_mid_stream_keeps_snapshot_and_log_together(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    acks: dict[int, str] = {}
    with worker(db, seed=8, mode="run") as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            n, fingerprint = parse_ack(line)
            acks[n] = fingerprint
            if n >= 40:
                proc.kill()  # SIGKILL at whatever point of its next move it has reached
                break
        proc.wait()
        for line in proc.stdout:  # lines printed before it died
            if line.startswith("ACK"):
                n, fingerprint = parse_ack(line)
                acks[n] = fingerprint
    last = max(acks)

    storage, manager, table = await restore(db)
    try:
        # acknowledged moves are never lost; at most the one in flight was also committed
        assert table.move_no in (last, last + 1)
        if table.move_no == last:
            assert digest(table) == acks[last]
        assert table.state is not None
        assert replayed(table) == table.state.to_dict()
        assert [tuple(m) for m in logged_moves(db, table.game_id)] == table.history
    finally:
        await manager.close()
        await storage.close()
