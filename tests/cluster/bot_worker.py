"""One bot process of the cluster test (tests/cluster/test_two_workers.py): the real bot
(``create_bot`` with ``Config.from_env``: SHARD_COUNT/SHARD_IDS from the environment, as
``python -m bot cluster`` sets them) on PostgreSQL, with its own fake gateway (the in-process
harness, tests/bot/fakediscord.py) that feeds it the guilds of its shards only.

Usage: python bot_worker.py   (environment: SHARD_COUNT, SHARD_IDS, TEST_SCHEMA, GUILDS, PG*)

``GUILDS`` lists every guild of the test; the worker keeps those on its shards (``owns_guild``),
each with one channel (id = guild id + 1) and one human (id = guild id + 2). It reads commands on
stdin and answers each with one JSON line ``{"reply": …}``:

``open``        each of its guilds' humans opens ``/table new game:hurikan computer:easy``
``play N``      each table plays up to N more human moves (clicks on the hand message; the
                computer answers in the background); ``N = 0``: to the end. After every human
                move a line ``{"moved": [channel, move_no]}`` is printed
``computers S`` computer players wait S seconds between moves (COMPUTER_DELAY at start)
``state``       the tables in memory, what restore returned at start, errors logged so far
``quit``        close the bot and exit
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import tests.bot.fakediscord as fakediscord  # noqa: E402
from bot.app import create_bot  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.discord.media import PICTURES  # noqa: E402
from bot.tables.manager import TableManager  # noqa: E402
from bot.tables.models import Table, TableStatus  # noqa: E402
from storage.postgres import PostgresStorage  # noqa: E402
from tests.bot.driver import Driver  # noqa: E402
from tests.bot.fakediscord import FakeDiscord, Person  # noqa: E402

# Message and interaction ids unique to this process (a restarted worker must not reuse the ids
# of the messages its predecessor posted: restored tables still name them).
fakediscord._ids = itertools.count(10**18 + (time.time_ns() % 10**15) * 1000)

restored: list[dict[str, Any]] = []  # what TableManager.restore returned, before any move
_restore = TableManager.restore


async def _recording_restore(self: TableManager, guild_filter: Any = None) -> list[Table]:
    tables = await _restore(self, guild_filter)
    # nothing has run since restore returned (its driver tasks have not started): as loaded
    versions = getattr(self.storage, "_versions", {})  # the version each claim left
    restored.extend(dict(describe(t), version=versions.get(t.channel_id)) for t in tables)
    return tables


TableManager.restore = _recording_restore  # type: ignore[method-assign]


def describe(table: Table) -> dict[str, Any]:
    return {
        "channel": table.channel_id,
        "guild": table.guild_id,
        "game_id": table.game_id,
        "move_no": table.move_no,
        "status": table.status.value,
        "history": [list(h) for h in table.history],
    }


def say(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


class Worker:
    def __init__(self) -> None:
        env = dict(os.environ)
        # the scripted players click far faster than people: the per-user click limit is loosened
        env.setdefault("ACTION_RATE", "100000")
        env.setdefault("ANALYSIS", "0")  # the games' analyses are tested in tests/bot
        self.config = Config.from_env(env)
        self.fake = FakeDiscord()
        self.people: dict[int, Person] = {}  # channel -> its human
        for gid in (int(g) for g in env["GUILDS"].split(",")):
            if not self.config.owns_guild(gid):
                continue
            self.fake.guild_ids.append(gid)
            # stable ids: a restarted worker must know the same channels and players
            self.fake.make_channel("general", guild_id=gid, channel_id=gid + 1)
            user = self.fake.make_user(f"Player{gid % 1000}", user_id=gid + 2)
            self.people[gid + 1] = Person(user["global_name"], user)
        self.fake.guild_ids.remove(fakediscord.GUILD_ID)
        self.storage = PostgresStorage(None, schema=env["TEST_SCHEMA"], pool_size=4)

    async def start(self) -> None:
        delay = float(os.environ.get("COMPUTER_DELAY", "0"))
        # Pictures and card emojis are off here: this harness checks two processes sharing one
        # database (hundreds of tables at once), not drawing; tests/bot/test_pictures.py does that.
        PICTURES.enabled = False
        bot = create_bot(
            self.config,
            storage=self.storage,
            computer_delay=delay,
            publish_delay=0.0,
            card_emojis=False,
        )
        await self.storage.open()
        await self.fake.start(bot)
        await bot.settle()

    def driver(self, channel: int) -> Driver:
        return Driver(self.fake, [self.people[channel]], channel_id=channel)

    async def open(self) -> dict[str, Any]:
        opened = {}
        for channel in self.people:
            d = self.driver(channel)
            await d.open(self.people[channel], game="hurikan", computer="easy", turn_timer=0)
            opened[str(channel)] = d.table.game_id
        return opened

    async def play(self, limit: int) -> dict[str, Any]:
        out = {}
        for channel in self.people:
            table = self.fake.bot.tables.get(channel)  # type: ignore[union-attr]
            if table is None or table.status is not TableStatus.PLAYING:
                continue
            d = self.driver(channel)
            moves = 0
            while d.table.status is TableStatus.PLAYING and (limit == 0 or moves < limit):
                state = d.table.state
                assert state is not None and state.current_player is not None
                seat = d.table.seats[state.current_player]
                assert seat is not None
                if seat.computer is not None:
                    before = d.table.move_no
                    await self.fake.wait_for(
                        lambda d=d, before=before: (
                            d.table.move_no != before or d.table.status is not TableStatus.PLAYING
                        )
                    )
                    continue
                await d.play_move(state.current_player, d.choose(state.current_player))
                moves += 1
                say({"moved": [channel, d.table.move_no]})
            out[str(channel)] = [d.table.move_no, d.table.status.value]
        await self.fake.bot.settle()  # type: ignore[union-attr]
        return out

    def state(self) -> dict[str, Any]:
        tables = self.fake.bot.tables.tables()  # type: ignore[union-attr]
        return {
            "tables": [describe(t) for t in tables],
            "restored": restored,
            "errors": self.fake.error_messages(),
        }

    async def serve(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            line = await loop.run_in_executor(None, sys.stdin.readline)
            words = line.split()
            if not words or words[0] == "quit":
                break
            if words[0] == "open":
                say({"reply": await self.open()})
            elif words[0] == "play":
                say({"reply": await self.play(int(words[1]))})
            elif words[0] == "computers":  # computer_delay in seconds
                self.fake.bot.tables.computer_delay = float(words[1])  # type: ignore[union-attr]
                self.fake.bot.tables.poke()  # type: ignore[union-attr]
                say({"reply": {}})
            elif words[0] == "state":
                say({"reply": self.state()})
            else:
                say({"reply": {"error": f"unknown command {words[0]}"}})
        errors = self.fake.error_messages()
        await self.fake.close()
        await self.storage.close()
        say({"reply": {"errors": errors}})


async def main() -> None:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    worker = Worker()
    await worker.start()
    say({"ready": {"shards": list(worker.config.shard_ids or ()), "channels": list(worker.people)}})
    await worker.serve()


if __name__ == "__main__":
    asyncio.run(main())
