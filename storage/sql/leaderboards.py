"""Leaderboards and a player's standing, read from the ``standings`` table (``results`` keeps it)
through one index per metric.

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

from typing import Any

from ..models import LeaderboardRow, Metric, PlayerStats
from .db import Db, SqlBase
from .history import summaries

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
# The counters shared by ``standings`` rows, ``Standing`` and ``LeaderboardRow``, in column order.
COUNTS = ("games", "wins", "losses", "draws", "points", "streak", "best_streak", "chips")


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


class LeaderboardQueries(SqlBase):
    """Pages of a leaderboard, one player's rank, one player's standing in every game."""

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
        return [leaderboard_row(offset + i + 1, row) for i, row in enumerate(rows)]

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
            lambda db: rank_of_row(db, guild_id, game, user_id, metric, include_bots)
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
                row = await rank_of_row(
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
                recent = await summaries(db, [r["game_id"] for r in ids])
                stats.append(PlayerStats(game=g["game"], row=row, recent=tuple(recent)))
            return stats

        return await self._read(read)


async def rank_of_row(
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
    return leaderboard_row(int(ahead["n"]) + 1, row)


def leaderboard_row(rank: int, row: Any) -> LeaderboardRow:
    return LeaderboardRow(
        rank=rank,
        user_id=row["user_id"],
        name=row["name"],
        is_bot=bool(row["is_bot"]),
        rating=row["rating"],
        **{c: row[c] for c in COUNTS},
    )
