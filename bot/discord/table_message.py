"""The public table message as it is sent: its embed and view (``render_public``) and its picture,
drawn in a worker thread from the spectator view only (``public_message``). The publisher
(``cogs/publisher.py``) decides when it is written."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.render.pictured import public_picture
from bot.render.rules import options_in_force
from bot.render.table import lobby_panel, table_panel
from bot.tables.models import Table, TableStatus

from .media import picture_files
from .ui import final_view, lobby_view, panel_embed, table_view
from .web_links import WebLinks


def render_public(
    table: Table, links: WebLinks | None = None
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The public message for a table in any state (``links``: the final message links to the
    game's web page when the server's pages are on)."""
    if table.status in (TableStatus.LOBBY, TableStatus.CANCELLED) or table.state is None:
        spec = table.spec
        panel = lobby_panel(table, options_in_force(spec.game, spec.players, spec.options))
        view = lobby_view(table) if table.status is TableStatus.LOBBY else None
    else:
        panel = table_panel(table, table.state.view(None))
        web = None
        if table.status is TableStatus.FINISHED and links and links.known_public(table.guild_id):
            web = links.game_url(table.guild_id, table.game_id)
        view = table_view(table) if table.status is TableStatus.PLAYING else final_view(table, web)
    return panel_embed(panel, table.spec.game, cards=True), view


async def public_message(
    table: Table,
    latest: Callable[[], Table | None] | None = None,
    *,
    pictures: bool = True,
    links: WebLinks | None = None,
) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File]]:
    """``render_public`` with the table's picture (drawn in a thread from ``view(None)``): send the
    files with the embed, and on an edit pass them as ``attachments`` (the old picture goes).
    ``latest``: the table as it is now; if it moved on while the picture was drawn, the newest
    state is drawn instead (text and picture always show one moment). ``pictures=False``: text
    only (the bot may not attach files in the channel)."""
    if links is not None and table.status is TableStatus.FINISHED:
        await links.public(table.guild_id)  # read now, so the drawing below knows
    if not pictures:
        table = (latest() if latest is not None else None) or table
        embed, view = render_public(table, links)
        return embed, view, []
    for _attempt in range(3):
        moment = moment_of(table)
        embed, view = render_public(table, links)
        files = await picture_files(embed, public_picture(table))
        now = latest() if latest is not None else None
        if now is None or moment_of(now) == moment:
            return embed, view, files
        table = now
    # moves keep coming faster than pictures are drawn: this update goes out as text (drawn now,
    # so it shows one moment); the next one, scheduled by those moves, carries the picture again
    table = (latest() if latest is not None else None) or table
    embed, view = render_public(table, links)
    return embed, view, []


def moment_of(table: Table) -> tuple[Any, ...]:
    """What tells one state of a table from the next (the manager may update a Table in place,
    so a drawing compares these values, taken before it started, with the table's now)."""
    return (table.game_id, table.move_no, table.status, table.message_id, id(table.state))
