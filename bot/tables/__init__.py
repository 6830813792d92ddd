"""The table layer: lobbies, seats, turns, timers and persistence of games in channels.
No Discord here — cogs call ``TableManager`` and show what it returns."""

from .errors import NoTable, NotSeated, NotYourTurn, StaleAction, TableError, TableExists
from .manager import TableListener, TableManager
from .models import ActionOutcome, Delivery, GameSpec, Level, Seat, Table, TableStatus
from .serial import TableDataError, table_from_data, table_to_data
from .specs import seat_choices, validate_spec

__all__ = [
    "ActionOutcome",
    "Delivery",
    "GameSpec",
    "Level",
    "NoTable",
    "NotSeated",
    "NotYourTurn",
    "Seat",
    "StaleAction",
    "Table",
    "TableDataError",
    "TableError",
    "TableExists",
    "TableListener",
    "TableManager",
    "TableStatus",
    "seat_choices",
    "table_from_data",
    "table_to_data",
    "validate_spec",
]
