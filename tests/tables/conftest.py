"""Fixtures for the table layer: a tiny registered test engine, an in-memory Storage with
failure injection, a recording listener, and managers that are always closed."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import bot.games
import bot.games.registry as registry
import bot.tables.computer as computer
from bot.tables import GameSpec, Table, TableManager, TableStatus
from storage.models import GameRecord, MoveRecord, TableSnapshot
from storage.sqlite import SqliteStorage

CHANNEL = 500
GUILD = 7
HOST = 11
GUEST = 22
THIRD = 33
FOURTH = 44


@pytest.fixture
def race(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Register the test engine "race" (tests/tables/fake_game.py) for one test."""
    monkeypatch.setitem(registry.ENGINE_MODULES, "race", "tests.tables.fake_game")
    monkeypatch.setattr(bot.games, "GAMES", (*bot.games.GAMES, "race"))
    real = computer._chooser

    def chooser(game: str, view: Any, legal: list[Any], level: str, *, seed: int) -> Any:
        # bot.players knows only the real games: the test engine's computer is seeded-random
        if game == "race":
            return random.Random(seed).choice(legal)
        return real(game, view, legal, level, seed=seed)

    monkeypatch.setattr(computer, "_chooser", chooser)
    yield "race"


class MemoryStorage:
    """The part of the Storage protocol the table layer uses, in memory; ``fail`` makes the next
    write raise, as a full disk would."""

    def __init__(self) -> None:
        self.tables: dict[int, TableSnapshot] = {}
        self.moves: list[MoveRecord] = []
        self.records: list[GameRecord] = []
        self.saves: list[tuple[TableSnapshot, MoveRecord | None]] = []
        self.fail = False

    def _check(self) -> None:
        if self.fail:
            self.fail = False
            raise OSError("disk full")

    async def save_table(self, snapshot: TableSnapshot, move: MoveRecord | None = None) -> None:
        self._check()
        self.tables[snapshot.channel_id] = snapshot
        self.saves.append((snapshot, move))
        if move is not None:
            self.moves.append(move)

    async def append_move(self, channel_id: int, move: MoveRecord) -> None:
        self._check()
        self.moves.append(move)

    async def load_tables(
        self, guild_filter: Callable[[int], bool] | None = None
    ) -> list[TableSnapshot]:
        return [
            replace(s, moves=tuple(m for m in self.moves if m.game_id == s.game_id))
            for s in self.tables.values()
            if guild_filter is None or guild_filter(s.guild_id)
        ]

    async def delete_table(self, channel_id: int) -> None:
        self._check()
        self.tables.pop(channel_id, None)

    async def finish_game(
        self,
        record: GameRecord,
        snapshot_channel_id: int | None = None,
        move: MoveRecord | None = None,
    ) -> bool:
        self._check()
        if any(r.game_id == record.game_id for r in self.records):
            return False
        self.records.append(record)
        if move is not None:
            self.moves.append(move)
        if snapshot_channel_id is not None:
            self.tables.pop(snapshot_channel_id, None)
        return True


class Recorder:
    """A TableListener that remembers every call."""

    def __init__(self) -> None:
        self.changes: list[tuple[int, list[dict[str, Any]]]] = []
        self.reminders: list[tuple[int, int]] = []

    async def table_changed(self, table: Table, events: list[dict[str, Any]]) -> None:
        self.changes.append((table.channel_id, list(events)))

    async def turn_reminder(self, table: Table, seat: int) -> None:
        self.reminders.append((table.channel_id, seat))

    def event_types(self) -> list[str]:
        return [e["type"] for _, events in self.changes for e in events]


@pytest.fixture
def memory() -> MemoryStorage:
    return MemoryStorage()


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


MakeManager = Callable[..., TableManager]


@pytest.fixture
async def make_manager() -> AsyncIterator[MakeManager]:
    made: list[TableManager] = []

    def make(*args: Any, **kwargs: Any) -> TableManager:
        kwargs.setdefault("computer_delay", 0.001)
        kwargs.setdefault("rng_seed", 1)
        manager = TableManager(*args, **kwargs)
        made.append(manager)
        return manager

    yield make
    for manager in made:
        await manager.close()


@pytest.fixture
async def sqlite(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    store = SqliteStorage(tmp_path / "bot.sqlite3")
    await store.open()
    yield store
    await store.close()


async def wait_until(predicate: Callable[[], bool], timeout: float = 3.0) -> None:
    """Let background tasks run until ``predicate`` holds (fails the test after ``timeout``)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        if loop.time() > end:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.002)


async def open_game(
    manager: TableManager,
    game: str,
    options: dict[str, Any] | None = None,
    *,
    players: int = 2,
    timer: float = 0,
    channel: int = CHANNEL,
) -> Table:
    """A lobby of ``game`` opened by the host."""
    spec = GameSpec(game, dict(options or {}), players, turn_timer=timer)
    return await manager.open_table(
        channel_id=channel, guild_id=GUILD, host_id=HOST, host_name="Host", spec=spec
    )


async def open_race(
    manager: TableManager,
    *,
    target: int = 10,
    turn_timer: float = 0,
    channel: int = CHANNEL,
    players: int = 2,
) -> Table:
    return await open_game(
        manager, "race", {"target": target}, players=players, timer=turn_timer, channel=channel
    )


async def started_race(manager: TableManager, **kwargs: Any) -> Table:
    """A two-human race table, started."""
    table = await open_race(manager, **kwargs)
    await manager.join(table.channel_id, GUEST, "Guest")
    await manager.start(table.channel_id, HOST)
    return table


def user_at(table: Table, seat: int) -> int:
    occupant = table.seats[seat]
    assert occupant is not None
    return occupant.user_id


async def play_current(manager: TableManager, table: Table, action: str = "1") -> Any:
    seat = table.current_seat
    assert seat is not None
    return await manager.act(table.channel_id, user_at(table, seat), action, table.move_no)


async def play_out(manager: TableManager, table: Table, seed: int = 1) -> None:
    """The host plays random legal moves; computer seats play themselves."""
    rng = random.Random(seed)
    while table.status is TableStatus.PLAYING:
        legal = manager.legal_actions(CHANNEL, HOST)
        if legal:
            await manager.act(CHANNEL, HOST, str(rng.choice(legal)), table.move_no)
        else:
            await asyncio.sleep(0)


Runner = Callable[[], Awaitable[None]]
