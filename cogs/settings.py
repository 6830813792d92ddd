"""``/settings language``: the language of a server's public messages (the table, the lobby, scores and
pings), for members with Manage Server; each player's own hand, replies and errors stay in their own
Discord language whatever the server chooses. ``/settings web public:on|off``: whether the server's
results have public web pages (``bot.web``); off by default, and then every address of them answers
404. ``/settings notifications``: each player's own choice of turn notices by direct message
(``bot.discord.notices``) and of their language (``bot.discord.language.PlayerLanguages``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.notices import NoticeMode
from bot.i18n import N_, NATIVE_NAMES, _
from cogs.places import SERVER_CONTEXT, SERVER_INSTALL

if TYPE_CHECKING:
    from bot.discord.card_host import CardHost


class Settings(commands.Cog):
    def __init__(self, bot: CardHost) -> None:
        self.bot = bot

    # No default_permissions: /settings notifications is every player's own; the server's
    # language checks Manage Server itself.
    settings = app_commands.Group(
        name="settings",
        description="Settings: this server's language (Manage Server), your turn notices.",
        allowed_installs=SERVER_INSTALL,
        allowed_contexts=SERVER_CONTEXT,
    )

    @settings.command(name="language", description="The language of the tables in this server.")
    @app_commands.describe(
        language="auto: the server's Discord language; or English, or Russian, whatever it is"
    )
    @app_commands.choices(
        language=[
            app_commands.Choice(name="auto (the server's language)", value="auto"),
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="Русский", value="ru"),
        ]
    )
    async def language(
        self, interaction: discord.Interaction, language: Literal["auto", "en", "ru"]
    ) -> None:
        if interaction.guild_id is None:
            await interaction.response.send_message(
                _("Run this in a server: it sets that server's language."), ephemeral=True
            )
            return
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message(
                _("Only members with Manage Server choose this server's language."),
                ephemeral=True,
            )
            return
        languages = self.bot.languages
        await languages.choose(interaction.guild_id, None if language == "auto" else language)
        now = await languages.server(interaction.guild_id)
        if language == "auto":
            text = _("Tables here now follow the server's Discord language ({name}).")
        else:
            text = _("Tables here are now in {name}.")
        await interaction.response.send_message(text.format(name=NATIVE_NAMES[now]), ephemeral=True)
        for table in self.bot.tables.tables():  # every live table here is redrawn in it
            if table.guild_id == interaction.guild_id:
                self.bot.publisher.schedule(table)

    @settings.command(name="web", description="Public web pages of this server's results.")
    @app_commands.describe(
        public="on: anyone with the link sees the leaderboards, players and finished games"
    )
    @app_commands.choices(
        public=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    async def web(self, interaction: discord.Interaction, public: Literal["on", "off"]) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            await interaction.response.send_message(
                _("Run this in a server: it sets that server's web pages."), ephemeral=True
            )
            return
        if not interaction.permissions.manage_guild:  # the default permission can be overridden
            await interaction.response.send_message(
                _("Only members with Manage Server can turn this server's web pages on or off."),
                ephemeral=True,
            )
            return
        storage = self.bot.storage
        if storage is None:
            await interaction.response.send_message(
                _("Web pages need the bot's database, and this bot runs without one."),
                ephemeral=True,
            )
            return
        on = public == "on"
        await storage.set_guild_web(guild_id, on)
        links = self.bot.web_links
        links.remember(guild_id, on)
        if not on:
            text = _("This server's web pages are off: their addresses now answer “not found”.")
        elif links.base_url:
            text = _("This server's web pages are on: {url}").format(url=links.server_url(guild_id))
        else:
            text = _(
                "This server's web pages are on, but this bot has no WEB_BASE_URL, so it cannot "
                "link to them yet."
            )
        await interaction.response.send_message(text, ephemeral=True)

    @settings.command(
        name="notifications",
        description="When the bot tells you by direct message it is your turn.",
    )
    @app_commands.describe(
        notify="correspondence (default), all, or off",
        language="the language of your turn notices: auto (your Discord's), English or Russian",
    )
    @app_commands.choices(
        notify=[
            app_commands.Choice(name="correspondence tables only", value="correspondence"),
            app_commands.Choice(name="all tables (live ones after 2 minutes)", value="all"),
            app_commands.Choice(name="off", value="off"),
        ],
        language=[
            app_commands.Choice(name="auto (your Discord language)", value="auto"),
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="Русский", value="ru"),
        ],
    )
    async def notifications(
        self,
        interaction: discord.Interaction,
        notify: Literal["correspondence", "all", "off"] | None = None,
        language: Literal["auto", "en", "ru"] | None = None,
    ) -> None:
        """Each player's own: which turn notices, and in which language (neither: say both)."""
        user_id = interaction.user.id
        notices, languages = self.bot.notices, self.bot.player_languages
        if notify is not None:
            await notices.set_mode(user_id, NoticeMode(notify))
        if language is not None:
            await languages.choose(user_id, None if language == "auto" else language)
        mode = await notices.mode(user_id)
        chosen = await languages.chosen(user_id)
        lines = [_(NOTICE_CHOSEN[mode])] if notify is not None or language is None else []
        if language is not None or notify is None:
            if chosen is None:
                lines.append(_("Turn notices come in your Discord language."))
            else:
                lines.append(_("Turn notices come in {name}.").format(name=NATIVE_NAMES[chosen]))
        await interaction.response.send_message(" ".join(lines), ephemeral=True)


NOTICE_CHOSEN = {
    NoticeMode.CORRESPONDENCE: N_(
        "I will tell you by direct message when it is your turn at a correspondence table."
    ),
    NoticeMode.ALL: N_(
        "I will tell you by direct message when it is your turn at a correspondence table, and "
        "at a live table once your turn has waited two minutes."
    ),
    NoticeMode.OFF: N_(
        "I will not send you turn notices. The channel still mentions you when it is your turn."
    ),
}


async def setup(bot: CardHost) -> None:
    await bot.add_cog(Settings(bot))
