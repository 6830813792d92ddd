"""The cluster supervisor (bot.cluster) with real, tiny worker processes (``python -c``): restarts
with a capped, resetting backoff; SIGTERM/SIGINT forwarded, then a kill after the grace period;
a worker with bad settings stops the cluster; no worker outlives its supervisor."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from aiohttp import web

from bot.cluster import (
    Backoff,
    Process,
    Supervisor,
    cluster_shard_count,
    command_spawn,
    main,
    recommended_shards,
    split_shards,
)
from bot.config import ConfigError

ROOT = Path(__file__).resolve().parents[2]
SUPERVISOR = Path(__file__).with_name("supervisor_main.py")

# A worker that notes its shards, then waits for SIGTERM and notes that too (or exits at once).
WORKER = """
import os, signal, sys, time
out = os.environ["OUT"]
me = f"{os.environ['WORKER_INDEX']}:{os.environ['SHARD_IDS']}/{os.environ['SHARD_COUNT']}:{os.getpid()}"
with open(out, "a") as f:
    f.write(f"start {me}\\n")
mode = sys.argv[1]
if mode == "crash":
    sys.exit(1)
if mode == "settings":
    sys.exit(2)
def stop(sig, frame):
    with open(out, "a") as f:
        f.write(f"stop {me} {signal.Signals(sig).name}\\n")
    sys.exit(0)
signal.signal(signal.SIGTERM, stop if mode != "stubborn" else signal.SIG_IGN)
signal.signal(signal.SIGINT, stop if mode != "stubborn" else signal.SIG_IGN)
with open(out, "a") as f:
    f.write(f"ready {me}\\n")
if mode == "brief":
    time.sleep(float(sys.argv[2]))
    sys.exit(1)
while True:
    time.sleep(1)
"""


def lines(out: Path, word: str) -> list[str]:
    if not out.exists():
        return []
    return [line.split(" ", 1)[1] for line in out.read_text().splitlines() if line.startswith(word)]


def alive(pid: int) -> bool:
    """Whether a process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][0] != "Z"
    except FileNotFoundError:
        return False


