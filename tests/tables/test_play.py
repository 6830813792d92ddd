"""The one entry point for moves: who may act, stale and double clicks, resign and abandon."""

from __future__ import annotations

import asyncio

import pytest

from bot.tables import NotSeated, NotYourTurn, StaleAction, TableError, TableStatus, table_to_data

from .conftest import (
    CHANNEL,
    GUEST,
    HOST,
    THIRD,
    MakeManager,
    MemoryStorage,
    open_race,
    play_current,
    started_race,
    user_at,
)


async def test_a_move_is_applied_logged_and_numbered(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await started_race(manager)
    seat = table.current_seat
    assert seat is not None
    outcome = await play_current(manager, table, "2")
    assert outcome.table is table and not outcome.game_over
    assert outcome.events == [{"type": "play", "seat": seat, "n": 2}]
    assert table.move_no == 1 and table.history == [(seat, "2")]
    assert table.last_events == outcome.events
    [move] = memory.moves  # appended to the log; the snapshot of the start is not rewritten
    assert (move.move_no, move.seat, move.action, move.source) == (1, seat, "2", "human")
    snapshot, _ = memory.saves[-1]
    assert snapshot.move_no == 0 and snapshot.data["move_no"] == 0


async def test_wrong_user_out_of_turn_and_bad_moves_change_nothing(
    race: str, make_manager: MakeManager
) -> None:
    manager = make_manager()
    table = await started_race(manager)
    seat = table.current_seat
    assert seat is not None
    waiting = user_at(table, 1 - seat)
    before = table_to_data(table)
    with pytest.raises(NotSeated):
        await manager.act(CHANNEL, THIRD, "1", 0)
    with pytest.raises(NotYourTurn, match="is to play"):
        await manager.act(CHANNEL, waiting, "1", 0)
    with pytest.raises(TableError, match="not a step"):
        await manager.act(CHANNEL, user_at(table, seat), "7H", 0)
    assert table_to_data(table) == before
    assert manager.legal_actions(CHANNEL, waiting) == []
    assert [str(a) for a in manager.legal_actions(CHANNEL, user_at(table, seat))] == ["1", "2"]
    assert manager.legal_actions(CHANNEL, THIRD) == []


async def test_stale_move_number_is_refused(race: str, make_manager: MakeManager) -> None:
    manager = make_manager()
    table = await started_race(manager)
    await play_current(manager, table)
    seat = table.current_seat
    assert seat is not None
    before = table_to_data(table)
    with pytest.raises(StaleAction, match="out of date"):
        await manager.act(CHANNEL, user_at(table, seat), "1", 0)
    assert table_to_data(table) == before
    # None (from /play) skips the check; the move is validated as usual
    await manager.act(CHANNEL, user_at(table, seat), "1", None)
    assert table.move_no == 2


async def test_double_click_is_applied_once(race: str, make_manager: MakeManager) -> None:
    manager = make_manager()
    table = await started_race(manager)
    seat = table.current_seat
    assert seat is not None
    user = user_at(table, seat)
    results = await asyncio.gather(
        manager.act(CHANNEL, user, "1", 0),
        manager.act(CHANNEL, user, "1", 0),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleAction) for r in results) == 1
    assert table.move_no == 1 and len(table.history) == 1
    assert table.state is not None and table.state.to_dict()["total"] == 1


async def test_actions_outside_play_are_refused(race: str, make_manager: MakeManager) -> None:
    manager = make_manager()
    await open_race(manager)
    with pytest.raises(TableError, match="not started"):
        await manager.act(CHANNEL, HOST, "1", 0)
    with pytest.raises(TableError, match="not started"):
        await manager.resign(CHANNEL, HOST)
    assert manager.view(CHANNEL, HOST) == {}


async def test_finishing_records_the_result_once(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await started_race(manager, target=3)
    first = table.current_seat
    await play_current(manager, table, "2")
    outcome = await play_current(manager, table, "1")  # total 3: second mover wins
    assert outcome.game_over and outcome.events[-1]["type"] == "game_over"
    assert table.status is TableStatus.FINISHED and table.ended_by == "finished"
    assert table.turn_deadline is None
    [record] = memory.records
    assert record.winners == (1 - first,) and record.ended_by == "finished"
    assert record.scores == ((2, 1) if first == 0 else (1, 2))
    assert [s.user_id for s in record.seats] == [HOST, GUEST]
    assert record.game_id == table.game_id and record.seed == table.seed
    assert [m.move_no for m in memory.moves] == [1, 2]
    assert CHANNEL not in memory.tables
    with pytest.raises(TableError, match="over"):
        await manager.act(CHANNEL, HOST, "1", None)
    with pytest.raises(TableError, match="over"):
        await manager.resign(CHANNEL, HOST)
    assert len(memory.records) == 1


async def test_resign_loses_for_that_seat(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await started_race(manager)
    await play_current(manager, table)
    with pytest.raises(NotSeated):
        await manager.resign(CHANNEL, THIRD)
    await manager.resign(CHANNEL, GUEST)
    assert table.status is TableStatus.FINISHED and table.ended_by == "resigned"
    assert table.last_events == [{"type": "resigned", "seat": 1}]
    [record] = memory.records
    assert record.winners == (0,) and record.ended_by == "resigned"
    assert len(record.scores) == 2


async def test_abandon_needs_every_human(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await started_race(manager)
    with pytest.raises(NotSeated):
        await manager.vote_abandon(CHANNEL, THIRD)
    await manager.vote_abandon(CHANNEL, HOST)
    assert table.status is TableStatus.PLAYING and table.abandon_votes == {HOST}
    assert table.last_events == [{"type": "abandon_vote", "seat": 0, "votes": 1, "needed": 2}]
    assert memory.tables[CHANNEL].data["abandon_votes"] == [HOST]
    with pytest.raises(TableError, match="already voted"):
        await manager.vote_abandon(CHANNEL, HOST)
    await manager.vote_abandon(CHANNEL, GUEST)
    assert table.status is TableStatus.FINISHED and table.ended_by == "abandoned"
    [record] = memory.records
    assert record.winners == () and record.ended_by == "abandoned"


async def test_a_lone_human_at_computers_who_abandons_resigns(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    """Abandoning cannot escape a loss: alone with computers, it counts as resigning."""
    manager = make_manager(memory, computer_delay=60)
    table = await open_race(manager)
    await manager.add_computer(CHANNEL, HOST, "easy")
    await manager.start(CHANNEL, HOST)
    await manager.vote_abandon(CHANNEL, HOST)
    [record] = memory.records
    assert table.ended_by == "resigned" and record.ended_by == "resigned"
    assert record.winners == (1,)
