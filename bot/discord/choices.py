"""Slash-command choices that several command groups offer (each group imports them from here, not
from another cog)."""

from __future__ import annotations

from discord import app_commands

from bot.games import GAMES
from bot.i18n import N_
from bot.render.rules import display_title


def game_choices() -> list[app_commands.Choice[str]]:
    """One choice per registered game, named as the menus name it (a ``locale_str``: the choice
    carries its own translation key, as discord.py gives one to the choices it is handed at
    import; a refreshed list's new choices need theirs too)."""
    return [
        app_commands.Choice(name=app_commands.locale_str(display_title(g)), value=g) for g in GAMES
    ]


#: The commands' ``game`` choices: discord.py keeps this very list, so ``refresh_game_choices``
#: (at the bot's setup) offers a game registered after import (docs/adding-a-game.md).
GAME_CHOICES = game_choices()


def refresh_game_choices() -> None:
    GAME_CHOICES[:] = game_choices()


#: /stats' and /history's ``scope``: the place asked in, or the player's own record (their games in
#: every DM and group DM; ``bot.discord.places.own_record``).
SCOPE_CHOICES = [
    app_commands.Choice(name=N_("here: this server or chat"), value="here"),
    app_commands.Choice(name=N_("mine: all my DMs and group DMs"), value="mine"),
]
