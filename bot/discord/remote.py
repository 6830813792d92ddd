"""Tables another process holds (several processes on one PostgreSQL database).

Discord sends every direct-message interaction to shard 0, so a turn notice's Show my hand, and
the clicks on the hand it opens, may reach a process that does not hold the table (its server is
on another process's shard). That process (the asker):

* reads the table as stored (``Storage.peek_table``: no claim, the owner keeps it) and draws the
  hand from it, read-only (its live updates stay with the owner's process);
* sends each move to the owner through storage (``Storage.post_table_request``; PostgreSQL
  ``NOTIFY`` wakes the owner at once) and waits for its answer, then draws the hand again from
  the stored table.

The owner (every process, for the servers of its shards) takes each request once, plays it
through ``TableManager.act`` as if its player had clicked there (the table message, live hands,
pings and notices follow as usual) and writes the answer: ``{"ok": true, "over": …}`` or
``{"error": "<the table layer's refusal, in English>"}`` (the asker shows it translated)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TYPE_CHECKING, Any

from bot.i18n import N_
from bot.tables.errors import TableError
from bot.tables.models import Table, TableStatus
from bot.tables.persistence import restore_table
from bot.tables.serial import TableDataError
from storage.models import TableRequest

if TYPE_CHECKING:
    from bot.config import Config

    from .host import ServiceHost
    from .publisher import TablePublisher

log = logging.getLogger("bot.discord.remote")

POLL_EVERY = 10.0  # seconds between the owner's checks for requests besides NOTIFY's wake-ups
ANSWER_POLL = 0.05  # seconds between the asker's looks for the answer
ANSWER_WAIT = 8.0  # seconds an asker waits for its answer (the interaction is deferred by then)
NO_ANSWER = N_(
    "The table's server is served by another instance of the bot, which did not answer in time "
    "— nothing was changed. Please try again in a moment."
)
LATE_ANSWER = N_(
    "The table's server is served by another instance of the bot, which has not answered yet "
    "— look at the table message to see whether your move was played."
)


class RemoteTables:
    """The asker's reads and moves, and the owner's loop that plays what others ask."""

    def __init__(self, bot: ServiceHost, config: Config, publisher: TablePublisher) -> None:
        self.bot = bot
        self.config = config
        self.publisher = publisher
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    # --- the asker ------------------------------------------------------------------------------------
    async def peek(self, channel_id: int) -> Table | None:
        """The stored table of a channel this process does not hold (None: none in play)."""
        storage = self.bot.storage
        if storage is None:
            return None
        snapshot = await storage.peek_table(channel_id)
        if snapshot is None:
            return None
        try:
            return restore_table(snapshot)
        except TableDataError as exc:
            log.warning("table of channel %s cannot be read: %s", channel_id, exc)
            return None

    @staticmethod
    def seat_view(table: Table, user_id: int) -> tuple[dict[str, Any], list[str]]:
        """The seat's engine view and legal moves, from the table itself (the manager's
        ``view``/``legal_actions`` know only the tables held here)."""
        seat = table.seat_of(user_id)
        if seat is None or table.state is None:
            return {}, []
        legal = table.state.legal_actions(seat) if table.status is TableStatus.PLAYING else []
        return table.state.view(seat), [str(a) for a in legal]

    async def act(self, table: Table, user_id: int, action: str, move_no: int) -> bool:
        """Ask the owner to play ``action``; whether the game is over after it. Raises
        ``TableError`` with the owner's refusal, or when no answer came in time."""
        storage = self.bot.storage
        if storage is None:
            raise TableError(NO_ANSWER)
        request = await storage.post_table_request(
            table.channel_id, table.guild_id, user_id, action, move_no
        )
        answer = await self._answer(request, ANSWER_WAIT)
        if answer is None:
            if await storage.withdraw_table_request(request):
                raise TableError(NO_ANSWER)  # nobody took it: nothing happened
            answer = await self._answer(request, ANSWER_WAIT)  # taken: it is being played
            if answer is None:
                raise TableError(LATE_ANSWER)
        data = json.loads(answer)
        if "error" in data:
            raise TableError(str(data["error"]))
        return bool(data.get("over"))

    async def _answer(self, request: int, wait: float) -> str | None:
        storage = self.bot.storage
        if storage is None:
            return None
        loop = asyncio.get_running_loop()
        until = loop.time() + wait
        while True:
            answer = await storage.collect_table_answer(request)
            if answer is not None or loop.time() >= until:
                return answer
            await asyncio.sleep(ANSWER_POLL)

    # --- the owner -----------------------------------------------------------------------------------
    async def start(self) -> None:
        """Listen for requests (PostgreSQL only: with SQLite there is one process, which holds
        every table, so nobody ever asks)."""
        storage = self.bot.storage
        if storage is None or self._task is not None:
            return
        try:
            if not await storage.listen_table_requests(self._wake.set):
                return
        except Exception as exc:  # checked every POLL_EVERY seconds instead
            log.warning("Cannot listen for moves asked by other processes: %s", exc)
        self._task = asyncio.create_task(self._serve_forever(), name="table-requests")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _serve_forever(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), POLL_EVERY)
            self._wake.clear()
            try:
                await self.serve()
            except Exception:
                log.exception("Could not play the moves other processes asked for")

    async def serve(self) -> None:
        """Play every pending request of this process's servers, oldest first."""
        storage = self.bot.storage
        if storage is None:
            return
        for request in await storage.pending_table_requests(self.config.owns_guild):
            if await storage.take_table_request(request.id):
                answer = await self._play(request)
                await storage.answer_table_request(request.id, json.dumps(answer))

    async def _play(self, request: TableRequest) -> dict[str, Any]:
        tables = self.bot.tables
        if tables.get(request.channel_id) is None:
            return {"error": "That game has ended — see its table message for the result."}
        try:
            outcome = await tables.act(
                request.channel_id, request.user_id, request.action, request.move_no
            )
        except TableError as exc:
            return {"error": str(exc)}
        self.publisher.announce(outcome.table, outcome.events)
        self.publisher.schedule(outcome.table)
        return {"ok": True, "over": outcome.game_over}
