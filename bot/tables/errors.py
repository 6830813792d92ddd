"""User-facing refusals of the table layer. ``str(error)`` is a friendly sentence the cog shows
ephemerally; whenever one is raised, nothing at the table has changed."""

from __future__ import annotations

STALE_MESSAGE = "That hand is out of date — here is your current one."
NO_TABLE_MESSAGE = "There is no table in this channel. Open one with /table new."


class TableError(Exception):
    """A refused request, with a sentence a player can read."""


class StaleAction(TableError):
    """The click carried an older move number than the table's (stale message or double click)."""

    def __init__(self, message: str = STALE_MESSAGE) -> None:
        super().__init__(message)


class NotYourTurn(TableError):
    """A seated player tried to act while another seat is to move."""


class NotSeated(TableError):
    """Someone who has no seat at this table tried to act as a player."""


class NoTable(TableError):
    """The channel has no table (or only one that has ended)."""

    def __init__(self, message: str = NO_TABLE_MESSAGE) -> None:
        super().__init__(message)


class TableExists(TableError):
    """A second table was requested in a channel that already has a live one."""


LOST_MESSAGE = (
    "This table is now run by another instance of the bot, so this one has let it go. "
    "Please try again in a moment."
)


class TableLost(TableError):
    """A write of the table lost the storage's version check (``storage.base.TableConflict``):
    another process has claimed it (restored it after a re-shard or a restart). This process has
    dropped the table from memory and stopped driving it; nothing was written."""

    def __init__(self, message: str = LOST_MESSAGE) -> None:
        super().__init__(message)
