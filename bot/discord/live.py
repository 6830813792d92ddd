"""What follows a change at a table, besides its public message: the players' private hands edit
themselves (``HandUpdater``) and the player whose turn it becomes is pinged (``TurnPinger``).

Both are small listeners the publisher calls after each publish (``table_changed``); each remembers
what it last did per table, so calling it again for the same state does nothing.

Live hands: every hand the bot sends or redraws is remembered with the interaction that drew it
(its token may edit the message for 15 minutes). When the table changes, each remembered hand of
another move than the one it shows is redrawn through that token, up to 14 minutes after it was
drawn; then it is redrawn once more saying it is no longer live (the Show my hand button or a click
on it brings a live one), and forgotten. A sweep (every 30 s) does that for hands of quiet tables.

Turn pings: when the turn passes to a different human player, one short message mentions them
("@Anna, your turn at Hurricane", only that user may be pinged) and the previous ping of that table
is deleted: a channel holds at most one ping per table, across restarts too (the last ping is kept
in storage's key/value table). Off with the table's ``pings`` option."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import N_, _, lang_of, using
from bot.render.table import turn_ping
from bot.tables.models import Table, TableStatus

from .hand import drawn_hand
from .periodic import Periodic

if TYPE_CHECKING:
    from .host import ServiceHost

log = logging.getLogger("bot.discord.live")

LIVE_FOR = 14 * 60  # Discord lets an interaction token edit its message for 15 minutes
TOKEN_LIFETIME = 15 * 60
SWEEP_EVERY = 30.0
YOUR_TURN = "▶ **Your turn.**"  # what the hand says on the player's turn (bot.render.table)
NO_LONGER_LIVE = N_(
    "This hand no longer updates by itself (Discord allows 15 minutes). Press Refresh, or Show "
    "my hand on the table message, for a live one."
)


@dataclass
class LiveHand:
    interaction: discord.Interaction[Any]
    message_id: int | None  # None: the interaction's original response
    drawn_at: float  # bot clock
    move_no: int  # the table's move the hand shows
    game_id: str
    status: TableStatus


class HandUpdater:
    """Keeps each player's last private hand up to date while its token allows."""

    def __init__(self, bot: ServiceHost) -> None:
        self.bot = bot
        self._hands: dict[tuple[int, int], LiveHand] = {}  # (channel, user) -> last hand
        self._sweeper = Periodic(self.sweep, SWEEP_EVERY, "live-hands")

    def start(self) -> None:
        self._sweeper.start()

    async def close(self) -> None:
        await self._sweeper.close()

    def remember(
        self,
        table: Table,
        user_id: int,
        interaction: discord.Interaction[Any],
        message_id: int | None,
    ) -> None:
        """A hand was just sent or redrawn for ``user_id`` through ``interaction``."""
        self._hands[(table.channel_id, user_id)] = LiveHand(
            interaction, message_id, self.bot.clock(), table.move_no, table.game_id, table.status
        )

    def forget(self, channel_id: int) -> None:
        """The table's channel is gone: its hands can never be updated again."""
        for key in [key for key in self._hands if key[0] == channel_id]:
            del self._hands[key]

    def live_hand(self, channel_id: int, user_id: int) -> LiveHand | None:
        return self._hands.get((channel_id, user_id))

    async def table_changed(self, table: Table) -> None:
        now = self.bot.clock()
        for (channel_id, user_id), hand in list(self._hands.items()):
            if channel_id != table.channel_id:
                continue
            if hand.game_id != table.game_id or table.seat_of(user_id) is None:
                self._hands.pop((channel_id, user_id), None)
                continue
            if (hand.move_no, hand.status) == (table.move_no, table.status):
                continue  # it shows this state already
            await self._update(table, user_id, hand, now)

    async def sweep(self) -> None:
        """Tell the hands about to lose their token that they are no longer live."""
        now = self.bot.clock()
        for (channel_id, user_id), hand in list(self._hands.items()):
            table = self.bot.tables.get(channel_id)
            if table is None or table.game_id != hand.game_id:
                self._hands.pop((channel_id, user_id), None)
            elif now - hand.drawn_at >= LIVE_FOR:
                await self._update(table, user_id, hand, now)

    async def _update(self, table: Table, user_id: int, hand: LiveHand, now: float) -> None:
        key = (table.channel_id, user_id)
        age = now - hand.drawn_at
        if age >= TOKEN_LIFETIME - 5:  # too late to touch it at all
            self._hands.pop(key, None)
            return
        stale = age >= LIVE_FOR
        if table.state is None:
            return
        # in the language of the user whose token this is (their client's), whoever moved
        with using(lang_of(hand.interaction.locale)):
            if stale:
                note: str | None = _(NO_LONGER_LIVE)
            elif table.status is not TableStatus.PLAYING:
                note = _("The game is over — see the table message.")
            else:
                note = None
            embed, view, files = await drawn_hand(self.bot.tables, table, user_id, note=note)
        try:
            if hand.message_id is None:
                await hand.interaction.edit_original_response(
                    embed=embed, view=view, attachments=files
                )
            else:
                await hand.interaction.followup.edit_message(
                    hand.message_id, embed=embed, view=view, attachments=files
                )
        except discord.NotFound:  # dismissed by the player
            self._hands.pop(key, None)
            return
        except discord.HTTPException as exc:
            log.warning("Could not update a hand in channel %s: %s", table.channel_id, exc)
            self._hands.pop(key, None)
            return
        if stale or table.status is not TableStatus.PLAYING:
            self._hands.pop(key, None)
        else:
            hand.move_no, hand.status = table.move_no, table.status


