"""What both backends share: every query and the logic around it, written once against ``Db``.

A backend (``storage.sqlite``, ``storage.postgres``) supplies connections and transactions; the
SQL here is valid in both dialects (``?`` placeholders, which the PostgreSQL backend numbers
``$1, $2 …``). The few dialect differences are attributes: row locks (``FOR UPDATE`` /
``FOR SHARE``) exist only in PostgreSQL, where several processes may write the same rows at once;
SQLite takes the whole database's write lock at ``BEGIN IMMEDIATE`` instead.

Table snapshots are written with optimistic versions. Each row of ``tables`` has a ``version``;
a process remembers the version it last read or wrote per channel (``_versions``) and writes only
``WHERE channel_id = ? AND version = ?`` (bumping it), so a process that lost a table — another one
loaded it with ``load_tables``, which claims by bumping the version — gets ``TableConflict`` and
writes nothing. A logged move (``append_move``) checks the same version without bumping it.

Leaderboards read the ``standings`` table, maintained inside ``finish_game``'s transaction
(counters and the openskill rating computed from the rows locked in that transaction, so two
processes recording results for one player never lose an update), through one index per metric.
Boards are per guild and per game name (the Hurricane presets share one). Ordering and tie-breaks
(``ORDERINGS``), best first:

* rating: rating desc, games desc (more evidence first), user id asc
* wins:   wins desc, games asc (fewer games for the same wins first), user id asc
* points: points desc, games asc, user id asc
* games:  games desc, wins desc, user id asc
* streak: current streak desc, best streak desc, user id asc
* chips:  chips won desc, games asc, user id asc (games played for chips; 0 for the others)
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

from .base import StorageError, TableConflict
from .models import (
    GameLog,
    GameRecord,
    GameSummary,
    LeaderboardRow,
    Metric,
    MoveRecord,
    PlayerStats,
    SeatRecord,
    TableSnapshot,
)
from .outcomes import Outcome, SeatResult, Standing, seat_results, update_standings
from .rating import MU0, SIGMA0, Skill, display_rating

T = TypeVar("T")

# (column, descending) per metric; the indexes of migration 0003 follow these exactly.
ORDERINGS: dict[Metric, tuple[tuple[str, bool], ...]] = {
    Metric.RATING: (("rating", True), ("games", True), ("user_id", False)),
    Metric.WINS: (("wins", True), ("games", False), ("user_id", False)),
    Metric.POINTS: (("points", True), ("games", False), ("user_id", False)),
    Metric.GAMES: (("games", True), ("wins", True), ("user_id", False)),
    Metric.STREAK: (("streak", True), ("best_streak", True), ("user_id", False)),
    Metric.CHIPS: (("chips", True), ("games", False), ("user_id", False)),
}
RECENT_PER_GAME = 5

_ROW_COLUMNS = (
    "user_id, name, is_bot, games, wins, losses, draws, points, streak, best_streak, rating, chips"
)


class Db(Protocol):
    """One connection (inside a transaction for writes), in ``?`` placeholder style."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows that can be indexed by column name."""

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any | None: ...


def order_by(metric: Metric) -> str:
    return ", ".join(f"{col} {'DESC' if desc else 'ASC'}" for col, desc in ORDERINGS[metric])


def _ahead_condition(metric: Metric) -> str:
    """SQL true for rows strictly ahead of the row whose ordering values are bound as ?s."""
    cols = ORDERINGS[metric]
    terms = []
    for i, (col, desc) in enumerate(cols):
        equal = [f"{c} = ?" for c, _ in cols[:i]]
        terms.append("(" + " AND ".join([*equal, f"{col} {'>' if desc else '<'} ?"]) + ")")
    return "(" + " OR ".join(terms) + ")"


def _ahead_params(metric: Metric, row: Any) -> list[Any]:
    values = [row[col] for col, _ in ORDERINGS[metric]]
    params: list[Any] = []
    for i in range(len(values)):
        params.extend(values[: i + 1])
    return params


def dumps(value: Any, what: str) -> str:
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StorageError(f"{what} is not JSON-serialisable: {exc}") from exc


