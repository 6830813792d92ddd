"""Finished games' analyses: stored once per game and version, read back whole or as accuracies,
and the games still waiting for one (a human at the table, recent first) — on both backends."""

from __future__ import annotations

from typing import Any

from storage.models import AnalysisRecord
from storage.sql import SqlStorage

from .conftest import Backend, result


def record(game_id: str, version: int = 1, accuracy: float = 80.0, **kw: Any) -> AnalysisRecord:
    data = {"game_id": game_id, "version": version, "moves": [{"move_no": 1, "cost": 0.5}]}
    return AnalysisRecord(
        game_id=game_id,
        version=version,
        data=kw.pop("data", data),
        accuracy=kw.pop("acc", {0: accuracy}),
        created_at=kw.pop("created_at", 5.0),
        **kw,
    )


async def test_an_analysis_round_trips_and_is_stored_once(
    store: SqlStorage, backend: Backend
) -> None:
    game = result([1, 2])
    await store.finish_game(game)
    first = record(game.game_id, acc={0: 91.5, 1: 40.0}, cpu_seconds=1.25)
    assert await store.save_analysis(first)
    assert await store.load_analysis(game.game_id) == first
    # a second save (another process, a resumed queue) changes nothing
    assert not await store.save_analysis(record(game.game_id, accuracy=10.0, created_at=9.0))
    assert await store.load_analysis(game.game_id) == first
    assert await backend.count("SELECT COUNT(*) FROM game_analyses") == 1
    # a newer analysis version replaces it; an older one never does
    newer = record(game.game_id, version=2, accuracy=70.0)
    assert await store.save_analysis(newer)
    assert not await store.save_analysis(record(game.game_id, version=1))
    assert await store.load_analysis(game.game_id) == newer
    assert await store.load_analysis("nope") is None


async def test_accuracies_of_analysed_games_only(store: SqlStorage) -> None:
    a, b, c = result([1, 2]), result([1, -2]), result([1, 2])
    for g in (a, b, c):
        await store.finish_game(g)
    await store.save_analysis(record(a.game_id, acc={0: 88.0, 1: 61.5}))
    await store.save_analysis(
        record(b.game_id, data=None, acc={}, failure="move 3 does not replay")
    )
    found = await store.game_accuracies([a.game_id, b.game_id, c.game_id, a.game_id])
    assert found == {a.game_id: {0: 88.0, 1: 61.5}}
    assert await store.game_accuracies([]) == {}
    failed = await store.load_analysis(b.game_id)
    assert failed is not None and failed.data is None and failed.failure


async def test_games_waiting_for_an_analysis(store: SqlStorage) -> None:
    old = result([1, 2], ended_at=100.0)
    humans = [result([1, -2], ended_at=200.0 + i) for i in range(4)]
    computers = result([-1, -2], ended_at=300.0)
    for g in (old, *humans, computers):
        await store.finish_game(g)
    ids = [g.game_id for g in humans]
    # recent first, computers-only games never, nothing before ``since``
    assert await store.unanalysed_games(1, since=150.0, limit=10) == ids[::-1]
    assert await store.unanalysed_games(1, since=150.0, limit=2) == ids[:1:-1]
    assert old.game_id in await store.unanalysed_games(1, since=0.0, limit=10)
    # analysed (or failed) games are done; an analysis of an older version is redone
    await store.save_analysis(record(ids[3]))
    await store.save_analysis(record(ids[2], data=None, acc={}, failure="broken"))
    assert await store.unanalysed_games(1, since=150.0, limit=10) == [ids[1], ids[0]]
    assert await store.unanalysed_games(2, since=150.0, limit=10) == ids[::-1]
