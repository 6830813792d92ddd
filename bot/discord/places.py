"""Where an interaction comes from, as far as tables and results care.

A *place* keys results and replays: the server's id in a server, else the channel's id (the bot's
DM or a group DM; snowflakes never collide, so one ``guild_id`` column in storage serves both).
The bot *writes* to a place (channel endpoints) only where it is present: a server that installed
it; a user-installed app in a group DM or in a server that never added the bot can only answer
interactions there, and a table in the bot's own DM is kept the same way."""

from __future__ import annotations

from typing import Any

import discord

from bot.tables.models import Delivery
from storage.models import GameLog


def place_of(interaction: discord.Interaction[Any]) -> int | None:
    """The server's id, else the channel's (a DM or group DM)."""
    return interaction.guild_id or interaction.channel_id


def in_server(interaction: discord.Interaction[Any]) -> bool:
    """Whether the place is a server (with the bot or without it); else the bot's DM or a group
    DM, whose games also count on each player's own record."""
    return interaction.guild_id is not None


def bot_present(interaction: discord.Interaction[Any]) -> bool:
    """Whether a table here is written with channel endpoints: only in a server that installed the
    bot. Everywhere else (a user install in a server or a group DM, and the bot's own DM, where
    tokens suffice) the table lives on interaction tokens alone."""
    return interaction.guild_id is not None and interaction.is_guild_integration()


def delivery_of(interaction: discord.Interaction[Any]) -> Delivery:
    """How a table opened by this interaction reaches its players: channel writes where the bot is
    present, else interaction tokens alone (computers then move at once, as nothing can be posted
    between interactions)."""
    return Delivery.CHANNEL if bot_present(interaction) else Delivery.INTERACTIONS


def own_record(interaction: discord.Interaction[Any], scope: str | None, player_id: int) -> bool:
    """Whether /stats or /history shows the player's own record (their games in every DM and group
    DM) rather than the place's: as asked (``scope``: ``here`` or ``mine``); by default outside a
    server when the askers ask about themselves."""
    if scope is None:
        return not in_server(interaction) and player_id == interaction.user.id
    return scope == "mine"


def may_open(interaction: discord.Interaction[Any], log: GameLog) -> bool:
    """Whether a finished game may be replayed or verified here: a game of this place, or one of
    the asker's own (played outside servers, where they had a seat), wherever they ask."""
    if log.guild_id == place_of(interaction):
        return True
    return not log.in_server and any(s.user_id == interaction.user.id for s in log.seats)


def jump_url(server_id: int | None, channel_id: int, message_id: int) -> str:
    """A link to a message: a server's, else a DM's or group DM's (``@me``)."""
    return f"https://discord.com/channels/{server_id or '@me'}/{channel_id}/{message_id}"
