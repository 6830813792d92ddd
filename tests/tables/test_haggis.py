"""Haggis at a table: two or three seats, bets by a seat that is not to move, whole games."""

from __future__ import annotations

import pytest

from bot.tables import NotYourTurn, StaleAction, Table, TableError

from .conftest import (
    CHANNEL,
    GUEST,
    HOST,
    THIRD,
    MakeManager,
    MemoryStorage,
    Recorder,
    open_game,
    play_out,
)


def waiting_user(table: Table) -> tuple[int, int]:
    """A seated human who is not to move, and their seat."""
    current = table.current_seat
    for seat, occupant in enumerate(table.seats):
        if seat != current and occupant is not None and occupant.computer is None:
            return occupant.user_id, seat
    raise AssertionError("no waiting human")


async def test_haggis_takes_two_or_three_seats(make_manager: MakeManager) -> None:
    manager = make_manager()
    with pytest.raises(TableError, match="2 or 3 players, not 4"):
        await open_game(manager, "haggis", players=4)
    table = await open_game(manager, "haggis", players=3)
    assert len(table.seats) == 3
    await manager.join(CHANNEL, GUEST, "Guest")
    with pytest.raises(TableError, match="1 still empty"):
        await manager.start(CHANNEL, HOST)
    await manager.join(CHANNEL, THIRD, "Third")
    await manager.start(CHANNEL, HOST)
    assert table.state is not None and table.state.num_players == 3


async def test_a_waiting_seat_may_bet_but_not_play(
    make_manager: MakeManager, memory: MemoryStorage
) -> None:
    now = [100.0]
    manager = make_manager(memory, clock=lambda: now[0])
    table = await open_game(manager, "haggis", players=2, timer=120)
    await manager.join(CHANNEL, GUEST, "Guest")
    await manager.start(CHANNEL, HOST)
    current = table.current_seat
    deadline = table.turn_deadline
    user, seat = waiting_user(table)
    legal = [str(a) for a in manager.legal_actions(CHANNEL, user)]
    assert legal and all(a.startswith("bet") for a in legal)
    hand = manager.view(CHANNEL, user)["hand"]
    with pytest.raises(NotYourTurn, match="is to play"):
        await manager.act(CHANNEL, user, str(hand[0]), table.move_no)
    now[0] = 130.0
    outcome = await manager.act(CHANNEL, user, "bet 15", table.move_no)
    assert any(e["type"] == "bet" for e in outcome.events)
    assert table.move_no == 1 and table.history == [(seat, "bet 15")]
    assert table.current_seat == current  # a bet does not pass the turn
    assert table.turn_deadline == deadline  # nor restart the mover's clock
    assert memory.moves[-1].action == "bet 15"
    with pytest.raises(StaleAction):
        await manager.act(CHANNEL, user, "bet 30", 0)
    with pytest.raises(NotYourTurn):  # one bet per round
        await manager.act(CHANNEL, user, "bet 30", table.move_no)


@pytest.mark.parametrize("players", [2, 3])
async def test_computer_seats_play_a_whole_haggis_game(
    make_manager: MakeManager, memory: MemoryStorage, recorder: Recorder, players: int
) -> None:
    manager = make_manager(memory, listener=recorder)
    table = await open_game(manager, "haggis", players=players)
    for _ in range(players - 1):
        await manager.add_computer(CHANNEL, HOST, "normal")
    await manager.start(CHANNEL, HOST)
    await play_out(manager, table, seed=players)
    assert table.ended_by == "finished" and table.state is not None
    result = table.state.result()
    [record] = memory.records
    assert record.winners == ((result["winner"],) if result["winner"] is not None else ())
    assert len(record.scores) == players and max(record.scores) >= 250
    assert len(memory.moves) == table.move_no
