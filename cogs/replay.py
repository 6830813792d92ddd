"""``/replay`` and ``/verify``: watch a finished game again, step by step, and check that its
deals came from the seed committed to at its start. Thin: the table layer rebuilds the game
(``bot.tables.replay``) from storage, the renderer draws it; answers are ephemeral.

custom_ids (persistent ``DynamicItem``s, so they work after a restart; ≤ 100 characters):
  ``rp:<kind>:<game id>:<step>``  ``o`` open a replay (a new private message: the final table
                                  message's **Replay** button), ``f`` ``p`` ``n`` ``l`` ``d``
                                  (⏮ ◀ ▶ ⏭, next deal) show that step in the same message
  ``rpsel``                       the ``/history`` select: open the chosen game's replay
A step or game that does not exist (a stale or forged id) gets a polite refusal."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands
from discord.ui import Button, DynamicItem, Select

from bot.i18n import N_, _
from bot.names import shown
from bot.render.replay import next_deal_label, replay_panel, verify_panel
from bot.tables.replay import (
    MAX_STEP,
    Replayer,
    ReplayFrame,
    ReplayUnavailable,
    verify_game,
)
from cogs.language import Localised
from storage.models import GameLog

from .acks import within_ack
from .ui import guarded, one_shot, panel_embed

if TYPE_CHECKING:
    from bot.app import CardBot
    from storage.models import GameSummary

GAME_ID = r"[0-9A-Za-z_-]{1,64}"
NOT_FOUND = N_("There is no finished game with that id in this server (see /history for ids).")
NO_STORAGE = N_("Replays are not available: this bot is running without a database.")


def replay_custom_id(kind: str, game_id: str, step: int) -> str:
    return f"rp:{kind}:{game_id}:{step}"


def replay_buttons(frame: ReplayFrame) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭ and the jump to the next deal, each carrying the game and the step it shows."""
    gid, step, total = frame.table.game_id, frame.step, frame.total
    nxt = frame.next_deal
    specs = [
        ("f", 0, "⏮", None, step == 0),
        ("p", max(step - 1, 0), "◀", None, step == 0),
        ("n", min(step + 1, total), "▶", None, step >= total),
        ("l", total, "⏭", None, step >= total),
        (
            "d",
            nxt if nxt is not None else total,
            None,
            next_deal_label(frame.table.spec.game) + " ⏩",
            nxt is None,
        ),
    ]
    view = discord.ui.View(timeout=None)
    for kind, target, emoji, label, disabled in specs:
        view.add_item(
            Button(
                emoji=emoji,
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=replay_custom_id(kind, gid, target),
                disabled=disabled,
            )
        )
    return one_shot(view)  # drawn per click: nothing in it listens (ReplayButton does)


class ReplayButton(
    Localised,
    DynamicItem[Button[Any]],
    template=rf"rp:(?P<kind>[ofpnld]):(?P<gid>{GAME_ID}):(?P<step>\d{{1,6}})",
):
    def __init__(self, item: Button[Any], kind: str, game_id: str, step: int) -> None:
        super().__init__(item)
        self.kind, self.game_id, self.step = kind, game_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> ReplayButton:
        return cls(cast(Button[Any], item), match["kind"], match["gid"], int(match["step"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = cast(Replays, interaction.client.get_cog("Replays"))
        new = self.kind == "o"
        await guarded(interaction, cog.show(interaction, self.game_id, self.step, new=new))


class ReplaySelect(Localised, DynamicItem[Select[Any]], template=r"rpsel"):
    def __init__(self, item: Select[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> ReplaySelect:
        return cls(cast(Select[Any], item))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values = [str(v) for v in data.get("values") or []]
        cog = cast(Replays, interaction.client.get_cog("Replays"))
        game_id = values[0] if values else ""
        await guarded(interaction, cog.show(interaction, game_id, 0, new=True))


def history_select(games: list[GameSummary], label: Any) -> discord.ui.View | None:
    """A select of ``/history``'s games: choosing one opens its replay."""
    if not games:
        return None
    options = [
        discord.SelectOption(label=str(label(g))[:100], value=g.game_id, description=g.game_id)
        for g in games[:25]
    ]
    view = discord.ui.View(timeout=None)
    view.add_item(Select(custom_id="rpsel", placeholder=_("Replay a game…"), options=options))
    return one_shot(view)


class Replays(commands.Cog):
    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        self.replayer = Replayer()  # a few recent games as checkpoints: cheap steps

    async def _log(self, interaction: discord.Interaction[Any], game_id: str) -> GameLog:
        storage = self.bot.storage
        if storage is None:
            raise ReplayUnavailable(NO_STORAGE)
        game_id = game_id.strip().strip("`")
        if not game_id or len(game_id) > 64:
            raise ReplayUnavailable(NOT_FOUND)
        log = await storage.game_log(game_id)
        if log is None or log.guild_id != interaction.guild_id:
            raise ReplayUnavailable(NOT_FOUND)
        return log

    async def show(
        self, interaction: discord.Interaction[Any], game_id: str, step: int, *, new: bool
    ) -> None:
        """Step ``step`` of a finished game: a new private message, or the clicked one redrawn."""
        if not 0 <= step <= MAX_STEP:
            raise ReplayUnavailable("That replay step does not exist.")
        log = await self._log(interaction, game_id)
        frame = await within_ack(
            interaction,
            asyncio.to_thread(self.replayer.frame, log, step),
            ephemeral=True if new else None,
        )
        embed = panel_embed(replay_panel(frame), frame.table.spec.game)
        view = replay_buttons(frame)
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
    @app_commands.guild_only()
    async def replay(
        self, interaction: discord.Interaction[Any], game: app_commands.Range[str, 1, 64]
    ) -> None:
        await self.show(interaction, game, 0, new=True)

    @app_commands.command(
        name="verify", description="Check that a finished game's deals came from its seed."
    )
    @app_commands.describe(game="The game id (shown by /history and on the final table message)")
    @app_commands.guild_only()
    async def verify(
        self, interaction: discord.Interaction[Any], game: app_commands.Range[str, 1, 64]
    ) -> None:
        live = self._live_commitment(interaction, game)
        if live is not None:
            await interaction.response.send_message(live, ephemeral=True)
            return
        log = await self._log(interaction, game)
        report = await within_ack(interaction, asyncio.to_thread(verify_game, log), ephemeral=True)
        names = [
            next(
                (shown(s.name) for s in log.seats if s.seat == i),
                _("seat {number}").format(number=i + 1),
            )
            for i in range(log.players)
        ]
        embed = panel_embed(verify_panel(report, names), log.game)
        if interaction.response.is_done():
            await interaction.followup.send(embed=embed, ephemeral=True)
        else:
            await interaction.response.send_message(embed=embed, ephemeral=True)

    def _live_commitment(self, interaction: discord.Interaction[Any], game_id: str) -> str | None:
        """A game still in play: only its commitment (the seed is revealed when it ends)."""
        for table in self.bot.tables.tables():
            same = table.game_id == game_id.strip() and table.guild_id == interaction.guild_id
            if same and table.is_live and table.commitment is not None:
                return _(
                    "Game {id} is still being played. Its commitment is {hash}; the seed is "
                    "revealed when the game ends, then /verify re-derives every deal."
                ).format(id=table.game_id, hash=f"`{table.commitment}`")
        return None


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Replays(bot))
    bot.add_dynamic_items(ReplayButton, ReplaySelect)


async def teardown(bot: CardBot) -> None:
    bot.remove_dynamic_items(ReplayButton, ReplaySelect)
