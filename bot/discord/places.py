"""Where an interaction comes from, as far as tables and results care.

A *place* keys results and replays: the server's id in a server, else the channel's id (the bot's
DM or a group DM; snowflakes never collide, so one ``guild_id`` column in storage serves both).
The bot *writes* to a place (channel endpoints) only where it is present: a server that installed
it, or its own DM; a user-installed app in a group DM or in a server that never added the bot can
only answer interactions there."""

from __future__ import annotations

from typing import Any

import discord


def place_of(interaction: discord.Interaction[Any]) -> int | None:
    """The server's id, else the channel's (a DM or group DM)."""
    return interaction.guild_id or interaction.channel_id


def bot_present(interaction: discord.Interaction[Any]) -> bool:
    """Whether the bot may use its channel endpoints where this interaction happened."""
    if interaction.guild_id is not None:
        return interaction.is_guild_integration()
    return interaction.context.dm_channel is True