async def until(condition: object, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < end, "condition not reached"
        await asyncio.sleep(0.02)


def spawn_modes(out: Path, modes: list[str] | dict[int, list[str]]) -> object:
    """A spawn that runs WORKER; the n-th start of worker i uses mode ``modes[i][n]`` (the last
    one repeats), so a test scripts crashes and healthy runs."""
    starts: dict[int, int] = {}

    async def spawn(index: int, shard_ids: tuple[int, ...], shard_count: int) -> Process:
        plan = modes[index] if isinstance(modes, dict) else modes
        n = starts.get(index, 0)
        starts[index] = n + 1
        mode = plan[min(n, len(plan) - 1)].split()
        env = dict(os.environ, OUT=str(out))
        run = command_spawn([sys.executable, "-c", WORKER, *mode], env)
        return await run(index, shard_ids, shard_count)

    return spawn


def test_shards_split_evenly_and_contiguously() -> None:
    assert split_shards(4, 2) == [(0, 1), (2, 3)]
    assert split_shards(10, 3) == [(0, 1, 2, 3), (4, 5, 6), (7, 8, 9)]
    assert split_shards(1, 1) == [(0,)]
    with pytest.raises(ConfigError, match="3 processes need at least 3 shards"):
        split_shards(2, 3)
    assert cluster_shard_count(1, 2) == 2
    assert cluster_shard_count(5, 2) == 6
    assert cluster_shard_count(8, 4) == 8


def test_backoff_doubles_is_capped_and_resets() -> None:
    b = Backoff(initial=1.0, factor=2.0, cap=5.0, healthy_after=60.0)
    delays: list[float] = []
    delay = None
    for ran in (0.1, 0.1, 0.1, 0.1, 0.1, 61.0, 0.1):
        delay = b.next(delay, ran)
        delays.append(delay)
    assert delays == [1.0, 2.0, 4.0, 5.0, 5.0, 1.0, 2.0]


async def test_recommended_shards_asks_discord_once_with_the_token() -> None:
    seen: list[str] = []

    async def gateway(request: web.Request) -> web.Response:
        seen.append(request.headers["Authorization"])
        if request.headers["Authorization"] != "Bot good":
            return web.json_response({"message": "401: Unauthorized"}, status=401)
        return web.json_response({"url": "wss://x", "shards": 3, "session_start_limit": {}})

    app = web.Application()
    app.router.add_get("/api/v10/gateway/bot", gateway)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        url = f"http://127.0.0.1:{port}/api/v10/gateway/bot"
        assert await recommended_shards("good", url) == 3
        with pytest.raises(ConfigError, match="refused the token"):
            await recommended_shards("bad", url)
    finally:
        await runner.cleanup()
    assert seen == ["Bot good", "Bot bad"]


async def test_a_crashing_worker_is_restarted_with_growing_capped_pauses(tmp_path: Path) -> None:
    out = tmp_path / "out"
    spawn = spawn_modes(out, {0: ["wait"], 1: ["crash"]})
    backoff = Backoff(initial=0.05, factor=2.0, cap=0.2, healthy_after=30.0)
    sup = Supervisor([(0, 1), (2, 3)], 4, spawn, backoff=backoff, grace=5.0)  # type: ignore[arg-type]
    runner = asyncio.create_task(sup.run())
    await until(lambda: sup.workers[1].starts >= 6)
    sup.stop()
    assert await asyncio.wait_for(runner, 20) == 0
    crashing = sup.workers[1]
    assert crashing.delays[:5] == [0.05, 0.1, 0.2, 0.2, 0.2]
    assert crashing.exits[:5] == [1, 1, 1, 1, 1]
    starts = lines(out, "start")
    assert [s for s in starts if s.startswith("0:")] == [starts[0 if starts[0][0] == "0" else 1]]
    assert all(s.startswith("1:2-3/4:") for s in starts if not s.startswith("0:"))
    # the steady worker was started once and stopped by the SIGTERM
    assert [s.split()[1] for s in lines(out, "stop")] == ["SIGTERM"]
    assert sup.workers[0].starts == 1 and sup.workers[0].exits == [0]
    assert not sup.live()


async def test_the_pause_starts_again_after_a_healthy_run(tmp_path: Path) -> None:
    """How long each run lasted comes from a fake clock, read at each start and exit: 0.1 s for
    a crash, 0.6 s for the brief run (healthy: 0.5 s or more), whatever the machine's speed."""
    out = tmp_path / "out"
    spawn = spawn_modes(out, ["crash", "crash", "crash", "brief 0", "crash", "wait"])
    backoff = Backoff(initial=0.05, factor=2.0, cap=10.0, healthy_after=0.5)
    readings = iter([0.0, 0.1, 1.0, 1.1, 2.0, 2.1, 3.0, 3.6, 4.0, 4.1, 5.0])
    sup = Supervisor(
        [(0,)],
        1,
        spawn,  # type: ignore[arg-type]
        backoff=backoff,
        grace=5.0,
        clock=readings.__next__,
    )
    runner = asyncio.create_task(sup.run())
    await until(lambda: sup.workers[0].starts >= 6 and len(lines(out, "ready")) >= 2)
    sup.stop()
    assert await asyncio.wait_for(runner, 20) == 0
    # three quick crashes (0.05, 0.1, 0.2), a healthy run ends (reset to 0.05), a crash (0.1)
    assert sup.workers[0].delays == [0.05, 0.1, 0.2, 0.05, 0.1]
    assert sup.workers[0].exits == [1, 1, 1, 1, 1, 0]


async def test_stop_forwards_the_signal_then_kills_a_stubborn_worker(tmp_path: Path) -> None:
    out = tmp_path / "out"
    spawn = spawn_modes(out, {0: ["wait"], 1: ["stubborn"]})
    sup = Supervisor([(0,), (1,)], 2, spawn, grace=0.5)  # type: ignore[arg-type]
    runner = asyncio.create_task(sup.run())
    await until(lambda: len(lines(out, "ready")) == 2)
    pids = [p.pid for p in sup.live()]
    sup.stop(signal.SIGINT)
    assert await asyncio.wait_for(runner, 20) == 0
    assert [s.split()[1] for s in lines(out, "stop")] == ["SIGINT"]  # the polite one
    assert sup.workers[0].exits == [0]
    assert sup.workers[1].exits == [-signal.SIGKILL]  # ignored it: killed after the grace
    assert not [pid for pid in pids if alive(pid)]


async def test_a_worker_with_bad_settings_stops_the_cluster(tmp_path: Path) -> None:
    out = tmp_path / "out"
    spawn = spawn_modes(out, {0: ["wait"], 1: ["settings"]})
    sup = Supervisor([(0,), (1,)], 2, spawn, grace=5.0)  # type: ignore[arg-type]
    assert await asyncio.wait_for(sup.run(), 20) == 1
    assert sup.fatal is not None and "status 2" in sup.fatal
    assert sup.workers[1].starts == 1  # not restarted
    # stopped by a SIGTERM (handled, or before its handler was installed)
    assert sup.workers[0].exits in ([0], [-signal.SIGTERM]) and not sup.live()


@contextmanager
def supervisor_process(out: Path, mode: str) -> Iterator[subprocess.Popen[str]]:
    proc = subprocess.Popen(
        [sys.executable, str(SUPERVISOR), str(out), mode],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=20)


async def test_sigterm_to_the_supervisor_stops_every_worker(tmp_path: Path) -> None:
    out = tmp_path / "out"
    with supervisor_process(out, "wait") as proc:
        await until(lambda: len(lines(out, "ready")) == 3)
        pids = [int(s.split(":")[-1]) for s in lines(out, "ready")]
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0
    stops = lines(out, "stop")
    assert sorted(s.split()[0] for s in stops) == sorted(s for s in lines(out, "ready"))
    assert {s.split()[1] for s in stops} == {"SIGTERM"}
    shards = sorted(s.split(":")[1] for s in lines(out, "ready"))
    assert shards == ["0-1/6", "2-3/6", "4-5/6"]
    assert not [pid for pid in pids if alive(pid)]


async def test_a_killed_supervisor_leaves_no_orphans(tmp_path: Path) -> None:
    out = tmp_path / "out"
    with supervisor_process(out, "wait") as proc:
        await until(lambda: len(lines(out, "ready")) == 3)
        pids = [int(s.split(":")[-1]) for s in lines(out, "ready")]
        proc.send_signal(signal.SIGKILL)  # no chance to stop anyone: the kernel tells the workers
        proc.wait(timeout=20)
    await until(lambda: not [pid for pid in pids if alive(pid)])
    assert {s.split()[1] for s in lines(out, "stop")} == {"SIGTERM"}


def test_cluster_command_refuses_bad_settings(capsys: pytest.CaptureFixture[str]) -> None:
    env = {"SHARD_COUNT": "4", "SHARD_IDS": "0-1", "DATABASE_URL": "postgresql://x/y"}
    assert main(["--processes", "2"], env) == 2
    assert "SHARD_IDS is set" in capsys.readouterr().err
    assert main(["--processes", "2"], {"SHARD_COUNT": "4"}) == 2
    assert "DATABASE_URL" in capsys.readouterr().err
    env = {"SHARD_COUNT": "2", "DATABASE_URL": "postgresql://x/y"}
    assert main(["--processes", "3"], env) == 2
    assert "3 processes need at least 3 shards" in capsys.readouterr().err


async def test_python_m_bot_cluster_runs_and_restarts_real_workers(tmp_path: Path) -> None:
    """The command itself: two ``python -m bot run`` workers with their shards; the database is
    unreachable (a closed loopback port), so each refuses to start (status 3, before any contact
    with Discord) and is restarted; SIGTERM stops the supervisor."""
    env = dict(
        os.environ,
        DISCORD_TOKEN="not-a-real-token",
        DATABASE_URL="postgresql://nobody@127.0.0.1:1/nothing",
        SHARD_COUNT="2",
        LOG_LEVEL="INFO",
    )
    env.pop("SHARD_IDS", None)
    log = tmp_path / "log"
    with log.open("w") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-m", "bot", "cluster", "--processes", "2", "--grace", "5"],
            cwd=tmp_path,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            await until(lambda: log.read_text().count("restarting in") >= 2, timeout=60)
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=30) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    text = log.read_text()
    assert "2 workers on 2 shards: 0 | 1" in text
    assert "worker 0 (shards 0 of 2) started" in text and "worker 1 (shards 1 of 2) started" in text
    assert "exited with status 3" in text and "cannot connect to PostgreSQL" in text


def test_cluster_is_a_subcommand_of_python_m_bot(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot import __main__ as entry

    monkeypatch.chdir(tmp_path)  # no .env here
    for name in ("DATABASE_URL", "SHARD_IDS", "DISCORD_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SHARD_COUNT", "4")
    assert entry.main(["cluster", "--processes", "2"]) == 2
    assert "DATABASE_URL" in capsys.readouterr().err
    assert entry.main(["cluster"]) == 2  # --processes is required
    assert "--processes" in capsys.readouterr().err
    assert entry.main(["--help"]) == 0
    assert "cluster" in capsys.readouterr().out
