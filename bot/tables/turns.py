"""The turn clock, a move's bookkeeping and the end of a game, as set on a draft table by the
lobby, play and restore."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .models import Seat, Table, TableStatus


def arm_clock(
    draft: Table, clock: Callable[[], float], *, acting_seat: int | None, previous: int | None
) -> None:
    """Give the seat to move a fresh deadline when the turn passed to it or it acted itself, so a
    Haggis bet by another seat does not extend someone's turn. Computers and paused or untimed
    tables have no deadline."""
    state = draft.state
    current = state.current_player if state is not None and not state.is_over else None
    timer = draft.spec.turn_timer
    seat = draft.seats[current] if current is not None else None
    if timer <= 0 or draft.paused or seat is None or seat.computer is not None:
        draft.turn_deadline = None
        draft.reminded = False
    elif current != previous or acting_seat == current or draft.turn_deadline is None:
        draft.turn_deadline = clock() + timer
        draft.reminded = False


# Engine events that close a deal (Hurricane), a round or a trick (Haggis): the table's story of
# "the current deal / trick" starts again after them.
STORY_ENDS = frozenset({"trick_won", "deal_scored", "round_scored"})


def record_move(
    draft: Table,
    acting: Seat,
    seat: int,
    action: str,
    source: str | None,
    engine_events: list[dict[str, Any]],
    at: float,
) -> list[dict[str, Any]]:
    """The table's own part of a move the engine has applied, the same when played and when
    replayed on restore: a time-out counts towards a forfeit, the player's own move resets the
    count and the idle clock (``at``); then the move number, history and events, noting where the
    current deal/trick began (after an event that closes one). Returns the events."""
    events: list[dict[str, Any]] = []
    if source == "timeout":
        acting.timeouts += 1
        events.append({"type": "timeout", "seat": seat, "timeouts": acting.timeouts})
    elif source == "human":
        acting.timeouts = 0
        draft.active_at = at  # idle games are measured from here
    events.extend(engine_events)
    draft.move_no += 1
    draft.history.append((seat, action))
    draft.last_events = events
    if any(event.get("type") in STORY_ENDS for event in engine_events):
        draft.log_from = len(draft.history)
    return events


def mark_ended(draft: Table, ended_by: str, now: float, events: list[dict[str, Any]]) -> None:
    draft.status = TableStatus.FINISHED
    draft.ended_by = ended_by
    draft.ended_at = now
    draft.turn_deadline = None
    draft.last_events = events