@dataclass
class Ping:
    user_id: int
    message_id: int | None


class TurnPinger:
    """One short channel message per turn change to a different human player."""

    channel_writes = True  # the publisher skips it where the bot is absent (no channel there)

    def __init__(self, bot: ServiceHost) -> None:
        self.bot = bot
        self._last: dict[int, Ping] = {}  # channel -> the last human pinged there
        self._recalled: set[int] = set()  # channels whose stored ping was read (after a start)
        self._locks: dict[int, asyncio.Lock] = {}

    async def table_changed(self, table: Table) -> None:
        lock = self._locks.setdefault(table.channel_id, asyncio.Lock())
        async with lock:
            await self._changed(table)

    def forget(self, channel_id: int) -> None:
        """The table's channel is gone (and its ping with it)."""
        self._last.pop(channel_id, None)
        self._recalled.discard(channel_id)
        self._locks.pop(channel_id, None)

    @staticmethod
    def _key(channel_id: int) -> str:
        return f"turn_ping.{channel_id}"

    async def _recall(self, channel_id: int) -> Ping | None:
        """The last ping of a table: in memory, or (after a restart) as stored."""
        if channel_id in self._recalled:
            return self._last.get(channel_id)
        self._recalled.add(channel_id)
        storage = self.bot.storage
        raw = await storage.get_setting(self._key(channel_id)) if storage is not None else None
        user, _sep, message = (raw or "").partition(":")
        if not user.isdigit():
            return None
        ping = Ping(int(user), int(message) if message.isdigit() else None)
        self._last[channel_id] = ping
        return ping

    async def _remember(self, channel_id: int, ping: Ping | None) -> None:
        """Keep the last ping across restarts (a small key/value row, not a table snapshot)."""
        if ping is None:
            self._last.pop(channel_id, None)
        else:
            self._last[channel_id] = ping
        if self.bot.storage is None:
            return
        value = "" if ping is None else f"{ping.user_id}:{ping.message_id or ''}"
        try:
            await self.bot.storage.set_setting(self._key(channel_id), value)
        except Exception:
            log.warning("Could not store the turn ping of channel %s", channel_id)

    async def _changed(self, table: Table) -> None:
        last = await self._recall(table.channel_id)
        seat = table.current_seat
        occupant = table.seats[seat] if seat is not None else None
        if table.status is not TableStatus.PLAYING or not table.spec.pings:
            if last is not None:
                await self._remember(table.channel_id, None)
                await self._delete(table.channel_id, last)
            return
        if occupant is None or occupant.computer is not None:
            return  # a computer moves: the last human pinged stays the one to compare with
        if last is not None and last.user_id == occupant.user_id:
            return  # still (or again) the same player's turn
        channel = self.bot.get_partial_messageable(table.channel_id)
        with using(await self.bot.languages.server(table.guild_id)):
            text = turn_ping(table, occupant.user_id)
        try:
            sent = await channel.send(
                text,
                allowed_mentions=discord.AllowedMentions(
                    everyone=False,
                    roles=False,
                    replied_user=False,
                    users=[discord.Object(occupant.user_id)],
                ),
            )
            message_id: int | None = sent.id
        except discord.HTTPException as exc:
            log.warning("Could not ping a player in channel %s: %s", table.channel_id, exc)
            message_id = None
        await self._remember(table.channel_id, Ping(occupant.user_id, message_id))
        if last is not None:
            await self._delete(table.channel_id, last)

    async def _delete(self, channel_id: int, ping: Ping) -> None:
        if ping.message_id is None:
            return
        channel = self.bot.get_partial_messageable(channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(ping.message_id).delete()
