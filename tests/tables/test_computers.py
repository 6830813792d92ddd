"""Computer seats play by themselves, paced, through the same path as people."""

from __future__ import annotations

from bot.tables import TableStatus

from .conftest import (
    CHANNEL,
    HOST,
    MakeManager,
    MemoryStorage,
    Recorder,
    open_race,
    wait_until,
)


async def test_computer_plays_a_race_to_the_end(
    race: str, make_manager: MakeManager, recorder: Recorder, memory: MemoryStorage
) -> None:
    manager = make_manager(memory, listener=recorder)
    table = await open_race(manager, target=25)
    await manager.add_computer(CHANNEL, HOST, "easy")
    await manager.start(CHANNEL, HOST)
    while table.status is TableStatus.PLAYING:
        if table.current_seat == 0:
            await manager.act(CHANNEL, HOST, "1", table.move_no)
        else:
            await wait_until(lambda: table.current_seat != 1)
    seats = [seat for seat, _ in table.history]
    assert seats == [(seats[0] + i) % 2 for i in range(len(seats))]
    computer_moves = seats.count(1)
    assert computer_moves > 0
    assert len(recorder.changes) == computer_moves  # one notice per computer move
    assert len(memory.records) == 1 and memory.records[0].seats[1].is_bot


async def test_fill_and_start_seats_computers_in_every_empty_seat_then_starts(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await open_race(manager)
    started = await manager.fill_and_start(CHANNEL, HOST, "normal")
    assert started is table and table.status is TableStatus.PLAYING
    assert [None if s is None else s.computer for s in table.seats] == [None, "normal"]
    assert table.seats[0] is not None and table.seats[0].user_id == HOST
