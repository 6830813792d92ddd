"""``/leaderboard``, ``/stats`` and ``/history``: thin adapters over the bot's ``Storage`` (their texts
are ``bot.render.stats``'s).

All three answer ephemerally (a leaderboard page carries the caller's own rank, and paging it should
not move anyone else's screen). Leaderboard pages turn with the persistent buttons of
``bot.discord.board_controls``, answered here (``turn_page``). Computer players are left out of
leaderboards unless asked for (``computers:True``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.acks import within_ack
from bot.discord.board_controls import page_buttons
from bot.discord.choices import GAME_CHOICES, SCOPE_CHOICES
from bot.discord.places import in_server, own_record, place_of
from bot.discord.replay_controls import history_select
from bot.discord.tournaments import season_board, season_named
from bot.discord.ui import panel_embed
from bot.i18n import N_, _
from bot.names import shown
from bot.render.stats import (
    METRIC_NAMES,
    board_panel,
    history_panel,
    own_stats_panel,
    recorded_game_title,
    stats_panel,
)
from bot.render.text import Panel
from cogs.places import anywhere
from storage.models import Metric

if TYPE_CHECKING:
    from bot.discord.card_host import CardHost
    from storage.base import Storage

PAGE_SIZE = 10
SCOPE_HELP = (
    "Here, or your own games in all DMs and group DMs (default: here in a server, else yours)"
)
HISTORY_SIZE = 10
METRIC_CHOICES = [app_commands.Choice(name=name, value=m.value) for m, name in METRIC_NAMES.items()]
NO_STORAGE = N_("Statistics are not available: this bot is running without a database.")
OWN_ONLY = N_(
    "A player's own record (their games in DMs and group DMs) is theirs alone to see: ask with "
    "scope here for this place's."
)


class Stats(commands.Cog):
    def __init__(self, bot: CardHost) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.controls.board_page = self.turn_page

    async def cog_unload(self) -> None:
        self.bot.controls.clear(self)

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
        server: bool = True,
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
        panel = board_panel(
            game, metric, page, rows[:PAGE_SIZE], mine, viewer_id, computers, server=server
        )
        more = len(rows) > PAGE_SIZE
        embed = panel_embed(panel, game)
        embed.url = await self.bot.web_links.board(guild_id if server else None, game, metric.value)
        return embed, page_buttons(game, metric, page, more, computers)

    @app_commands.command(name="leaderboard", description="The best players of a game here.")
    @app_commands.describe(
        game="Which game",
        metric="What to rank by (default: rating)",
        computers="List computer players too (default: no)",
        season="A season's name, or all for all time (default: the season running, if any)",
    )
    @app_commands.choices(game=GAME_CHOICES, metric=METRIC_CHOICES)
    @anywhere
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        metric: str = Metric.RATING.value,
        computers: bool = False,
        season: str | None = None,
    ) -> None:
        storage = self._storage()
        if storage is None or place_of(interaction) is None:
            await interaction.response.send_message(_(NO_STORAGE), ephemeral=True)
            return
        if interaction.guild_id is not None:
            chosen = await season_named(storage, interaction.guild_id, season)
            if chosen is not None:
                embed = await season_board(
                    storage, chosen, game, Metric(metric), interaction.user.id, computers
                )
                embed.url = await self.bot.web_links.season_board(
                    interaction.guild_id, chosen.season_id, game, metric
                )
                await _send_private(interaction, embed, None)
                return
        work = self._board(
            place_of(interaction) or 0,
            interaction.user.id,
            game,
            Metric(metric),
            0,
            computers,
            interaction.guild_id is not None,
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
        if self._storage() is None or place_of(interaction) is None:
            await interaction.response.send_message(_(NO_STORAGE), ephemeral=True)
            return
        number = None if page == "me" else int(page)
        work = self._board(
            place_of(interaction) or 0,
            interaction.user.id,
            game,
            metric,
            number,
            computers,
            interaction.guild_id is not None,
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
        scope: str | None,
        panel: Callable[
            [Storage, int | None, discord.User | discord.Member],
            Awaitable[Panel | tuple[Panel, discord.ui.View | None]],
        ],
    ) -> None:
        """/stats and /history: the chosen player (default: the caller), answered privately
        (``panel`` may come with a view, such as /history's replay menu). ``panel`` gets the place,
        or None for the player's own record (``scope``; their own alone may see it)."""
        storage = self._storage()
        if storage is None or (place := place_of(interaction)) is None:
            await interaction.response.send_message(_(NO_STORAGE), ephemeral=True)
            return
        who = player or interaction.user
        own = own_record(interaction, scope, who.id)
        if own and who.id != interaction.user.id:
            await interaction.response.send_message(_(OWN_ONLY), ephemeral=True)
            return
        work = panel(storage, None if own else place, who)
        built = await within_ack(interaction, work, ephemeral=True)
        shown_panel, view = built if isinstance(built, tuple) else (built, None)
        embed = panel_embed(shown_panel)
        if not own:  # the own record spans places: no one server's page holds it
            embed.url = await self.bot.web_links.player(interaction.guild_id, who.id)
        await _send_private(interaction, embed, view)

    @app_commands.command(name="stats", description="A player's results in every game here.")
    @app_commands.describe(player="Whose stats (default: yours)", scope=SCOPE_HELP)
    @app_commands.rename(player="user")
    @app_commands.choices(scope=SCOPE_CHOICES)
    @anywhere
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | None = None,
        scope: str | None = None,
    ) -> None:
        async def panel(
            storage: Storage, place: int | None, who: discord.User | discord.Member
        ) -> Panel:
            name = shown(who.display_name)
            if place is None:
                return own_stats_panel(name, await storage.personal_stats(who.id), who.id)
            stats = await storage.player_stats(place, who.id)
            return stats_panel(name, stats, server=in_server(interaction))

        await self._about_player(interaction, player, scope, panel)

    @app_commands.command(name="history", description="Recent finished games and their results.")
    @app_commands.describe(player="Whose games (default: yours)", scope=SCOPE_HELP)
    @app_commands.rename(player="user")
    @app_commands.choices(scope=SCOPE_CHOICES)
    @anywhere
    async def history(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | None = None,
        scope: str | None = None,
    ) -> None:
        async def panel(
            storage: Storage, place: int | None, who: discord.User | discord.Member
        ) -> tuple[Panel, discord.ui.View | None]:
            if place is None:
                games = await storage.personal_history(who.id, HISTORY_SIZE)
            else:
                games = await storage.history(place, who.id, HISTORY_SIZE)
            ids = [g.game_id for g in games]
            played_in = await storage.tournament_games(ids)
            accuracies = await storage.game_accuracies(ids)
            # the menu opens a game's replay (labels are component text: raw, not escaped)
            menu = history_select(
                games, lambda g: f"{recorded_game_title(g.game, g.options)} · {g.game_id}"
            )
            name = shown(who.display_name)
            server = in_server(interaction)
            panel = history_panel(
                name,
                games,
                who.id,
                server=server,
                own=place is None,
                tournaments=played_in,
                accuracies=accuracies,
            )
            return panel, menu

        await self._about_player(interaction, player, scope, panel)


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


async def setup(bot: CardHost) -> None:
    await bot.add_cog(Stats(bot))
