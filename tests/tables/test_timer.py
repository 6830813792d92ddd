"""Turn clock: reminder at half time, stand-in move on time-out, forfeit after three in a row,
pause and resume. A fake clock drives them, except the forfeit run, whose tiny real timer
(tenths of a second) lets the manager's own tasks take all five turns."""

from __future__ import annotations

import asyncio

import pytest

from bot.tables import Table, TableError, TableStatus

from .conftest import (
    CHANNEL,
    GUEST,
    HOST,
    MakeManager,
    MemoryStorage,
    Recorder,
    open_race,
    play_current,
    started_race,
    user_at,
    wait_until,
)

TIMER = 0.12


def timeouts(table: Table, seat: int) -> int:
    occupant = table.seats[seat]  # seat objects are replaced on every change: look them up
    assert occupant is not None
    return occupant.timeouts


async def test_reminder_then_stand_in_move(
    race: str, make_manager: MakeManager, recorder: Recorder, memory: MemoryStorage
) -> None:
    """Driven by a fake clock: the test moves time and pokes the manager."""
    now = [1000.0]
    manager = make_manager(memory, listener=recorder, clock=lambda: now[0])
    table = await started_race(manager, turn_timer=120, target=50)
    seat = table.current_seat
    assert seat is not None and table.turn_deadline == 1120.0

    async def advance_to(moment: float) -> None:
        now[0] = moment
        manager.poke(CHANNEL)
        await asyncio.sleep(0.01)

    await advance_to(1059.0)
    assert recorder.reminders == [] and table.move_no == 0
    await advance_to(1060.0)
    await wait_until(lambda: recorder.reminders == [(CHANNEL, seat)])
    assert table.move_no == 0
    await advance_to(1120.0)
    await wait_until(lambda: table.move_no == 1)
    assert timeouts(table, seat) == 1 and table.history[0][0] == seat
    channel, events = recorder.changes[0]
    assert channel == CHANNEL
    assert events[0] == {"type": "timeout", "seat": seat, "timeouts": 1}
    assert events[1]["type"] == "play"
    assert memory.moves[0].seat == seat  # the stand-in move is logged like any other
    # now the other player's clock runs from 1120; a real move resets a player's count
    assert table.current_seat == 1 - seat and table.turn_deadline == 1240.0
    await play_current(manager, table)
    await advance_to(1500.0)
    await wait_until(lambda: table.move_no == 3)  # seat timed out a second time
    assert timeouts(table, seat) == 2 and len(recorder.reminders) == 2
    await play_current(manager, table)
    await manager.act(CHANNEL, user_at(table, seat), "1", table.move_no)
    assert timeouts(table, seat) == 0


async def test_three_time_outs_in_a_row_forfeit(
    race: str, make_manager: MakeManager, recorder: Recorder, memory: MemoryStorage
) -> None:
    manager = make_manager(memory, listener=recorder)
    table = await started_race(manager, turn_timer=TIMER, target=50)
    first = table.current_seat
    assert first is not None
    await wait_until(lambda: table.status is TableStatus.FINISHED, timeout=5)
    assert table.ended_by == "forfeit"
    assert table.last_events == [{"type": "forfeit", "seat": first}]
    # first mover timed out 3 times (2 stand-in moves + forfeit); the other twice
    assert len(table.history) == 4
    assert timeouts(table, first) == 3
    [record] = memory.records
    assert record.ended_by == "forfeit" and record.winners == (1 - first,)
    assert recorder.event_types().count("timeout") == 4
    assert recorder.event_types()[-1] == "forfeit"


async def test_pause_stops_the_clock_and_resume_restarts_it(
    race: str, make_manager: MakeManager, recorder: Recorder, memory: MemoryStorage
) -> None:
    now = [1000.0]
    manager = make_manager(memory, listener=recorder, clock=lambda: now[0])
    table = await started_race(manager, turn_timer=120, target=50)
    with pytest.raises(TableError, match="Only the host"):
        await manager.pause(CHANNEL, GUEST)
    await manager.pause(CHANNEL, HOST)
    assert table.paused and table.turn_deadline is None
    assert memory.tables[CHANNEL].data["paused"] is True
    with pytest.raises(TableError, match="already paused"):
        await manager.pause(CHANNEL, HOST)
    # moves are still allowed while paused; no clock runs for the next player
    await play_current(manager, table)
    assert table.turn_deadline is None
    now[0] = 1500.0  # past the deadline a running clock would have had, within the 10-minute pause
    manager.poke(CHANNEL)
    await asyncio.sleep(0.01)
    assert table.move_no == 1 and recorder.reminders == []
    await manager.resume(CHANNEL, HOST)
    assert not table.paused and table.turn_deadline == 1620.0
    with pytest.raises(TableError, match="running"):
        await manager.resume(CHANNEL, HOST)
    now[0] = 1620.0
    manager.poke(CHANNEL)
    await wait_until(lambda: table.move_no == 2)
    assert recorder.event_types()[0] == "timeout"


async def test_no_timer_means_no_clock(race: str, make_manager: MakeManager) -> None:
    manager = make_manager()
    table = await started_race(manager, turn_timer=0)
    assert table.turn_deadline is None
    with pytest.raises(TableError, match="no turn timer"):
        await manager.pause(CHANNEL, HOST)


async def test_clock_deadline_follows_the_turn(race: str, make_manager: MakeManager) -> None:
    now = [1000.0]
    manager = make_manager(clock=lambda: now[0])
    table = await open_race(manager, turn_timer=120)
    await manager.join(CHANNEL, GUEST, "Guest")
    await manager.start(CHANNEL, HOST)
    assert table.turn_deadline == 1120.0
    now[0] = 1050.0
    await play_current(manager, table)
    assert table.turn_deadline == 1170.0 and not table.reminded
