"""``/games``: the player's open tables in this server (lobbies, live and correspondence games),
with a Show my hand button per game. Thin: ``bot.discord.my_games`` builds the answer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.my_games import games_message
from bot.tables.errors import TableError

if TYPE_CHECKING:
    from bot.discord.card_host import CardHost


class Games(commands.Cog):
    def __init__(self, bot: CardHost) -> None:
        self.bot = bot

    @app_commands.command(name="games", description="Your open tables in this server.")
    @app_commands.describe(page="Which page, when you sit at more than ten tables")
    @app_commands.allowed_installs(guilds=True, users=False)  # a server's tables: its install
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    async def games(
        self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1, 100] = 1
    ) -> None:
        guild = interaction.guild
        if interaction.guild_id is None:
            raise TableError("Run /games in a server: it lists your tables there.")
        server = guild.name if guild is not None else str(interaction.guild_id)
        embed, view = games_message(
            self.bot.tables, interaction.guild_id, interaction.user.id, server, page
        )
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


async def setup(bot: CardHost) -> None:
    await bot.add_cog(Games(bot))
