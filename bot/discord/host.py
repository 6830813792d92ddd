"""What the Discord layer's services need of the running bot, as a ``Protocol``.

``bot.app.CardBot`` provides it; the services (the publisher, the live hands, the turn pings, the
picture permissions) are typed against this module, never against the app, so no file of the layer
imports from the floor above it, not even for types."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import discord

from bot.tables.manager import TableManager
from storage.base import Storage

from .language import PlayerLanguages, ServerLanguages
from .web_links import WebLinks


class ServiceHost(Protocol):
    """The bot as its services see it: the table manager, storage, the servers' languages, the
    clock and the few discord.py calls they make."""

    storage: Storage | None
    tables: TableManager
    languages: ServerLanguages
    player_languages: PlayerLanguages
    web_links: WebLinks
    clock: Callable[[], float]

    def get_partial_messageable(self, id: int, /) -> discord.PartialMessageable: ...

    def get_channel(self, id: int, /) -> object | None: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    async def wait_until_ready(self) -> None: ...
