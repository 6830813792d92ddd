"""A job run every few seconds for the bot's life (the live hands' and turn notices' sweeps):
started once, a failed run logged and retried at the next, cancelled on close."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class Periodic:
    def __init__(self, job: Callable[[], Awaitable[None]], every: float, name: str) -> None:
        self._job, self._every, self._name = job, every, name
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._forever(), name=self._name)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _forever(self) -> None:
        while True:
            await asyncio.sleep(self._every)
            try:
                await self._job()
            except Exception:
                log.exception("%s: a run failed", self._name)
