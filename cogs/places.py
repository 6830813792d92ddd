"""Where each command may be installed and used (Discord's ``integration_types`` and ``contexts``).

Game commands work for a server install and for a user install (the user's own account), in a server,
in the bot's DM and in group DMs; server settings and owner tools stay with a server install in a
server. A group's subcommands share its top-level command's places (Discord sets them per command)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from discord import app_commands

T = TypeVar("T")

ANY_INSTALL = app_commands.AppInstallationType(guild=True, user=True)
ANY_CONTEXT = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
SERVER_INSTALL = app_commands.AppInstallationType(guild=True, user=False)
SERVER_CONTEXT = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)


def anywhere(command: T) -> T:
    """A game command: every install, every context."""
    installs: Callable[[T], T] = app_commands.allowed_installs(guilds=True, users=True)
    contexts: Callable[[T], T] = app_commands.allowed_contexts(
        guilds=True, dms=True, private_channels=True
    )
    return installs(contexts(command))
