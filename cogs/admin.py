"""``/ping`` (a bare round trip, also the benchmark's baseline) and the owner-only ``/admin sync``.

``/admin`` is visible only to members with Manage Server (``default_permissions``; server admins can
change that in the server's integration settings); ``sync`` itself runs only for the bot's owners (the
application's owner or team, plus ``OWNER_IDS``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import _
from cogs.places import SERVER_CONTEXT, SERVER_INSTALL

if TYPE_CHECKING:
    from bot.discord.card_host import CardHost


class Admin(commands.Cog):
    def __init__(self, bot: CardHost) -> None:
        self.bot = bot

    @app_commands.command(name="ping", description="Check that the bot answers.")
    async def ping(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(_("Pong."), ephemeral=True)

    # Shown only to members with Manage Server (Discord hides it from everyone else); the owner
    # check below still decides who may sync.
    admin = app_commands.Group(
        name="admin",
        description="Bot owner tools.",
        default_permissions=discord.Permissions(manage_guild=True),
        allowed_installs=SERVER_INSTALL,
        allowed_contexts=SERVER_CONTEXT,
    )

    @admin.command(name="sync", description="Publish the slash commands to Discord (owner only).")
    @app_commands.describe(
        scope="server: this server only (instant); global: every server (up to an hour)."
    )
    async def sync(
        self, interaction: discord.Interaction, scope: Literal["server", "global"] = "global"
    ) -> None:
        if not await self.bot.is_owner(interaction.user):
            await interaction.response.send_message(
                _("Only the bot's owner can sync commands."), ephemeral=True
            )
            return
        if scope == "server" and interaction.guild is None:
            await interaction.response.send_message(
                _(
                    "scope:server syncs to the server you run it in: run it in a server (nothing "
                    "was synced)."
                ),
                ephemeral=True,
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if scope == "server" and interaction.guild is not None:
            self.bot.tree.copy_global_to(guild=interaction.guild)
            synced = await self.bot.tree.sync(guild=interaction.guild)
            text = _("Synced {count} commands to this server: they can be used now.").format(
                count=len(synced)
            )
        else:
            synced = await self.bot.tree.sync()
            await self.bot.remember_global_sync()
            text = _(
                "Synced {count} commands globally: they can take up to an hour to appear in "
                "every server."
            ).format(count=len(synced))
        await interaction.followup.send(text, ephemeral=True)


async def setup(bot: CardHost) -> None:
    await bot.add_cog(Admin(bot))
