"""``/table …``: open a lobby, join, leave, start, cancel, kick, add computers, and the table's life
(status, resign, pause, resume, abandon). Thin: every decision is the table manager's."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.acks import ACK_BUDGET, defer_update, within_ack
from bot.discord.choices import GAME_CHOICES
from bot.discord.places import delivery_of, in_server, place_of
from bot.discord.removals import kick_reply, tell_removed
from bot.discord.table_message import public_message
from bot.discord.ui import LEVEL_LABELS
from bot.games import GAMES, game_info
from bot.i18n import N_, _, using
from bot.render.rules import option_suggestions
from bot.render.table import rematch_invitation
from bot.tables.errors import TableError
from bot.tables.models import Level, Table, TableStatus
from bot.tables.specs import command_spec
from cogs.places import ANY_CONTEXT, ANY_INSTALL

if TYPE_CHECKING:
    from bot.discord.card_host import CardHost

T = TypeVar("T")
log = logging.getLogger(__name__)

#: The most seats any game has (each game's own limits are checked by its ``game_info``).
MAX_SEATS = max(max(game_info(g).players) for g in GAMES)
SAT_OUT = N_(
    "You left the game: you fold and sit out, and your chips stay on the table until it ends."
)

PRESET_CHOICES = [
    app_commands.Choice(name="standard (2 players)", value="standard"),
    app_commands.Choice(name="open hands (2 players, to 15)", value="open"),
    app_commands.Choice(name="pairs (4 players, 2 teams)", value="pairs"),
]
PACE_CHOICES = [
    app_commands.Choice(name="live (one sitting)", value="live"),
    app_commands.Choice(name="correspondence (a move in hours or days)", value="correspondence"),
]
LEVEL_CHOICES = [app_commands.Choice(name=level.value, value=level.value) for level in Level]


def user_name(user: discord.abc.User) -> str:
    """The name a table keeps: the display name as written (stored raw). Rendering escapes it
    wherever it is drawn into Markdown (``bot.names.shown``); labels use it as is."""
    return getattr(user, "display_name", None) or user.name


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    """Manage Channels (in this channel) or Manage Server: may close any table, kick any seat."""
    perms = interaction.permissions
    return bool(perms.manage_channels or perms.manage_guild)


def status_cooldown(interaction: discord.Interaction[Any]) -> app_commands.Cooldown | None:
    """``/table status`` re-posts the table: once per ``STATUS_COOLDOWN_SECONDS`` per table."""
    config = getattr(interaction.client, "config", None)
    per = getattr(config, "status_cooldown_seconds", 30.0)
    return app_commands.Cooldown(1, per)


def per_table(interaction: discord.Interaction[Any]) -> int:
    return interaction.channel_id or 0


class Tables(commands.Cog):
    ack_budget = ACK_BUDGET  # seconds a table change may take before the interaction is deferred

    def __init__(self, bot: CardHost) -> None:
        self.bot = bot

    table = app_commands.Group(
        name="table",
        description="Open and run a card table in this channel.",
        allowed_installs=ANY_INSTALL,
        allowed_contexts=ANY_CONTEXT,
    )

    # --- helpers -----------------------------------------------------------------------------------------
    async def _ack(
        self, interaction: discord.Interaction[Any], work: Awaitable[T], *, public: bool
    ) -> T:
        """Run a table change; defer the interaction if it takes longer than the ack budget.
        (A lobby click defers as an update; a command defers publicly or ephemerally as it will answer.)"""
        ephemeral = None if interaction.type is discord.InteractionType.component else not public
        return await within_ack(interaction, work, self.ack_budget, ephemeral=ephemeral)

    async def _public_response(
        self,
        interaction: discord.Interaction[Any],
        table: Table,
        *,
        content: str | None = None,
        mention: list[int] | None = None,
    ) -> None:
        """Answer with the table message itself: a new public message whose id the table
        remembers, written in turn by the table's queue (never beside it), drawn as it is sent
        (``content``: a line above it that may ping exactly the users in ``mention``).
        An ended table is shown to the asker alone (with its picture)."""
        if not table.is_live:
            embed, _view, files = await self._ack(interaction, public_message(table), public=False)
            await self._ephemeral_embed(interaction, embed, files)
            return
        posted = self.bot.publisher.post(table, interaction, content=content, mention=mention)
        await self._ack(interaction, posted, public=True)

    async def _ephemeral_embed(
        self,
        interaction: discord.Interaction[Any],
        embed: discord.Embed,
        files: list[discord.File] | None = None,
    ) -> None:
        attached = files or discord.utils.MISSING
        if interaction.response.is_done():
            await interaction.followup.send(embed=embed, files=attached, ephemeral=True)
        else:
            await interaction.response.send_message(embed=embed, files=attached, ephemeral=True)

    async def _ephemeral(
        self, interaction: discord.Interaction[Any], text: str, table: Table | None = None
    ) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
        if table is not None:
            self.bot.publisher.schedule(table)

    # --- /table new ----------------------------------------------------------------------------------------
    @table.command(name="new", description="Open a card table in this channel.")
    @app_commands.describe(
        game="Which game to play",
        preset="Hurricane only: which rules",
        target="Points that end the game (Hurricane: default 16, open 15; Haggis: 250 or 350)",
        turn_timer="Seconds per turn (0 = no timer; default 120)",
        pace="live (one sitting) or correspondence (a move in hours or days, turn notices by DM)",
        move_time="Correspondence: time per move, e.g. 12h, 1d, 3d (1 hour to 7 days; default 1d)",
        players="How many seats, where the game lets you choose (Haggis 2–3, Hurricane poker 2–8)",
        computer="Fill every empty seat with computer players of this level and start at once",
        options="More rules as name=value pairs (see /rules), e.g. bomb_capture=chooser",
    )
    @app_commands.choices(
        game=GAME_CHOICES, preset=PRESET_CHOICES, computer=LEVEL_CHOICES, pace=PACE_CHOICES
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        preset: str | None = None,
        target: app_commands.Range[int, 1, 1000] | None = None,
        turn_timer: app_commands.Range[int, 0, 3600] | None = None,
        players: app_commands.Range[int, 2, MAX_SEATS] | None = None,
        computer: str | None = None,
        options: app_commands.Range[str, 1, 300] | None = None,
        pace: str | None = None,
        move_time: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        place = place_of(interaction)
        if interaction.channel_id is None or place is None:
            raise TableError("Tables live in server channels.")
        timer = self.bot.config.turn_timer_seconds if turn_timer is None else turn_timer
        manager = self.bot.tables
        # Every refusal happens here, before anything may defer the answer publicly: it stays private.
        asked = command_spec(
            game,
            options=options,
            preset=preset,
            target=target,
            players=players,
            turn_timer=timer,
            pace=pace,
            move_time=move_time,
            timer_given=turn_timer is not None,
        )
        spec = manager.check_open(
            interaction.channel_id,
            replace(asked, delivery=delivery_of(interaction)),
            guild_id=place,
            host_id=interaction.user.id,
        )
        table = await self._ack(
            interaction,
            manager.open_table(
                channel_id=interaction.channel_id,
                guild_id=place,
                host_id=interaction.user.id,
                host_name=user_name(interaction.user),
                spec=spec,
                in_server=in_server(interaction),
            ),
            public=True,
        )
        if computer is not None:
            table = await self._ack(
                interaction,
                manager.fill_and_start(table.channel_id, interaction.user.id, Level(computer)),
                public=True,
            )
        await self._public_response(interaction, table)

    @new.autocomplete("options")
    async def options_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Completes ``name=value`` pairs for the game (and player count) chosen so far (nothing
        before a game)."""
        game = getattr(interaction.namespace, "game", None)
        players = getattr(interaction.namespace, "players", None)
        suggestions = option_suggestions(
            game if isinstance(game, str) else None,
            current,
            players=players if isinstance(players, int) else None,
        )
        return [app_commands.Choice(name=text, value=text) for text in suggestions]

    # --- lobby --------------------------------------------------------------------------------------------
    @table.command(name="join", description="Take a seat at this channel's table.")
    @app_commands.describe(seat="Seat number (Hurricane pairs: seats 1+3 are team A, 2+4 team B)")
    async def join(
        self,
        interaction: discord.Interaction[Any],
        seat: app_commands.Range[int, 1, 4] | None = None,
    ) -> None:
        table = await self._ack(
            interaction,
            self.bot.tables.join(
                self._channel(interaction),
                interaction.user.id,
                user_name(interaction.user),
                None if seat is None else seat - 1,
            ),
            public=False,
        )
        await self._ephemeral(interaction, _("You have a seat. Wait for the host to start."), table)

    @table.command(
        name="leave",
        description="Give up your seat (mid-game where the game allows: fold and sit out).",
    )
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._ack(
            interaction,
            self.bot.tables.leave(self._channel(interaction), interaction.user.id),
            public=False,
        )
        text = (
            _("You left; the table is cancelled.")
            if table.status is TableStatus.CANCELLED
            else _(SAT_OUT)
            if table.status is TableStatus.PLAYING
            else _("You left the table.")
        )
        await self._ephemeral(interaction, text, table)

    @table.command(name="start", description="Start the game (host, once every seat is filled).")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        channel_id = self._channel(interaction)
        self.bot.tables.check_start(channel_id, interaction.user.id)  # refuse privately, at once
        table = await self._ack(
            interaction, self.bot.tables.start(channel_id, interaction.user.id), public=True
        )
        await self._public_response(interaction, table)

    @table.command(name="cancel", description="Close the lobby (host).")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._ack(
            interaction,
            self.bot.tables.cancel(self._channel(interaction), interaction.user.id),
            public=False,
        )
        await self._ephemeral(interaction, _("The table is cancelled."), table)

    @table.command(
        name="kick",
        description="Remove a seat's player (host, moderators); during a game they resign.",
    )
    @app_commands.describe(seat="Seat number")
    async def kick(
        self, interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, MAX_SEATS]
    ) -> None:
        work = self.bot.tables.kick(
            self._channel(interaction),
            interaction.user.id,
            seat - 1,
            moderator=is_moderator(interaction),
        )
        removal = await self._ack(interaction, work, public=False)
        await self._ephemeral(interaction, kick_reply(seat, removal), removal.table)
        if removal.removed.computer is None:
            by_host = interaction.user.id == removal.table.host_id
            await tell_removed(self.bot, removal, by_host=by_host)

    @table.command(name="computer", description="Seat a computer player in the lobby (host).")
    @app_commands.describe(
        level="How strong it plays: easy, normal, hard or expert",
        seat="Seat number (default: the first empty seat)",
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    async def computer(
        self,
        interaction: discord.Interaction[Any],
        level: str,
        seat: app_commands.Range[int, 1, 4] | None = None,
    ) -> None:
        table = await self._ack(
            interaction,
            self.bot.tables.add_computer(
                self._channel(interaction),
                interaction.user.id,
                Level(level),
                None if seat is None else seat - 1,
            ),
            public=False,
        )
        level_name = _(LEVEL_LABELS.get(level, level)).lower()
        text = _("A {level} computer player takes a seat.").format(level=level_name)
        await self._ephemeral(interaction, text, table)

    # --- during play --------------------------------------------------------------------------------------
    @table.command(
        name="close",
        description="End this channel's table, no result recorded (Manage Channels or Server).",
    )
    async def close(self, interaction: discord.Interaction[Any]) -> None:
        channel_id = self._channel(interaction)
        if not in_server(interaction):  # no moderators outside a server
            raise TableError(
                "Closing a table is for server moderators; here, players can resign or vote to "
                "abandon (/table abandon)."
            )
        if not is_moderator(interaction):
            raise TableError(
                "Only members with Manage Channels (in this channel) or Manage Server can close "
                "a table. Players can resign or vote to abandon."
            )
        table = await self._ack(
            interaction, self.bot.tables.close_table(channel_id, "closed"), public=False
        )
        await self._ephemeral(interaction, _("The table is closed; no result is recorded."), table)
        if table.state is not None:  # tell the players, in the channel
            with using(await self.bot.languages.server(table.guild_id)):
                said = _("A moderator closed this table; no result is recorded.")
            self.bot.publisher.announce_text(table, said)

    @table.command(name="status", description="Show this channel's table again.")
    @app_commands.checks.dynamic_cooldown(status_cooldown, key=per_table)
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        table = self.bot.tables.require(self._channel(interaction))
        await self._public_response(interaction, table)

    @table.command(name="resign", description="Give up the game (counts as a loss).")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._ack(
            interaction,
            self.bot.tables.resign(self._channel(interaction), interaction.user.id),
            public=False,
        )
        text = _(SAT_OUT) if table.status is TableStatus.PLAYING else _("You resigned.")
        await self._ephemeral(interaction, text, table)

    @table.command(
        name="abandon", description="Vote to abandon the game (everyone must agree; no result)."
    )
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._ack(
            interaction,
            self.bot.tables.vote_abandon(self._channel(interaction), interaction.user.id),
            public=False,
        )
        text = (
            _("The game is abandoned.")
            if table.ended_by == "abandoned"
            else _("Your vote to abandon is counted.")
        )
        await self._ephemeral(interaction, text, table)

    @table.command(name="pause", description="Stop the turn clock (host).")
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._ack(
            interaction,
            self.bot.tables.pause(self._channel(interaction), interaction.user.id),
            public=False,
        )
        await self._ephemeral(interaction, _("The turn clock is paused."), table)

    @table.command(name="resume", description="Restart the turn clock (host).")
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._ack(
            interaction,
            self.bot.tables.resume(self._channel(interaction), interaction.user.id),
            public=False,
        )
        await self._ephemeral(interaction, _("The turn clock runs again."), table)

    # --- the channel itself ------------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    async def _channel_gone(self, channel_id: int) -> None:
        """A deleted channel or thread ends its table (unrated) and frees what it held."""
        if self.bot.tables.get(channel_id) is not None:
            await self.bot.tables.channel_gone(channel_id)
        self.bot.publisher.forget(channel_id)

    @staticmethod
    def _channel(interaction: discord.Interaction[Any]) -> int:
        if interaction.channel_id is None:
            raise TableError("Tables live in server channels.")
        return interaction.channel_id

    # --- the finished table's Rematch button -------------------------------------------------------------
    async def cog_load(self) -> None:
        self.bot.controls.rematch = self.rematch
        self.bot.controls.lobby_click = self.lobby_click

    async def cog_unload(self) -> None:
        self.bot.controls.clear(self)

    async def rematch(self, interaction: discord.Interaction[Any], channel_id: int) -> None:
        """A new lobby with the last game's seats: the players of the last game are invited."""
        _same_channel(interaction, channel_id)
        user = interaction.user
        work = self.bot.tables.rematch(channel_id, user.id, user_name(user))
        table = await self._ack(interaction, work, public=True)
        invited = sorted(table.invited)
        with using(await self.bot.languages.server(table.guild_id)):  # the channel reads it
            content = rematch_invitation(user_name(user), invited)
        await self._public_response(interaction, table, content=content, mention=invited)

    # --- lobby buttons --------------------------------------------------------------------------------------
    async def lobby_click(
        self,
        interaction: discord.Interaction[Any],
        action: str,
        channel_id: int,
        seat: int | None,
        values: list[str] | None = None,
    ) -> None:
        """A lobby button or the computer select: act, then redraw the lobby as the click's response."""
        _same_channel(interaction, channel_id)
        manager, user = self.bot.tables, interaction.user
        if action in ("join", "sit"):
            table = await self._ack(
                interaction, manager.join(channel_id, user.id, user_name(user), seat), public=False
            )
        elif action == "leave":
            table = await self._ack(interaction, manager.leave(channel_id, user.id), public=False)
        elif action == "start":
            manager.check_start(channel_id, user.id)  # refuse privately, at once
            table = await self._ack(interaction, manager.start(channel_id, user.id), public=True)
        elif action == "cancel":
            table = await self._ack(interaction, manager.cancel(channel_id, user.id), public=False)
        elif action == "pings":
            work = manager.toggle_pings(channel_id, user.id)
            table = await self._ack(interaction, work, public=False)
        elif action == "pace":
            timer = self.bot.config.turn_timer_seconds
            work = manager.toggle_pace(channel_id, user.id, timer)
            table = await self._ack(interaction, work, public=False)
        elif action == "computer" and values and values[0] in {lv.value for lv in Level}:
            table = await self._ack(
                interaction,
                manager.add_computer(channel_id, user.id, Level(values[0])),
                public=False,
            )
        else:
            raise TableError("That button is not one I know.")
        # The click only acknowledges; the table's queue redraws the message with the newest state
        # (an answer drawn now could land after a slower, newer write and show an old table).
        self.bot.publisher.schedule(table)
        await defer_update(interaction)


def _same_channel(interaction: discord.Interaction[Any], channel_id: int) -> None:
    """A table's button works only in its own channel (a message forwarded elsewhere keeps it)."""
    if channel_id != interaction.channel_id:
        raise TableError("That button belongs to another channel's table.")


async def setup(bot: CardHost) -> None:
    await bot.add_cog(Tables(bot))
