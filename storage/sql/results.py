"""Recording a finished game: its result, seats, the players' standings and ratings, its last
move and the removal of its table snapshot, all in one transaction.

Standings are counters and the openskill rating, computed from the rows locked in that
transaction, so two processes recording results for one player never lose an update.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..base import StorageError
from ..models import GameRecord, MoveRecord
from ..outcomes import Outcome, SeatResult, Standing, seat_results, update_standings
from ..rating import MU0, SIGMA0, Skill, display_rating
from .db import Db, SqlBase, dumps
from .leaderboards import COUNTS
from .tables import conflict, insert_move

_INSERT_GAME = (
    "INSERT INTO games (game_id, guild_id, channel_id, game, options, players, scores, "
    "winners, double_win, seed, started_at, ended_at, duration, ended_by, rated, rng_version, "
    "server_seed, table_id, in_server, season_id) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
    "(SELECT season_id FROM seasons WHERE guild_id = ? AND ended_at IS NULL)) "
    "ON CONFLICT (game_id) DO NOTHING"
)
_INSERT_SEAT = (
    "INSERT INTO game_seats (game_id, seat, guild_id, ended_at, user_id, name, is_bot, "
    "team, score, outcome, in_server, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_NEW_STANDING = (
    "INSERT INTO standings (guild_id, game, user_id, name, is_bot, mu, sigma, rating, updated_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, user_id) DO NOTHING"
)
_UPDATE_STANDING = (
    "UPDATE standings SET name = ?, is_bot = ?, "
    + ", ".join(f"{c} = ?" for c in COUNTS)
    + ", mu = ?, sigma = ?, rating = ?, updated_at = ? "
    "WHERE guild_id = ? AND game = ? AND user_id = ?"
)


class ResultQueries(SqlBase):
    """Finished games into ``games``, ``game_seats`` and ``standings``."""

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
            int(record.in_server),
            record.guild_id,  # the season open in this server files the game
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
                int(record.in_server),
            )
            for r in results
        ]
        known = self._versions.get(snapshot_channel_id) if snapshot_channel_id else None

        async def body(db: Db) -> bool:
            if await db.execute(_INSERT_GAME, game_row) == 0:
                return False
            if move is not None:
                await insert_move(db, move)
            ratings: dict[int, float] = {}
            if rated:
                current = await self._lock_standings(db, record, results)
                updated = update_standings(results, current)
                ratings = {u: display_rating(s.skill.mu, s.skill.sigma) for u, s in updated.items()}
            # each seat's rating after this game (None: unrated), for the web's rating chart
            await db.executemany(_INSERT_SEAT, [(*row, ratings.get(row[4])) for row in seat_rows])
            if rated:
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
                    raise conflict(snapshot_channel_id)
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
                **{c: row[c] for c in COUNTS},
            )
            for row in rows
        }


def _standing_rows(record: GameRecord, updated: dict[int, Standing]) -> list[tuple[Any, ...]]:
    return [
        (
            s.name,
            int(s.is_bot),
            *(getattr(s, c) for c in COUNTS),
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
