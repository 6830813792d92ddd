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


@pytest.mark.parametrize("game", ["hurricane", "haggis"])
async def test_a_fair_game_is_recorded_with_its_seed_and_replays_from_it(
    store: SqlStorage, game: str
) -> None:
    """A fair game keeps rng_version, the (now revealed) server seed and its table id; game_log
    and history return them, and the game rebuilds from the seed alone; a legacy game's row says
    'legacy' and has no seed."""
    from bot.tables.replay import start_state, verify_game

    game_id = f"fair-{game}"
    fair = games.FairSeed(bytes(range(32)), game_id)
    state = games.new_game(game, seed=5, players=2, options={}, fair=fair)
    rng = random.Random(1)
    moves: list[MoveRecord] = []
    while not state.is_over and len(moves) < 60:
        choices = [(s, a) for s in range(state.num_players) for a in state.legal_actions(s)]
        seat, action = rng.choice(choices)
        state.apply(action, seat)
        moves.append(MoveRecord(game_id, len(moves) + 1, seat, str(action), float(len(moves))))
    snapshot = TableSnapshot(CHANNEL, GUILD, game_id, "playing", state.to_dict(), 0.0)
    for m in moves[:-1]:
        await store.save_table(snapshot, m)
    record = GameRecord(
        game_id=game_id,
        guild_id=GUILD,
        channel_id=CHANNEL,
        game=game,
        options=state.options,
        seats=seat_records(2, False),
        scores=(0, 0),
        winners=(),
        double=False,
        seed=5,
        started_at=0.0,
        ended_at=1.0,
        ended_by="abandoned",
        rng_version="fair-v1",
        server_seed=fair.server_seed.hex(),
        table_id=game_id,
    )
    assert await store.finish_game(record, snapshot_channel_id=CHANNEL, move=moves[-1])
    log = await store.game_log(game_id)
    assert log is not None
    assert (log.rng_version, log.server_seed, log.table_id) == (
        "fair-v1",
        fair.server_seed.hex(),
        game_id,
    )
    assert [s.name for s in log.seats] == ["p0", "p1"] and log.ended_by == "abandoned"
    assert log.guild_id == GUILD
    rebuilt = start_state(log)
    for m in log.actions:
        rebuilt.apply(games.parse_action(game, m.action), m.seat)
    assert rebuilt.to_dict() == state.to_dict()
    assert verify_game(log).all_match
    [summary] = await store.history(GUILD, None)
    assert summary.server_seed == fair.server_seed.hex() and summary.rng_version == "fair-v1"

    legacy = GameRecord(
        **{
            **record.__dict__,
            "game_id": "old",
            "rng_version": "legacy",
            "server_seed": None,
            "table_id": None,
            "ended_at": 2.0,
        }
    )
    assert await store.finish_game(legacy)
    old = await store.game_log("old")
    assert old is not None and old.rng_version == "legacy" and old.server_seed is None
