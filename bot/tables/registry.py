"""The tables held in memory, one per channel, and the lock that serialises every change to one."""

from __future__ import annotations

import asyncio
from types import TracebackType

from .errors import NoTable
from .models import Table


class TableRegistry:
    """Every table of every channel (live or just ended, so its final state can still be shown)."""

    def __init__(self) -> None:
        self._tables: dict[int, Table] = {}
        self._locks: dict[int, _TableLock] = {}

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
        """Forget the channel's table (a waiter on its lock then finds no table)."""
        return self._tables.pop(channel_id, None)

    def lock(self, channel_id: int) -> _TableLock:
        """The one lock of a channel's table: every change holds it. It is dropped as soon as
        nobody holds or waits for it and the channel has no live table (memory does not grow
        with the number of tables ever played)."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = _TableLock(self, channel_id)
        return lock

    def held_locks(self) -> int:
        return len(self._locks)

    def drop(self, channel_id: int) -> None:
        """Forget the channel's table (its channel is gone)."""
        table = self._tables.get(channel_id)
        if table is not None and not table.is_live:
            del self._tables[channel_id]

    def _released(self, lock: _TableLock) -> None:
        table = self._tables.get(lock.channel_id)
        unused = lock.users == 0 and (table is None or not table.is_live)
        if unused and self._locks.get(lock.channel_id) is lock:
            del self._locks[lock.channel_id]


class _TableLock:
    """An ``asyncio.Lock`` that counts its holders and waiters, so the registry can drop it."""

    def __init__(self, registry: TableRegistry, channel_id: int) -> None:
        self._lock = asyncio.Lock()
        self._registry = registry
        self.channel_id = channel_id
        self.users = 0

    def locked(self) -> bool:
        return self._lock.locked()

    async def __aenter__(self) -> None:
        self.users += 1
        try:
            await self._lock.acquire()
        except BaseException:
            self.users -= 1
            self._registry._released(self)
            raise

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._lock.release()
        self.users -= 1
        self._registry._released(self)
