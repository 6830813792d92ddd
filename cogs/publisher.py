"""The public table message of every table: posted, edited (coalesced per table), re-posted when old.

The publisher is the table manager's listener: computer moves, time-outs and restores reach the channel
through it. Edits requested close together for one table are merged into one REST call (a per-table
debounce task), and a message older than 45 minutes is replaced by a fresh one (Discord caps edits of
messages older than an hour)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord

from bot.render.pictured import public_picture
from bot.render.rules import options_in_force
from bot.render.table import lobby_panel, scoring_panel, table_panel
from bot.tables.models import Table, TableStatus

from .media import picture_files
from .ui import final_view, lobby_view, panel_embed, table_view

if TYPE_CHECKING:
    from bot.app import CardBot

log = logging.getLogger("cogs.publisher")
REPOST_AFTER = 45 * 60


def render_public(table: Table) -> tuple[discord.Embed, discord.ui.View | None]:
    """The public message for a table in any state."""
    if table.status in (TableStatus.LOBBY, TableStatus.CANCELLED) or table.state is None:
        spec = table.spec
        panel = lobby_panel(table, options_in_force(spec.game, spec.players, spec.options))
        view = lobby_view(table) if table.status is TableStatus.LOBBY else None
    else:
        panel = table_panel(table, table.state.view(None))
        view = table_view(table) if table.status is TableStatus.PLAYING else final_view(table)
    return panel_embed(panel, table.spec.game, cards=True), view


async def public_message(
    table: Table, latest: Callable[[], Table | None] | None = None
) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File]]:
    """``render_public`` with the table's picture (drawn in a thread from ``view(None)``): send the
    files with the embed, and on an edit pass them as ``attachments`` (the old picture goes).
    ``latest``: the table as it is now; if it moved on while the picture was drawn, the newest
    state is drawn instead (text and picture always show one moment)."""
    for _attempt in range(3):
        moment = moment_of(table)
        embed, view = render_public(table)
        files = await picture_files(embed, public_picture(table))
        now = latest() if latest is not None else None
        if now is None or moment_of(now) == moment:
            return embed, view, files
        table = now
    # moves keep coming faster than pictures are drawn: this update goes out as text (drawn now,
    # so it shows one moment); the next one, scheduled by those moves, carries the picture again
    table = (latest() if latest is not None else None) or table
    embed, view = render_public(table)
    return embed, view, []


def moment_of(table: Table) -> tuple[Any, ...]:
    """What tells one state of a table from the next (the manager may update a Table in place,
    so a drawing compares these values, taken before it started, with the table's now)."""
    return (table.game_id, table.move_no, table.status, table.message_id, id(table.state))


class TablePublisher:
    """Keeps each table's public message up to date (implements the table manager's listener)."""

    def __init__(self, bot: CardBot, *, delay: float = 0.5) -> None:
        self.bot = bot
        self.delay = delay
        self._pending: dict[int, asyncio.Task[None]] = {}  # waiting to publish (one per table)
        self._tasks: set[asyncio.Task[None]] = set()  # every publish task still running
        self._locks: dict[int, asyncio.Lock] = {}  # one publish at a time per table
        # Called after each publish with the table (``table_changed(table)``): live hands, turn pings.
        self.followers: list[Any] = []

    # --- TableListener ---------------------------------------------------------------------------------
    async def table_changed(self, table: Table, events: list[dict[str, Any]]) -> None:
        self.announce(table, events)
        self.schedule(table)

    def announce(self, table: Table, events: list[dict[str, Any]]) -> None:
        """Post a deal's or round's breakdown as a message of its own (it stays in the history)."""
        panel = scoring_panel(table, events)
        if panel is None:
            return
        embed = panel_embed(panel, table.spec.game, cards=True)
        task = asyncio.create_task(
            self._send(table.channel_id, embed), name=f"announce-{table.channel_id}"
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, channel_id: int, embed: discord.Embed) -> None:
        try:
            await self._channel(channel_id).send(embed=embed)
        except discord.HTTPException:
            log.warning("Could not post the scores in channel %s", channel_id)

    async def turn_reminder(self, table: Table, seat: int) -> None:
        occupant = table.seats[seat]
        if occupant is None or occupant.computer is not None or table.turn_deadline is None:
            return
        channel = self._channel(table.channel_id)
        deadline = datetime.fromtimestamp(table.turn_deadline, UTC)
        text = (
            f"⏰ <@{occupant.user_id}>, it is your turn — "
            f"time runs out {discord.utils.format_dt(deadline, 'R')}."
        )
        try:
            await channel.send(text, allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException:
            log.warning("Could not send a turn reminder in channel %s", table.channel_id)

    def _latest(self, channel_id: int) -> Callable[[], Table | None]:
        return lambda: self.bot.tables.get(channel_id)

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        """A handle that can send and edit in any channel or thread, cached or not."""
        return self.bot.get_partial_messageable(channel_id)

    # --- scheduling --------------------------------------------------------------------------------------
    def schedule(self, table: Table) -> None:
        """Update the table's public message soon; several calls close together make one edit."""
        channel_id = table.channel_id
        if channel_id in self._pending and not self._pending[channel_id].done():
            return
        task = asyncio.create_task(self._later(channel_id), name=f"publish-{channel_id}")
        self._pending[channel_id] = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _later(self, channel_id: int) -> None:
        if self.delay:
            await asyncio.sleep(self.delay)
        self._pending.pop(channel_id, None)
        table = self.bot.tables.get(channel_id)
        if table is not None:
            try:
                await self.publish(table)
            except Exception:
                log.exception("Could not update the table message in channel %s", channel_id)

    async def flush(self) -> None:
        """Send every pending update now (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def cancel_pending(self, channel_id: int) -> None:
        task = self._pending.pop(channel_id, None)
        if task is not None:
            task.cancel()

    # --- sending -------------------------------------------------------------------------------------------
    async def publish(self, table: Table) -> None:
        lock = self._locks.setdefault(table.channel_id, asyncio.Lock())
        async with lock:
            await self._publish(table)
        await self._follow(table)

    def follow(self, table: Table) -> None:
        """Run the followers for a table whose message was written elsewhere (a command's answer)."""
        task = asyncio.create_task(self._follow(table), name=f"follow-{table.channel_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _follow(self, table: Table) -> None:
        for follower in self.followers:
            try:
                await follower.table_changed(table)
            except Exception:
                log.exception("A follower of the table in channel %s failed", table.channel_id)

    async def _publish(self, table: Table) -> None:
        await self.bot.wait_until_ready()
        embed, view, files = await public_message(table, self._latest(table.channel_id))
        table = self.bot.tables.get(table.channel_id) or table
        channel = self._channel(table.channel_id)
        now = self.bot.clock()
        old = table.message_id
        too_old = (
            table.message_posted_at is not None and now - table.message_posted_at > REPOST_AFTER
        )
        if old is not None and not too_old:
            try:
                await channel.get_partial_message(old).edit(
                    embed=embed, view=view, attachments=files
                )
                return
            except discord.NotFound:  # deleted: post anew (the sent files were closed)
                embed, view, files = await public_message(table, self._latest(table.channel_id))
        message = await channel.send(
            embed=embed, view=view or discord.utils.MISSING, files=files or discord.utils.MISSING
        )
        if table.is_live:
            await self.bot.tables.set_message(table.channel_id, message.id, now)
        if old is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old).delete()
