"""Building the storage GameRecord of an ended table: who won (seats), the scores, how it ended."""

from __future__ import annotations

from typing import Any

from bot.games import game_info
from storage.models import GameRecord, SeatRecord

from .models import COMPUTER_IDS, Table


def seat_records(table: Table) -> tuple[SeatRecord, ...]:
    records = []
    for index, seat in enumerate(table.seats):
        if seat is None:  # cannot happen once started; kept total for safety
            continue
        user_id = COMPUTER_IDS[seat.computer] if seat.computer is not None else seat.user_id
        records.append(
            SeatRecord(
                seat=index,
                user_id=user_id,
                name=seat.name,
                is_bot=seat.computer is not None,
                team=table.team_of(index),
            )
        )
    return tuple(records)


def seats_of_side(table: Table, side: int) -> tuple[int, ...]:
    """The seats of an engine side: a team index in pairs, otherwise the seat itself."""
    if table.team_of(0) is not None:
        return tuple(s for s in range(len(table.seats)) if s % 2 == side)
    return (side,)


def winners_from_result(table: Table, result: dict[str, Any]) -> tuple[int, ...]:
    """The winning seats. A game ranked by score (Hurricane poker's chips) with players level
    on the best score: they share first place (every seat level: a draw, no winner)."""
    winner = result.get("winner")
    if winner is None:
        scores = result.get("scores")
        if not game_info(table.spec.game).ranked_by_score or not isinstance(scores, list):
            return ()
        if not scores or len(set(scores)) == 1:
            return ()
        best = max(scores)
        return tuple(s for s, chips in enumerate(scores) if chips == best)
    return seats_of_side(table, int(winner))


def losers_beaten_by(table: Table, loser_seat: int) -> tuple[int, ...]:
    """Everyone except the loser (and the loser's partner in pairs) wins."""
    team = table.team_of(loser_seat)
    if team is not None:
        return tuple(s for s in range(len(table.seats)) if s % 2 != team)
    return tuple(s for s in range(len(table.seats)) if s != loser_seat)


def side_count(table: Table) -> int:
    return 2 if table.team_of(0) is not None else len(table.seats)


def current_scores(table: Table) -> tuple[int, ...]:
    """Scores per side right now (match totals): the engine result when over, else the totals in
    its public view; zeros when the engine shows none. Always one score per side."""
    sides = side_count(table)
    state = table.state
    candidates: list[Any] = []
    if state is not None:
        if state.is_over:
            candidates.append(state.result().get("scores"))
        view = state.view(None)
        candidates += [view.get("scores"), view.get("totals"), view.get("chips")]
    for value in candidates:
        if (
            isinstance(value, list | tuple)
            and len(value) == sides
            and all(isinstance(x, int | float) and not isinstance(x, bool) for x in value)
        ):
            return tuple(int(x) for x in value)
    return (0,) * sides


def build_record(
    table: Table,
    *,
    ended_by: str,
    winners: tuple[int, ...],
    double: bool,
    scores: tuple[int, ...],
    ended_at: float,
) -> GameRecord:
    options: dict[str, Any] = (
        dict(table.state.options) if table.state is not None else dict(table.spec.options)
    )
    fair = table.fair
    return GameRecord(
        game_id=table.game_id,
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        game=table.spec.game,
        options=options,
        seats=seat_records(table),
        scores=scores,
        winners=winners,
        double=double,
        seed=table.seed,
        started_at=table.started_at if table.started_at is not None else table.opened_at,
        ended_at=ended_at,
        ended_by=ended_by,
        winnings=winnings_of(table, options, scores),
        rng_version=fair.version if fair is not None else "legacy",
        server_seed=fair.server_seed.hex() if fair is not None else None,
        table_id=fair.table_id if fair is not None else None,
        in_server=table.in_server,
    )


def winnings_of(table: Table, options: dict[str, Any], scores: tuple[int, ...]) -> tuple[int, ...]:
    """Chips won per side in a game played for chips (``GameInfo.stack_option``): final chips
    minus the starting stack; () for other games."""
    key = game_info(table.spec.game).stack_option
    stack = options.get(key) if key is not None else None
    if not isinstance(stack, int) or isinstance(stack, bool):
        return ()
    return tuple(int(s) - stack for s in scores)
