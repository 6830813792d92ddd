"""Correspondence tables in the table layer: the pace and its bounds, the cap per member, the
live idle rule that never ends them, and a deadline that survives a restart. A fake clock
drives the days."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from bot.tables import GameSpec, TableError, TableManager, TableStatus
from bot.tables.models import Delivery, Pace, TableLimits
from bot.tables.serial import table_from_data, table_to_data
from bot.tables.specs import command_spec, parse_move_time, validate_spec

from .conftest import (
    CHANNEL,
    GUEST,
    GUILD,
    HOST,
    MakeManager,
    MemoryStorage,
    Recorder,
    play_current,
    wait_until,
)

DAY = 24 * 3600


def spec(timer: float = DAY, **kwargs: object) -> GameSpec:
    return GameSpec("race", {"target": 50}, 2, turn_timer=timer, pace=Pace.CORRESPONDENCE, **kwargs)  # type: ignore[arg-type]


async def open_corr(manager: TableManager, channel: int = CHANNEL, host: int = HOST) -> None:
    await manager.open_table(
        channel_id=channel, guild_id=GUILD, host_id=host, host_name="Host", spec=spec()
    )


def test_the_pace_and_its_timer_are_checked(race: str) -> None:
    assert parse_move_time("12h") == 12 * 3600 and parse_move_time("1d12h") == 36 * 3600
    assert parse_move_time("2д") == 2 * DAY and parse_move_time("36") == 36 * 3600
    asked = command_spec("race", turn_timer=120, pace="correspondence")
    assert asked.pace is Pace.CORRESPONDENCE and asked.turn_timer == DAY  # the default: a day
    for bad in ("0h", "8d", "169h", "30m", "soon", ""):
        with pytest.raises(TableError, match="hour|hours"):
            validate_spec(
                command_spec("race", turn_timer=120, pace="correspondence", move_time=bad)
            )
    with pytest.raises(TableError, match="correspondence"):
        command_spec("race", turn_timer=120, move_time="2d")  # a live table has no move_time
    with pytest.raises(TableError, match="live or correspondence"):
        command_spec("race", turn_timer=120, pace="fast")
    with pytest.raises(TableError, match="need the bot"):
        validate_spec(spec(delivery=Delivery.INTERACTIONS))
    with pytest.raises(TableError, match="between 0 and 3600"):  # a live timer keeps its bounds
        validate_spec(replace(spec(), pace=Pace.LIVE))


async def test_a_member_sits_at_a_limited_number_of_correspondence_tables(
    race: str, make_manager: MakeManager
) -> None:
    manager = make_manager(limits=TableLimits(correspondence_per_member=2, lobbies_per_member=9))
    await open_corr(manager, CHANNEL)
    await open_corr(manager, CHANNEL + 1)
    with pytest.raises(TableError, match=r"already sit at 2 correspondence tables.*\(2\)"):
        await open_corr(manager, CHANNEL + 2)
    assert manager.get(CHANNEL + 2) is None
    # a live table is not counted; joining a third correspondence table is refused too
    await manager.open_table(
        channel_id=CHANNEL + 3,
        guild_id=GUILD,
        host_id=HOST,
        host_name="Host",
        spec=GameSpec("race", {"target": 50}, 2, turn_timer=0),
    )
    await open_corr(manager, CHANNEL + 4, host=GUEST)
    await manager.join(CHANNEL + 4, 77, "Other")
    await open_corr(manager, CHANNEL + 5, host=GUEST)
    with pytest.raises(TableError, match="correspondence tables"):
        await manager.join(CHANNEL + 5, HOST, "Host")


async def test_a_correspondence_game_ignores_the_idle_rule_and_keeps_its_deadline(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    now = [1000.0]
    heard, heard_later = Recorder(), Recorder()
    manager = make_manager(memory, clock=lambda: now[0], listener=heard)
    await open_corr(manager)
    await manager.join(CHANNEL, GUEST, "Guest")
    await manager.start(CHANNEL, HOST)
    table = manager.require(CHANNEL)
    await play_current(manager, table)
    deadline = table.turn_deadline
    assert deadline == 1000.0 + DAY
    # every move is a snapshot: its deadline is stored, and a restart keeps it
    assert memory.tables[CHANNEL].data["turn_deadline"] == deadline
    now[0] += DAY - 60  # almost a day without a move: the live idle rule would not wait so long
    manager.poke(CHANNEL)
    await asyncio.sleep(0.01)
    assert table.status is TableStatus.PLAYING and table.move_no == 1
    # past half-time: the reminder went out once, and its flag was saved with it
    await wait_until(lambda: len(heard.reminders) == 1)
    assert memory.tables[CHANNEL].data["reminded"] is True
    await manager.close()
    later = make_manager(memory, clock=lambda: now[0], listener=heard_later)
    [restored] = await later.restore()
    assert restored.turn_deadline == deadline and restored.spec.pace is Pace.CORRESPONDENCE
    assert restored.reminded  # so the restarted bot does not remind this turn again
    now[0] += 120  # past the deadline: the time-out rules play for the player
    later.poke(CHANNEL)
    for _ in range(200):
        if restored.move_no == 2:
            break
        await asyncio.sleep(0.005)
    assert restored.move_no == 2 and restored.last_events[0]["type"] == "timeout"
    assert restored.turn_deadline == now[0] + DAY
    assert heard_later.reminders == [] and not restored.reminded  # a new turn, a new reminder


def test_tables_saved_before_paces_load_as_live(race: str) -> None:
    from bot.tables.models import Seat, Table

    table = Table(CHANNEL, GUILD, HOST, GameSpec("race", {"target": 5}), [Seat(HOST, "H"), None])
    data = table_to_data(table)
    del data["spec"]["pace"]
    assert table_from_data(data).spec.pace is Pace.LIVE
