"""Real SQLite files in a temporary folder; helpers to build results."""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from storage.models import GameRecord, SeatRecord
from storage.sqlite import SqliteStorage

GUILD = 1000
CHANNEL = 2000
_ids = itertools.count(1)


def query(path: Path, sql: str, *params: object) -> list[tuple[Any, ...]]:
    """Run one statement on its own plain connection (autocommit): what is really in the file."""
    con = sqlite3.connect(path, isolation_level=None)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def count(path: Path, sql: str, *params: object) -> int:
    """The single number a query returns."""
    [(value,)] = query(path, sql, *params)
    return int(value)


def moves_of(path: Path, game_id: str) -> list[tuple[int, int, str]]:
    """The logged moves of a game: (move_no, seat, action), in order."""
    return [
        (n, seat, action)
        for n, seat, action in query(
            path,
            "SELECT move_no, seat, action FROM moves WHERE game_id = ? ORDER BY move_no",
            game_id,
        )
    ]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "bot.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[SqliteStorage]:
    s = SqliteStorage(db_path)
    await s.open()
    yield s
    await s.close()


def seats(*users: int, teams: bool = False) -> tuple[SeatRecord, ...]:
    return tuple(
        SeatRecord(
            seat=i,
            user_id=u,
            name=f"user{u}" if u > 0 else f"computer{-u}",
            is_bot=u < 0,
            team=i % 2 if teams else None,
        )
        for i, u in enumerate(users)
    )


def result(
    users: Sequence[int],
    winners: Sequence[int] = (0,),
    scores: Sequence[int] | None = None,
    *,
    game: str = "hurricane",
    guild: int = GUILD,
    double: bool = False,
    teams: bool = False,
    ended_by: str = "finished",
    ended_at: float | None = None,
    game_id: str | None = None,
    options: dict[str, Any] | None = None,
) -> GameRecord:
    """A finished game; by default seat 0 wins. Each call gets a fresh id and a later end time."""
    n = next(_ids)
    sides = 2 if teams else len(users)
    if scores is None:
        scores = [10 if any(s % sides == side for s in winners) else 5 for side in range(sides)]
    end = ended_at if ended_at is not None else 1_000_000.0 + n
    return GameRecord(
        game_id=game_id or f"game{n:06d}",
        guild_id=guild,
        channel_id=CHANNEL,
        game=game,
        options=options if options is not None else {"preset": "pairs" if teams else "standard"},
        seats=seats(*users, teams=teams),
        scores=tuple(scores),
        winners=tuple(winners),
        double=double,
        seed=n,
        started_at=end - 300.0,
        ended_at=end,
        ended_by=ended_by,
    )
