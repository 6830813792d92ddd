"""``/rules game:<choice> [public]``: the rules in our own words, the options a table can change and a
short glossary; privately, or to the whole channel with ``public:True``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.choices import GAME_CHOICES
from bot.discord.ui import panel_embed
from bot.i18n import current
from bot.render.rules import rules_panel
from cogs.places import anywhere

if TYPE_CHECKING:
    from bot.discord.card_host import CardHost


class Rules(commands.Cog):
    def __init__(self, bot: CardHost) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="How to play a game, and its options.")
    @app_commands.describe(
        game="Which game", public="Show the rules to the whole channel (default: only to you)"
    )
    @app_commands.choices(game=GAME_CHOICES)
    @anywhere
    async def rules(
        self, interaction: discord.Interaction[Any], game: str, public: bool = False
    ) -> None:
        lang = current()  # the user's (bot.discord.language); public rules: the server's
        if public and interaction.guild_id is not None:
            lang = await self.bot.languages.server(interaction.guild_id)
        await interaction.response.send_message(
            embed=panel_embed(rules_panel(game, lang=lang), game), ephemeral=not public
        )


async def setup(bot: CardHost) -> None:
    await bot.add_cog(Rules(bot))
