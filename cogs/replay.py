"""``/replay`` and ``/verify``: watch a finished game again, step by step, and check that its
deals came from the seed committed to at its start. Thin: the table layer rebuilds the game
(``bot.tables.replay``) from storage, the renderer draws it; answers are ephemeral.

Its controls are ``bot.discord.replay_controls``; a step or game that does not exist (a stale or
forged id) gets a polite refusal. The **Analysis** toggle shows, beside the move a step shows,
what the stored analysis says of it (``bot.tables.analysis_queue`` makes them in the background;
a game without one yet is asked for first in the queue and told "pending")."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.analysis import AnalysisState, GameAnalysis
from bot.discord.acks import within_ack
from bot.discord.places import may_open, place_of
from bot.discord.replay_controls import replay_buttons
from bot.discord.ui import panel_embed
from bot.i18n import N_, _
from bot.names import shown
from bot.render.replay import add_analysis, replay_panel, verify_panel
from bot.tables.analysis_queue import analysis_status
from bot.tables.replay import (
    MAX_STEP,
    GameLogs,
    Replayer,
    ReplayFrame,
    ReplayUnavailable,
    verify_game,
)
from cogs.places import anywhere
from storage.models import GameLog

if TYPE_CHECKING:
    from bot.discord.card_host import CardHost

NOT_FOUND = N_("There is no finished game with that id in this server (see /history for ids).")
NO_STORAGE = N_("Replays are not available: this bot is running without a database.")


class Replays(commands.Cog):
    def __init__(self, bot: CardHost) -> None:
        self.bot = bot
        self.replayer = Replayer()  # a few recent games as checkpoints: cheap steps
        self.logs = GameLogs()  # and their logs, not read again at every step

    async def cog_load(self) -> None:
        self.bot.controls.replay_step = self.show

    async def cog_unload(self) -> None:
        self.bot.controls.clear(self)

    async def _log(self, interaction: discord.Interaction[Any], game_id: str) -> GameLog:
        storage = self.bot.storage
        if storage is None:
            raise ReplayUnavailable(NO_STORAGE)
        game_id = game_id.strip().strip("`")
        if not game_id or len(game_id) > 64:
            raise ReplayUnavailable(NOT_FOUND)
        log = await self.logs.get(storage, game_id)
        if log is None or not may_open(interaction, log):
            raise ReplayUnavailable(NOT_FOUND)
        return log

    async def _frame_and_analysis(
        self, log: GameLog, step: int, analysis: bool
    ) -> tuple[ReplayFrame, tuple[AnalysisState, GameAnalysis | None] | None]:
        frame = asyncio.to_thread(self.replayer.frame, log, step)
        if not analysis:
            return await frame, None
        return await asyncio.gather(
            frame, analysis_status(self.bot.storage, self.bot.analyses, log)
        )

    async def show(
        self,
        interaction: discord.Interaction[Any],
        game_id: str,
        step: int,
        new: bool,
        analysis: bool = False,
    ) -> None:
        """Step ``step`` of a finished game: a new private message, or the clicked one redrawn;
        ``analysis``: with the analysis of the move it shows."""
        if not 0 <= step <= MAX_STEP:
            raise ReplayUnavailable("That replay step does not exist.")
        log = await self._log(interaction, game_id)
        frame, verdicts = await within_ack(
            interaction,
            self._frame_and_analysis(log, step, analysis),
            ephemeral=True if new else None,
        )
        panel = replay_panel(frame)
        if verdicts is not None:
            add_analysis(panel, frame, *verdicts, names=seat_names(log))
        embed = panel_embed(panel, frame.table.spec.game)
        embed.url = await self.bot.web_links.game(interaction.guild_id, log.game_id, step)
        toggle = self.bot.analyses is not None or analysis
        pending = verdicts is not None and verdicts[0] in (
            AnalysisState.PENDING,
            AnalysisState.BUSY,
        )
        view = replay_buttons(frame, analysis=analysis, toggle=toggle, pending=pending)
        if interaction.response.is_done():
            if new:
                await interaction.followup.send(embed=embed, view=view, ephemeral=True)
            else:
                await interaction.edit_original_response(embed=embed, view=view)
        elif new:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        else:
            await interaction.response.edit_message(embed=embed, view=view)

    @app_commands.command(name="replay", description="Watch a finished game again, move by move.")
    @app_commands.describe(game="The game id (shown by /history and on the final table message)")
    @anywhere
    async def replay(
        self, interaction: discord.Interaction[Any], game: app_commands.Range[str, 1, 64]
    ) -> None:
        await self.show(interaction, game, 0, new=True)

    @app_commands.command(
        name="verify", description="Check that a finished game's deals came from its seed."
    )
    @app_commands.describe(game="The game id (shown by /history and on the final table message)")
    @anywhere
    async def verify(
        self, interaction: discord.Interaction[Any], game: app_commands.Range[str, 1, 64]
    ) -> None:
        live = self._live_commitment(interaction, game)
        if live is not None:
            await interaction.response.send_message(live, ephemeral=True)
            return
        log = await self._log(interaction, game)
        report = await within_ack(interaction, asyncio.to_thread(verify_game, log), ephemeral=True)
        embed = panel_embed(verify_panel(report, seat_names(log)), log.game)
        if interaction.response.is_done():
            await interaction.followup.send(embed=embed, ephemeral=True)
        else:
            await interaction.response.send_message(embed=embed, ephemeral=True)

    def _live_commitment(self, interaction: discord.Interaction[Any], game_id: str) -> str | None:
        """A game still in play: only its commitment (the seed is revealed when it ends)."""
        for table in self.bot.tables.tables():
            same = table.game_id == game_id.strip() and table.guild_id == place_of(interaction)
            if same and table.is_live and table.commitment is not None:
                return _(
                    "Game {id} is still being played. Its commitment is {hash}; the seed is "
                    "revealed when the game ends, then /verify re-derives every deal."
                ).format(id=table.game_id, hash=f"`{table.commitment}`")
        return None


def seat_names(log: GameLog) -> list[str]:
    return [
        next(
            (shown(s.name) for s in log.seats if s.seat == i),
            _("seat {number}").format(number=i + 1),
        )
        for i in range(log.players)
    ]


async def setup(bot: CardHost) -> None:
    await bot.add_cog(Replays(bot))
