"""The tables held in memory, one per channel, and the lock that serialises every change to one."""

from __future__ import annotations

import asyncio

from .errors import NoTable
from .models import Table


class TableRegistry:
    """Every table of every channel (live or just ended, so its final state can still be shown)."""

    def __init__(self) -> None:
        self._tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def get(self, channel_id: int) -> Table | None:
        return self._tables.get(channel_id)

    def require(self, channel_id: int) -> Table:
        table = self._tables.get(channel_id)
        if table is None:
            raise NoTable()
        return table

    def all(self) -> list[Table]:
        return list(self._tables.values())

    def put(self, table: Table) -> None:
        self._tables[table.channel_id] = table

    def remove(self, channel_id: int) -> Table | None:
        """Forget the channel's table (its lock stays: a waiter then finds no table)."""
        return self._tables.pop(channel_id, None)

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The one lock of a channel's table: every change holds it."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock
