"""The public table message of every table: every write of it goes through one queue per table.

Whatever asks for the message to change — a user's click or command, a computer move, a time-out,
a restore — only marks the table's queue *dirty* (``schedule``) or, for a command whose answer is
the table message itself, hands the queue that interaction (``post``). One worker task per table
then writes, one request at a time, and **draws the table at the moment it sends**: a change made
while an edit is in flight only marks the queue again, so the next write shows it, and the last
write always shows the newest state. No interaction answer edits the table message behind the
queue's back (lobby clicks acknowledge with a deferred update, then the queue redraws). The
table's picture is drawn inside that write (``public_message``, in a thread; redrawn if the table
moved on meanwhile), so text and picture show the same, newest moment.

A message older than 45 minutes is replaced by a fresh one (Discord caps edits of messages older
than an hour); a message that can no longer be edited (deleted) is re-posted, drawn anew; a channel
that no longer exists ends its table; missing permissions are reported once to the host, and the
table then waits (no retries) until someone uses a table command there again. A queue's entry is
dropped as soon as it has nothing left to write, so memory does not grow with the tables ever played.

The same queue keeps the public messages that are not a table's (a tournament's: ``keep``, under a
string key): the same coalescing, one write at a time, drawn at the moment it sends, its picture as
the channel's Attach Files allows; and the one-off posts that belong after such a write
(``send_after``: a round's pairings, the final standings) wait their turn in it.

After each successful write the *followers* (``bot.discord.live``: the players' live hands and the turn
ping) are told about the table, one run at a time per table beside the queue, so they never hold
up the table message and always see the newest table."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import discord

from bot.i18n import N_, _, set_language, using
from bot.invite import PERMISSION_NAMES
from bot.render.table import scoring_panel
from bot.tables.models import Delivery, Table

from .acks import answer_lock
from .attach import AttachPermissions, refused_for_pictures
from .errors import PUBLIC_THINKING
from .places import bot_present, jump_url
from .table_message import public_message
from .tokens import Editor, TokenBook, answered
from .ui import panel_embed

if TYPE_CHECKING:
    from .host import ServiceHost

log = logging.getLogger("bot.discord.publisher")
REPOST_AFTER = 45 * 60
UNKNOWN_CHANNEL = 10003
#: What the bot needs in a table's channel (named to the host when Discord refuses): the invite's.
NEEDED_PERMISSIONS = PERMISSION_NAMES


class Follower(Protocol):
    """What follows the table message's writes (``bot.discord.live``)."""

    async def table_changed(self, table: Table) -> None: ...

    def forget(self, channel_id: int) -> None: ...


#: A table message's controls (the lobby's, Show my hand): what ``table_click`` looks at.
TABLE_CONTROLS = ("show:", "lobby:", "lobbyai:")
#: A replaced table message where the bot is absent (it cannot be deleted there).
MOVED = N_("This table moved: the game goes on here: {link}")


@dataclass
class _Post:
    """An interaction whose answer is the table message: a new message (``update`` False), or
    the clicked message redrawn in place (``update``: a click on a table message)."""

    interaction: discord.Interaction[Any]
    done: asyncio.Future[None]
    extra: dict[str, Any]  # extra send arguments: a line above the table that may ping someone
    update: bool = False


#: Draws a kept message now and writes it (with its picture when told it may).
MessageWrite = Callable[[bool], Awaitable[None]]


@dataclass(frozen=True)
class Kept:
    """A public message kept current through the queue that is not a table's (a tournament's)."""

    channel_id: int
    write: MessageWrite


@dataclass
class _Queue:
    """One table's (or kept message's) pending writes."""

    dirty: bool = False
    posts: deque[_Post] = field(default_factory=deque)
    task: asyncio.Task[None] | None = None
    kept: Kept | None = None
    sends: deque[Callable[[], Awaitable[None]]] = field(default_factory=deque)


def forbidden_text(channel_id: int) -> str:
    needed = ", ".join(NEEDED_PERMISSIONS)  # as Discord's own settings name them (English)
    return _(
        "I cannot post or edit the table message in {channel}: Discord says I am missing "
        "permissions there. Please give me {permissions} in that channel, then run /table status "
        "there. The table waits until then."
    ).format(channel=f"<#{channel_id}>", permissions=needed)


