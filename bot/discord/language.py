"""Which language each answer is written in, and the slash commands' own translations.

- A private answer (a hand, an ephemeral reply, an error) is in the user's language:
  ``interaction.locale``. Every handler sets it first thing (``CardTree.interaction_check`` for commands
  and autocomplete, ``Localised.interaction_check`` for buttons and selects), so everything that handler
  renders is in that language (``bot.i18n`` keeps it in a context variable of the handler's task).
- Whatever the whole channel sees (the table message, the lobby, scores, pings) is in the server's
  language: the one chosen with ``/settings language`` (stored), else the server's own Discord language
  (``interaction.guild_locale`` / ``Guild.preferred_locale``). ``ServerLanguages`` caches both.
- A direct message (a turn notice) is in its reader's language: the one they chose
  (``/settings notifications language:``), else the one Discord last gave with their interactions
  (``PlayerLanguages``, both stored), else the table's server's.
- ``CommandTranslator`` gives Discord the Russian names, descriptions and choices of every command
  (``tree.set_translator``); names come from the catalog's ``command`` context."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT, LANGUAGES, catalog, lang_of, set_language

if TYPE_CHECKING:
    from storage.base import Storage

log = logging.getLogger("bot.discord.language")

#: The catalog context of command, group, option and choice *names* (descriptions have none).
NAME_CONTEXT = "command"
_NAMES = {Where.command_name, Where.group_name, Where.parameter_name}


def user_language(interaction: discord.Interaction[Any]) -> str:
    """The language of the user's Discord client."""
    return lang_of(interaction.locale)


async def localise(interaction: discord.Interaction[Any]) -> str:
    """Write the rest of this interaction's handler in the user's language; remember the server's
    Discord language, and have its ``/settings language`` choice at hand (read once per server)."""
    bot = interaction.client
    languages = getattr(bot, "languages", None)
    if languages is not None and interaction.guild_id is not None:
        if interaction.guild_locale:
            languages.saw(interaction.guild_id, interaction.guild_locale)
        await languages.chosen(interaction.guild_id)
    lang = user_language(interaction)
    players = getattr(bot, "player_languages", None)
    if players is not None:
        players.saw(interaction.user.id, lang)
    set_language(lang)
    return lang


class Localised:
    """Mixin of every button and select: its handler answers in the clicking user's language."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        await localise(interaction)
        return True


class ServerLanguages:
    """Each server's language for public messages: its ``/settings language`` choice, else its
    Discord language. ``server`` loads a server's choice once; ``cached`` answers without waiting
    (for a public message drawn synchronously after the table was first published)."""

    def __init__(
        self,
        storage: Callable[[], Storage | None],
        guild: Callable[[int], discord.Guild | None],
    ) -> None:
        self._storage = storage  # the bot's storage, opened after the bot is built
        self._guild = guild
        self._chosen: dict[int, str | None] = {}
        self._discord: dict[int, str] = {}

    def saw(self, guild_id: int, locale: object) -> None:
        self._discord[guild_id] = lang_of(locale)

    def discord_language(self, guild_id: int) -> str:
        known = self._discord.get(guild_id)
        if known is not None:
            return known
        guild = self._guild(guild_id)
        return lang_of(guild.preferred_locale) if guild is not None else DEFAULT

    async def chosen(self, guild_id: int) -> str | None:
        """The server's ``/settings language`` choice (None: it follows Discord's)."""
        if guild_id not in self._chosen:
            storage = self._storage()
            try:
                stored = await storage.get_guild_language(guild_id) if storage else None
            except Exception as exc:  # the database is down: Discord's language for now
                log.warning("Could not read the language of server %s: %s", guild_id, exc)
                return None
            self._chosen[guild_id] = stored if stored in LANGUAGES else None
        return self._chosen[guild_id]

    async def server(self, guild_id: int) -> str:
        return await self.chosen(guild_id) or self.discord_language(guild_id)

    def cached(self, guild_id: int) -> str:
        return self._chosen.get(guild_id) or self.discord_language(guild_id)

    async def choose(self, guild_id: int, lang: str | None) -> None:
        storage = self._storage()
        if storage is not None:
            await storage.set_guild_language(guild_id, lang)
        self._chosen[guild_id] = lang


class PlayerLanguages:
    """Each player's language for what reaches them outside an interaction (a turn notice by
    DM), whatever the server's: the one they chose (``/settings notifications language:``),
    else the one Discord last gave with their interactions. Both are stored (``user_languages``);
    the latter only when it changes, in the background (an interaction never waits for it)."""

    def __init__(self, storage: Callable[[], Storage | None]) -> None:
        self._storage = storage
        self._seen: dict[int, str | None] = {}
        self._chosen: dict[int, str | None] = {}
        self._writes: set[asyncio.Task[None]] = set()

    def saw(self, user_id: int, lang: str) -> None:
        if user_id in self._seen and self._seen[user_id] == lang:
            return
        self._seen[user_id] = lang
        storage = self._storage()
        if storage is not None:
            task = asyncio.create_task(self._store(storage, user_id, lang))
            self._writes.add(task)
            task.add_done_callback(self._writes.discard)

    @staticmethod
    async def _store(storage: Storage, user_id: int, lang: str) -> None:
        try:
            await storage.set_user_language(user_id, lang)
        except Exception as exc:  # kept in memory; stored again at the next change
            log.warning("Could not store a player's language: %s", exc)

    async def choose(self, user_id: int, lang: str | None) -> None:
        """Store the player's choice (None: follow Discord's); raises if storage fails."""
        storage = self._storage()
        if storage is not None:
            await storage.choose_user_language(user_id, lang)
        self._chosen[user_id] = lang

    async def language(self, user_id: int) -> str | None:
        """The player's language (None: never chosen nor seen, here or by any process)."""
        if user_id not in self._chosen:
            storage = self._storage()
            try:
                chosen, seen = await storage.get_user_language(user_id) if storage else (None, None)
            except Exception as exc:
                log.warning("Could not read a player's language: %s", exc)
                return self._seen.get(user_id)
            self._chosen[user_id] = chosen if chosen in LANGUAGES else None
            if user_id not in self._seen:
                self._seen[user_id] = seen if seen in LANGUAGES else None
        return self._chosen[user_id] or self._seen.get(user_id)

    async def reader(self, user_id: int, guild_id: int, servers: ServerLanguages) -> str:
        """The language of a direct message to the player about a table of ``guild_id``: theirs,
        else the server's."""
        return await self.language(user_id) or await servers.server(guild_id)

    async def chosen(self, user_id: int) -> str | None:
        """The player's own choice (None: they follow Discord's language)."""
        await self.language(user_id)
        return self._chosen.get(user_id)

    async def flush(self) -> None:
        """Wait for the writes under way (before storage closes)."""
        if self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)


class CommandTranslator(app_commands.Translator):
    """Russian command names, options, choices and descriptions from the gettext catalog."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return translated(string.message, locale, context.location)


def translated(message: str, locale: object, location: Where) -> str | None:
    """The catalog's text for one command string in ``locale`` (None: Discord shows the English).
    A command tree asks this for each of its strings in each of Discord's 30-odd locales, at
    every start and sync: both steps are remembered."""
    lang = _command_language(locale)
    if lang == DEFAULT:
        return None
    return _command_text(message, lang, location in _NAMES)


@cache
def _command_language(locale: object) -> str:
    return lang_of(locale)


@cache
def _command_text(message: str, lang: str, name: bool) -> str | None:
    if name:
        text = str(catalog(lang).pgettext(NAME_CONTEXT, message))
    else:
        text = catalog(lang).gettext(message)
    return text if text != message else None
