"""The table layer with the real engines: option checks, team seats, whole games with computer
seats, and a mid-game table surviving a restart."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.tables import (
    StaleAction,
    TableError,
    table_from_data,
    table_to_data,
)
from storage.sqlite import SqliteStorage

from .conftest import (
    CHANNEL,
    FOURTH,
    GUEST,
    HOST,
    THIRD,
    MakeManager,
    MemoryStorage,
    Recorder,
    open_game,
    play_out,
)


async def test_engine_options_are_checked(make_manager: MakeManager) -> None:
    manager = make_manager()
    with pytest.raises(TableError, match="choose one of standard, open, pairs"):
        await open_game(manager, "hurricane", {"preset": "bogus"})
    with pytest.raises(TableError, match="Unknown option 'speed'.*choose from.*target"):
        await open_game(manager, "hurricane", {"speed": 1})
    with pytest.raises(TableError, match="target"):
        await open_game(manager, "hurricane", {"target": "x"})
    assert manager.get(CHANNEL) is None
    table = await open_game(manager, "hurricane", {"preset": "open", "target": 11})
    assert table.spec.players == 2 and table.spec.options == {"preset": "open", "target": 11}


async def test_pairs_lobby_seats_partners_by_choice(
    make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    table = await open_game(manager, "hurricane", {"preset": "pairs"}, players=2)
    assert len(table.seats) == 4 and table.spec.players == 4  # pairs is a four-seat game
    await manager.join(CHANNEL, GUEST, "Partner", seat=2)
    await manager.join(CHANNEL, THIRD, "Right", seat=3)
    with pytest.raises(TableError, match="taken by Partner"):
        await manager.join(CHANNEL, FOURTH, "Left", seat=2)
    with pytest.raises(TableError, match="still empty"):
        await manager.start(CHANNEL, HOST)
    await manager.join(CHANNEL, FOURTH, "Left")
    assert [table.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert table.seat_of(FOURTH) == 1
    await manager.start(CHANNEL, HOST)
    assert table.state is not None and table.state.num_players == 4
    await manager.resign(CHANNEL, THIRD)  # seat 3: team 1 loses
    [record] = memory.records
    assert record.winners == (0, 2) and record.ended_by == "resigned"
    assert [s.team for s in record.seats] == [0, 1, 0, 1] and len(record.scores) == 2


@pytest.mark.parametrize(
    ("game", "options", "computers"),
    [
        ("hurricane", {}, 1),
        ("hurricane", {"preset": "open"}, 1),
        ("hurricane", {"preset": "pairs"}, 3),
        ("hurikan", {}, 1),
    ],
)
async def test_computer_seats_play_whole_games(
    make_manager: MakeManager,
    memory: MemoryStorage,
    recorder: Recorder,
    game: str,
    options: dict[str, Any],
    computers: int,
) -> None:
    manager = make_manager(memory, listener=recorder)
    table = await open_game(manager, game, options)
    for level in ("easy", "normal", "easy")[:computers]:
        await manager.add_computer(CHANNEL, HOST, level)
    await manager.start(CHANNEL, HOST)
    await play_out(manager, table)
    assert table.ended_by == "finished" and table.state is not None and table.state.is_over
    result = table.state.result()
    [record] = memory.records
    assert record.scores == tuple(result["scores"]) and record.double == result["double"]
    if result["winner"] is None:
        assert record.winners == ()
    elif computers == 3:
        assert record.winners == tuple(s for s in range(4) if s % 2 == result["winner"])
    else:
        assert record.winners == (result["winner"],)
    assert [m.move_no for m in memory.moves] == list(range(1, table.move_no + 1))
    computer_moves = sum(1 for seat, _ in table.history if seat != 0)
    assert computer_moves > 0 and len(recorder.changes) == computer_moves
    # the log replays to the same end
    from bot.games import new_game

    replay = new_game(
        game, seed=table.seed, players=table.spec.players, options=options, fair=table.fair
    )
    for seat, action in table.history:
        replay.apply(action, player=seat)
    assert replay.to_dict() == table.state.to_dict()


async def test_stale_and_double_click_with_real_cards(make_manager: MakeManager) -> None:
    manager = make_manager()
    table = await open_game(manager, "hurricane")
    await manager.join(CHANNEL, GUEST, "Guest")
    await manager.start(CHANNEL, HOST)
    seat = table.current_seat
    assert seat is not None
    user = HOST if seat == 0 else GUEST
    action = str(manager.legal_actions(CHANNEL, user)[0])
    results = await asyncio.gather(
        manager.act(CHANNEL, user, action, 0),
        manager.act(CHANNEL, user, action, 0),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleAction) for r in results) == 1
    assert table.move_no == 1 and table.history == [(seat, action)]
    hand = manager.view(CHANNEL, user)["hand"]
    assert action.split(":")[0] not in hand


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [
        ("hurricane", {"preset": "open"}, 2),
        ("hurricane", {"preset": "pairs"}, 4),
        ("haggis", {}, 3),
    ],
)
async def test_mid_game_table_survives_a_restart(
    make_manager: MakeManager,
    sqlite: SqliteStorage,
    game: str,
    options: dict[str, Any],
    players: int,
) -> None:
    manager = make_manager(sqlite)
    table = await open_game(manager, game, options, players=players, timer=90)
    users = [HOST, GUEST, THIRD, FOURTH][:players]
    for user in users[1:]:
        await manager.join(CHANNEL, user, f"user{user}")
    await manager.start(CHANNEL, HOST)
    rng = random.Random(5)
    for _ in range(9):
        seat = table.current_seat
        assert seat is not None
        user = users[seat]
        await manager.act(
            CHANNEL, user, str(rng.choice(manager.legal_actions(CHANNEL, user))), None
        )
    data = table_to_data(table)
    assert table_to_data(table_from_data(data)) == data
    await manager.close()

    fresh = make_manager(sqlite)
    [again] = await fresh.restore()
    assert again.state is not None and table.state is not None
    assert again.state.to_dict() == table.state.to_dict()
    assert again.history == table.history and again.move_no == 9
    for user in users:
        assert fresh.legal_actions(CHANNEL, user) == manager.legal_actions(CHANNEL, user)
        assert fresh.view(CHANNEL, user) == table.state.view(table.seat_of(user))
