"""Tournaments, entrants and matches in both backends: a restart reads back everything, rounds
open once, a result is taken once."""

from __future__ import annotations

from storage.models import EntryRecord, MatchRecord, TournamentRecord
from storage.sql import SqlStorage
from tests.storage.conftest import GUILD, Backend

BIG = 1_234_567_890_123_456_789  # snowflakes fit both backends


def event(tid: str = "t1", guild: int = GUILD, fmt: str = "swiss") -> TournamentRecord:
    return TournamentRecord(
        tournament_id=tid,
        guild_id=guild,
        channel_id=BIG,
        game="hurricane",
        preset="standard",
        format=fmt,
        rounds=3,
        window=0.0,
        starts_at=500.0,
        settings={"target": 11, "computers": "easy"},
        created_by=BIG + 1,
        created_at=100.0,
    )


def entry(key: str, rating: float = 1000.0, members: tuple[int, ...] = ()) -> EntryRecord:
    return EntryRecord(key, members or (int(key[1:]),), key, False, rating, 10.0)


async def test_a_tournament_reads_back_in_another_process(
    store: SqlStorage, backend: Backend
) -> None:
    await store.create_tournament(event())
    assert await store.add_entry("t1", entry("u1", 1200))
    assert await store.add_entry("t1", entry("u2"))
    assert not await store.add_entry("t1", entry("u1"))  # joining twice
    assert await store.add_entry("t1", EntryRecord("team:3+4", (3, BIG), "A & B", False, 1.0, 11))
    assert await store.set_tournament("t1", message_id=BIG + 2)
    other = backend.new_store()
    await other.open()
    try:
        t = await other.tournament("t1")
        assert t == event().__class__(**{**event().__dict__, "message_id": BIG + 2})
        assert [e.entrant for e in await other.entries("t1")] == ["u1", "u2", "team:3+4"]
        assert (await other.entries("t1"))[2].members == (3, BIG)
        assert [x.tournament_id for x in await other.active_tournaments()] == ["t1"]
        assert await other.active_tournaments(lambda g: g != GUILD) == []
    finally:
        await other.close()
    assert await store.remove_entry("t1", "u2")
    assert not await store.remove_entry("t1", "u2")
    assert await store.set_entry("t1", "u1", paused=True)
    assert (await store.entries("t1"))[0].paused


async def test_a_round_opens_once_and_a_result_is_taken_once(store: SqlStorage) -> None:
    await store.create_tournament(event())
    r1 = [
        MatchRecord("r1b1", 1, 1, ("u1", "u2"), 600.0),
        MatchRecord("r1bye", 1, 2, ("u3",), 600.0, status="bye", places=(1,), ended_at=600.0),
    ]
    assert await store.open_round("t1", 1, r1)
    assert not await store.open_round("t1", 1, r1)  # a second process, or a restart
    assert not await store.open_round("t1", 3, [])  # rounds open in order
    t = await store.tournament("t1")
    assert t is not None and (t.status, t.round) == ("running", 1)
    await store.set_match_table("t1", "r1b1", BIG + 5, "g1")
    found = await store.match_at_table(BIG + 5)
    assert found is not None and found[0] == "t1" and found[1].seats == ("u1", "u2")
    assert await store.finish_match("t1", "r1b1", "finished", (1, 2), ended_at=700)
    assert not await store.finish_match("t1", "r1b1", "finished", (2, 1), ended_at=701)
    assert await store.match_at_table(BIG + 5) is None
    found_games = await store.tournament_games(["g1", "g-other", "g1"])
    assert list(found_games) == ["g1"]
    assert (found_games["g1"].tournament_id, found_games["g1"].round) == ("t1", 1)
    assert await store.tournament_games([]) == {}
    ms = await store.matches("t1")
    assert [(m.match_id, m.status, m.places, m.game_id) for m in ms] == [
        ("r1b1", "finished", (1, 2), "g1"),
        ("r1bye", "bye", (1,), None),
    ]
    # A moderator's void changes a finished match.
    assert await store.finish_match("t1", "r1b1", "void", None, ended_at=800, only_open=False)
    assert (await store.matches("t1"))[0].places is None
    await store.add_matches("t1", [MatchRecord("a1", 0, 0, ("u1", "u3"), 900.0)])
    assert len(await store.matches("t1")) == 3


async def test_status_changes_only_from_the_expected_status(store: SqlStorage) -> None:
    await store.create_tournament(event())
    assert await store.set_tournament("t1", status="cancelled", from_status=["registering"])
    assert not await store.set_tournament("t1", status="running", from_status=["registering"])
    assert await store.active_tournaments() == []