_INSERT_TABLE = (
    "INSERT INTO tables (channel_id, guild_id, game_id, status, data, updated_at, move_no, "
    "version) VALUES (?, ?, ?, ?, ?, ?, ?, 1) ON CONFLICT (channel_id) DO NOTHING"
)
_UPDATE_TABLE = (
    "UPDATE tables SET guild_id = ?, game_id = ?, status = ?, data = ?, updated_at = ?, "
    "move_no = ?, version = version + 1 WHERE channel_id = ? AND version = ?"
)
_INSERT_GAME = (
    "INSERT INTO games (game_id, guild_id, channel_id, game, options, players, scores, "
    "winners, double_win, seed, started_at, ended_at, duration, ended_by, rated, rng_version, "
    "server_seed, table_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (game_id) DO NOTHING"
)
_INSERT_SEAT = (
    "INSERT INTO game_seats (game_id, seat, guild_id, ended_at, user_id, name, is_bot, "
    "team, score, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
# The counters shared by ``standings`` rows, ``Standing`` and ``LeaderboardRow``, in column order.
_COUNTS = ("games", "wins", "losses", "draws", "points", "streak", "best_streak", "chips")
_NEW_STANDING = (
    "INSERT INTO standings (guild_id, game, user_id, name, is_bot, mu, sigma, rating, updated_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, user_id) DO NOTHING"
)
_UPDATE_STANDING = (
    "UPDATE standings SET name = ?, is_bot = ?, "
    + ", ".join(f"{c} = ?" for c in _COUNTS)
    + ", mu = ?, sigma = ?, rating = ?, updated_at = ? "
    "WHERE guild_id = ? AND game = ? AND user_id = ?"
)
_INSERT_MOVE = (
    "INSERT INTO moves (game_id, move_no, seat, action, at, source) VALUES (?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (game_id, move_no) DO NOTHING"
)


class SqlStorage:
    """The ``Storage`` logic on top of a backend's ``_read``/``_write``/``_autocommit``."""

    # Row-lock clauses: empty in SQLite (BEGIN IMMEDIATE locks the whole database).
    FOR_UPDATE = ""
    FOR_SHARE = ""

    def __init__(self) -> None:
        # channel id -> the table version this process last read or wrote (see module docstring)
        self._versions: dict[int, int] = {}

    # -- supplied by the backend ---------------------------------------------------------------

    async def _read(self, fn: Callable[[Db], Awaitable[T]]) -> T:
        raise NotImplementedError

    async def _transaction(
        self, what: str, fn: Callable[[Db], Awaitable[T]], after: Callable[[T], None] | None
    ) -> T:
        """``fn`` in one transaction, committed if it returns, rolled back on any error; then
        ``after(result)``."""
        raise NotImplementedError

    async def _autocommit(self, what: str, fn: Callable[[Db], Awaitable[T]]) -> T:
        """``fn`` outside a transaction: for a write that is one statement."""
        raise NotImplementedError

    async def _write(
        self,
        what: str,
        fn: Callable[[Db], Awaitable[T]],
        after: Callable[[T], None] | None = None,
    ) -> T:
        """``_transaction``, finished even when the caller is cancelled meanwhile: a half-told
        write would leave the caller unsure whether it happened."""
        task = asyncio.ensure_future(self._transaction(what, fn, after))
        task.add_done_callback(_consume)
        return await asyncio.shield(task)

    # -- tables ---------------------------------------------------------------------------------

    async def save_table(self, snapshot: TableSnapshot, move: MoveRecord | None = None) -> None:
        """Write the whole snapshot (version-checked) and log the move, in one transaction."""
        data = dumps(snapshot.data, f"the snapshot of table {snapshot.channel_id}")
        if move is not None and move.game_id != snapshot.game_id:
            raise StorageError(f"move of game {move.game_id} saved with table {snapshot.game_id}")
        channel = snapshot.channel_id
        known = self._versions.get(channel)
        fields = (
            snapshot.guild_id,
            snapshot.game_id,
            snapshot.status,
            data,
            snapshot.updated_at,
            snapshot.move_no,
        )

        async def body(db: Db) -> int:
            if move is not None:
                await _insert_move(db, move)
            if known is None:
                if await db.execute(_INSERT_TABLE, (channel, *fields)) == 0:
                    raise TableConflict(
                        f"the table of channel {channel} was saved by another process (or by an "
                        "earlier run whose tables this process did not load): not overwritten"
                    )
                return 1
            if await db.execute(_UPDATE_TABLE, (*fields, channel, known)) == 0:
                raise _conflict(channel)
            return known + 1

        await self._write("save the table", body, partial_set(self._versions, channel))

    async def append_move(self, channel_id: int, move: MoveRecord) -> None:
        """Log one move (one statement: constant cost) if this process still holds the table."""
        known = self._versions.get(channel_id)
        if known is None:
            raise TableConflict(
                f"the table of channel {channel_id} is not held by this process: save or load "
                "it before logging its moves"
            )
        sql = (
            "INSERT INTO moves (game_id, move_no, seat, action, at, source) "
            "SELECT CAST(? AS TEXT), CAST(? AS INTEGER), CAST(? AS INTEGER), CAST(? AS TEXT), "
            "CAST(? AS DOUBLE PRECISION), CAST(? AS TEXT) FROM tables "
            f"WHERE channel_id = ? AND version = ? AND game_id = ?{self.FOR_SHARE} "
            "ON CONFLICT (game_id, move_no) DO NOTHING"
        )
        params = (
            move.game_id,
            move.move_no,
            move.seat,
            move.action,
            move.at,
            move.source,
            channel_id,
            known,
            move.game_id,
        )

        async def body(db: Db) -> None:
            if await db.execute(sql, params) == 1:
                return
            row = await db.fetchone(
                "SELECT version, game_id FROM tables WHERE channel_id = ?", (channel_id,)
            )
            if row is None or row["version"] != known or row["game_id"] != move.game_id:
                raise _conflict(channel_id)
            await _same_move_logged(db, move)

        await self._autocommit("log the move", body)

    async def load_tables(
        self, guild_filter: Callable[[int], bool] | None = None
    ) -> list[TableSnapshot]:
        """Claim and return the unfinished tables (of the guilds ``guild_filter`` accepts)."""

        async def body(db: Db) -> list[TableSnapshot]:
            rows = await db.fetchall(
                "SELECT channel_id, guild_id, game_id, status, data, updated_at, move_no, version "
                "FROM tables ORDER BY channel_id"
            )
            mine = [r for r in rows if guild_filter is None or guild_filter(r["guild_id"])]
            claimed = []
            for r in mine:
                if await db.execute(
                    "UPDATE tables SET version = version + 1 WHERE channel_id = ? AND version = ?",
                    (r["channel_id"], r["version"]),
                ):
                    claimed.append(r)
            logs: dict[str, list[MoveRecord]] = {r["game_id"]: [] for r in claimed}
            if logs:
                for m in await db.fetchall(
                    "SELECT m.game_id, m.move_no, m.seat, m.action, m.at, m.source FROM moves m "
                    "JOIN tables t ON t.game_id = m.game_id ORDER BY m.game_id, m.move_no"
                ):
                    if m["game_id"] in logs:
                        logs[m["game_id"]].append(_move(m))
            return [
                TableSnapshot(
                    channel_id=r["channel_id"],
                    guild_id=r["guild_id"],
                    game_id=r["game_id"],
                    status=r["status"],
                    data=json.loads(r["data"]),
                    updated_at=r["updated_at"],
                    move_no=r["move_no"],
                    moves=tuple(logs[r["game_id"]]),
                    version=r["version"] + 1,
                )
                for r in claimed
            ]

        def adopt(snapshots: list[TableSnapshot]) -> None:
            for s in snapshots:
                self._versions[s.channel_id] = s.version

        return await self._write("load the tables", body, adopt)

    async def delete_table(self, channel_id: int) -> None:
        """Remove a table this process holds (and its move log if no result was recorded)."""
        known = self._versions.get(channel_id)

        async def body(db: Db) -> None:
            row = await db.fetchone(
                "DELETE FROM tables WHERE channel_id = ? AND version = ? RETURNING game_id",
                (channel_id, known),
            )
            if row is None:
                if await db.fetchone("SELECT 1 FROM tables WHERE channel_id = ?", (channel_id,)):
                    raise _conflict(channel_id)
                return
            await db.execute(
                "DELETE FROM moves WHERE game_id = ? "
                "AND NOT EXISTS (SELECT 1 FROM games WHERE game_id = ?)",
                (row["game_id"], row["game_id"]),
            )

        def forget(_: None) -> None:
            self._versions.pop(channel_id, None)

        await self._write("delete the table", body, forget)

    # -- results --------------------------------------------------------------------------------

    async def finish_game(
        self,
        record: GameRecord,
        snapshot_channel_id: int | None = None,
        move: MoveRecord | None = None,
    ) -> bool:
        """Record the result, standings and ratings, log the last move and delete the table
        snapshot in one transaction; False (nothing changed) if ``game_id`` is already recorded.
        An abandoned game is stored for history but changes no standings (``storage.outcomes``)."""
        results = seat_results(record)
        options = dumps(record.options, f"the options of game {record.game_id}")
        if move is not None and move.game_id != record.game_id:
            raise StorageError(f"move of game {move.game_id} logged with result {record.game_id}")
        rated = results[0].outcome is not Outcome.NONE
        game_row = (
            record.game_id,
            record.guild_id,
            record.channel_id,
            record.game,
            options,
            len(record.seats),
            json.dumps(list(record.scores)),
            json.dumps(sorted(record.winners)),
            int(record.double),
            record.seed,
            record.started_at,
            record.ended_at,
            record.ended_at - record.started_at,
            record.ended_by,
            int(rated),
            record.rng_version,
            record.server_seed,
            record.table_id,
        )
        seat_rows = [
            (
                record.game_id,
                r.seat.seat,
                record.guild_id,
                record.ended_at,
                r.seat.user_id,
                r.seat.name,
                int(r.seat.is_bot),
                r.seat.team,
                r.score,
                r.outcome.value,
            )
            for r in results
        ]
        known = self._versions.get(snapshot_channel_id) if snapshot_channel_id else None

        async def body(db: Db) -> bool:
            if await db.execute(_INSERT_GAME, game_row) == 0:
                return False
            if move is not None:
                await _insert_move(db, move)
            await db.executemany(_INSERT_SEAT, seat_rows)
            if rated:
                current = await self._lock_standings(db, record, results)
                updated = update_standings(results, current)
                await db.executemany(_UPDATE_STANDING, _standing_rows(record, updated))
            if snapshot_channel_id is not None:
                gone = await db.fetchone(
                    "DELETE FROM tables WHERE channel_id = ? AND game_id = ? AND version = ? "
                    "RETURNING channel_id",
                    (snapshot_channel_id, record.game_id, known),
                )
                if gone is None and await db.fetchone(
                    "SELECT 1 FROM tables WHERE channel_id = ? AND game_id = ?",
                    (snapshot_channel_id, record.game_id),
                ):
                    raise _conflict(snapshot_channel_id)
            return True

        def after(recorded: bool) -> None:
            if recorded and snapshot_channel_id is not None:
                self._versions.pop(snapshot_channel_id, None)

        return await self._write("record the game", body, after)

    async def _lock_standings(
        self, db: Db, record: GameRecord, results: Sequence[SeatResult]
    ) -> dict[int, Standing]:
        """The current standings of the game's players, locked until the transaction ends.

        Rows are created first (a newcomer's is the default standing) so that there is a row to
        lock: two transactions rating the same newcomer then queue instead of both inserting."""
        seated: dict[int, int] = {}
        for r in results:
            seated[r.seat.user_id] = seated.get(r.seat.user_id, 0) + 1
        rated = sorted(u for u, n in seated.items() if n == 1)  # see storage.outcomes
        if not rated:
            return {}
        seats = {r.seat.user_id: r.seat for r in results}
        await db.executemany(
            _NEW_STANDING,
            [
                (
                    record.guild_id,
                    record.game,
                    u,
                    seats[u].name,
                    int(seats[u].is_bot),
                    MU0,
                    SIGMA0,
                    display_rating(MU0, SIGMA0),
                    record.ended_at,
                )
                for u in rated
            ],
        )
        marks = ", ".join("?" * len(rated))
        rows = await db.fetchall(
            f"SELECT * FROM standings WHERE guild_id = ? AND game = ? AND user_id IN ({marks}) "
            f"ORDER BY user_id{self.FOR_UPDATE}",
            (record.guild_id, record.game, *rated),
        )
        return {
            row["user_id"]: Standing(
                name=row["name"],
                is_bot=bool(row["is_bot"]),
                skill=Skill(row["mu"], row["sigma"]),
                **{c: row[c] for c in _COUNTS},
            )
            for row in rows
        }

    # -- leaderboards ---------------------------------------------------------------------------

    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        metric: Metric = Metric.RATING,
        *,
        limit: int = 10,
        offset: int = 0,
        include_bots: bool = False,
    ) -> list[LeaderboardRow]:
        """One page of the standings, best first (tie-breaks in ``ORDERINGS``)."""
        metric = Metric(metric)
        if limit < 0 or offset < 0:
            raise ValueError("limit and offset must not be negative")
        bots = "" if include_bots else " AND is_bot = 0"
        sql = (
            f"SELECT {_ROW_COLUMNS} FROM standings WHERE guild_id = ? AND game = ?{bots} "
            f"ORDER BY {order_by(metric)} LIMIT ? OFFSET ?"
        )
        rows = await self._read(lambda db: db.fetchall(sql, (guild_id, game, limit, offset)))
        return [_row(offset + i + 1, row) for i, row in enumerate(rows)]

    async def rank_of(
        self,
        guild_id: int,
        game: str,
        user_id: int,
        metric: Metric = Metric.RATING,
        *,
        include_bots: bool = False,
    ) -> LeaderboardRow | None:
        """The user's row with its rank on that leaderboard; None if they have not played it
        (or are a computer player and bots are filtered out)."""
        metric = Metric(metric)
        return await self._read(
            lambda db: _rank_of(db, guild_id, game, user_id, metric, include_bots)
        )

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerStats]:
        """The user's standing in every game they played in this guild, ranked by rating among
        humans (computer players: among everyone), with their last few games of each."""

        async def read(db: Db) -> list[PlayerStats]:
            games = await db.fetchall(
                "SELECT game, is_bot FROM standings WHERE guild_id = ? AND user_id = ? "
                "ORDER BY game",
                (guild_id, user_id),
            )
            stats = []
            for g in games:
                row = await _rank_of(
                    db, guild_id, g["game"], user_id, Metric.RATING, bool(g["is_bot"])
                )
                if row is None:
                    continue
                ids = await db.fetchall(
                    "SELECT DISTINCT s.game_id, s.ended_at FROM game_seats s "
                    "JOIN games ON games.game_id = s.game_id WHERE s.guild_id = ? "
                    "AND s.user_id = ? AND games.game = ? "
                    "ORDER BY s.ended_at DESC, s.game_id DESC LIMIT ?",
                    (guild_id, user_id, g["game"], RECENT_PER_GAME),
                )
                recent = await _summaries(db, [r["game_id"] for r in ids])
                stats.append(PlayerStats(game=g["game"], row=row, recent=tuple(recent)))
            return stats

        return await self._read(read)

    # -- history --------------------------------------------------------------------------------

    async def history(
        self, guild_id: int, user_id: int | None, limit: int = 10
    ) -> list[GameSummary]:
        """Finished games in the guild (of one user, or everyone's), most recent first.
        Abandoned games are listed too, with ``ended_by == "abandoned"``."""

        async def read(db: Db) -> list[GameSummary]:
            if user_id is None:
                rows = await db.fetchall(
                    "SELECT game_id FROM games WHERE guild_id = ? "
                    "ORDER BY ended_at DESC, game_id DESC LIMIT ?",
                    (guild_id, limit),
                )
            else:
                rows = await db.fetchall(
                    "SELECT DISTINCT game_id, ended_at FROM game_seats "
                    "WHERE guild_id = ? AND user_id = ? "
                    "ORDER BY ended_at DESC, game_id DESC LIMIT ?",
                    (guild_id, user_id, limit),
                )
            return await _summaries(db, [row["game_id"] for row in rows])

        return await self._read(read)

    async def game_log(self, game_id: str) -> GameLog | None:
        """Seed, options, seats and every logged action of a finished game, in order: a legacy
        game replays with ``new_game(game, seed=seed, players=players, options=options)`` +
        ``apply``, a ``fair-v1`` one with ``fair=FairSeed.from_hex(server_seed, table_id)``."""

        async def read(db: Db) -> GameLog | None:
            g = await db.fetchone(
                "SELECT game, options, players, seed, rng_version, server_seed, table_id, "
                "guild_id, ended_by, ended_at FROM games WHERE game_id = ?",
                (game_id,),
            )
            if g is None:
                return None
            seats = await _seats(db, [game_id])
            moves = await db.fetchall(
                "SELECT game_id, move_no, seat, action, at, source FROM moves WHERE game_id = ? "
                "ORDER BY move_no",
                (game_id,),
            )
            return GameLog(
                game_id=game_id,
                game=g["game"],
                options=json.loads(g["options"]),
                players=g["players"],
                seed=g["seed"],
                actions=tuple(_move(m) for m in moves),
                rng_version=g["rng_version"],
                server_seed=g["server_seed"],
                table_id=g["table_id"],
                guild_id=g["guild_id"],
                seats=tuple(seats.get(game_id, ())),
                ended_by=g["ended_by"],
                ended_at=g["ended_at"],
            )

        return await self._read(read)

    # -- the bot's own key/value facts -----------------------------------------------------------

    async def get_setting(self, key: str) -> str | None:
        row = await self._read(
            lambda db: db.fetchone("SELECT value FROM bot_settings WHERE key = ?", (key,))
        )
        return None if row is None else str(row["value"])

    async def set_setting(self, key: str, value: str) -> None:
        async def body(db: Db) -> int:
            return await db.execute(
                "INSERT INTO bot_settings (key, value, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
                "updated_at = excluded.updated_at",
                (key, value, time.time()),
            )

        await self._autocommit("store a setting", body)

    async def get_guild_language(self, guild_id: int) -> str | None:
        row = await self._read(
            lambda db: db.fetchone(
                "SELECT lang FROM guild_languages WHERE guild_id = ?", (guild_id,)
            )
        )
        return None if row is None else str(row["lang"])

    async def set_guild_language(self, guild_id: int, lang: str | None) -> None:
        async def body(db: Db) -> int:
            if lang is None:
                return await db.execute(
                    "DELETE FROM guild_languages WHERE guild_id = ?", (guild_id,)
                )
            return await db.execute(
                "INSERT INTO guild_languages (guild_id, lang, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET lang = excluded.lang, "
                "updated_at = excluded.updated_at",
                (guild_id, lang, time.time()),
            )

        await self._autocommit("store a server's language", body)


