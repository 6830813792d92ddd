"""Background work per table: one driver task, a failing listener does not stop play, close()
stops everything, and refusals after the game has started."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.tables import GameSpec, Table, TableError, TableStatus

from .conftest import CHANNEL, GUEST, GUILD, HOST, MakeManager, open_race, started_race, wait_until


def driver_tasks() -> list[asyncio.Task[Any]]:
    return [t for t in asyncio.all_tasks() if t.get_name().startswith("table-") and not t.done()]


class Broken:
    def __init__(self) -> None:
        self.calls = 0

    async def table_changed(self, table: Table, events: list[dict[str, Any]]) -> None:
        self.calls += 1
        raise RuntimeError("discord is down")

    async def turn_reminder(self, table: Table, seat: int) -> None:
        raise RuntimeError("discord is down")


async def test_failing_listener_does_not_stop_the_computer(
    race: str, make_manager: MakeManager
) -> None:
    listener = Broken()
    manager = make_manager(listener=listener)
    table = await open_race(manager, target=40)
    await manager.add_computer(CHANNEL, HOST, "normal")
    await manager.start(CHANNEL, HOST)
    for _ in range(3):
        await wait_until(lambda: table.current_seat == 0)
        await manager.act(CHANNEL, HOST, "1", table.move_no)
    await wait_until(lambda: table.current_seat == 0)
    assert listener.calls >= 3 and len(driver_tasks()) == 1


async def test_close_stops_every_table_task(race: str, make_manager: MakeManager) -> None:
    manager = make_manager(computer_delay=60)
    for channel in (1, 2, 3):
        await open_race(manager, channel=channel, turn_timer=60)
        await manager.add_computer(channel, HOST, "easy")
        await manager.start(channel, HOST)
    assert len(driver_tasks()) == 3
    await manager.close()
    assert driver_tasks() == []
    await manager.close()  # twice is fine


async def test_driver_ends_with_the_game(race: str, make_manager: MakeManager) -> None:
    manager = make_manager()
    table = await started_race(manager, turn_timer=60)
    assert len(driver_tasks()) == 1
    await manager.resign(CHANNEL, GUEST)
    await wait_until(lambda: not driver_tasks())
    assert table.status is TableStatus.FINISHED


async def test_lobby_only_actions_refused_in_play(race: str, make_manager: MakeManager) -> None:
    manager = make_manager()
    await started_race(manager)
    with pytest.raises(TableError, match="Resign or vote to abandon"):
        await manager.leave(CHANNEL, GUEST)
    with pytest.raises(TableError, match="already started"):
        await manager.add_computer(CHANNEL, HOST, "easy")
    # a kick during play is no lobby action: the kicked player resigns (issue 11)
    removal = await manager.kick(CHANNEL, HOST, 1)
    table = removal.table
    assert table.status is TableStatus.FINISHED and table.ended_by == "resigned"
    assert removal.was_playing and removal.removed.user_id == GUEST


async def test_hurikan_as_a_hurricane_preset_is_the_hurikan_game(make_manager: MakeManager) -> None:
    manager = make_manager()
    table = await manager.open_table(
        channel_id=CHANNEL,
        guild_id=GUILD,
        host_id=HOST,
        host_name="Host",
        spec=GameSpec("hurricane", {"preset": "hurikan"}, 2),
    )
    assert table.spec.game == "hurikan"
    await manager.join(CHANNEL, GUEST, "Guest")
    await manager.start(CHANNEL, HOST)
    seat = table.current_seat
    user = HOST if seat == 0 else GUEST
    move = str(manager.legal_actions(CHANNEL, user)[0])
    await manager.act(CHANNEL, user, move, 0)
    assert table.history == [(seat, move)]
