"""The aiosqlite implementation of ``storage.base.Storage``.

One connection in WAL mode with foreign keys on. Every call is ONE job on aiosqlite's worker
thread (``_run_on_worker``): a plain function on the ``sqlite3`` connection, so a card play's
snapshot + move costs one thread hop instead of one per statement. Every write runs in one
explicit ``BEGIN IMMEDIATE … COMMIT`` inside that job and is rolled back on any error, so a failed
write leaves nothing half-recorded, and no other call can run between its statements; database
errors surface as ``StorageError``. An ``asyncio.Lock`` still orders calls (and ``close``). A
caller cancelled while its write is queued or running does not stop that write: it still commits
or rolls back as a whole (the table layer adopts a change only once the write returned, so after a
cancellation the file may be one move ahead of memory — what a restart would load anyway).

Durability: ``synchronous=NORMAL`` with WAL. A committed write survives the process being killed
(SIGKILL) — the crash test checks exactly that; a power cut may lose the last few commits but
never corrupts the file.

Before anything is written, the file is opened read-only and checked: a file that is not a
database, a damaged one (``PRAGMA quick_check``: linear in the file size, about 1 s for the
benchmark's million results), a database from a newer version of the bot, or a foreign database
makes ``open()`` raise ``StorageError`` and the file is left untouched.

Leaderboards read the ``standings`` table, maintained inside ``finish_game``'s transaction, through
one index per metric. Boards are per guild and per game name (the Hurricane presets share one).
Ordering and tie-breaks (``ORDERINGS``), best first:

* rating: rating desc, games desc (more evidence first), user id asc
* wins:   wins desc, games asc (fewer games for the same wins first), user id asc
* points: points desc, games asc, user id asc
* games:  games desc, wins desc, user id asc
* streak: current streak desc, best streak desc, user id asc

Additions to the Protocol, all optional: ``SqliteStorage(path, migrations=…)`` (tests build old
schema versions), ``from_config``, ``schema_version``, and ``include_bots`` on ``rank_of``.
Removing a table with ``delete_table`` (a cancelled table) also drops the move log of its game when
no result was recorded for it.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Awaitable, Callable, Iterable, Sequence
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from bot.config import Config

from .base import StorageError
from .migrate import Migration, load_migrations, migration_script
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
from .rating import Skill, display_rating

# (column, descending) per metric; the indexes of migration 0003 follow these exactly.
ORDERINGS: dict[Metric, tuple[tuple[str, bool], ...]] = {
    Metric.RATING: (("rating", True), ("games", True), ("user_id", False)),
    Metric.WINS: (("wins", True), ("games", False), ("user_id", False)),
    Metric.POINTS: (("points", True), ("games", False), ("user_id", False)),
    Metric.GAMES: (("games", True), ("wins", True), ("user_id", False)),
    Metric.STREAK: (("streak", True), ("best_streak", True), ("user_id", False)),
}
RECENT_PER_GAME = 5

_ROW_COLUMNS = (
    "user_id, name, is_bot, games, wins, losses, draws, points, streak, best_streak, rating"
)
T = TypeVar("T")


def _order_by(metric: Metric) -> str:
    return ", ".join(f"{col} {'DESC' if desc else 'ASC'}" for col, desc in ORDERINGS[metric])


def _ahead_condition(metric: Metric) -> str:
    """SQL true for rows strictly ahead of the row whose ordering values are bound as ?s."""
    cols = ORDERINGS[metric]
    terms = []
    for i, (col, desc) in enumerate(cols):
        equal = [f"{c} = ?" for c, _ in cols[:i]]
        terms.append("(" + " AND ".join([*equal, f"{col} {'>' if desc else '<'} ?"]) + ")")
    return "(" + " OR ".join(terms) + ")"


def _ahead_params(metric: Metric, row: sqlite3.Row) -> list[Any]:
    values = [row[col] for col, _ in ORDERINGS[metric]]
    params: list[Any] = []
    for i in range(len(values)):
        params.extend(values[: i + 1])
    return params


def _dumps(value: Any, what: str) -> str:
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StorageError(f"{what} is not JSON-serialisable: {exc}") from exc


def _inspect(path: Path, newest: int) -> int:
    """Schema version of an existing file, read without writing; StorageError if unusable."""
    if not path.exists() or path.stat().st_size == 0:
        return 0
    sidecars = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]
    existed = {p for p in sidecars if p.exists()}
    try:
        return _check_version(path, newest)
    except StorageError:
        _remove_new_sidecars(sidecars, existed)
        raise


def _check_version(path: Path, newest: int) -> int:
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            version = int(con.execute("PRAGMA user_version").fetchone()[0])
            objects = int(con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])
            problems = [str(r[0]) for r in con.execute("PRAGMA quick_check(3)")]
        finally:
            con.close()
    except sqlite3.Error as exc:
        raise StorageError(
            f"{path} is not a usable SQLite database ({exc}). The bot will not start on it; "
            "move the file away or restore a backup, or set DATABASE_PATH to another file."
        ) from exc
    if version > newest:
        raise StorageError(
            f"{path} has schema version {version}, newer than this bot knows ({newest}): it was "
            "written by a newer version of the bot. Upgrade the bot, or set DATABASE_PATH to "
            "another file."
        )
    if problems != ["ok"]:
        raise StorageError(
            f"{path} is damaged ({'; '.join(problems)}). The bot will not start on it; restore "
            "a backup or move the file away, or set DATABASE_PATH to another file."
        )
    if version == 0 and objects > 0:
        raise StorageError(
            f"{path} holds tables but no schema version: it is not this bot's database. "
            "Set DATABASE_PATH to another file."
        )
    return version


def _remove_new_sidecars(sidecars: list[Path], existed: set[Path]) -> None:
    """A refused file is left as found: a read-only open of a WAL database may have created an
    empty -wal and its -shm index. A -wal holding data is never removed."""
    wal, shm = sidecars
    if wal in existed or not wal.exists():
        return
    with suppress(OSError):
        if wal.stat().st_size == 0:
            wal.unlink()
            if shm not in existed:
                shm.unlink()


class SqliteStorage:
    """``Storage`` on one SQLite file (default ``Config.database_path``, ./data/bot.sqlite3)."""

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        migrations: Sequence[Migration] | None = None,
    ) -> None:
        self.path = Path(path) if path is not None else Config().database_path
        self._migrations = tuple(migrations) if migrations is not None else load_migrations()
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    @classmethod
    def from_config(cls, config: Config) -> SqliteStorage:
        return cls(config.database_path)

    # -- life cycle ---------------------------------------------------------------------------

    async def open(self) -> None:
        if self._db is not None:
            return
        if self.path.is_dir():
            raise StorageError(f"{self.path} is a folder, not a database file (DATABASE_PATH).")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"cannot create the folder for {self.path}: {exc}") from exc
        version = await asyncio.to_thread(_inspect, self.path, len(self._migrations))
        try:
            db = await aiosqlite.connect(self.path, isolation_level=None)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open {self.path}: {exc}") from exc
        try:
            db.row_factory = sqlite3.Row
            mode = await (await db.execute("PRAGMA journal_mode = WAL")).fetchone()
            if mode is None or str(mode[0]).lower() != "wal":
                raise StorageError(f"{self.path}: cannot switch to WAL mode")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA busy_timeout = 5000")
            for migration in self._migrations[version:]:
                await self._migrate(db, migration)
        except BaseException:
            await db.close()
            raise
        self._db = db

    async def _migrate(self, db: aiosqlite.Connection, migration: Migration) -> None:
        try:
            await db.executescript(migration_script(migration))
        except sqlite3.Error as exc:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise StorageError(
                f"{self.path}: migration {migration.version:04d}_{migration.name} failed ({exc}); "
                "the database was left at the previous version."
            ) from exc

    async def close(self) -> None:
        async with self._lock:
            if self._db is not None:
                db, self._db = self._db, None
                await db.close()

    async def schema_version(self) -> int:
        [(version,)] = await self._read(_fetchall("PRAGMA user_version"))
        return int(version)

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StorageError("storage is not open: call open() first")
        return self._db

    async def _call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn`` on the connection's worker thread in ONE hop (see ``_run_on_worker``)."""
        return await _run_on_worker(self._conn(), fn)

    async def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        async with self._lock:
            try:
                return await self._call(fn)
            except sqlite3.Error as exc:
                raise StorageError(f"database read failed: {exc}") from exc

    async def _write(self, what: str, body: Callable[[sqlite3.Connection], T]) -> T:
        """``body`` in one transaction, committed if it returns, rolled back on any error. The
        whole transaction runs on the worker thread as one call: a cancelled caller cannot leave
        it half done, and nothing else can run on the connection in between."""
        async with self._lock:
            return await self._call(partial(_transaction, what, body))

    # -- tables ---------------------------------------------------------------------------------

    async def save_table(self, snapshot: TableSnapshot, move: MoveRecord | None = None) -> None:
        """Upsert the snapshot (keyed by channel) and log the move, in one transaction."""
        data = _dumps(snapshot.data, f"the snapshot of table {snapshot.channel_id}")
        if move is not None and move.game_id != snapshot.game_id:
            raise StorageError(f"move of game {move.game_id} saved with table {snapshot.game_id}")
        params = (
            snapshot.channel_id,
            snapshot.guild_id,
            snapshot.game_id,
            snapshot.status,
            data,
            snapshot.updated_at,
        )

        def body(con: sqlite3.Connection) -> None:
            if move is not None:
                _insert_move(con, move)
            con.execute(_UPSERT_TABLE, params)

        await self._write("save the table", body)

    async def load_tables(self) -> list[TableSnapshot]:
        rows = await self._read(_fetchall("SELECT * FROM tables ORDER BY channel_id"))
        return [
            TableSnapshot(
                channel_id=row["channel_id"],
                guild_id=row["guild_id"],
                game_id=row["game_id"],
                status=row["status"],
                data=json.loads(row["data"]),
                updated_at=row["updated_at"],
            )
            for row in rows
        ]

    async def delete_table(self, channel_id: int) -> None:
        def body(con: sqlite3.Connection) -> None:
            row = con.execute(
                "SELECT game_id FROM tables WHERE channel_id = ?", (channel_id,)
            ).fetchone()
            if row is None:
                return
            con.execute("DELETE FROM tables WHERE channel_id = ?", (channel_id,))
            con.execute(
                "DELETE FROM moves WHERE game_id = ? "
                "AND NOT EXISTS (SELECT 1 FROM games WHERE game_id = ?)",
                (row["game_id"], row["game_id"]),
            )

        await self._write("delete the table", body)

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
        options = _dumps(record.options, f"the options of game {record.game_id}")
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

        def body(con: sqlite3.Connection) -> bool:
            if con.execute(_INSERT_GAME, game_row).rowcount == 0:
                return False
            if move is not None:
                _insert_move(con, move)
            con.executemany(_INSERT_SEAT, seat_rows)
            if rated:
                current = _standings(con, record.guild_id, record.game, results)
                con.executemany(
                    _UPSERT_STANDING, _standing_rows(record, update_standings(results, current))
                )
            if snapshot_channel_id is not None:
                con.execute(
                    "DELETE FROM tables WHERE channel_id = ? AND game_id = ?",
                    (snapshot_channel_id, record.game_id),
                )
            return True

        return await self._write("record the game", body)

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
        rows = await self._read(
            _fetchall(
                f"SELECT {_ROW_COLUMNS} FROM standings WHERE guild_id = ? AND game = ?{bots} "
                f"ORDER BY {_order_by(metric)} LIMIT ? OFFSET ?",
                (guild_id, game, limit, offset),
            )
        )
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
            partial(
                _rank_of,
                guild_id=guild_id,
                game=game,
                user_id=user_id,
                metric=metric,
                include_bots=include_bots,
            )
        )

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerStats]:
        """The user's standing in every game they played in this guild, ranked by rating among
        humans (computer players: among everyone), with their last few games of each."""

        def read(con: sqlite3.Connection) -> list[PlayerStats]:
            games = con.execute(
                "SELECT game, is_bot FROM standings WHERE guild_id = ? AND user_id = ? "
                "ORDER BY game",
                (guild_id, user_id),
            ).fetchall()
            stats = []
            for g in games:
                row = _rank_of(
                    con,
                    guild_id=guild_id,
                    game=g["game"],
                    user_id=user_id,
                    metric=Metric.RATING,
                    include_bots=bool(g["is_bot"]),
                )
                if row is None:
                    continue
                ids = con.execute(
                    "SELECT DISTINCT s.game_id, s.ended_at FROM game_seats s "
                    "JOIN games USING (game_id) WHERE s.guild_id = ? AND s.user_id = ? "
                    "AND games.game = ? ORDER BY s.ended_at DESC, s.game_id DESC LIMIT ?",
                    (guild_id, user_id, g["game"], RECENT_PER_GAME),
                ).fetchall()
                recent = _summaries(con, [r["game_id"] for r in ids])
                stats.append(PlayerStats(game=g["game"], row=row, recent=tuple(recent)))
            return stats

        return await self._read(read)

    # -- history --------------------------------------------------------------------------------

    async def history(
        self, guild_id: int, user_id: int | None, limit: int = 10
    ) -> list[GameSummary]:
        """Finished games in the guild (of one user, or everyone's), most recent first.
        Abandoned games are listed too, with ``ended_by == "abandoned"``."""

        def read(con: sqlite3.Connection) -> list[GameSummary]:
            if user_id is None:
                cur = con.execute(
                    "SELECT game_id FROM games WHERE guild_id = ? "
                    "ORDER BY ended_at DESC, game_id DESC LIMIT ?",
                    (guild_id, limit),
                )
            else:
                cur = con.execute(
                    "SELECT DISTINCT game_id, ended_at FROM game_seats "
                    "WHERE guild_id = ? AND user_id = ? "
                    "ORDER BY ended_at DESC, game_id DESC LIMIT ?",
                    (guild_id, user_id, limit),
                )
            return _summaries(con, [row["game_id"] for row in cur.fetchall()])

        return await self._read(read)

    async def game_log(self, game_id: str) -> GameLog | None:
        """Seed, options, seat count and every logged action of a finished game, in order:
        ``new_game(game, seed=seed, players=players, options=options)`` + ``apply`` replays it."""

        def read(con: sqlite3.Connection) -> GameLog | None:
            g = con.execute(
                "SELECT game, options, players, seed FROM games WHERE game_id = ?", (game_id,)
            ).fetchone()
            if g is None:
                return None
            moves = con.execute(
                "SELECT move_no, seat, action, at FROM moves WHERE game_id = ? ORDER BY move_no",
                (game_id,),
            ).fetchall()
            return GameLog(
                game_id=game_id,
                game=g["game"],
                options=json.loads(g["options"]),
                players=g["players"],
                seed=g["seed"],
                actions=tuple(
                    MoveRecord(game_id, m["move_no"], m["seat"], m["action"], m["at"])
                    for m in moves
                ),
            )

        return await self._read(read)


