"""A stored game replays exactly: game_log + new_game + the logged actions give the same result."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bot.games as games
from storage.models import GameRecord, MoveRecord, SeatRecord, TableSnapshot
from storage.sql import SqlStorage

from .conftest import CHANNEL, GUILD

CASES = [
    ("hurricane", {"preset": "standard"}, None, 11),
    ("hurricane", {"preset": "open"}, None, 12),
    ("hurricane", {"preset": "pairs"}, 4, 13),
    ("hurikan", {}, None, 14),
    ("haggis", {}, 2, 15),
    ("haggis", {"target": 350, "bomb_capture": "chooser"}, 3, 16),
]


def seat_records(n: int, teams: bool) -> tuple[SeatRecord, ...]:
    return tuple(SeatRecord(i, 100 + i, f"p{i}", team=i % 2 if teams else None) for i in range(n))


@pytest.mark.parametrize(("game", "options", "players", "seed"), CASES)
async def test_replay_reproduces_the_final_scores(
    store: SqlStorage, game: str, options: dict[str, Any], players: int | None, seed: int
) -> None:
    state = games.new_game(game, seed=seed, players=players, options=options)
    rng = random.Random(seed)
    game_id = f"replay-{game}-{seed}"
    move_no = 0
    last: MoveRecord | None = None
    while not state.is_over:
        if last is not None:  # every move but the last is logged with its snapshot
            snapshot = TableSnapshot(CHANNEL, GUILD, game_id, "playing", state.to_dict(), 0.0)
            await store.save_table(snapshot, last)
        # any seat with a legal action may move (Haggis bets come out of turn)
        choices = [(s, a) for s in range(state.num_players) for a in state.legal_actions(s)]
        seat, action = rng.choice(choices)
        state.apply(action, seat)
        move_no += 1
        last = MoveRecord(game_id, move_no, seat, str(action), float(move_no))
    result = state.result()
    teams = state.num_players == 4
    winner = result["winner"]
    winners = (
        ()
        if winner is None
        else tuple(s for s in range(state.num_players) if (s % 2 if teams else s) == winner)
    )
    record = GameRecord(
        game_id=game_id,
        guild_id=GUILD,
        channel_id=CHANNEL,
        game=game,
        options=state.options,
        seats=seat_records(state.num_players, teams),
        scores=tuple(result["scores"]),
        winners=winners,
        double=bool(result["double"]),
        seed=seed,
        started_at=0.0,
        ended_at=float(move_no),
    )
    assert await store.finish_game(record, snapshot_channel_id=CHANNEL, move=last)
    assert await store.load_tables() == []

    log = await store.game_log(game_id)
    assert log is not None
    assert [m.move_no for m in log.actions] == list(range(1, move_no + 1))
    replay = games.new_game(log.game, seed=log.seed, players=log.players, options=log.options)
    for m in log.actions:
        replay.apply(games.parse_action(log.game, m.action), m.seat)
    assert replay.is_over
    assert replay.result()["scores"] == list(record.scores)
    assert replay.to_dict() == state.to_dict()


async def test_unknown_game_has_no_log(store: SqlStorage) -> None:
    assert await store.game_log("never-played") is None
