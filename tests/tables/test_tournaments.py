"""The tournament service on the table layer (no Discord): Swiss and Arena events played out on
the "race" engine (a few moves a game) with a fake clock, on a real SQLite file: registration,
byes, a no-show's forfeit, a moderator's void, a restart mid-round, the Arena's pause and window."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest

import bot.tournaments.service as service_module
from bot.tables import TableManager, TableStatus
from bot.tournaments.service import Plan, TournamentError, TournamentService
from storage.models import MatchRecord, TournamentRecord
from storage.sqlite import SqliteStorage
from tests.tables.conftest import GUILD, MakeManager, wait_until

START = 10_000.0


class Host:
    """Threads are numbered channels; changes are counted."""

    def __init__(self) -> None:
        self.next_channel = 9000
        self.events: list[str] = []

    async def match_channel(
        self, t: TournamentRecord, match: MatchRecord, names: Sequence[str]
    ) -> int:
        self.next_channel += 1
        return self.next_channel

    async def changed(self, t: TournamentRecord, event: str) -> None:
        self.events.append(event)


@pytest.fixture(autouse=True)
def race_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(service_module.GAME_ESTIMATE, "race", 60.0)


async def build(
    path: Path, make_manager: MakeManager, now: list[float], host: Host
) -> tuple[SqliteStorage, TableManager, TournamentService]:
    store = SqliteStorage(path)
    await store.open()
    manager = make_manager(store, clock=lambda: now[0])
    await manager.restore()
    svc = TournamentService(manager, store, host=host, clock=lambda: now[0])
    await svc.resume()
    svc.start()
    return store, manager, svc


async def play_humans(manager: TableManager, skip: set[int] = frozenset()) -> None:  # type: ignore[assignment]
    """Every human to move at a live table plays a step (except ``skip``: no-shows)."""
    for table in manager.tables():
        seat = table.current_seat
        if table.status is TableStatus.PLAYING and seat is not None:
            s = table.seats[seat]
            if s is not None and s.computer is None and s.user_id not in skip:
                await manager.act(table.channel_id, s.user_id, "2", table.move_no)


def live_tables(manager: TableManager) -> list[int]:
    return [t.channel_id for t in manager.tables() if t.status is TableStatus.PLAYING]


async def test_swiss_with_byes_a_forfeit_a_void_and_a_restart(
    race: str, make_manager: MakeManager, tmp_path: Path
) -> None:
    now = [START]
    host = Host()
    path = tmp_path / "bot.sqlite3"
    store, manager, svc = await build(path, make_manager, now, host)
    plan = Plan(
        guild_id=GUILD,
        channel_id=77,
        created_by=1,
        game="race",
        format="swiss",
        starts_at=START + 600,
        rounds=3,
        turn_timer=60,
        max_players=8,
        computers=2,
        options={"target": 3},
    )
    with pytest.raises(TournamentError, match="past"):
        await svc.create(Plan(**{**plan.__dict__, "starts_at": START - 100}))
    with pytest.raises(TournamentError, match="allow 1 to 7 rounds"):
        await svc.create(Plan(**{**plan.__dict__, "rounds": 8}))
    t = await svc.create(plan)
    for user in (101, 102, 103):
        await svc.join(t.tournament_id, user, f"P{user}")
    with pytest.raises(TournamentError, match="already registered"):
        await svc.join(t.tournament_id, 101, "P101")
    now[0] = START + 600
    svc.poke()
    await wait_until(lambda: len(live_tables(manager)) == 2)
    live = svc.get(t.tournament_id)
    assert live is not None and live.record.round == 1
    with pytest.raises(TournamentError, match="Registration closed"):
        await svc.join(t.tournament_id, 104, "Late")
    byes = [m for m in live.matches.values() if m.status == "bye"]
    assert len(byes) == 1  # five entrants: the lowest-ranked sits out with a point
    # Round 1: P103 never shows up: their first turn times out and they forfeit.
    await wait_until(lambda: all(t.current_seat is not None for t in manager.tables()))
    for _ in range(10):
        await play_humans(manager, skip={103})
        await svc.idle()
    now[0] += 61
    manager.poke()
    await wait_until(lambda: any(m.status == "forfeit" for m in live.matches.values()))
    await wait_until(lambda: live.record.round == 2)
    # The restart: everything closes mid-round 2 and comes back from the file.
    await svc.close()
    await manager.close()
    await store.close()
    store, manager, svc = await build(path, make_manager, now, host)
    live2 = svc.get(t.tournament_id)
    assert live2 is not None and live2.record.round == 2
    open2 = [m for m in live2.matches.values() if m.status == "open"]
    assert open2 and all(m.channel_id in live_tables(manager) for m in open2)
    # A moderator voids one round-2 match.
    voided = await svc.award(t.tournament_id, open2[0].match_id, None)
    assert voided.status == "void"
    for _ in range(40):
        if live2.record.status == "finished":
            break
        await play_humans(manager)
        await svc.idle()
        await wait_until(lambda: True)
        now[0] += 1
        manager.poke()
        svc.poke()
        await manager_idle()
    assert live2.record.status in ("running", "finished")
    await wait_until(lambda: svc.get(t.tournament_id) is None or live2.record.status == "finished")
    matches = await store.matches(t.tournament_id)
    assert {m.round for m in matches} == {1, 2, 3}
    assert sum(m.status == "bye" for m in matches) == 3
    assert len({m.seats[0] for m in matches if m.status == "bye"}) == 3  # one bye each
    # Each played match has its game recorded once, and no two matches share a game.
    games = [m.game_id for m in matches if m.status in ("finished", "forfeit")]
    assert len(games) == len(set(games))
    for g in games:
        assert await store.game_summary(g) is not None
    rows = svc.standings(await svc.load(t.tournament_id))  # type: ignore[arg-type]
    total = sum(r.points for r in rows)
    scored = sum(1 for m in matches if m.status in ("finished", "forfeit", "bye"))
    assert total == scored  # a point per decided match (no draws in a race) and per bye
    assert rows[0].points >= rows[-1].points
    await svc.close()
    await store.close()


async def manager_idle() -> None:
    import asyncio

    for _ in range(5):
        await asyncio.sleep(0.002)


async def test_arena_pairs_again_pauses_and_ends_with_its_window(
    race: str, make_manager: MakeManager, tmp_path: Path
) -> None:
    now = [START]
    host = Host()
    store, manager, svc = await build(tmp_path / "bot.sqlite3", make_manager, now, host)
    t = await svc.create(
        Plan(
            guild_id=GUILD,
            channel_id=77,
            created_by=1,
            game="race",
            format="arena",
            starts_at=START,
            window=30 * 60,
            turn_timer=60,
            computers=4,
            options={"target": 3},
            estimate=120,
        )
    )
    await svc.join(t.tournament_id, 201, "Ann")
    await svc.join(t.tournament_id, 202, "Bob")
    svc.poke()
    live = svc.get(t.tournament_id)
    assert live is not None
    await wait_until(lambda: live.record.status == "running")
    await svc.pause(t.tournament_id, 202, True)
    for _ in range(100):
        if live.record.status == "finished":
            break
        await play_humans(manager)
        now[0] += 60
        manager.poke()
        svc.poke()
        await manager_idle()
    assert live.record.status == "finished"
    matches = await store.matches(t.tournament_id)
    assert len(matches) > 6  # paired again and again
    last = max(m.started_at for m in matches)
    assert last + 120 <= START + 30 * 60  # the last pairing could finish in the window
    last_opponent: dict[str, str] = {}
    free_at: dict[str, float] = {}
    for m in sorted(matches, key=lambda m: (m.started_at, m.board)):
        a, b = m.seats
        assert a != b and last_opponent.get(a) != b  # never the same opponent twice in a row
        for k in m.seats:
            assert m.started_at >= free_at.get(k, 0.0)  # never paired while in a game
            free_at[k] = m.ended_at or float("inf")
        last_opponent[a], last_opponent[b] = b, a
    rows = svc.standings(await svc.load(t.tournament_id))  # type: ignore[arg-type]
    bob = next(r for r in rows if r.name == "Bob")
    assert bob.paused
    assert all(m.started_at == START for m in matches if "u202" in m.seats)  # only before the pause
    assert all(isinstance(r.points, Fraction) for r in rows)
    await svc.close()
    await store.close()


async def test_pairs_teams_are_paired_as_units_and_seated_as_partners(
    make_manager: MakeManager, tmp_path: Path
) -> None:
    now = [START]
    store, manager, svc = await build(tmp_path / "bot.sqlite3", make_manager, now, Host())
    t = await svc.create(
        Plan(
            guild_id=GUILD,
            channel_id=77,
            created_by=1,
            game="hurricane",
            preset="pairs",
            format="swiss",
            starts_at=START + 60,
            rounds=1,
            computers=1,
        )
    )
    with pytest.raises(TournamentError, match="partner"):
        await svc.join(t.tournament_id, 1, "Ann")
    await svc.join(t.tournament_id, 1, "Ann & Co", partner=(2, "Bea"))
    with pytest.raises(TournamentError, match="Bea is already registered"):
        await svc.join(t.tournament_id, 3, "Cy", partner=(2, "Bea"))
    await svc.join(t.tournament_id, 3, "Cy", partner=(4, "Di"))
    now[0] += 60
    svc.poke()
    await wait_until(lambda: len(live_tables(manager)) == 1)
    table = manager.get(live_tables(manager)[0])
    assert table is not None
    humans = [(s.user_id, s.name) for s in table.seats if s is not None and s.computer is None]
    # Partners sit opposite (seats s and s + 2); a name with its own " & " stays whole.
    # The computer entrant (rated lowest) has the bye; the two teams meet.
    assert humans == [(1, "Ann & Co"), (3, "Cy"), (2, "Bea"), (4, "Di")]
    live = svc.get(t.tournament_id)
    assert live is not None
    assert sum(m.status == "bye" for m in live.matches.values()) == 1  # three units: one bye
    await svc.close()
    await store.close()