# -- run on the worker thread ---------------------------------------------------------------------


async def _run_on_worker(db: aiosqlite.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
    """Call ``fn(connection)`` on aiosqlite's worker thread, as one queued job.

    Why a private API: aiosqlite 0.22's public methods each make one thread hop (``execute``, then
    ``fetchone``, ``COMMIT`` …), and a card play's transaction took five of them. Its only way to
    run several statements in one hop is ``executescript``, which takes no parameters.
    ``Connection._execute(fn)`` is the queue every public method goes through (unchanged since
    aiosqlite's first releases); test_storage_uses_one_worker_hop_per_call fails loudly if an
    upgrade renames it."""
    execute = cast(Callable[[Callable[[], T]], Awaitable[T]], db._execute)
    return await execute(lambda: fn(db._conn))


def _transaction(what: str, body: Callable[[sqlite3.Connection], T], con: sqlite3.Connection) -> T:
    try:
        con.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        raise StorageError(f"could not {what}: {exc}") from exc
    try:
        out = body(con)
        con.execute("COMMIT")
    except BaseException as exc:
        if con.in_transaction:
            with suppress(sqlite3.Error):
                con.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise StorageError(f"could not {what}: {exc}") from exc
        raise
    return out


def _fetchall(sql: str, params: Sequence[Any] = ()) -> Callable[[sqlite3.Connection], list[Any]]:
    return lambda con: con.execute(sql, params).fetchall()


_UPSERT_TABLE = (
    "INSERT INTO tables (channel_id, guild_id, game_id, status, data, updated_at) "
    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (channel_id) DO UPDATE SET "
    "guild_id = excluded.guild_id, game_id = excluded.game_id, "
    "status = excluded.status, data = excluded.data, updated_at = excluded.updated_at"
)
_INSERT_GAME = (
    "INSERT INTO games (game_id, guild_id, channel_id, game, options, players, scores, "
    "winners, double_win, seed, started_at, ended_at, duration, ended_by, rated) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (game_id) DO NOTHING"
)
_INSERT_SEAT = (
    "INSERT INTO game_seats (game_id, seat, guild_id, ended_at, user_id, name, is_bot, "
    "team, score, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
# The counters shared by ``standings`` rows, ``Standing`` and ``LeaderboardRow``, in column order.
_COUNTS = ("games", "wins", "losses", "draws", "points", "streak", "best_streak")
_UPSERT_STANDING = (
    f"INSERT INTO standings (guild_id, game, user_id, name, is_bot, {', '.join(_COUNTS)}, "
    "mu, sigma, rating, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET name = excluded.name, "
    "is_bot = excluded.is_bot, "
    + ", ".join(f"{c} = excluded.{c}" for c in _COUNTS)
    + ", mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating, "
    "updated_at = excluded.updated_at"
)


def _insert_move(con: sqlite3.Connection, move: MoveRecord) -> None:
    """Log a move; logging the same move again is harmless, a different one under its number is
    refused (the SELECT runs only on that conflict)."""
    cur = con.execute(
        "INSERT INTO moves (game_id, move_no, seat, action, at) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (game_id, move_no) DO NOTHING",
        (move.game_id, move.move_no, move.seat, move.action, move.at),
    )
    if cur.rowcount == 0:
        row = con.execute(
            "SELECT seat, action FROM moves WHERE game_id = ? AND move_no = ?",
            (move.game_id, move.move_no),
        ).fetchone()
        if row is None or (row["seat"], row["action"]) != (move.seat, move.action):
            raise StorageError(
                f"move {move.move_no} of game {move.game_id} is already logged as a different action"
            )


def _counts(row: sqlite3.Row) -> dict[str, int]:
    return {c: row[c] for c in _COUNTS}


def _standings(
    con: sqlite3.Connection, guild_id: int, game: str, results: Iterable[SeatResult]
) -> dict[int, Standing]:
    users = sorted({r.seat.user_id for r in results})
    marks = ", ".join("?" * len(users))
    rows = con.execute(
        f"SELECT * FROM standings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
        (guild_id, game, *users),
    ).fetchall()
    return {
        row["user_id"]: Standing(
            name=row["name"],
            is_bot=bool(row["is_bot"]),
            skill=Skill(row["mu"], row["sigma"]),
            **_counts(row),
        )
        for row in rows
    }


def _standing_rows(record: GameRecord, updated: dict[int, Standing]) -> list[tuple[Any, ...]]:
    return [
        (
            record.guild_id,
            record.game,
            user_id,
            s.name,
            int(s.is_bot),
            *(getattr(s, c) for c in _COUNTS),
            s.skill.mu,
            s.skill.sigma,
            display_rating(s.skill.mu, s.skill.sigma),
            record.ended_at,
        )
        for user_id, s in sorted(updated.items())
    ]


def _rank_of(
    con: sqlite3.Connection,
    *,
    guild_id: int,
    game: str,
    user_id: int,
    metric: Metric,
    include_bots: bool,
) -> LeaderboardRow | None:
    row = con.execute(
        f"SELECT {_ROW_COLUMNS} FROM standings WHERE guild_id = ? AND game = ? AND user_id = ?",
        (guild_id, game, user_id),
    ).fetchone()
    if row is None or (row["is_bot"] and not include_bots):
        return None
    bots = "" if include_bots else " AND is_bot = 0"
    ahead = con.execute(
        f"SELECT count(*) FROM standings WHERE guild_id = ? AND game = ?{bots} "
        f"AND {_ahead_condition(metric)}",
        (guild_id, game, *_ahead_params(metric, row)),
    ).fetchone()
    return _row(int(ahead[0]) + 1, row)


def _summaries(con: sqlite3.Connection, ids: Sequence[str]) -> list[GameSummary]:
    if not ids:
        return []
    marks = ", ".join("?" * len(ids))
    games = con.execute(f"SELECT * FROM games WHERE game_id IN ({marks})", tuple(ids)).fetchall()
    seats = con.execute(
        f"SELECT * FROM game_seats WHERE game_id IN ({marks}) ORDER BY game_id, seat", tuple(ids)
    ).fetchall()
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
        )
        for g in games
    }
    return [found[i] for i in ids if i in found]


def _row(rank: int, row: sqlite3.Row) -> LeaderboardRow:
    return LeaderboardRow(
        rank=rank,
        user_id=row["user_id"],
        name=row["name"],
        is_bot=bool(row["is_bot"]),
        rating=row["rating"],
        **_counts(row),
    )
