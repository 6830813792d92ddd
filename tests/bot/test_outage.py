"""Issue 11: a storage outage of 5 minutes (fake time), then recovery, through the harness.

Background work (the computer's move) is retried with exponential backoff up to 60 s; the outage
is logged once; the table says "saving is delayed"; a player's move is refused (nothing half
done); once storage is back the move is saved and a restarted bot finds everything."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

from bot.render.table import SAVING_DELAYED
from bot.tables.models import TableStatus
from storage.models import MoveRecord

from .conftest import FakeFactory
from .driver import Driver
from .fakediscord import Person, render_text

WRITES = ("append_move", "save_table", "finish_game", "delete_table")


async def test_five_minutes_down_then_back(make_fake: FakeFactory, tmp_path: Path) -> None:
    db = tmp_path / "outage.sqlite3"
    fake = await make_fake(db_path=db, computer_delay=0.3)
    alice = Person("Alice", fake.make_user("Alice"))
    await fake.slash("table new", user=alice.user, game="hurricane", computer="easy")
    bot: Any = fake.bot
    table = bot.tables.get(fake.channel_id)
    assert table is not None and table.status is TableStatus.PLAYING
    d = Driver(fake, [alice], seed=9)
    await fake.wait_for(lambda: table.current_seat == 0)

    down = {"on": False}
    attempts: list[float] = []
    storage = bot.storage
    for name in WRITES:
        real = getattr(storage, name)

        async def guarded(*args: Any, _real: Any = real, **kwargs: Any) -> Any:
            if down["on"]:
                if any(isinstance(a, MoveRecord) for a in args):  # the computer's move
                    attempts.append(fake.now())
                raise OSError("database is locked")
            return await _real(*args, **kwargs)

        setattr(storage, name, guarded)

    await d.play_move(0, d.choose(0))  # saved; the computer is to move in 0.3 s
    moves = table.move_no
    down["on"] = True
    start = fake.now()
    await asyncio.wait_for(_until(lambda: len(attempts) == 1), 5)
    await bot.settle()
    assert SAVING_DELAYED.split(":")[0] in render_text(d.public())

    # a player's command meanwhile is refused, nothing half done
    ex = await fake.slash("table status", user=alice.user)
    assert not ex.ephemeral  # showing the table needs no database write
    ex = await fake.slash("table resign", user=alice.user)
    assert ex.ephemeral and "Saving is delayed" in ex.content  # refused whole: nothing changed
    assert table.status is TableStatus.PLAYING and table.move_no == moves

    while fake.now() - start < 300:  # five minutes of fake time, in steps
        fake.advance(0.5)
        bot.tables.poke()
        await asyncio.sleep(0.002)
    gaps = [round(b - a) for a, b in zip(attempts, attempts[1:], strict=False)]
    # 1, 2, 4, 8, 16, 32, then every 60 s (to within a step of the fake clock)
    expected = [1, 2, 4, 8, 16, 32, 60, 60, 60]
    assert len(gaps) >= len(expected) - 1, gaps
    for gap, want in zip(gaps, expected, strict=False):
        assert want <= gap <= want + 1, gaps
    assert max(gaps) <= 65
    assert table.move_no == moves  # the computer's move is not half applied

    errors = [r for r in fake.errors.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "saving is delayed" in errors[0].getMessage()
    fake.errors.records.clear()

    down["on"] = False
    fake.advance(61)
    bot.tables.poke()
    await fake.wait_for(lambda: table.move_no > moves)
    await bot.settle()
    assert not table.saving_delayed
    assert SAVING_DELAYED.split(":")[0] not in render_text(d.public())
    saved = table.move_no
    await fake.close()

    again = await make_fake(db_path=db, world=fake)
    restored = again.bot.tables.get(again.channel_id)  # type: ignore[attr-defined]
    assert restored is not None and restored.move_no >= saved  # nothing lost
    assert restored.history[:saved] == table.history[:saved]


async def _until(predicate: Any) -> None:
    while not predicate():
        await asyncio.sleep(0.005)
