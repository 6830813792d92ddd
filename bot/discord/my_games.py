"""``/games`` as a Discord message: the page's panel (``bot.render.notices``) and, per table in
play, a numbered Show my hand button (``mine:<channel>``) that opens that table's hand wherever
it is pressed. A page holds ``GAMES_PER_PAGE`` tables (two rows of five buttons), far inside
Discord's 25 fields and five rows of five buttons."""

from __future__ import annotations

import discord

from bot.i18n import _
from bot.render.notices import GAMES_PER_PAGE, games_panel, my_games, pages_of
from bot.tables.manager import TableManager
from bot.tables.models import TableStatus

from .ui import MyHandButton, one_shot, panel_embed


def games_message(
    tables: TableManager, guild_id: int, user_id: int, server: str, page: int
) -> tuple[discord.Embed, discord.ui.View]:
    """Page ``page`` (from 1; a page past the last shows the last) of the user's open tables."""
    lines = my_games(tables.tables(), guild_id, user_id)
    page = min(max(1, page), pages_of(len(lines)))
    embed = panel_embed(games_panel(lines, user_id, server, page))
    view = discord.ui.View(timeout=None)
    first = (page - 1) * GAMES_PER_PAGE
    for number, line in enumerate(lines[first : first + GAMES_PER_PAGE], start=first + 1):
        if line.table.status is TableStatus.PLAYING:
            label = _("My hand {number}").format(number=number)
            view.add_item(MyHandButton(line.table.channel_id, label))
    return embed, one_shot(view)
