"""``/table …``: open a lobby, join, leave, start, cancel, kick, add computers, and the table's life
(status, resign, pause, resume, abandon). Thin: every decision is the table manager's."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GAMES, game_info
from bot.render.rules import display_title, option_suggestions
from bot.render.table import rematch_invitation
from bot.tables.errors import TableError
from bot.tables.models import Level, Table, TableStatus
from bot.tables.specs import command_spec

from .errors import PUBLIC_THINKING
from .publisher import public_message
from .ui import ACK_BUDGET, within_ack

if TYPE_CHECKING:
    from bot.app import CardBot

T = TypeVar("T")

GAME_CHOICES = [app_commands.Choice(name=display_title(g), value=g) for g in GAMES]
#: The most seats any game has (each game's own limits are checked by its ``game_info``).
MAX_SEATS = max(max(game_info(g).players) for g in GAMES)
SAT_OUT = "You left the game: you fold and sit out, and your chips stay on the table until it ends."

PRESET_CHOICES = [
    app_commands.Choice(name="standard (2 players)", value="standard"),
    app_commands.Choice(name="open hands (2 players, to 15)", value="open"),
    app_commands.Choice(name="pairs (4 players, 2 teams)", value="pairs"),
]
LEVEL_CHOICES = [app_commands.Choice(name=level.value, value=level.value) for level in Level]


def user_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


class Tables(commands.Cog):
    ack_budget = ACK_BUDGET  # seconds a table change may take before the interaction is deferred

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    table = app_commands.Group(
        name="table", description="Open and run a card table in this channel.", guild_only=True
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
        """Answer with the table message itself: a new public message whose id the table remembers
        (``content``: a line above it that may ping exactly the users in ``mention``)."""
        embed, view, files = await public_message(table, self._latest(table))
        extra: dict[str, Any] = {}
        if content:
            extra = {
                "content": content,
                "allowed_mentions": discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(u) for u in mention or []]
                ),
            }
        if interaction.response.is_done():
            sent = await interaction.followup.send(
                embed=embed, view=view or discord.utils.MISSING, files=files, wait=True, **extra
            )
            interaction.extras[PUBLIC_THINKING] = False  # the "thinking…" answer is the table now
            message_id: int | None = sent.id
        else:
            response = await interaction.response.send_message(
                embed=embed, view=view or discord.utils.MISSING, files=files, **extra
            )
            message_id = getattr(response, "message_id", None)
        if message_id is not None and table.is_live:
            old = table.message_id
            await self.bot.tables.set_message(table.channel_id, message_id, self.bot.clock())
            if old is not None and interaction.channel is not None:
                with contextlib.suppress(discord.HTTPException):
                    await interaction.channel.get_partial_message(old).delete()  # type: ignore[union-attr]
        self.bot.publisher.follow(table)

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
        players="How many seats, where the game lets you choose (Haggis 2–3, Hurricane poker 2–8)",
        computer="Fill every empty seat with computer players of this level and start at once",
        options="More rules as name=value pairs (see /rules), e.g. bomb_capture=chooser",
    )
    @app_commands.choices(game=GAME_CHOICES, preset=PRESET_CHOICES, computer=LEVEL_CHOICES)
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
    ) -> None:
        if interaction.channel_id is None or interaction.guild_id is None:
            raise TableError("Tables live in server channels.")
        timer = self.bot.config.turn_timer_seconds if turn_timer is None else turn_timer
        manager = self.bot.tables
        # Every refusal happens here, before anything may defer the answer publicly: it stays private.
        asked = command_spec(
            game, options=options, preset=preset, target=target, players=players, turn_timer=timer
        )
        spec = manager.check_open(interaction.channel_id, asked)
        table = await self._ack(
            interaction,
            manager.open_table(
                channel_id=interaction.channel_id,
                guild_id=interaction.guild_id,
                host_id=interaction.user.id,
                host_name=user_name(interaction.user),
                spec=spec,
            ),
            public=True,
        )
        if computer is not None:
            while table.empty_seats:
                await self._ack(
                    interaction,
                    manager.add_computer(table.channel_id, interaction.user.id, Level(computer)),
                    public=True,
                )
            await self._ack(
                interaction, manager.start(table.channel_id, interaction.user.id), public=True
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
        await self._ephemeral(interaction, "You have a seat. Wait for the host to start.", table)

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
            "You left; the table is cancelled."
            if table.status is TableStatus.CANCELLED
            else SAT_OUT
            if table.status is TableStatus.PLAYING
            else "You left the table."
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
        await self._ephemeral(interaction, "The table is cancelled.", table)

    @table.command(name="kick", description="Remove a player or computer from a lobby seat (host).")
    @app_commands.describe(seat="Seat number to empty")
    async def kick(
        self, interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, 4]
    ) -> None:
        table = await self._ack(
            interaction,
            self.bot.tables.kick(self._channel(interaction), interaction.user.id, seat - 1),
            public=False,
        )
        await self._ephemeral(interaction, f"Seat {seat} is free again.", table)

    @table.command(name="computer", description="Seat a computer player in the lobby (host).")
    @app_commands.describe(
        level="How strong it plays: easy, normal or hard",
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
        await self._ephemeral(interaction, f"A {level} computer player takes a seat.", table)

    # --- during play --------------------------------------------------------------------------------------
    @table.command(name="status", description="Show this channel's table again.")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        table = self.bot.tables.require(self._channel(interaction))
        if table.is_live:
            self.bot.publisher.cancel_pending(table.channel_id)
            await self._public_response(interaction, table)
        else:
            embed, _view, files = await public_message(table, self._latest(table))
            await interaction.response.send_message(embed=embed, files=files, ephemeral=True)

    @table.command(name="resign", description="Give up the game (counts as a loss).")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._ack(
            interaction,
            self.bot.tables.resign(self._channel(interaction), interaction.user.id),
            public=False,
        )
        text = SAT_OUT if table.status is TableStatus.PLAYING else "You resigned."
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
            "The game is abandoned."
            if table.ended_by == "abandoned"
            else "Your vote to abandon is counted."
        )
        await self._ephemeral(interaction, text, table)

    @table.command(name="pause", description="Stop the turn clock (host).")
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._ack(
            interaction,
            self.bot.tables.pause(self._channel(interaction), interaction.user.id),
            public=False,
        )
        await self._ephemeral(interaction, "The turn clock is paused.", table)

    @table.command(name="resume", description="Restart the turn clock (host).")
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._ack(
            interaction,
            self.bot.tables.resume(self._channel(interaction), interaction.user.id),
            public=False,
        )
        await self._ephemeral(interaction, "The turn clock runs again.", table)

    def _latest(self, table: Table) -> Callable[[], Table | None]:
        return lambda: self.bot.tables.get(table.channel_id)

    @staticmethod
    def _channel(interaction: discord.Interaction[Any]) -> int:
        if interaction.channel_id is None:
            raise TableError("Tables live in server channels.")
        return interaction.channel_id

    # --- the finished table's Rematch button -------------------------------------------------------------
    async def rematch(self, interaction: discord.Interaction[Any], channel_id: int) -> None:
        """A new lobby with the last game's seats: the players of the last game are invited."""
        if channel_id != interaction.channel_id:
            raise TableError("That button belongs to another channel's table.")
        user = interaction.user
        work = self.bot.tables.rematch(channel_id, user.id, user_name(user))
        table = await self._ack(interaction, work, public=True)
        invited = sorted(table.invited)
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
        if channel_id != interaction.channel_id:
            raise TableError("That button belongs to another channel's table.")
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
            current = manager.require(channel_id).spec.pings
            table = await self._ack(
                interaction, manager.set_pings(channel_id, user.id, not current), public=False
            )
        elif action == "computer" and values and values[0] in {lv.value for lv in Level}:
            table = await self._ack(
                interaction,
                manager.add_computer(channel_id, user.id, Level(values[0])),
                public=False,
            )
        else:
            raise TableError("That button is not one I know.")
        self.bot.publisher.cancel_pending(channel_id)
        embed, view, files = await public_message(table, self._latest(table))
        if interaction.response.is_done():
            await interaction.edit_original_response(embed=embed, view=view, attachments=files)
        else:
            await interaction.response.edit_message(embed=embed, view=view, attachments=files)
        self.bot.publisher.follow(table)


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Tables(bot))
