"""What a finished game means for each seat: outcome, match points, rank, and the standings update.

Pure functions (no database) so the rules of the standings are easy to read and test:

* A seat **wins** when its side (its team in Hurricane ``pairs``, else the seat itself) holds a
  seat listed in ``winners``; every seat of a draw (``winners`` empty) **draws**; the rest **lose**.
  Resignations and forfeits count like any result: the caller names the winners.
* **Match points**: a win is 1, a double win (H-18) 2; a draw or a loss 0.
* **Win streak**: consecutive wins; a loss or a draw ends it. ``best_streak`` keeps the longest.
* **Rating rank** (see ``storage.rating``): winning sides first, then by final score, equal tie.
* An **abandoned** game (``ended_by == "abandoned"``) is recorded for history with outcome
  ``none`` and changes no standings or ratings: nobody agreed on a result.
* A user id seated more than once in one game (two computer players of the same level) is rated
  as separate seats for the others' sake, but its own standings are not updated by that game:
  playing oneself says nothing about skill.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from .models import GameRecord, SeatRecord
from .rating import Skill, display_rating, rate

ABANDONED = "abandoned"
ENDED_BY = frozenset({"finished", "resigned", "forfeit", "abandoned"})


class Outcome(StrEnum):
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"
    NONE = "none"  # abandoned: no result


@dataclass(frozen=True)
class SeatResult:
    seat: SeatRecord
    side: int
    score: int
    outcome: Outcome
    points: int
    chips: int = 0  # chips won (games played for chips)


def side_of(seat: SeatRecord) -> int:
    return seat.team if seat.team is not None else seat.seat


def validate(record: GameRecord) -> None:
    """Raise ValueError saying exactly what is inconsistent in a record."""
    seats = sorted(s.seat for s in record.seats)
    if len(seats) < 2 or seats != list(range(len(seats))):
        raise ValueError(f"game {record.game_id}: seats must be numbered 0..n-1, got {seats}")
    sides = {side_of(s) for s in record.seats}
    if sides != set(range(len(record.scores))):
        raise ValueError(
            f"game {record.game_id}: {len(record.scores)} scores given for sides {sorted(sides)}"
        )
    if len(sides) < 2:
        raise ValueError(f"game {record.game_id}: a game needs at least two sides")
    unknown = set(record.winners) - set(seats)
    if unknown:
        raise ValueError(f"game {record.game_id}: winners {sorted(unknown)} are not seats")
    if record.ended_by not in ENDED_BY:
        raise ValueError(
            f"game {record.game_id}: ended_by {record.ended_by!r} is not one of {sorted(ENDED_BY)}"
        )
    if record.winnings and len(record.winnings) != len(record.scores):
        raise ValueError(
            f"game {record.game_id}: {len(record.winnings)} winnings for {len(record.scores)} sides"
        )
    if record.ended_at < record.started_at:
        raise ValueError(f"game {record.game_id}: ended before it started")


def seat_results(record: GameRecord) -> list[SeatResult]:
    validate(record)
    winning_sides = {side_of(s) for s in record.seats if s.seat in record.winners}
    results = []
    for seat in sorted(record.seats, key=lambda s: s.seat):
        side = side_of(seat)
        if record.ended_by == ABANDONED:
            outcome = Outcome.NONE
        elif not winning_sides:
            outcome = Outcome.DRAW
        elif side in winning_sides:
            outcome = Outcome.WIN
        else:
            outcome = Outcome.LOSS
        points = (2 if record.double else 1) if outcome is Outcome.WIN else 0
        chips = int(record.winnings[side]) if record.winnings else 0
        results.append(SeatResult(seat, side, int(record.scores[side]), outcome, points, chips))
    return results


def side_ranks(results: Sequence[SeatResult]) -> dict[int, int]:
    """Dense finishing ranks per side (0 = best): winning sides tie first, the others follow by
    score (equal scores tie); in a draw every side ties."""
    keys: dict[int, tuple[int, int]] = {}
    for r in results:
        won = r.outcome in (Outcome.WIN, Outcome.DRAW)
        keys[r.side] = (0, 0) if won else (1, -r.score)
    ordered = sorted(set(keys.values()))
    return {side: ordered.index(key) for side, key in keys.items()}


@dataclass(frozen=True)
class Standing:
    """One user's row in one guild's standings for one game."""

    name: str
    is_bot: bool
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    points: int = 0
    streak: int = 0
    best_streak: int = 0
    skill: Skill = Skill()
    chips: int = 0

    def after(self, result: SeatResult, skill: Skill) -> Standing:
        won = result.outcome is Outcome.WIN
        streak = self.streak + 1 if won else 0
        return replace(
            self,
            name=result.seat.name,
            is_bot=result.seat.is_bot,
            games=self.games + 1,
            wins=self.wins + int(won),
            losses=self.losses + int(result.outcome is Outcome.LOSS),
            draws=self.draws + int(result.outcome is Outcome.DRAW),
            points=self.points + result.points,
            streak=streak,
            best_streak=max(self.best_streak, streak),
            skill=skill,
            chips=self.chips + result.chips,
        )


def update_standings(
    results: Sequence[SeatResult], current: dict[int, Standing]
) -> dict[int, Standing]:
    """New standings for every user the game counts for (see the module docstring).

    ``current`` maps user id to the stored standing (missing = a newcomer)."""
    if not results or results[0].outcome is Outcome.NONE:
        return {}

    def prior(r: SeatResult) -> Standing:
        return current.get(r.seat.user_id) or Standing(r.seat.name, r.seat.is_bot)

    sides = sorted({r.side for r in results})
    ranks = side_ranks(results)
    members = [[r for r in results if r.side == side] for side in sides]
    new_skills = rate(
        [[prior(r).skill for r in team] for team in members], [ranks[side] for side in sides]
    )
    counts: dict[int, int] = {}
    for r in results:
        counts[r.seat.user_id] = counts.get(r.seat.user_id, 0) + 1
    updated: dict[int, Standing] = {}
    for team, skills in zip(members, new_skills, strict=True):
        for r, skill in zip(team, skills, strict=True):
            if counts[r.seat.user_id] == 1:
                updated[r.seat.user_id] = prior(r).after(r, skill)
    return updated


#: A stored seat of a rated game, as ``replay_ratings`` reads it: (game id, seat, user id, name,
#: is_bot, team, score, outcome, rating after the game or None).
StoredSeat = tuple[str, int, int, str, bool, int | None, int, str, float | None]


def replay_ratings(seats: Sequence[StoredSeat]) -> list[tuple[float, str, int]]:
    """The rating after each game of the seats that lack one, by replaying a place's rated games
    of one game from the start through the same update as ``update_standings`` (every player
    starts afresh; ``seats`` grouped by game, in the order the games ended). Returns
    (rating, game id, seat) for each seat whose rating was missing and that the game rated (not a
    user seated twice: see the module docstring)."""
    standings: dict[int, Standing] = {}
    out: list[tuple[float, str, int]] = []
    i = 0
    while i < len(seats):
        game_id = seats[i][0]
        rows = []
        while i < len(seats) and seats[i][0] == game_id:
            rows.append(seats[i])
            i += 1
        results = [
            SeatResult(
                SeatRecord(seat, user_id, name, bool(is_bot), team),
                team if team is not None else seat,
                int(score),
                Outcome(outcome),
                0,
            )
            for _g, seat, user_id, name, is_bot, team, score, outcome, _r in rows
        ]
        results.sort(key=lambda r: r.seat.seat)
        updated = update_standings(results, standings)
        standings.update(updated)
        for _g, seat, user_id, *_rest, rating in rows:
            if rating is None and user_id in updated:
                skill = updated[user_id].skill
                out.append((display_rating(skill.mu, skill.sigma), game_id, seat))
    return out