def partial_set(versions: dict[int, int], channel: int) -> Callable[[int], None]:
    def adopt(version: int) -> None:
        versions[channel] = version

    return adopt


def _conflict(channel_id: int) -> TableConflict:
    return TableConflict(
        f"the table of channel {channel_id} was changed or taken over by another process since "
        "this one last wrote it: not overwritten"
    )


def _move(m: Any) -> MoveRecord:
    return MoveRecord(m["game_id"], m["move_no"], m["seat"], m["action"], m["at"], m["source"])


async def _insert_move(db: Db, move: MoveRecord) -> None:
    """Log a move; logging the same move again is harmless, a different one under its number is
    refused (the SELECT runs only on that conflict)."""
    params = (move.game_id, move.move_no, move.seat, move.action, move.at, move.source)
    if await db.execute(_INSERT_MOVE, params) == 0:
        await _same_move_logged(db, move)


async def _same_move_logged(db: Db, move: MoveRecord) -> None:
    row = await db.fetchone(
        "SELECT seat, action FROM moves WHERE game_id = ? AND move_no = ?",
        (move.game_id, move.move_no),
    )
    if row is None or (row["seat"], row["action"]) != (move.seat, move.action):
        raise StorageError(
            f"move {move.move_no} of game {move.game_id} is already logged as a different action"
        )


