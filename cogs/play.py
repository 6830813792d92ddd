"""Playing: **Show my hand** / ``/hand`` (an ephemeral hand with its controls), every click on it, and
``/play move:<autocomplete>``. Each click answers by editing that same ephemeral message (a fresh token each
time), carries the move number it was drawn at, and goes through the table manager's one entry point."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.acks import ACK_BUDGET, within_ack
from bot.discord.hand import drawn_hand, legal_moves, seat_of
from bot.discord.ui import game_tag, hand_channels
from bot.i18n import N_, _
from bot.render.boards.base import plain_names
from bot.render.hands import REFRESH, Payload, PlayMove, UnknownControl, click, hand_context
from bot.render.moves import matches_query, move_label
from bot.render.refusals import refusal
from bot.render.table import seat_names
from bot.render.typed import typed_move
from bot.tables.errors import NotSeated, StaleAction, TableError
from bot.tables.models import Table, TableStatus
from cogs.places import anywhere

if TYPE_CHECKING:
    from bot.discord.card_host import CardHost

NOT_AT_TABLE = N_("You are not seated at that table, so it has no hand of yours.")
ENDED = N_("That game has ended — see its table message for the result.")
EARLIER_GAME = N_("That hand was from an earlier game at this table — here is your hand now.")


def action_limit(interaction: discord.Interaction[Any]) -> bool:
    """``/play`` shares the per-user limit of clicks (discord.py's cooldown bucket)."""
    retry = getattr(interaction.client, "action_retry_after", None)
    wait = retry(interaction) if retry is not None else None
    if wait:
        raise app_commands.CommandOnCooldown(interaction.client.action_rate, wait)
    return True


class Play(commands.Cog):
    ack_budget = ACK_BUDGET  # seconds a move may take before the click is deferred

    def __init__(self, bot: CardHost) -> None:
        self.bot = bot

    # --- building ---------------------------------------------------------------------------------------
    async def cog_load(self) -> None:
        self.bot.controls.show_hand = self.show_hand
        self.bot.controls.open_hand = self.open_hand
        self.bot.controls.hand_click = self.hand_click

    async def cog_unload(self) -> None:
        self.bot.controls.clear(self)

    def _legal(self, table: Table, user_id: int) -> list[str]:
        return legal_moves(self.bot.tables, table, user_id)

    def _playing_table(self, channel_id: int) -> Table:
        table = self.bot.tables.require(channel_id)
        if table.status is TableStatus.LOBBY:
            raise TableError("The game has not started yet — the host starts it from the lobby.")
        if table.state is None:
            raise TableError("This table has no game.")
        return table

    # --- Show my hand / /hand -----------------------------------------------------------------------------
    async def show_hand(self, interaction: discord.Interaction[Any], channel_id: int) -> None:
        if channel_id != interaction.channel_id:
            raise TableError("That button belongs to another channel's table.")
        table = self._playing_table(channel_id)
        embed, view, files = await drawn_hand(self.bot.tables, table, interaction.user.id)
        if interaction.response.is_done():  # the click's answer redrew the table message
            sent = await interaction.followup.send(
                embed=embed, view=view, files=files, ephemeral=True, wait=True
            )
            self.bot.hands.remember(table, interaction.user.id, interaction, sent.id)
            return
        await interaction.response.send_message(embed=embed, view=view, files=files, ephemeral=True)
        self.bot.hands.remember(table, interaction.user.id, interaction, None)

    async def open_hand(self, interaction: discord.Interaction[Any], channel_id: int) -> None:
        """Show my hand of a table pressed away from it (a turn notice, /games): the hand opens
        here, only for the presser, and its moves are played at that table."""
        table = self.bot.tables.get(channel_id)
        if table is None:  # ended, or (several processes) held by another one: read as stored
            return await self._open_remote(interaction, channel_id)
        if not table.is_live:
            raise TableError(ENDED)
        if not table.is_seated(interaction.user.id):
            raise NotSeated(NOT_AT_TABLE)
        table = self._playing_table(channel_id)
        embed, view, files = await drawn_hand(self.bot.tables, table, interaction.user.id)
        await interaction.response.send_message(embed=embed, view=view, files=files, ephemeral=True)
        self.bot.hands.remember(table, interaction.user.id, interaction, None)

    async def _remote_table(self, channel_id: int, user_id: int) -> Table:
        """The stored table of another process (a DM's clicks reach the process of shard 0)."""
        table = await self.bot.remote.peek(channel_id)
        if table is None:
            raise TableError(ENDED)
        if not table.is_seated(user_id):
            raise NotSeated(NOT_AT_TABLE)
        if table.status is not TableStatus.PLAYING or table.state is None:
            raise TableError("The game has not started yet — the host starts it from the lobby.")
        return table

    async def _open_remote(self, interaction: discord.Interaction[Any], channel_id: int) -> None:
        """Show my hand of a table another process holds: drawn from the stored table, here."""
        user_id = interaction.user.id
        table = await self._remote_table(channel_id, user_id)
        view, legal = self.bot.remote.seat_view(table, user_id)
        embed, ui, files = await drawn_hand(self.bot.tables, table, user_id, view=view, legal=legal)
        await interaction.response.send_message(embed=embed, view=ui, files=files, ephemeral=True)

    async def _remote_click(
        self,
        interaction: discord.Interaction[Any],
        kind: str,
        channel_id: int,
        move_no: int,
        arg: str | None,
        values: list[str],
        tag: str | None,
    ) -> None:
        """A click on a hand of a table another process holds (opened from a turn notice): drawn
        from the stored table; a move is played by the holding process (``bot.discord.remote``)."""
        if hand_channels(interaction.message) != {channel_id}:
            raise TableError("That hand belongs to another channel's table.")
        remote = self.bot.remote
        user_id = interaction.user.id
        table = await self._remote_table(channel_id, user_id)
        seat = seat_of(table, user_id)
        view, legal = remote.seat_view(table, user_id)

        async def redraw(table: Table, note: str | None = None, selection: object = None) -> None:
            view, legal = remote.seat_view(table, user_id)
            await self._redraw(
                interaction,
                table,
                note=note,
                selection=selection,
                view=view,
                legal=legal,
                remember=False,  # its live updates are the holding process's
            )

        if kind == REFRESH:
            return await redraw(table)
        if tag is not None and tag != game_tag(table):
            return await redraw(table, _(EARLIER_GAME))
        if move_no != table.move_no:
            return await redraw(table, _(StaleAction().args[0]))
        ctx = hand_context(table, seat, view, lambda: legal)
        try:
            outcome = click(ctx, Payload(kind, arg), values)
        except (UnknownControl, ValueError, IndexError, KeyError, TypeError):
            raise TableError("That control is not one I know.") from None
        if not isinstance(outcome, PlayMove):
            return await redraw(table, selection=outcome.selection)
        work = remote.act(table, user_id, outcome.move, move_no)
        try:
            over = await within_ack(interaction, work, self.ack_budget)
        except TableError as exc:
            note = refusal(str(exc))
        else:
            note = _("Your move is on the table.")
            if over:
                note = _("The game is over — see the table message.")
        after = await remote.peek(channel_id)
        if after is None or after.seat_of(user_id) is None:  # the game ended with that move
            embed = discord.Embed(description=note)
            if interaction.response.is_done():
                await interaction.edit_original_response(embed=embed, view=None, attachments=[])
            else:
                await interaction.response.edit_message(embed=embed, view=None, attachments=[])
            return
        await redraw(after, note)

    @app_commands.command(name="hand", description="Show your cards (only you can see them).")
    @anywhere
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await self.show_hand(interaction, interaction.channel_id or 0)

    # --- clicks on the hand ---------------------------------------------------------------------------------
    async def hand_click(
        self,
        interaction: discord.Interaction[Any],
        kind: str,
        channel_id: int,
        move_no: int,
        arg: str | None,
        values: list[str],
        tag: str | None = None,
    ) -> None:
        """``tag``: the game the hand was drawn for (None from a hand drawn before tags). A hand
        opened away from its table (a turn notice, /games) plays there too, for its player."""
        if channel_id != interaction.channel_id:
            away = self.bot.tables.get(channel_id)
            if away is None:  # (several processes) held by another one, or ended
                return await self._remote_click(
                    interaction, kind, channel_id, move_no, arg, values, tag
                )
            if not away.is_seated(interaction.user.id) or hand_channels(interaction.message) != {
                channel_id
            }:
                raise TableError("That hand belongs to another channel's table.")
        table = self._playing_table(channel_id)
        user_id = interaction.user.id
        seat = seat_of(table, user_id)
        if kind == REFRESH:
            return await self._redraw(interaction, table)
        if tag is not None and tag != game_tag(table):
            return await self._redraw(interaction, table, note=_(EARLIER_GAME))
        if table.status is not TableStatus.PLAYING:
            return await self._redraw(interaction, table, note=_("The game is over."))
        if move_no != table.move_no:
            return await self._redraw(interaction, table, note=_(StaleAction().args[0]))
        if table.state is None:
            raise TableError("This table has no game.")
        view = table.state.view(seat)  # reused by the redraw: nothing moved
        ctx = hand_context(table, seat, view, lambda: self._legal(table, user_id))
        try:
            outcome = click(ctx, Payload(kind, arg), values)
        except (UnknownControl, ValueError, IndexError, KeyError, TypeError):
            # a forged or garbled payload: refused politely, nothing changed
            raise TableError("That control is not one I know.") from None
        if isinstance(outcome, PlayMove):
            return await self._act(interaction, table, outcome.move, move_no)
        return await self._redraw(
            interaction, table, selection=outcome.selection, view=view, legal=list(ctx.legal)
        )

    async def _redraw(
        self,
        interaction: discord.Interaction[Any],
        table: Table,
        *,
        note: str | None = None,
        selection: object | None = None,
        view: dict[str, Any] | None = None,
        legal: list[str] | None = None,
        remember: bool = True,
    ) -> None:
        embed, ui, files = await drawn_hand(
            self.bot.tables,
            table,
            interaction.user.id,
            note=note,
            selection=selection,
            view=view,
            legal=legal,
        )
        if interaction.response.is_done():  # deferred because the move took long
            await interaction.edit_original_response(embed=embed, view=ui, attachments=files)
        else:
            await interaction.response.edit_message(embed=embed, view=ui, attachments=files)
        if remember:
            self.bot.hands.remember(table, interaction.user.id, interaction, None)

    async def _act(
        self, interaction: discord.Interaction[Any], table: Table, action: str, move_no: int
    ) -> None:
        """Play through the manager; answer by redrawing the hand (with the refusal, if any)."""
        work = self.bot.tables.act(table.channel_id, interaction.user.id, action, move_no)
        try:
            outcome = await within_ack(interaction, work, self.ack_budget)
        except TableError as exc:
            return await self._redraw(interaction, table, note=refusal(str(exc)))
        note = (
            _("Your move is on the table.")
            if not outcome.game_over
            else _("The game is over — see the table message.")
        )
        try:
            await self._redraw(interaction, outcome.table, note=note)
        finally:  # the public message follows the player's answer (coalesced), even if that failed
            self.bot.publisher.announce(outcome.table, outcome.events)
            self.bot.publisher.schedule(outcome.table)

    # --- /play ------------------------------------------------------------------------------------------------
    @app_commands.command(
        name="play", description="Play a move by name (autocomplete lists your legal moves)."
    )
    @app_commands.describe(move="Start typing: a card, 'pass', 'bet'…")
    @anywhere
    @app_commands.check(action_limit)
    async def play(
        self, interaction: discord.Interaction[Any], move: app_commands.Range[str, 1, 100]
    ) -> None:
        table = self._playing_table(interaction.channel_id or 0)
        seat_of(table, interaction.user.id)
        legal = self._legal(table, interaction.user.id)
        meant = typed_move(move, legal)  # as shown: К♠, кs, тч, 7♥:3♣+4♦, колл
        if legal and meant is None:
            raise TableError(
                "That is not one of your legal moves — pick one from the list as you type."
            )
        move = meant or move
        work = self.bot.tables.act(table.channel_id, interaction.user.id, move, None)
        outcome = await within_ack(interaction, work, self.ack_budget, ephemeral=True)
        try:
            label = move_label(table.spec.game, move, seat_names(table))
            note = _("Played: {move}").format(move=label)
            embed, view, files = await drawn_hand(
                self.bot.tables, outcome.table, interaction.user.id, note=note
            )
            message_id: int | None = None
            if (
                interaction.response.is_done()
            ):  # deferred ("thinking…", private): the move took long
                sent = await interaction.followup.send(
                    embed=embed, view=view, files=files, ephemeral=True, wait=True
                )
                message_id = sent.id
            else:
                await interaction.response.send_message(
                    embed=embed, view=view, files=files, ephemeral=True
                )
            self.bot.hands.remember(outcome.table, interaction.user.id, interaction, message_id)
        finally:  # the public message follows the player's answer (coalesced)
            self.bot.publisher.announce(outcome.table, outcome.events)
            self.bot.publisher.schedule(outcome.table)

    @play.autocomplete("move")
    async def play_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        table = self.bot.tables.get(interaction.channel_id or 0)
        if table is None or table.status is not TableStatus.PLAYING:
            return []
        names = plain_names(table)  # choices are plain text: names as written
        view = self.bot.tables.view(table.channel_id, interaction.user.id)
        out: list[app_commands.Choice[str]] = []
        for text in self._legal(table, interaction.user.id):
            label = move_label(table.spec.game, text, names, view)
            if matches_query(label, text, current):
                out.append(app_commands.Choice(name=label[:100], value=text))
                if len(out) == 25:
                    break
        return out


async def setup(bot: CardHost) -> None:
    await bot.add_cog(Play(bot))
