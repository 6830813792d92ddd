"""Hurricane poker in the table layer: the P-13 automatic move through ``bot.games.timeout_move``,
sitting out (leave / resign / three time-outs) and the results: shared first place by chips,
chips won per seat."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.games import load_game, new_game, timeout_move
from bot.tables import TableError, TableStatus
from bot.tables.driver import sit_out_move
from bot.tables.results import winners_from_result, winnings_of

from .conftest import CHANNEL, GUEST, HOST, MakeManager, MemoryStorage, open_game, wait_until


def poker_state(**options: Any) -> Any:
    return new_game("hurricane_poker", seed=2, players=3, options=options or None)


def test_timeout_move_is_the_games_own_rule_or_none() -> None:
    state = poker_state()
    seat = state.current_player
    assert str(timeout_move(state)) == "check"
    state.apply("bet 2", seat)
    assert str(timeout_move(state)) == "fold"
    assert str(sit_out_move(state)) == "fold"
    assert timeout_move(new_game("hurricane", seed=1)) is None  # no rule: the table layer's
    assert timeout_move(new_game("haggis", seed=1, players=2)) is None


def test_sit_out_move_checks_stands_and_declares_when_there_is_nothing_to_fold() -> None:
    state = poker_state(declare="yes")
    assert str(sit_out_move(state)) == "check"  # fold is not allowed with nothing to call
    while state.view(None)["phase"] != "draw":
        state.apply("check", state.current_player)
    assert str(sit_out_move(state)) == "stand"
    while state.view(None)["phase"] != "declare":
        seat = state.current_player
        state.apply("stand" if state.view(None)["phase"] == "draw" else "check", seat)
    assert str(sit_out_move(state)).startswith("declare ")
    data = state.to_dict()
    assert load_game(data).current_player == state.current_player


async def started_poker(manager: Any, timer: float = 0, **options: Any) -> Any:
    table = await open_game(manager, "hurricane_poker", options, players=3, timer=timer)
    await manager.join(CHANNEL, GUEST, "Guest")
    await manager.join(CHANNEL, 33, "Third")
    await manager.start(CHANNEL, HOST)
    return table


async def test_leaving_sits_out_and_the_others_play_on(
    make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await started_poker(manager, hands=2)
    leaver = table.current_seat
    user = table.seats[leaver].user_id
    await manager.leave(CHANNEL, user)
    assert table.seats[leaver].left and table.last_events[0]["type"] == "left"
    await wait_until(lambda: table.current_seat != leaver)  # its turn is played for it
    assert table.history[-1] == (leaver, "check")  # nothing to call: check
    with pytest.raises(TableError, match="already left"):
        await manager.leave(CHANNEL, user)
    with pytest.raises(TableError, match="left this game"):
        await manager.act(CHANNEL, user, "fold", None)
    # the others play the game to its end; the leaver keeps its chips and is ranked by them
    while table.status is TableStatus.PLAYING:
        seat = table.current_seat
        if seat == leaver or seat is None:
            await asyncio.sleep(0.002)
            continue
        legal = manager.legal_actions(CHANNEL, table.seats[seat].user_id)
        pick = next(str(a) for a in legal if str(a) in ("check", "call", "stand"))
        await manager.act(CHANNEL, table.seats[seat].user_id, pick, table.move_no)
    assert table.ended_by == "finished"
    [record] = memory.records
    chips = table.state.result()["scores"]
    assert record.scores == tuple(chips) and record.winnings == tuple(c - 100 for c in chips)
    assert sum(record.winnings) == 0


async def test_resigning_a_poker_game_sits_out_instead_of_ending_it(
    make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await started_poker(manager)
    await manager.resign(CHANNEL, GUEST)
    assert table.status is TableStatus.PLAYING
    assert table.seats[table.seat_of(GUEST)].left


async def test_three_time_outs_sit_the_seat_out(
    make_manager: MakeManager, memory: MemoryStorage
) -> None:
    now = [1000.0]
    manager = make_manager(memory, clock=lambda: now[0])
    table = await started_poker(manager, timer=60)
    sleeper = table.current_seat
    for _ in range(3):
        while table.current_seat != sleeper:
            seat = table.current_seat
            legal = manager.legal_actions(CHANNEL, table.seats[seat].user_id)
            pick = next(str(a) for a in legal if str(a) in ("check", "call", "stand"))
            await manager.act(CHANNEL, table.seats[seat].user_id, pick, table.move_no)
        before = table.move_no
        now[0] += 61
        manager.poke(CHANNEL)
        await wait_until(lambda b=before: table.move_no > b or table.seats[sleeper].left)
        if table.seats[sleeper].left:
            break
    assert table.seats[sleeper].left and table.status is TableStatus.PLAYING
    assert table.seats[sleeper].timeouts == 3  # the third one sat it out instead of a forfeit
    await wait_until(lambda: table.current_seat != sleeper)  # and its turn is played for it


def test_shared_first_place_by_chips() -> None:
    from bot.tables.models import GameSpec, Seat, Table

    table = Table(
        1, 2, 3, GameSpec("hurricane_poker", {}, 3), [Seat(1, "a"), Seat(2, "b"), Seat(3, "c")]
    )
    assert winners_from_result(table, {"winner": None, "scores": [120, 120, 60]}) == (0, 1)
    assert winners_from_result(table, {"winner": None, "scores": [100, 100, 100]}) == ()
    assert winners_from_result(table, {"winner": 2, "scores": [0, 50, 250]}) == (2,)
    assert winnings_of(table, {"stack": 100}, (120, 120, 60)) == (20, 20, -40)
    hurricane = Table(1, 2, 3, GameSpec("hurricane", {}, 2), [Seat(1, "a"), Seat(2, "b")])
    assert winners_from_result(hurricane, {"winner": None, "scores": [16, 10]}) == ()
    assert winnings_of(hurricane, {"target": 16}, (16, 10)) == ()


async def test_a_seat_that_left_still_sits_out_after_a_restart(
    make_manager: MakeManager, memory: MemoryStorage
) -> None:
    from bot.tables import table_from_data, table_to_data

    manager = make_manager(memory)
    table = await started_poker(manager)
    await manager.leave(CHANNEL, GUEST)
    seat = table.seat_of(GUEST)
    copy = table_from_data(table_to_data(table))
    assert copy.seats[seat].left and copy.seats == table.seats
    await manager.close()
    again = make_manager(memory)
    [restored] = await again.restore()
    assert restored.seats[seat].left
