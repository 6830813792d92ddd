"""``/leaderboard``, ``/stats`` and ``/history``: thin adapters over the bot's ``Storage`` (their texts
are ``bot.render.stats``'s).

All three answer ephemerally (a leaderboard page carries the caller's own rank, and paging it should
not move anyone else's screen). Leaderboard pages turn with persistent buttons (``DynamicItem``s,
so they keep working after a restart); their custom_id carries everything needed:

  ``lb:<game>:<metric>:<page>``   show that page (0-based) of that board, for whoever clicks
  ``lb:<game>:<metric>:me``       jump to the page holding the clicker's own rank

Computer players are left out of leaderboards unless asked for (``computers:True``); such a board's
buttons end in ``:all`` (``lb:<game>:<metric>:<page>:all``) so its pages keep them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands
from discord.ui import Button, DynamicItem

from bot.discord.acks import within_ack
from bot.discord.language import Localised
from bot.discord.ui import BOARD_MESSAGE, guarded, panel_embed
from bot.i18n import N_, _
from bot.names import shown
from bot.render.stats import (
    GAME_NAMES,
    METRIC_NAMES,
    board_panel,
    history_panel,
    recorded_game_title,
    stats_panel,
)
from bot.render.text import Panel
from storage.models import Metric

from .replay import history_select
from .tables import GAME_CHOICES

if TYPE_CHECKING:
    from bot.app import CardBot
    from storage.base import Storage

PAGE_SIZE = 10
HISTORY_SIZE = 10
METRIC_CHOICES = [app_commands.Choice(name=name, value=m.value) for m, name in METRIC_NAMES.items()]
NO_STORAGE = N_("Statistics are not available: this bot is running without a database.")
_GAMES_RE = "|".join(GAME_NAMES)
_METRICS_RE = "|".join(m.value for m in Metric)


def page_buttons(
    game: str, metric: Metric, page: int, more: bool, computers: bool = False
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    prev = PageButton.make(game, metric, str(max(page - 1, 0)), "◀ " + _("Previous"), computers)
    prev.item.disabled = page == 0
    nxt = PageButton.make(game, metric, str(page + 1), _("Next") + " ▶", computers)
    nxt.item.disabled = not more
    view.add_item(prev)
    view.add_item(nxt)
    view.add_item(PageButton.make(game, metric, "me", _("My rank"), computers))
    return view


class PageButton(
    Localised,
    DynamicItem[Button[Any]],
    template=rf"lb:(?P<game>{_GAMES_RE}):(?P<metric>{_METRICS_RE}):(?P<page>[0-9]{{1,6}}|me)(?P<all>:all)?",
):
    def __init__(
        self, item: Button[Any], game: str, metric: Metric, page: str, computers: bool = False
    ) -> None:
        super().__init__(item)
        self.game, self.metric, self.page, self.computers = game, metric, page, computers

    @classmethod
    def make(
        cls, game: str, metric: Metric, page: str, label: str, computers: bool = False
    ) -> PageButton:
        button: Button[Any] = Button(
            label=label,
            style=discord.ButtonStyle.secondary,
            custom_id=f"lb:{game}:{metric.value}:{page}{':all' if computers else ''}",
        )
        return cls(button, game, metric, page, computers)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> PageButton:
        metric = Metric(match["metric"])
        return cls(
            cast(Button[Any], item), match["game"], metric, match["page"], bool(match["all"])
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = cast(Stats, interaction.client.get_cog("Stats"))
        work = cog.turn_page(interaction, self.game, self.metric, self.page, self.computers)
        await guarded(interaction, work, BOARD_MESSAGE)


class Stats(commands.Cog):
    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    def _storage(self) -> Storage | None:
        return self.bot.storage

    async def _board(
        self,
        guild_id: int,
        viewer_id: int,
        game: str,
        metric: Metric,
        page: int | None,
        computers: bool,
    ) -> tuple[discord.Embed, discord.ui.View]:
        storage = self._storage()
        if storage is None:
            raise RuntimeError("no storage")
        mine = await storage.rank_of(guild_id, game, viewer_id, metric, include_bots=computers)
        if page is None:  # "my rank": the page that holds the viewer, else the first
            page = (mine.rank - 1) // PAGE_SIZE if mine is not None else 0
        rows = await storage.leaderboard(
            guild_id,
            game,
            metric,
            limit=PAGE_SIZE + 1,
            offset=page * PAGE_SIZE,
            include_bots=computers,
        )
        panel = board_panel(game, metric, page, rows[:PAGE_SIZE], mine, viewer_id, computers)
        more = len(rows) > PAGE_SIZE
        return panel_embed(panel, game), page_buttons(game, metric, page, more, computers)

    @app_commands.command(name="leaderboard", description="The best players of a game here.")
    @app_commands.describe(
        game="Which game",
        metric="What to rank by (default: rating)",
        computers="List computer players too (default: no)",
    )
    @app_commands.choices(game=GAME_CHOICES, metric=METRIC_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        metric: str = Metric.RATING.value,
        computers: bool = False,
    ) -> None:
        if self._storage() is None or interaction.guild_id is None:
            await interaction.response.send_message(_(NO_STORAGE), ephemeral=True)
            return
        work = self._board(
            interaction.guild_id, interaction.user.id, game, Metric(metric), 0, computers
        )
        # Storage may be slow: acknowledge within Discord's 3 s (a private "thinking…"), then answer.
        embed, view = await within_ack(interaction, work, ephemeral=True)
        await _send_private(interaction, embed, view)

    async def turn_page(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        metric: Metric,
        page: str,
        computers: bool = False,
    ) -> None:
        if self._storage() is None or interaction.guild_id is None:
            await interaction.response.send_message(_(NO_STORAGE), ephemeral=True)
            return
        number = None if page == "me" else int(page)
        work = self._board(
            interaction.guild_id, interaction.user.id, game, metric, number, computers
        )
        embed, view = await within_ack(interaction, work)  # a deferred update if storage is slow
        if interaction.response.is_done():
            await interaction.edit_original_response(embed=embed, view=view)
        else:
            await interaction.response.edit_message(embed=embed, view=view)

    async def _about_player(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | None,
        panel: Callable[
            [Storage, int, discord.User | discord.Member],
            Awaitable[Panel | tuple[Panel, discord.ui.View | None]],
        ],
    ) -> None:
        """/stats and /history: the chosen player (default: the caller), answered privately
        (``panel`` may come with a view, such as /history's replay menu)."""
        storage = self._storage()
        if storage is None or interaction.guild_id is None:
            await interaction.response.send_message(_(NO_STORAGE), ephemeral=True)
            return
        work = panel(storage, interaction.guild_id, player or interaction.user)
        built = await within_ack(interaction, work, ephemeral=True)
        shown_panel, view = built if isinstance(built, tuple) else (built, None)
        await _send_private(interaction, panel_embed(shown_panel), view)

    @app_commands.command(name="stats", description="A player's results in every game here.")
    @app_commands.describe(player="Whose stats (default: yours)")
    @app_commands.rename(player="user")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None
    ) -> None:
        async def panel(
            storage: Storage, guild_id: int, who: discord.User | discord.Member
        ) -> Panel:
            name = shown(who.display_name)
            return stats_panel(name, await storage.player_stats(guild_id, who.id))

        await self._about_player(interaction, player, panel)

    @app_commands.command(name="history", description="Recent finished games and their results.")
    @app_commands.describe(player="Whose games (default: yours)")
    @app_commands.rename(player="user")
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None
    ) -> None:
        async def panel(
            storage: Storage, guild_id: int, who: discord.User | discord.Member
        ) -> tuple[Panel, discord.ui.View | None]:
            games = await storage.history(guild_id, who.id, HISTORY_SIZE)
            # the menu opens a game's replay (labels are component text: raw, not escaped)
            menu = history_select(
                games, lambda g: f"{recorded_game_title(g.game, g.options)} · {g.game_id}"
            )
            return history_panel(shown(who.display_name), games, who.id), menu

        await self._about_player(interaction, player, panel)


async def _send_private(
    interaction: discord.Interaction[Any], embed: discord.Embed, view: discord.ui.View | None
) -> None:
    if interaction.response.is_done():  # deferred: storage took long
        await interaction.followup.send(
            embed=embed, view=view or discord.utils.MISSING, ephemeral=True
        )
    else:
        await interaction.response.send_message(
            embed=embed, view=view or discord.utils.MISSING, ephemeral=True
        )


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Stats(bot))
    bot.add_dynamic_items(PageButton)


async def teardown(bot: CardBot) -> None:
    bot.remove_dynamic_items(PageButton)
