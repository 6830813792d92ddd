"""Two processes, one database: a table another process has claimed is dropped from this one.

Each ``TableManager`` here stands for one bot process (its own ``Storage`` on the same database).
When the second restores (claims) a table, the first's next write of it is refused by the
storage's version check (``TableConflict``); the first process must then let the table go: no
computer moves, no timers, not listed, one log line, and the player told politely."""

from __future__ import annotations

import asyncio
import logging
import random

import pytest

from bot.tables.errors import TableLost
from bot.tables.manager import TableManager
from bot.tables.models import GameSpec, Level, TableStatus

from .conftest import GUILD, Backend

HOST = 21
GUEST = 22


async def _open_duel(manager: TableManager, channel: int, *, computer: bool) -> None:
    spec = GameSpec("hurikan", {}, 2, turn_timer=0)
    await manager.open_table(
        channel_id=channel, guild_id=GUILD, host_id=HOST, host_name="host", spec=spec
    )
    if computer:
        await manager.add_computer(channel, HOST, Level.EASY)
    else:
        await manager.join(channel, GUEST, "guest")
    await manager.start(channel, HOST)


async def test_a_claimed_table_is_dropped_at_its_next_move(
    backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    first, second = backend.new_store(), backend.new_store()
    await first.open()
    await second.open()
    a = TableManager(first, computer_delay=0.0, rng_seed=1)
    b = TableManager(second, computer_delay=0.0, rng_seed=1)
    try:
        await _open_duel(a, 501, computer=False)
        table = a.require(501)
        seat = table.current_seat
        assert seat is not None
        user = HOST if seat == 0 else GUEST
        action = str(random.Random(1).choice(a.legal_actions(501, user)))
        await a.act(501, user, action, table.move_no)
        moves_before = await backend.count("SELECT count(*) FROM moves")

        [claimed] = await b.restore()  # the other process takes the table over
        assert claimed.channel_id == 501 and claimed.move_no == table.move_no

        seat = table.current_seat
        assert seat is not None
        user = HOST if seat == 0 else GUEST
        action = str(a.legal_actions(501, user)[0])
        with (
            caplog.at_level(logging.WARNING, logger="bot.tables"),
            pytest.raises(TableLost, match="another instance"),
        ):
            await a.act(501, user, action, table.move_no)
        assert a.get(501) is None and a.tables() == []
        await a.set_message(501, 1234, 1.0)  # a late message update of the lost table: ignored
        lost = [r for r in caplog.records if "claimed by another process" in r.getMessage()]
        assert len(lost) == 1 and lost[0].levelno == logging.WARNING
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert await backend.count("SELECT count(*) FROM moves") == moves_before

        # the new owner plays on from where the table was; the old one knows nothing of it
        await b.act(501, user, action, claimed.move_no)
        assert await backend.count("SELECT count(*) FROM moves") == moves_before + 1
    finally:
        await a.close()
        await b.close()
        await first.close()
        await second.close()


async def test_a_claimed_computer_table_stops_being_driven(
    backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    """The computer's own move finds the conflict: the driver stops, without an error logged
    and without retrying, and the other process finishes the game (recorded once)."""
    first, second = backend.new_store(), backend.new_store()
    await first.open()
    await second.open()
    a = TableManager(first, computer_delay=0.0, rng_seed=2)
    b = TableManager(second, computer_delay=0.0, rng_seed=2)
    a.retry_delay = 0.0
    try:
        await _open_duel(a, 502, computer=True)
        table = a.require(502)
        rng = random.Random(2)
        while table.current_seat != 0:  # the computer (seat 1) may move first
            await asyncio.sleep(0.001)
        for _ in range(3):  # a few human moves; the computer answers each
            move = table.move_no
            await a.act(502, HOST, str(rng.choice(a.legal_actions(502, HOST))), move)
            while table.status is TableStatus.PLAYING and table.current_seat != 0:
                await asyncio.sleep(0.001)
        assert table.status is TableStatus.PLAYING

        a.computer_delay = 3600.0  # the computer's next move waits until after the claim
        move = table.move_no
        with caplog.at_level(logging.WARNING, logger="bot.tables"):
            await a.act(502, HOST, str(rng.choice(a.legal_actions(502, HOST))), move)
            [claimed] = await b.restore()
            a.computer_delay = 0.0
            a.poke(502)
            for _ in range(1000):  # the computer's move, then the conflicting save: 10 s at most
                if a.get(502) is None:
                    break
                await asyncio.sleep(0.01)
        assert a.get(502) is None
        assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == [
            r.getMessage() for r in caplog.records if "claimed by another process" in r.getMessage()
        ]
        drivers = [t for t in asyncio.all_tasks() if t.get_name() == "table-502"]
        assert len(drivers) == 1  # b's: a's has ended

        # b drives the computer and plays the human to the end; one result
        while claimed.status is TableStatus.PLAYING:
            if claimed.current_seat == 0:
                legal = b.legal_actions(502, HOST)
                await b.act(502, HOST, str(rng.choice(legal)), claimed.move_no)
            else:
                await asyncio.sleep(0.001)
        assert await backend.count("SELECT count(*) FROM games") == 1
        moves = await backend.moves_of(claimed.game_id)
        assert [n for n, _, _ in moves] == list(range(1, claimed.move_no + 1))
    finally:
        await a.close()
        await b.close()
        await first.close()
        await second.close()


async def test_a_claimed_table_is_dropped_when_its_message_id_is_saved(
    backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    """The publisher's best-effort save of the message id meets the conflict: dropped quietly
    (a warning, no error), and the new owner's table is untouched."""
    first, second = backend.new_store(), backend.new_store()
    await first.open()
    await second.open()
    a = TableManager(first, computer_delay=0.0, rng_seed=3)
    b = TableManager(second, computer_delay=0.0, rng_seed=3)
    try:
        await _open_duel(a, 503, computer=False)
        [claimed] = await b.restore()
        with caplog.at_level(logging.WARNING, logger="bot.tables"):
            await a.set_message(503, 777, 5.0)
        assert a.get(503) is None
        assert [r.levelno for r in caplog.records] == [logging.WARNING]
        [(version,)] = await backend.query("SELECT version FROM tables WHERE channel_id = ?", 503)
        await b.set_message(503, 888, 6.0)  # the owner still writes it
        [(after,)] = await backend.query("SELECT version FROM tables WHERE channel_id = ?", 503)
        assert after == version + 1 and claimed.message_id == 888
    finally:
        await a.close()
        await b.close()
        await first.close()
        await second.close()