class TablePublisher:
    """Keeps each table's public message up to date (implements the table manager's listener)."""

    def __init__(self, bot: ServiceHost, *, delay: float = 0.5) -> None:
        self.bot = bot
        self.delay = delay
        # tables (by channel) and kept messages (by key) with writes pending (dropped when done)
        self._queues: dict[int | str, _Queue] = {}
        self._tasks: set[asyncio.Task[None]] = set()  # every task still running
        self._blocked: set[int] = set()  # channels where Discord refused us (host told once)
        self.attach = AttachPermissions(bot, bot.clock)  # where the table may carry its picture
        # Told after each successful write of a table's message (``table_changed(table)``): live
        # hands, turn pings. They run beside the queue (one run at a time per table, the newest
        # table written), so they never hold up the next write.
        self.followers: list[Follower] = []
        self._follow_next: dict[int, Table] = {}  # written tables whose followers are still due
        self._following: dict[int, asyncio.Task[None]] = {}
        # what each table message shows now (``shown``): an update equal to it is not sent
        self._shown: dict[int, Shown] = {}
        # tables where the bot is absent (user installs): written through interaction tokens only
        self.tokens = TokenBook(bot.clock)

    # --- TableListener ---------------------------------------------------------------------------------
    async def table_changed(self, table: Table, events: list[dict[str, Any]]) -> None:
        self.announce(table, events)
        self.schedule(table)

    def announce(self, table: Table, events: list[dict[str, Any]]) -> None:
        """Post a deal's or round's breakdown as a message of its own (it stays in the history),
        in the server's language."""
        if table.channel_id in self._blocked or self._by_tokens(table):
            return
        with using(self.bot.languages.cached(table.guild_id)):
            panel = scoring_panel(table, events)
            if panel is None:
                return
            embed = panel_embed(panel, table.spec.game, cards=True)
        self._spawn(self._send(table.channel_id, embed), f"announce-{table.channel_id}")

    def announce_text(self, table: Table, text: str) -> None:
        """A line for everyone at the table, in the channel (pings nobody)."""
        if table.channel_id not in self._blocked and not self._by_tokens(table):
            embed = discord.Embed(description=text)
            self._spawn(self._send(table.channel_id, embed), f"announce-{table.channel_id}")

    async def _send(self, channel_id: int, embed: discord.Embed) -> None:
        try:
            await self._channel(channel_id).send(embed=embed)
        except discord.HTTPException:
            log.warning("Could not post the scores in channel %s", channel_id)

    async def turn_reminder(self, table: Table, seat: int) -> None:
        occupant = table.seats[seat]
        if occupant is None or occupant.computer is not None or table.turn_deadline is None:
            return
        if table.channel_id in self._blocked or self._by_tokens(table):
            return
        channel = self._channel(table.channel_id)
        deadline = datetime.fromtimestamp(table.turn_deadline, UTC)
        with using(await self.bot.languages.server(table.guild_id)):
            text = _("⏰ {player}, it is your turn — time runs out {when}.").format(
                player=f"<@{occupant.user_id}>", when=discord.utils.format_dt(deadline, "R")
            )
        try:
            await channel.send(
                text,
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(occupant.user_id)]
                ),
            )
        except discord.HTTPException:
            log.warning("Could not send a turn reminder in channel %s", table.channel_id)

    def _by_tokens(self, table: Table) -> bool:
        """Whether the table lives on interaction tokens: as its opening chose (kept in its spec
        across a restart), or outside a server (the bot's DM, a group DM)."""
        if table.channel_id not in self.tokens and (
            table.spec.delivery is Delivery.INTERACTIONS or not table.in_server
        ):
            self.tokens.mark(table.channel_id)
        return table.channel_id in self.tokens

    def _latest(self, channel_id: int) -> Callable[[], Table | None]:
        return lambda: self.bot.tables.get(channel_id)

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        """A handle that can send and edit in any channel or thread, cached or not."""
        return self.bot.get_partial_messageable(channel_id)

    def _spawn(self, coro: Any, name: str) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # --- the queue ---------------------------------------------------------------------------------------
    def schedule(self, table: Table) -> None:
        """Redraw the table's public message soon (several calls close together make one write;
        a call while a write is in flight makes one more write, drawn after it)."""
        if table.channel_id in self._blocked:
            return
        queue = self._queue(table.channel_id)
        queue.dirty = True
        self._start(table.channel_id, queue)

    def redraw(self, table: Table) -> None:
        """``schedule``, and send the write even if it shows what the message shows now."""
        self._shown.pop(table.channel_id, None)
        self.schedule(table)

    async def post(
        self,
        table: Table,
        interaction: discord.Interaction[Any],
        *,
        content: str | None = None,
        mention: list[int] | None = None,
    ) -> None:
        """Answer ``interaction`` with the table message itself (a new public message that the
        table then tracks; the old one is deleted), in turn with every other write of the table.
        ``content``: a line above it that may ping exactly the users in ``mention`` (nobody else).
        Raises what answering raised (the table is then redrawn where it was)."""
        self._blocked.discard(table.channel_id)  # a user asked again: try again
        if not bot_present(interaction):  # a user install where the bot is absent
            self.tokens.mark(table.channel_id)
        queue = self._queue(table.channel_id)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        extra: dict[str, Any] = {}
        if content:
            extra = {
                "content": content,
                "allowed_mentions": discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(u) for u in mention or []]
                ),
            }
        queue.posts.append(_Post(interaction, done, extra))
        self._start(table.channel_id, queue)
        await done

    async def table_click(self, interaction: discord.Interaction[Any]) -> bool:
        """A click on a table's controls where the table lives on tokens, before the click acts.
        A click on an older, replaced table message is answered by rewriting it (an
        ``UPDATE_MESSAGE``) to say where the game went, a link to the table message, and does
        nothing else: True (answered). A click on the table message that no other living token
        can edit redraws it with this click's own answer (an ``UPDATE_MESSAGE``), in place; the
        click then acts, answering through a follow-up."""
        channel_id, message = interaction.channel_id, interaction.message
        if channel_id is None or message is None or not self._table_control(interaction):
            return False
        table = self.bot.tables.get(channel_id)
        if table is None or not table.is_live or not self._by_tokens(table):
            return False
        current = table.message_id
        if current is None:
            return False
        if message.id != current:
            set_language(await self.bot.languages.server(table.guild_id))
            link = jump_url(table.guild_id if table.in_server else None, channel_id, current)
            async with answer_lock(interaction):
                if interaction.response.is_done():
                    return True
                await interaction.response.edit_message(
                    content=_(MOVED).format(link=link), embed=None, view=None, attachments=[]
                )
            return True
        if any(
            e.interaction is not interaction and self._edits_table(e)
            for e in self.tokens.editors(channel_id, current)
        ):
            return False  # the table message is kept current as ever
        queue = self._queue(channel_id)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue.posts.append(_Post(interaction, done, {}, update=True))
        self._start(channel_id, queue)
        await done
        return False

    @staticmethod
    def _table_control(interaction: discord.Interaction[Any]) -> bool:
        """A click on a table message's own controls (lobby, Show my hand)."""
        if interaction.type is not discord.InteractionType.component:
            return False
        message = interaction.message
        if message is None or message.flags.ephemeral:
            return False
        data: dict[str, Any] = dict(interaction.data or {})
        return str(data.get("custom_id", "")).startswith(TABLE_CONTROLS)

    def note_permissions(self, interaction: discord.Interaction[Any]) -> None:
        """An interaction in a table's channel says whether the bot may attach files there: a
        table that lost its picture gets it back with the next write (and the other way)."""
        channel_id = interaction.channel_id
        if channel_id is None or self.bot.tables.get(channel_id) is None:
            return
        if channel_id in self.tokens:
            self.tokens.touch(channel_id, interaction)
            table = self.bot.tables.get(channel_id)
            message = interaction.message
            if table is not None and message is not None and message.id == table.message_id:
                self.tokens.edited_by(channel_id, interaction, message.id, original=True)
            if (
                table is not None
                and table.is_live
                and not self.tokens.editors(channel_id, table.message_id)
                and not self._table_control(interaction)  # (its own answer redraws it)
            ):
                self.redraw(table)  # every token of the table message expired: post it anew
            return
        was_text = self.attach.is_text_only(channel_id)
        self.attach.note(channel_id, interaction.app_permissions)
        if was_text and not self.attach.is_text_only(channel_id):
            table = self.bot.tables.get(channel_id)
            if table is not None and table.is_live:
                self.schedule(table)  # redraw now, with the picture

    def pending(self, channel_id: int | str) -> bool:
        return channel_id in self._queues

    # --- kept messages that are not a table's ----------------------------------------------------------
    def keep(self, key: str, channel_id: int, write: MessageWrite) -> None:
        """Redraw the message kept under ``key`` (in ``channel_id``) soon, as ``schedule`` does a
        table's: ``write(pictures)`` draws it at the moment it sends and writes it."""
        queue = self._queue(key)
        queue.kept = Kept(channel_id, write)
        queue.dirty = True
        self._start(key, queue)

    def send_after(self, key: str, send: Callable[[], Awaitable[None]]) -> None:
        """A one-off post in ``key``'s turn: after the kept message's pending write, before any
        later one (the round's pairings after the message shows the round)."""
        queue = self._queue(key)
        queue.sends.append(send)
        self._start(key, queue)

    async def _work_kept(self, key: str, queue: _Queue) -> None:
        try:
            if self.delay:
                await asyncio.sleep(self.delay)  # let changes close together make one write
            await self.bot.wait_until_ready()
            while queue.dirty or queue.sends:
                try:
                    if queue.dirty and queue.kept is not None:
                        queue.dirty = False
                        await self._write_kept(queue.kept)
                    else:
                        queue.dirty = False
                        await queue.sends.popleft()()
                except Exception:
                    log.exception("Could not write the public message %s", key)
        finally:
            if self._queues.get(key) is queue:
                del self._queues[key]

    async def _write_kept(self, kept: Kept) -> None:
        """The kept message with its picture where the bot may attach files; refused for the
        picture (no Attach Files): the same write as text."""
        channel_id = kept.channel_id
        pictures = self.attach.allowed(channel_id)
        try:
            await kept.write(pictures)
        except discord.HTTPException as exc:
            if not pictures or not refused_for_pictures(exc):
                raise
            await kept.write(False)
            self.attach.refused(channel_id)
        else:
            if pictures:
                self.attach.worked(channel_id)

    def forget(self, channel_id: int) -> None:
        """The table is gone for good (its channel was deleted): drop what is held for it."""
        self._shown.pop(channel_id, None)
        self._blocked.discard(channel_id)
        self.tokens.forget(channel_id)
        self._follow_next.pop(channel_id, None)
        for follower in self.followers:
            follower.forget(channel_id)
        self.attach.forget(channel_id)

    def _queue(self, key: int | str) -> _Queue:
        queue = self._queues.get(key)
        if queue is None:
            queue = self._queues[key] = _Queue()
        return queue

    def _start(self, key: int | str, queue: _Queue) -> None:
        if queue.task is None or queue.task.done():
            work = self._work_kept(key, queue) if isinstance(key, str) else self._work(key, queue)
            queue.task = self._spawn(work, f"publish-{key}")

    async def _work(self, channel_id: int, queue: _Queue) -> None:
        try:
            if self.delay and not queue.posts:
                await asyncio.sleep(self.delay)  # let changes close together make one write
            while queue.posts or queue.dirty:
                table = self.bot.tables.get(channel_id)
                queue.dirty = False
                if table is not None:  # the whole channel reads it: the server's language
                    set_language(await self.bot.languages.server(table.guild_id))
                if queue.posts:
                    post = queue.posts.popleft()
                    done = post.done
                    try:
                        if table is None:
                            raise RuntimeError(f"no table in channel {channel_id}")
                        await self._post(table, post)
                    except Exception as exc:
                        queue.dirty = table is not None  # the message must still be drawn
                        if not done.done():
                            done.set_exception(exc)
                    else:
                        if not done.done():
                            done.set_result(None)
                    continue
                if table is None or channel_id in self._blocked:
                    continue
                try:
                    await self._publish(table)
                except Exception:
                    log.exception("Could not update the table message in channel %s", channel_id)
        finally:
            for post in queue.posts:
                if not post.done.done():
                    post.done.set_exception(RuntimeError("the table message was not posted"))
            queue.posts.clear()
            if self._queues.get(channel_id) is queue:
                del self._queues[channel_id]

    async def flush(self) -> None:
        """Send every pending update now (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # --- writing -------------------------------------------------------------------------------------------
    async def _post(self, table: Table, post: _Post) -> None:
        """The table message as the interaction's answer, drawn now with its picture (drawn
        before the answer lock is taken, so the deferral timer can still acknowledge meanwhile; a
        change made after this write began marks the queue again, and the next write shows it)."""
        channel_id, interaction = table.channel_id, post.interaction
        if interaction.guild_id is not None:
            self.attach.note(channel_id, interaction.app_permissions)
        pictures = self.attach.allowed(channel_id)
        try:
            message_id = await self._answer(table, post, pictures)
        except discord.HTTPException as exc:
            if not pictures or not refused_for_pictures(exc):
                raise
            message_id = await self._answer(table, post, False)  # as text
            self.attach.refused(channel_id)
        else:
            if pictures:
                self.attach.worked(channel_id)
        table = self.bot.tables.get(channel_id) or table
        if message_id is not None:
            await self._adopt(table, message_id)
        self.follow(table)

    async def _answer(self, table: Table, post: _Post, pictures: bool) -> int | None:
        """Send the table message as the interaction's answer (or redraw the clicked message as
        it, ``post.update``); its id."""
        channel_id, interaction, extra = table.channel_id, post.interaction, post.extra
        embed, view, files = await public_message(
            table, self._latest(channel_id), pictures=pictures, links=self.bot.web_links
        )
        answer = shown(None, embed, view, files)
        async with answer_lock(interaction):
            if post.update and interaction.message is not None:
                clicked = interaction.message.id
                if interaction.response.is_done():  # deferred (late): the original is the click's
                    await interaction.edit_original_response(
                        content=None, embed=embed, view=view, attachments=files
                    )
                else:
                    await interaction.response.edit_message(
                        content=None, embed=embed, view=view, attachments=files
                    )
                self._shown[channel_id] = answer._replace(message_id=clicked)
                self.tokens.edited_by(channel_id, interaction, clicked, original=True)
                return clicked
            if interaction.response.is_done():
                sent = await interaction.followup.send(
                    embed=embed,
                    view=view or discord.utils.MISSING,
                    files=files or discord.utils.MISSING,
                    wait=True,
                    **(extra or {}),
                )
                interaction.extras[PUBLIC_THINKING] = False  # the "thinking…" is the table now
                self._shown[channel_id] = answer._replace(message_id=sent.id)
                self.tokens.sent_followup(channel_id, interaction)
                self.tokens.edited_by(channel_id, interaction, sent.id, original=False)
                return sent.id
            response = await interaction.response.send_message(
                embed=embed, view=view or discord.utils.MISSING, files=files, **(extra or {})
            )
            message_id = getattr(response, "message_id", None)
            self._shown[channel_id] = answer._replace(message_id=message_id)
            if message_id is not None:
                self.tokens.edited_by(channel_id, interaction, message_id, original=True)
            return message_id

    async def _adopt(self, table: Table, message_id: int) -> None:
        """Track a newly posted message; delete the one it replaces."""
        old = table.message_id
        if table.is_live:
            await self.bot.tables.set_message(table.channel_id, message_id, self.bot.clock())
        else:
            table.message_id = message_id
        if old is None or old == message_id:
            return
        if table.channel_id in self.tokens:
            await self._moved(table, old, message_id)
            return
        with contextlib.suppress(discord.HTTPException):
            await self._channel(table.channel_id).get_partial_message(old).delete()

    async def _moved(self, table: Table, old: int, new: int) -> None:
        """Where the bot is absent the replaced table message cannot be deleted: while a token can
        still edit it, it says where the game went (with none left, it stays as it was until
        someone clicks it: ``table_click``)."""
        channel_id = table.channel_id
        link = jump_url(table.guild_id if table.in_server else None, channel_id, new)
        moved = _(MOVED).format(link=link)
        for editor in self.tokens.editors(channel_id, old):
            if not self._edits_table(editor):
                continue
            try:
                if editor.original:
                    await editor.interaction.edit_original_response(
                        content=moved, embed=None, view=None, attachments=[]
                    )
                else:
                    await editor.interaction.followup.edit_message(
                        old, content=moved, embed=None, view=None, attachments=[]
                    )
            except discord.HTTPException as exc:
                log.info("A token could not mark the old table in %s: %s", channel_id, exc)
                continue
            break
        self.tokens.drop(channel_id, old)

    @staticmethod
    def _edits_table(editor: Editor) -> bool:
        """A component interaction's original response is the table message only if it updated it."""
        interaction = editor.interaction
        if not editor.original or interaction.type is not discord.InteractionType.component:
            return True
        return interaction.response.type in (
            discord.InteractionResponseType.deferred_message_update,
            discord.InteractionResponseType.message_update,
        )

    # --- after a write -------------------------------------------------------------------------------------
    def follow(self, table: Table) -> None:
        """Tell the followers (live hands, turn pings) about a table whose message was written. A
        call while they run for the same table makes one more run, with the newest table."""
        if not self.followers:
            return
        channel_id = table.channel_id
        self._follow_next[channel_id] = table
        task = self._following.get(channel_id)
        if task is None or task.done():
            self._following[channel_id] = self._spawn(
                self._follow_work(channel_id), f"follow-{channel_id}"
            )

    async def _follow_work(self, channel_id: int) -> None:
        try:
            while (table := self._follow_next.pop(channel_id, None)) is not None:
                for follower in self.followers:
                    if channel_id in self.tokens and getattr(follower, "channel_writes", False):
                        continue  # (turn pings: no channel message where the bot is absent)
                    try:
                        await follower.table_changed(table)
                    except Exception:
                        log.exception("A follower of the table in channel %s failed", channel_id)
        finally:
            if self._following.get(channel_id) is asyncio.current_task():
                del self._following[channel_id]

    async def _publish(self, table: Table) -> None:
        await self.bot.wait_until_ready()
        if self._by_tokens(table):
            await self._publish_by_token(table)
            return
        channel = self._channel(table.channel_id)
        try:
            await self._write(table, channel)
        except discord.Forbidden:
            await self._refused(table)
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_CHANNEL:
                raise
            log.info("Channel %s no longer exists: its table ends", table.channel_id)
            await self.bot.tables.channel_gone(table.channel_id)

    async def _publish_by_token(self, table: Table) -> None:
        """Where the bot is absent: edit the table message through the newest living token that
        can, else post it as a follow-up of the latest interaction at the table (its old message
        stays as it was: no token may edit it any more); with neither, wait for the next one."""
        channel_id = table.channel_id
        pictures = self.attach.allowed(channel_id)
        embed, view, files = await public_message(
            table, self._latest(channel_id), pictures=pictures, links=self.bot.web_links
        )
        table = self.bot.tables.get(channel_id) or table
        now_shown = shown(table.message_id, embed, view, files)
        for editor in self.tokens.editors(channel_id, table.message_id):
            if self._shown.get(channel_id) == now_shown:
                self.follow(table)
                return
            interaction = editor.interaction
            if not self._edits_table(editor):
                continue  # its original response is another message
            try:
                if editor.original:
                    await interaction.edit_original_response(
                        embed=embed, view=view, attachments=files
                    )
                else:
                    await interaction.followup.edit_message(
                        editor.message_id, embed=embed, view=view, attachments=files
                    )
            except discord.HTTPException as exc:
                log.info("A token could not edit the table in %s: %s", channel_id, exc)
                embed, view, files = await public_message(
                    table, self._latest(channel_id), pictures=pictures, links=self.bot.web_links
                )
                continue
            self._shown[channel_id] = now_shown
            self.follow(table)
            return
        poster = self.tokens.poster(channel_id)
        if poster is None and (waiting := self.tokens.unanswered(channel_id)) is not None:
            await answered(waiting)  # e.g. /hand after a time-out: its answer comes first
            poster = self.tokens.poster(channel_id)
            table = self.bot.tables.get(channel_id) or table  # drawn again: the newest state
            embed, view, files = await public_message(
                table, self._latest(channel_id), pictures=pictures, links=self.bot.web_links
            )
        if poster is None:
            return  # the next interaction at the table shows it
        sent = await poster.followup.send(
            embed=embed, view=view or discord.utils.MISSING, files=files, wait=True
        )
        self.tokens.sent_followup(channel_id, poster)
        self.tokens.edited_by(channel_id, poster, sent.id, original=False)
        self._shown[channel_id] = shown(sent.id, embed, view, files)
        await self._adopt(table, sent.id)
        self.follow(self.bot.tables.get(channel_id) or table)

    async def _write(self, table: Table, channel: discord.PartialMessageable) -> None:
        """Edit the table message (or post it anew), drawn now with its picture: the newest state.
        Refused for the picture (no Attach Files): the same write as text only."""
        channel_id = table.channel_id
        pictures = self.attach.allowed(channel_id)
        try:
            await self._write_once(table, channel, pictures)
        except discord.HTTPException as exc:
            if not pictures or not refused_for_pictures(exc):
                raise
            await self._write_once(table, channel, False)
            self.attach.refused(channel_id)
        else:
            if pictures:
                self.attach.worked(channel_id)

    async def _write_once(
        self, table: Table, channel: discord.PartialMessageable, pictures: bool
    ) -> None:
        channel_id = table.channel_id
        latest = self._latest(channel_id)
        embed, view, files = await public_message(
            table, latest, pictures=pictures, links=self.bot.web_links
        )
        table = self.bot.tables.get(channel_id) or table  # the drawing took a while
        now = self.bot.clock()
        old = table.message_id
        too_old = (
            table.message_posted_at is not None and now - table.message_posted_at > REPOST_AFTER
        )
        if old is not None and not too_old:
            now_shown = shown(old, embed, view, files)
            if self._shown.get(channel_id) == now_shown:  # nothing a reader could see changed
                self.follow(table)
                return
            try:
                await channel.get_partial_message(old).edit(
                    embed=embed, view=view, attachments=files
                )
                self._shown[channel_id] = now_shown
                self.follow(table)
                return
            except discord.NotFound as exc:
                if exc.code == UNKNOWN_CHANNEL:
                    raise
                log.info("Table message in channel %s is gone: posting it again", channel_id)
            # drawn again: the edit above may have taken a while (and its files are closed)
            embed, view, files = await public_message(
                table, latest, pictures=pictures, links=self.bot.web_links
            )
            table = self.bot.tables.get(channel_id) or table
        sent_shown = shown(None, embed, view, files)
        message = await channel.send(
            embed=embed, view=view or discord.utils.MISSING, files=files or discord.utils.MISSING
        )
        self._shown[channel_id] = sent_shown._replace(message_id=message.id)
        await self._adopt(table, message.id)
        self.follow(table)

    async def _refused(self, table: Table) -> None:
        """Discord refused a write for missing permissions: tell the host once; wait."""
        channel_id = table.channel_id
        if channel_id in self._blocked:
            return
        self._blocked.add(channel_id)
        log.warning("Missing permissions in channel %s: the table waits", channel_id)
        try:
            user = self.bot.get_user(table.host_id) or await self.bot.fetch_user(table.host_id)
            lang = await self.bot.player_languages.reader(
                table.host_id, table.guild_id, self.bot.languages
            )
            with using(lang):  # a direct message: the host's language
                text = forbidden_text(channel_id)
            await user.send(text)
        except discord.HTTPException:
            log.warning("Could not tell the host of channel %s about permissions", channel_id)


class Shown(NamedTuple):
    """What a table message shows: its embed, its components and its picture's bytes."""

    message_id: int | None
    embed: dict[str, Any]
    components: list[dict[str, Any]]
    pictures: tuple[tuple[str, bytes], ...]


def shown(
    message_id: int | None,
    embed: discord.Embed,
    view: discord.ui.View | None,
    files: list[discord.File],
) -> Shown:
    """The message as a reader sees it (the picture by its bytes: an equal PNG is the same)."""
    pictures = []
    for file in files:
        fp = file.fp
        data = fp.getvalue() if isinstance(fp, io.BytesIO) else b""
        pictures.append((file.filename or "", data))
    components = view.to_components() if view is not None else []
    return Shown(message_id, dict(embed.to_dict()), components, tuple(pictures))