def _standing_rows(record: GameRecord, updated: dict[int, Standing]) -> list[tuple[Any, ...]]:
    return [
        (
            s.name,
            int(s.is_bot),
            *(getattr(s, c) for c in _COUNTS),
            s.skill.mu,
            s.skill.sigma,
            display_rating(s.skill.mu, s.skill.sigma),
            record.ended_at,
            record.guild_id,
            record.game,
            user_id,
        )
        for user_id, s in sorted(updated.items())
    ]


async def _rank_of(
    db: Db, guild_id: int, game: str, user_id: int, metric: Metric, include_bots: bool
) -> LeaderboardRow | None:
    row = await db.fetchone(
        f"SELECT {_ROW_COLUMNS} FROM standings WHERE guild_id = ? AND game = ? AND user_id = ?",
        (guild_id, game, user_id),
    )
    if row is None or (row["is_bot"] and not include_bots):
        return None
    bots = "" if include_bots else " AND is_bot = 0"
    ahead = await db.fetchone(
        f"SELECT count(*) AS n FROM standings WHERE guild_id = ? AND game = ?{bots} "
        f"AND {_ahead_condition(metric)}",
        (guild_id, game, *_ahead_params(metric, row)),
    )
    if not (ahead is not None):
        raise RuntimeError("internal error: expected ahead is not None")
    return _row(int(ahead["n"]) + 1, row)


