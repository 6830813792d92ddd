"""``/ping`` (a bare round trip, also the benchmark's baseline) and the owner-only ``/admin sync``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands


class Admin(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="ping", description="Check that the bot answers.")
    async def ping(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Pong.", ephemeral=True)

    # Shown only to members with Manage Server (Discord hides it from everyone else); the owner
    # check below still decides who may sync.
    admin = app_commands.Group(
        name="admin",
        description="Bot owner tools.",
        default_permissions=discord.Permissions(manage_guild=True),
    )

    @admin.command(name="sync", description="Publish the slash commands to Discord (owner only).")
    @app_commands.describe(here="Sync to this server only (instant) instead of globally.")
    async def sync(self, interaction: discord.Interaction, here: bool = False) -> None:
        if not await self.bot.is_owner(interaction.user):
            await interaction.response.send_message(
                "Only the bot's owner can sync commands.", ephemeral=True
            )
            return
        if here and interaction.guild is None:
            await interaction.response.send_message(
                "here:True syncs to the server you run it in: run it in a server (nothing was "
                "synced).",
                ephemeral=True,
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if here and interaction.guild is not None:
            self.bot.tree.copy_global_to(guild=interaction.guild)
            synced = await self.bot.tree.sync(guild=interaction.guild)
            where = "this server"
        else:
            synced = await self.bot.tree.sync()
            where = "every server (global)"
        await interaction.followup.send(
            f"Synced {len(synced)} commands to {where}.", ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Admin(bot))
