"""Lobby flows and refusals: seats, host-only actions, one table per channel."""

from __future__ import annotations

import pytest

from bot.tables import (
    GameSpec,
    Level,
    NoTable,
    NotSeated,
    TableError,
    TableExists,
    TableStatus,
    table_to_data,
)

from .conftest import CHANNEL, GUEST, GUILD, HOST, THIRD, MakeManager, MemoryStorage, open_race


async def test_open_seats_the_host_and_saves_a_lobby_snapshot(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await open_race(manager)
    assert table.status is TableStatus.LOBBY
    assert table.seats[0] is not None and table.seats[0].user_id == HOST
    assert table.seats[1] is None
    assert manager.require(CHANNEL) is table
    snapshot, move = memory.saves[-1]
    assert move is None and snapshot.status == "lobby"
    assert snapshot.data == table_to_data(table)


async def test_second_table_in_a_channel_is_refused_until_the_first_ends(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    first = await open_race(manager)
    with pytest.raises(TableExists):
        await open_race(manager)
    assert manager.get(CHANNEL) is first
    await manager.cancel(CHANNEL, HOST)
    assert first.status is TableStatus.CANCELLED and first.ended_by == "cancelled"
    assert CHANNEL not in memory.tables
    second = await open_race(manager)
    assert manager.get(CHANNEL) is second and second.game_id != first.game_id


async def test_no_table_in_channel(make_manager: MakeManager) -> None:
    manager = make_manager()
    assert manager.get(CHANNEL) is None
    with pytest.raises(NoTable, match="/table new"):
        manager.require(CHANNEL)
    with pytest.raises(NoTable):
        await manager.join(CHANNEL, GUEST, "Guest")
    with pytest.raises(NoTable):
        await manager.act(CHANNEL, GUEST, "1", 0)


async def test_nobody_sits_twice_and_a_full_table_refuses(
    race: str, make_manager: MakeManager
) -> None:
    manager = make_manager()
    table = await open_race(manager)
    with pytest.raises(TableError, match="already have a seat"):
        await manager.join(CHANNEL, HOST, "Host")
    await manager.join(CHANNEL, GUEST, "Guest")
    with pytest.raises(TableError, match="already have a seat"):
        await manager.join(CHANNEL, GUEST, "Guest")
    before = table_to_data(table)
    with pytest.raises(TableError, match="full"):
        await manager.join(CHANNEL, THIRD, "Third")
    assert table_to_data(table) == before


async def test_chosen_seat_taken_or_missing(race: str, make_manager: MakeManager) -> None:
    manager = make_manager()
    await open_race(manager)
    with pytest.raises(TableError, match="taken by Host"):
        await manager.join(CHANNEL, GUEST, "Guest", seat=0)
    with pytest.raises(TableError, match="no such seat"):
        await manager.join(CHANNEL, GUEST, "Guest", seat=5)
    table = await manager.join(CHANNEL, GUEST, "Guest", seat=1)
    assert table.seat_of(GUEST) == 1


async def test_start_needs_the_host_and_every_seat(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await open_race(manager)
    with pytest.raises(TableError, match="still empty"):
        await manager.start(CHANNEL, HOST)
    await manager.join(CHANNEL, GUEST, "Guest")
    with pytest.raises(TableError, match="Only the host"):
        await manager.start(CHANNEL, GUEST)
    assert table.status is TableStatus.LOBBY and table.state is None
    await manager.start(CHANNEL, HOST)
    assert table.status is TableStatus.PLAYING and table.state is not None
    assert table.move_no == 0 and table.started_at is not None
    assert memory.tables[CHANNEL].status == "playing"
    with pytest.raises(TableError, match="already started"):
        await manager.start(CHANNEL, HOST)
    with pytest.raises(TableError, match="already started"):
        await manager.join(CHANNEL, THIRD, "Third")


async def test_kick_is_host_only_and_frees_the_seat(race: str, make_manager: MakeManager) -> None:
    manager = make_manager()
    table = await open_race(manager)
    await manager.join(CHANNEL, GUEST, "Guest")
    with pytest.raises(TableError, match="Only the host"):
        await manager.kick(CHANNEL, GUEST, 0)
    with pytest.raises(TableError, match="kick yourself"):
        await manager.kick(CHANNEL, HOST, 0)
    removal = await manager.kick(CHANNEL, HOST, 1)
    assert table.seats[1] is None and not table.is_seated(GUEST)
    assert removal.removed.user_id == GUEST and not removal.was_playing
    with pytest.raises(TableError, match="already empty"):
        await manager.kick(CHANNEL, HOST, 1)


async def test_leave_and_host_leaving_cancels(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await open_race(manager)
    with pytest.raises(NotSeated):
        await manager.leave(CHANNEL, GUEST)
    await manager.join(CHANNEL, GUEST, "Guest")
    await manager.leave(CHANNEL, GUEST)
    assert table.seats[1] is None and table.status is TableStatus.LOBBY
    await manager.leave(CHANNEL, HOST)
    assert table.status is TableStatus.CANCELLED
    assert CHANNEL not in memory.tables


async def test_add_computer(race: str, make_manager: MakeManager) -> None:
    manager = make_manager()
    table = await open_race(manager)
    with pytest.raises(TableError, match="Only the host"):
        await manager.add_computer(CHANNEL, GUEST, Level.EASY)
    with pytest.raises(TableError, match="easy, normal, hard"):
        await manager.add_computer(CHANNEL, HOST, "genius")
    await manager.add_computer(CHANNEL, HOST, "hard")
    seat = table.seats[1]
    assert seat is not None and seat.computer is Level.HARD and seat.user_id == -3
    assert seat.name == "Computer (hard)"
    with pytest.raises(TableError, match="full"):
        await manager.add_computer(CHANNEL, HOST, Level.EASY)


async def test_cancel_is_host_only_and_lobby_only(race: str, make_manager: MakeManager) -> None:
    manager = make_manager()
    table = await open_race(manager)
    await manager.join(CHANNEL, GUEST, "Guest")
    with pytest.raises(TableError, match="Only the host"):
        await manager.cancel(CHANNEL, GUEST)
    await manager.start(CHANNEL, HOST)
    with pytest.raises(TableError, match="resign"):
        await manager.cancel(CHANNEL, HOST)
    assert table.status is TableStatus.PLAYING


async def test_spec_is_checked_against_the_engines_game_info(
    race: str, make_manager: MakeManager
) -> None:
    manager = make_manager()

    async def open_with(spec: GameSpec) -> None:
        await manager.open_table(
            channel_id=CHANNEL, guild_id=GUILD, host_id=HOST, host_name="Host", spec=spec
        )

    with pytest.raises(TableError, match="choose one of hurricane, hurikan, haggis"):
        await open_with(GameSpec("poker", {}, 2))
    with pytest.raises(TableError, match="Unknown option 'speed'.*choose from target"):
        await open_with(GameSpec("race", {"speed": 3}, 2))
    with pytest.raises(TableError, match="target must be a whole number in 1–1000000"):
        await open_with(GameSpec("race", {"target": -1}, 2))
    with pytest.raises(TableError, match="turn timer"):
        await open_with(GameSpec("race", {}, 2, turn_timer=-5))
    assert manager.get(CHANNEL) is None
