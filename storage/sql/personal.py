"""A player's own record: their games outside servers (the bot's DM, group DMs), wherever they were
played, added up per game, and their recent such games. Read through ``game_seats``' partial index
on ``in_server = 0`` (migration ``personal_record``), so a player's own games are a range of it.

Counted as the standings count (``storage.outcomes``): an abandoned game is history only; a win
earns 1 match point, a double win 2; a streak is wins in a row. Ratings are not added up: each
place keeps its own (``standings``)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..models import GameSummary, PersonalStats
from .db import Db, SqlBase
from .history import summaries
from .leaderboards import RECENT_PER_GAME

_MINE = (
    "SELECT s.game_id, s.guild_id, s.outcome, g.game, g.double_win FROM game_seats s "
    "JOIN games g ON g.game_id = s.game_id WHERE s.user_id = ? AND s.in_server = 0 "
    "ORDER BY s.ended_at, s.game_id"
)
_RECENT = (
    "SELECT DISTINCT game_id, ended_at FROM game_seats WHERE user_id = ? AND in_server = 0 "
    "ORDER BY ended_at DESC, game_id DESC LIMIT ?"
)


@dataclass
class _Tally:
    stats: PersonalStats
    places: set[int] = field(default_factory=set)
    recent: list[str] = field(default_factory=list)  # game ids, oldest first


class PersonalQueries(SqlBase):
    """One user's own record, across every DM and group DM."""

    async def personal_stats(self, user_id: int) -> list[PersonalStats]:
        """Per game (by name), the user's games outside servers added up, with their last few."""

        async def read(db: Db) -> list[PersonalStats]:
            rows = await db.fetchall(_MINE, (user_id,))
            seated: dict[str, int] = {}
            for row in rows:
                seated[row["game_id"]] = seated.get(row["game_id"], 0) + 1
            tallies: dict[str, _Tally] = {}
            for row in rows:
                if seated[row["game_id"]] != 1:  # seated twice: not counted (storage.outcomes)
                    continue
                tally = tallies.setdefault(row["game"], _Tally(PersonalStats(game=row["game"])))
                tally.places.add(row["guild_id"])
                tally.recent = [*tally.recent[-(RECENT_PER_GAME - 1) :], row["game_id"]]
                tally.stats = _after(tally.stats, row["outcome"], bool(row["double_win"]))
            found = []
            for name in sorted(tallies):
                tally = tallies[name]
                recent = await summaries(db, list(reversed(tally.recent)))
                found.append(replace(tally.stats, places=len(tally.places), recent=tuple(recent)))
            return found

        return await self._read(read)

    async def personal_history(self, user_id: int, limit: int = 10) -> list[GameSummary]:
        """The user's finished games outside servers, wherever played, most recent first
        (abandoned ones too)."""

        async def read(db: Db) -> list[GameSummary]:
            rows = await db.fetchall(_RECENT, (user_id, limit))
            return await summaries(db, [row["game_id"] for row in rows])

        return await self._read(read)


def _after(stats: PersonalStats, outcome: str, double: bool) -> PersonalStats:
    """The record after one more game (``outcome`` as stored in ``game_seats``)."""
    if outcome == "none":  # abandoned: history only
        return stats
    won = outcome == "win"
    streak = stats.streak + 1 if won else 0
    return replace(
        stats,
        games=stats.games + 1,
        wins=stats.wins + int(won),
        losses=stats.losses + int(outcome == "loss"),
        draws=stats.draws + int(outcome == "draw"),
        points=stats.points + ((2 if double else 1) if won else 0),
        streak=streak,
        best_streak=max(stats.best_streak, streak),
    )
