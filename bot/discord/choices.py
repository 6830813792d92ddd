"""Slash-command choices that several command groups offer (each group imports them from here, not
from another cog)."""

from __future__ import annotations

from discord import app_commands

from bot.games import GAMES
from bot.render.rules import display_title

GAME_CHOICES = [app_commands.Choice(name=display_title(g), value=g) for g in GAMES]