async def _summaries(db: Db, ids: Sequence[str]) -> list[GameSummary]:
    if not ids:
        return []
    marks = ", ".join("?" * len(ids))
    games = await db.fetchall(f"SELECT * FROM games WHERE game_id IN ({marks})", tuple(ids))
    by_game = await _seats(db, ids)
    found = {
        g["game_id"]: GameSummary(
            game_id=g["game_id"],
            game=g["game"],
            options=json.loads(g["options"]),
            ended_at=g["ended_at"],
            seats=tuple(by_game.get(g["game_id"], ())),
            scores=tuple(json.loads(g["scores"])),
            winners=tuple(json.loads(g["winners"])),
            double=bool(g["double_win"]),
            ended_by=g["ended_by"],
            rng_version=g["rng_version"],
            server_seed=g["server_seed"],
        )
        for g in games
    }
    return [found[i] for i in ids if i in found]


async def _seats(db: Db, ids: Sequence[str]) -> dict[str, list[SeatRecord]]:
    marks = ", ".join("?" * len(ids))
    seats = await db.fetchall(
        f"SELECT * FROM game_seats WHERE game_id IN ({marks}) ORDER BY game_id, seat", tuple(ids)
    )
    by_game: dict[str, list[SeatRecord]] = {}
    for s in seats:
        by_game.setdefault(s["game_id"], []).append(
            SeatRecord(
                seat=s["seat"],
                user_id=s["user_id"],
                name=s["name"],
                is_bot=bool(s["is_bot"]),
                team=s["team"],
            )
        )
    return by_game


def _row(rank: int, row: Any) -> LeaderboardRow:
    return LeaderboardRow(
        rank=rank,
        user_id=row["user_id"],
        name=row["name"],
        is_bot=bool(row["is_bot"]),
        rating=row["rating"],
        **{c: row[c] for c in _COUNTS},
    )


def _consume(task: asyncio.Future[Any]) -> None:
    """A write whose caller was cancelled still ends; its error is logged by nobody else."""
    if not task.cancelled():
        task.exception()
