"""Turn notices by direct message: games across days tell a player when one waits for them.

A follower of the table message (like the live hands and the turn ping, ``bot.discord.live``):
after each write of a table, when the turn has passed to a human player,

* at a correspondence table, that player gets a direct message at once;
* at a live table, a player who chose ``all`` gets one if the turn is still theirs two minutes
  later (``sweep``, every 30 s, and tests call it after moving the fake clock); the wait is
  stored as a ``waiting`` notice, so a restart neither loses it nor starts it again;

unless they chose ``off`` (``/settings notifications``; the default is ``correspondence``). The
message names the game, the server and channel, tells the last moves as the public table message
does (``bot.render.notices``: never a card of a hand), the deadline and a link, and carries a
Show my hand button (``mine:<channel>``) that opens the player's hand in the DM itself.

One message per turn change: when the turn passes on (or the game ends), the notice is edited to
"done". The latest notice of each table to each player is stored (``Storage.turn_notices``), so
after a restart none is sent twice and the last one is still marked done. A player whose DMs are
closed (Discord 403, code 50007) is noted once and not written again for that game; the channel's
turn ping still reaches them. Several processes: only the process that holds a table (the one
running its server's shard) writes its table message and so hears of its turns: it sends them."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING

import discord

from bot.i18n import using
from bot.render.notices import done_panel, notice_panel
from bot.tables.models import Table, TableStatus
from storage.models import TurnNotice

from .periodic import Periodic
from .ui import MyHandButton, one_shot, panel_embed

if TYPE_CHECKING:
    from .host import ServiceHost

log = logging.getLogger("bot.discord.notices")

LIVE_WAIT = 120.0  # a live turn waits this long before a player who chose "all" is told
SWEEP_EVERY = 30.0
DMS_CLOSED = 50007  # Discord: Cannot send messages to this user
SENT, DONE, CLOSED = "sent", "done", "closed"
# a live turn waiting ``LIVE_WAIT`` before its player (who chose "all") is told: stored like a
# notice (its ``sent_at`` is when the wait began), so a restart neither loses nor repeats it
WAITING = "waiting"


class NoticeMode(StrEnum):
    """What a player is told by direct message (``/settings notifications``)."""

    CORRESPONDENCE = "correspondence"  # correspondence tables only (the default)
    ALL = "all"  # live tables too, once a turn has waited two minutes
    OFF = "off"


class TurnNotices:
    channel_writes = True  # not where the bot is absent (nothing to share a server with there)

    def __init__(self, bot: ServiceHost) -> None:
        self.bot = bot
        self._notices: dict[int, dict[int, TurnNotice]] = {}  # channel -> user -> latest notice
        self._modes: dict[int, NoticeMode] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._sweeper = Periodic(self.sweep, SWEEP_EVERY, "turn-notices")

    # --- life ----------------------------------------------------------------------------------------
    def start(self) -> None:
        self._sweeper.start()

    async def close(self) -> None:
        await self._sweeper.close()

    def forget(self, channel_id: int) -> None:
        self._notices.pop(channel_id, None)
        self._locks.pop(channel_id, None)

    # --- the player's choice ---------------------------------------------------------------------------
    async def mode(self, user_id: int) -> NoticeMode:
        known = self._modes.get(user_id)
        if known is not None:
            return known
        storage = self.bot.storage
        raw = await storage.get_notification_mode(user_id) if storage is not None else None
        try:
            mode = NoticeMode(raw) if raw else NoticeMode.CORRESPONDENCE
        except ValueError:
            mode = NoticeMode.CORRESPONDENCE
        self._modes[user_id] = mode
        return mode

    async def set_mode(self, user_id: int, mode: NoticeMode) -> None:
        """Store the choice (raises if storage fails: the caller says so, nothing changed)."""
        if self.bot.storage is not None:
            await self.bot.storage.set_notification_mode(user_id, mode.value)
        self._modes[user_id] = mode

    # --- following the tables ------------------------------------------------------------------------
    async def table_changed(self, table: Table) -> None:
        lock = self._locks.setdefault(table.channel_id, asyncio.Lock())
        async with lock:
            await self._changed(table)
        if not table.is_live and not lock.locked():
            self._locks.pop(table.channel_id, None)  # nothing is kept for an ended table

    async def _recall(self, channel_id: int) -> dict[int, TurnNotice]:
        known = self._notices.get(channel_id)
        if known is None:
            storage = self.bot.storage
            stored = await storage.turn_notices(channel_id) if storage is not None else []
            known = {n.user_id: n for n in stored}
            self._notices[channel_id] = known
        return known

    @staticmethod
    def _to_move(table: Table) -> int | None:
        """The human whose turn it is (not a computer, nor a seat that left), or None."""
        seat = table.current_seat
        occupant = table.seats[seat] if seat is not None else None
        if occupant is None or occupant.computer is not None or occupant.left:
            return None
        return occupant.user_id

    async def _changed(self, table: Table) -> None:
        channel_id = table.channel_id
        notices = await self._recall(channel_id)
        user = self._to_move(table)
        for notice in list(notices.values()):
            if notice.state in (SENT, WAITING) and (
                notice.user_id != user or notice.game_id != table.game_id
            ):
                await self._mark_done(table, notice)  # (a wait that ended: nothing to edit)
        if table.status is not TableStatus.PLAYING:
            if not table.is_live:  # every notice says "done" now: nothing more to keep
                if notices:
                    await self._forget_stored(channel_id)
                self._notices.pop(channel_id, None)
            return
        if user is None:
            return
        latest = notices.get(user)
        if latest is not None and latest.game_id == table.game_id and latest.state != DONE:
            # told of this turn already, waiting to, or their DMs are closed (noted for this game)
            return
        mode = await self.mode(user)
        if mode is NoticeMode.OFF:
            return
        if table.spec.correspondence:
            await self._send(table, user)
        elif mode is NoticeMode.ALL:
            await self._store(
                TurnNotice(
                    channel_id,
                    user,
                    table.game_id,
                    table.move_no,
                    WAITING,
                    sent_at=self.bot.clock(),
                )
            )

    async def sweep(self) -> None:
        """Tell the players of live turns that have waited ``LIVE_WAIT`` (those who chose all).
        The waits are the stored ``WAITING`` notices of the tables this process holds (read back
        when a restored table is first published), so a restart keeps each wait's start."""
        now = self.bot.clock()
        due = [
            n
            for known in list(self._notices.values())
            for n in list(known.values())
            if n.state == WAITING and now - n.sent_at >= LIVE_WAIT
        ]
        for waiting in due:
            channel_id = waiting.channel_id
            lock = self._locks.setdefault(channel_id, asyncio.Lock())
            async with lock:
                if self._notices.get(channel_id, {}).get(waiting.user_id) is not waiting:
                    continue  # the turn moved on meanwhile
                table = self.bot.tables.get(channel_id)
                if (
                    table is not None
                    and table.status is TableStatus.PLAYING
                    and table.game_id == waiting.game_id
                    and self._to_move(table) == waiting.user_id
                    and await self.mode(waiting.user_id) is NoticeMode.ALL
                ):
                    await self._send(table, waiting.user_id)
                elif table is None:  # no longer held here (another process has claimed it)
                    self._notices.get(channel_id, {}).pop(waiting.user_id, None)
                else:  # the turn is over, or the player changed their mind
                    await self._store(replace(waiting, state=DONE))

    # --- Discord -------------------------------------------------------------------------------------
    async def _server_name(self, guild_id: int) -> str:
        guild = self.bot.get_guild(guild_id)
        return guild.name if guild is not None else str(guild_id)

    async def _language(self, table: Table, user_id: int) -> str:
        """The reader's language (as Discord last gave it), else the table's server's."""
        return await self.bot.player_languages.reader(user_id, table.guild_id, self.bot.languages)

    async def _send(self, table: Table, user_id: int) -> None:
        server = await self._server_name(table.guild_id)
        with using(await self._language(table, user_id)):
            embed = panel_embed(notice_panel(table, server), table.spec.game)
            view = discord.ui.View(timeout=None)
            view.add_item(MyHandButton(table.channel_id))
        notice = TurnNotice(
            table.channel_id, user_id, table.game_id, table.move_no, SENT, sent_at=self.bot.clock()
        )
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            sent = await user.send(embed=embed, view=one_shot(view))
            notice = replace(notice, dm_channel_id=sent.channel.id, message_id=sent.id)
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                log.warning("Could not send a turn notice to a player: %s", exc)
            else:
                log.info("A player's direct messages are closed (table %s)", table.channel_id)
            notice = replace(notice, state=CLOSED)  # noted once: not retried for this game
        except discord.HTTPException as exc:  # not retried for this turn either
            log.warning("Could not send a turn notice to a player: %s", exc)
        await self._store(notice)

    async def _mark_done(self, table: Table, notice: TurnNotice) -> None:
        if notice.dm_channel_id is not None and notice.message_id is not None:
            server = await self._server_name(table.guild_id)
            with using(await self._language(table, notice.user_id)):
                embed = panel_embed(done_panel(table, server), table.spec.game)
            message = self.bot.get_partial_messageable(notice.dm_channel_id).get_partial_message(
                notice.message_id
            )
            try:
                await message.edit(embed=embed, view=None)
            except discord.HTTPException as exc:  # deleted by the player, or Discord is down
                log.info("Could not mark a turn notice done: %s", exc)
        await self._store(replace(notice, state=DONE))

    async def _store(self, notice: TurnNotice) -> None:
        self._notices.setdefault(notice.channel_id, {})[notice.user_id] = notice
        if self.bot.storage is None:
            return
        try:
            await self.bot.storage.save_turn_notice(notice)
        except Exception:
            log.warning("Could not store a turn notice of table %s", notice.channel_id)

    async def _forget_stored(self, channel_id: int) -> None:
        self._notices.pop(channel_id, None)
        if self.bot.storage is None:
            return
        try:
            await self.bot.storage.forget_turn_notices(channel_id)
        except Exception:
            log.warning("Could not forget the turn notices of table %s", channel_id)
