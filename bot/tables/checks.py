"""The refusals shared by the lobby and play: each raises a TableError a player can read, or
returns what the caller needs. Nothing here changes a table."""

from __future__ import annotations

from bot.names import shown

from .errors import NoTable, NotSeated, TableError
from .models import Table, TableStatus


def live(table: Table | None) -> Table:
    """A table in the lobby or in play (an ended one counts as none)."""
    if table is None or not table.is_live:
        raise NoTable()
    return table


def in_lobby(table: Table | None, what: str, hint: str = "") -> Table:
    table = live(table)
    if table.status is not TableStatus.LOBBY:
        raise TableError(f"The game has already started, so you cannot {what} now.{hint}")
    return table


def in_play(table: Table | None) -> Table:
    if table is None:
        raise NoTable()
    if table.status is TableStatus.LOBBY:
        raise TableError("The game has not started yet.")
    if table.status is not TableStatus.PLAYING or table.state is None:
        raise TableError("This game is over.")
    return table


def host_only(table: Table, user_id: int) -> None:
    if user_id != table.host_id:
        raise TableError("Only the host of this table can do that.")


def seat_of(table: Table, user_id: int) -> int:
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated("You are not playing at this table.")
    return seat


def seat_index(table: Table, seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
        raise TableError("There is no such seat at this table.")


def free_seat(table: Table, seat: int | None) -> int:
    """The requested seat if it is empty, else the first empty one when none was requested."""
    if seat is None:
        empty = table.empty_seats
        if not empty:
            raise TableError("The table is full.")
        return empty[0]
    seat_index(table, seat)
    occupant = table.seats[seat]
    if occupant is not None:
        raise TableError(f"That seat is already taken by {shown(occupant.name)}.")
    return seat
