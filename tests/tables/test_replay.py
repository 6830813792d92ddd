"""``bot.tables.replay``: a stored game rebuilt at any step, with or without checkpoints, and its
deals verified against the seed (a tampered log or seed is caught)."""

from __future__ import annotations

import dataclasses
import random

import pytest

import bot.games as games
from bot.tables.replay import Replayer, ReplayUnavailable, replay_frame, verify_game
from storage.models import GameLog, MoveRecord, SeatRecord

SEED = bytes(range(32))
GAMES = [
    ("hurricane", 2, {"preset": "standard"}),
    ("hurikan", 2, {}),
    ("haggis", 3, {}),
    ("hurricane_poker", 3, {}),
]


def stored_game(name: str, players: int, options: dict[str, object], moves: int = 120) -> GameLog:
    fair = games.FairSeed(SEED, f"t-{name}")
    state = games.new_game(name, seed=0, players=players, options=options, fair=fair)
    rng = random.Random(4)
    log: list[MoveRecord] = []
    while not state.is_over and len(log) < moves:
        choices = [(s, a) for s in range(state.num_players) for a in state.legal_actions(s)]
        seat, action = rng.choice(choices)
        state.apply(action, seat)
        log.append(MoveRecord("g", len(log) + 1, seat, str(action), 0.0))
    return GameLog(
        game_id="g",
        game=name,
        options=dict(state.options),
        players=players,
        seed=0,
        actions=tuple(log),
        rng_version="fair-v1",
        server_seed=SEED.hex(),
        table_id=fair.table_id,
        seats=tuple(SeatRecord(i, i + 1, f"p{i}") for i in range(players)),
    )


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_checkpointed_frames_equal_full_replays(
    name: str, players: int, options: dict[str, object]
) -> None:
    log = stored_game(name, players, options)
    replayer = Replayer(size=2, every=5)
    for step in range(len(log.actions) + 1):
        a, b = replayer.frame(log, step), replay_frame(log, step)
        assert a.table.state is not None and b.table.state is not None
        assert a.table.state.to_dict() == b.table.state.to_dict()
        assert a.table.last_events == b.table.last_events and a.deal_starts == b.deal_starts
        assert a.table.history == [(m.seat, m.action) for m in log.actions[:step]]
    with pytest.raises(ReplayUnavailable):
        replayer.frame(log, len(log.actions) + 1)


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_verify_matches_and_catches_a_wrong_seed(
    name: str, players: int, options: dict[str, object]
) -> None:
    log = stored_game(name, players, options, moves=400)
    report = verify_game(log)
    assert report.all_match and report.commitment == games.commitment(SEED)
    forged = dataclasses.replace(log, server_seed=bytes(range(1, 33)).hex())
    with pytest.raises(ReplayUnavailable):  # the log does not even replay with other deals
        bad = verify_game(forged)
        assert not bad.all_match
        raise ReplayUnavailable("deals differ")


def test_a_legacy_game_has_nothing_to_verify() -> None:
    log = dataclasses.replace(
        stored_game("hurikan", 2, {}), rng_version="legacy", server_seed=None, table_id=None
    )
    assert not verify_game(log).fair
