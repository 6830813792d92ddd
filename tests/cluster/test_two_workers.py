"""The proof of issue 17: two bot processes on one PostgreSQL database, each on half the shards.

Two worker processes (tests/cluster/bot_worker.py: the real bot, its own fake gateway) run shards
0-1 and 2-3 of 4 for 40 servers whose ids spread over the four shards (10 per shard: enough for
tables finished, in play and untouched at the kill; more servers only cost time). In every server a human
plays two Hurikan games against the computer, through interactions. Mid-way through the first
games one worker is killed with SIGKILL and started again. Then, from the database:

* every game was recorded exactly once, in its own server, by the worker that owns the server;
* the standings (counters and openskill ratings) equal a sequential replay of those results;
* the killed worker's tables came back at their last logged move and played on from there;
* while it was down, the other worker touched none of them (versions and move logs unchanged once
  the dead worker's last statements have landed, and no move bears a time from the outage), and
  after the restart each was claimed exactly once (its version went up by one).

Needs PostgreSQL (the storage tests' policy: skipped locally without a server, failing in CI).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import asyncpg

from bot.config import format_shard_ids, shard_of
from storage.models import GameRecord, SeatRecord
from storage.outcomes import Standing, seat_results, update_standings
from tests.storage.conftest import fresh_schema, pg_dsn

WORKER = Path(__file__).with_name("bot_worker.py")
SHARDS = 4
PLANS = ((0, 1), (2, 3))
GUILDS = [((4000 + i) << 22) | 77 for i in range(40)]  # shard = (4000 + i) % 4: 10 per shard
TIMEOUT = 120.0


class WorkerProcess:
    """A running bot_worker.py: send a command, read its reply (and the progress lines)."""

    def __init__(self, proc: asyncio.subprocess.Process, index: int) -> None:
        self.proc = proc
        self.index = index
        self.moved = 0  # human moves reported so far
        self.ready: dict[str, Any] = {}

    @classmethod
    async def start(cls, index: int, schema: str, *, computer_delay: float = 0.0) -> WorkerProcess:
        env = dict(
            os.environ,
            COMPUTER_DELAY=str(computer_delay),
            SHARD_COUNT=str(SHARDS),
            SHARD_IDS=format_shard_ids(PLANS[index]),
            TEST_SCHEMA=schema,
            GUILDS=",".join(map(str, GUILDS)),
        )
        env.pop("DATABASE_URL", None)
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            str(WORKER),
            env=env,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=2**24,
        )
        worker = cls(proc, index)
        worker.ready = (await worker._line())["ready"]
        return worker

    async def _line(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        raw = await asyncio.wait_for(self.proc.stdout.readline(), TIMEOUT)
        assert raw, f"worker {self.index} exited (status {await self.proc.wait()})"
        message: dict[str, Any] = json.loads(raw)
        return message

    def send(self, command: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command.encode() + b"\n")

    async def reply(self) -> Any:
        while True:
            message = await self._line()
            if "moved" in message:
                self.moved += 1
                continue
            return message["reply"]

    async def ask(self, command: str) -> Any:
        self.send(command)
        return await self.reply()

    async def wait_moves(self, n: int) -> None:
        """Read progress lines until ``n`` more human moves were made."""
        target = self.moved + n
        while self.moved < target:
            message = await self._line()
            assert "moved" in message, message
            self.moved += 1

    async def quit(self) -> list[str]:
        errors: list[str] = (await self.ask("quit"))["errors"]
        assert await asyncio.wait_for(self.proc.wait(), TIMEOUT) == 0
        return errors

    def kill(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()


def owner(guild_id: int) -> int:
    return next(i for i, plan in enumerate(PLANS) if shard_of(guild_id, SHARDS) in plan)


async def tables_by_guild(con: asyncpg.Connection) -> dict[int, tuple[str, int, int]]:
    """guild -> (game_id, version, moves logged) of its unfinished table."""
    rows = await con.fetch(
        "SELECT t.guild_id, t.game_id, t.version, "
        "(SELECT count(*) FROM moves m WHERE m.game_id = t.game_id) AS moves FROM tables t"
    )
    return {r["guild_id"]: (r["game_id"], r["version"], r["moves"]) for r in rows}


async def replayed_standings(con: asyncpg.Connection) -> dict[tuple[int, int], Standing]:
    """The standings a sequential replay of the recorded games gives, game after game."""
    standings: dict[tuple[int, int], Standing] = {}
    games_rows = await con.fetch("SELECT * FROM games ORDER BY guild_id, ended_at, game_id")
    for g in games_rows:
        seats = tuple(
            SeatRecord(
                seat=s["seat"],
                user_id=s["user_id"],
                name=s["name"],
                is_bot=bool(s["is_bot"]),
                team=s["team"],
            )
            for s in await con.fetch(
                "SELECT * FROM game_seats WHERE game_id = $1 ORDER BY seat", g["game_id"]
            )
        )
        record = GameRecord(
            game_id=g["game_id"],
            guild_id=g["guild_id"],
            channel_id=g["channel_id"],
            game=g["game"],
            options=json.loads(g["options"]),
            seats=seats,
            scores=tuple(json.loads(g["scores"])),
            winners=tuple(json.loads(g["winners"])),
            double=bool(g["double_win"]),
            seed=g["seed"],
            started_at=g["started_at"],
            ended_at=g["ended_at"],
            ended_by=g["ended_by"],
        )
        current = {
            s.user_id: standings[(record.guild_id, s.user_id)]
            for s in seats
            if (record.guild_id, s.user_id) in standings
        }
        for user, standing in update_standings(seat_results(record), current).items():
            standings[(record.guild_id, user)] = standing
    return standings


async def test_two_workers_share_one_database_and_survive_a_kill() -> None:
    async with fresh_schema() as schema:
        con = await asyncpg.connect(pg_dsn(), server_settings={"search_path": schema})
        workers: list[WorkerProcess] = []
        try:
            workers = list(
                await asyncio.gather(WorkerProcess.start(0, schema), WorkerProcess.start(1, schema))
            )
            await _play(con, workers, schema)
        finally:
            for w in workers:
                w.kill()
            await con.close()


async def _play(con: asyncpg.Connection, workers: list[WorkerProcess], schema: str) -> None:
    a, b = workers
    mine = [{g + 1 for g in GUILDS if owner(g) == i} for i in (0, 1)]
    for w in workers:  # each was fed exactly its shards' guilds
        assert w.ready["shards"] == list(PLANS[w.index])
        assert set(w.ready["channels"]) == mine[w.index] and len(mine[w.index]) == len(GUILDS) // 2

    # ---- first games: opened everywhere, a few moves each --------------------------------------
    opened = await asyncio.gather(a.ask("open"), b.ask("open"))
    first_games = {int(c): gid for o in opened for c, gid in o.items()}
    assert len(first_games) == len(GUILDS) and len(set(first_games.values())) == len(GUILDS)
    await asyncio.gather(a.ask("play 2"), b.ask("play 2"))

    # ---- kill b in the middle of its moves (and of its games) ----------------------------------
    b.send("play 0")
    await b.wait_moves(30)  # a few of b's games finished, one in play, the rest at move 2
    killed_at = time.time()
    b.kill()
    assert await b.proc.wait() == -signal.SIGKILL
    b_guilds = {g for g in GUILDS if owner(g) == 1}
    # a statement b sent just before dying may still be run by its server process: wait for quiet
    at_kill = await tables_by_guild(con)
    while True:
        await asyncio.sleep(0.3)
        again = await tables_by_guild(con)
        if again == at_kill:
            break
        at_kill = again

    # a plays its first games to the end while b is down: it must not touch b's tables
    a_done = await a.ask("play 0")
    assert all(status == "finished" for _, status in a_done.values())
    while_down = await tables_by_guild(con)
    assert {g: v for g, v in while_down.items() if g in b_guilds} == {
        g: v for g, v in at_kill.items() if g in b_guilds
    }
    assert not [g for g in while_down if g not in b_guilds]  # a's are all finished

    # ---- b again: restores exactly its own unfinished tables, at their last logged move --------
    b2_started = time.time()
    b2 = await WorkerProcess.start(1, schema, computer_delay=3600.0)  # computers wait: a still view
    workers[1] = b2
    restored = (await b2.ask("state"))["restored"]
    unfinished = {g: v for g, v in at_kill.items() if g in b_guilds}
    assert unfinished and {r["guild"] for r in restored} == set(unfinished)
    after_claim = await tables_by_guild(con)
    for r in restored:
        game_id, version, logged = unfinished[r["guild"]]
        assert r["game_id"] == game_id and r["move_no"] == logged > 0
        moves = await con.fetch(
            "SELECT seat, action, source, at FROM moves WHERE game_id = $1 ORDER BY move_no",
            game_id,
        )
        assert r["history"] == [[m["seat"], m["action"]] for m in moves], (
            f"killed at {killed_at:.3f}, b2 started at {b2_started:.3f}, restored {r}, "
            f"logged now {[tuple(m) for m in moves]}, at kill {unfinished[r['guild']]}"
        )
        assert r["version"] == version + 1  # b2's claim, the only one since the kill
        assert after_claim[r["guild"]][::2] == (game_id, logged)  # no move while computers wait
        assert after_claim[r["guild"]][1] >= r["version"]  # then only b2's own writes
    assert {g: v for g, v in after_claim.items() if g not in b_guilds} == {}
    await b2.ask("computers 0")

    # no move of b's games bears a time between b's death and b2's start: nobody else wrote one
    during = await con.fetchval(
        "SELECT count(*) FROM moves m JOIN tables t ON t.game_id = m.game_id "
        "WHERE m.at > $1 AND m.at < $2",
        killed_at,
        b2_started,
    )
    assert during == 0
    b_done = await b2.ask("play 0")
    assert {int(c) for c in b_done} == {r["channel"] for r in restored}
    assert all(s == "finished" for _, s in b_done.values())

    # ---- second games everywhere, both workers at once -----------------------------------------
    reopened = await asyncio.gather(a.ask("open"), b2.ask("open"))
    second_games = {int(c): gid for o in reopened for c, gid in o.items()}
    assert len(second_games) == len(GUILDS)
    done = await asyncio.gather(a.ask("play 0"), b2.ask("play 0"))
    assert all(s == "finished" for d in done for _, s in d.values())

    # ---- the database: each result once, in its server, ratings as a sequential replay ---------
    rows = await con.fetch("SELECT game_id, guild_id, channel_id, ended_by FROM games")
    assert len(rows) == 2 * len(GUILDS)
    expected = set(first_games.values()) | set(second_games.values())
    assert {r["game_id"] for r in rows} == expected
    per_guild: dict[int, int] = defaultdict(int)
    for r in rows:
        assert r["channel_id"] == r["guild_id"] + 1 and r["ended_by"] == "finished"
        per_guild[r["guild_id"]] += 1
    assert per_guild == dict.fromkeys(GUILDS, 2)
    assert await con.fetchval("SELECT count(*) FROM tables") == 0
    for r in rows:  # every move logged once, numbered 1..n without a gap
        numbers = [
            m["move_no"]
            for m in await con.fetch(
                "SELECT move_no FROM moves WHERE game_id = $1 ORDER BY move_no", r["game_id"]
            )
        ]
        assert numbers == list(range(1, len(numbers) + 1)) and numbers

    replay = await replayed_standings(con)
    stored = await con.fetch("SELECT * FROM standings")
    assert len(stored) == len(replay) == 2 * len(GUILDS)  # a human and the easy computer per server
    for s in stored:
        want = replay[(s["guild_id"], s["user_id"])]
        got = (s["games"], s["wins"], s["losses"], s["draws"], s["points"], s["streak"])
        assert got == (want.games, want.wins, want.losses, want.draws, want.points, want.streak)
        assert abs(s["mu"] - want.skill.mu) < 1e-9 and abs(s["sigma"] - want.skill.sigma) < 1e-9
        assert s["games"] == 2

    # ---- each worker held only its own servers' tables, and logged no error --------------------
    for w in (a, b2):
        held = {t["channel"] for t in (await w.ask("state"))["tables"]}
        assert held <= mine[w.index] and held
        assert await w.quit() == []
