"""The bot as the command groups (``cogs/``) see it: the services' host plus the services
``bot.app`` assembles and the few discord.py calls the cogs make. A ``Protocol``, so the cogs never
import the app (the floor above them), not even for types."""

from __future__ import annotations

from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Config
from bot.tables.analysis_queue import AnalysisQueue

from .controls import Controls
from .host import ServiceHost
from .live import HandUpdater, TurnPinger
from .notices import TurnNotices
from .publisher import TablePublisher
from .remote import RemoteTables


class CardHost(ServiceHost, Protocol):
    config: Config
    publisher: TablePublisher
    hands: HandUpdater
    pinger: TurnPinger
    notices: TurnNotices
    remote: RemoteTables
    controls: Controls
    analyses: AnalysisQueue | None  # None: ANALYSIS=0 or no storage

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...

    async def add_cog(self, cog: commands.Cog, /) -> None: ...

    async def is_owner(self, user: discord.abc.User, /) -> bool: ...

    async def remember_global_sync(self, digest: str | None = None) -> None: ...

    def action_retry_after(self, interaction: discord.Interaction[Any]) -> float | None: ...
