"""What a removed player and the one who removed them are told (``/table kick``).

The remover gets a private reply saying what became of the seat; the removed person (not a
computer) gets a direct message in their own language naming the channel and who removed them.
Their DMs may be closed: then the table's public message, which names them, is all they get."""

from __future__ import annotations

import logging

import discord

from bot.i18n import _, using
from bot.tables.models import Removal, TableStatus

from .host import ServiceHost

log = logging.getLogger("bot.discord.removals")


def kick_reply(seat: int, removal: Removal) -> str:
    """The remover's reply: ``seat`` is 1-based."""
    table = removal.table
    if not removal.was_playing:
        text = _("Seat {number} is free again.")
    elif table.status is TableStatus.PLAYING:
        text = _("Seat {number} is removed: the player folds and sits out; the game goes on.")
    else:
        text = _("Seat {number} is removed: the player resigns (a loss); the game is over.")
    return text.format(number=seat)


async def tell_removed(host: ServiceHost, removal: Removal, *, by_host: bool) -> None:
    """A direct message to the removed player, in their language (else the server's)."""
    table, was_playing, user_id = removal.table, removal.was_playing, removal.removed.user_id
    lang = await host.player_languages.reader(user_id, table.guild_id, host.languages)
    with using(lang):
        what = (
            _("you fold and sit out until the game ends; your chips stay on the table")
            if was_playing and table.status is TableStatus.PLAYING
            else _("you resign: the game counts as a loss")
            if was_playing
            else _("your seat is free again")
        )
        by = _("the host") if by_host else _("a moderator")
        text = _("You were removed from the table in {channel} by {who}: {what}.").format(
            channel=f"<#{table.channel_id}>", who=by, what=what
        )
    try:
        user = host.get_user(user_id) or await host.fetch_user(user_id)
        await user.send(text)
    except discord.HTTPException:
        log.info("Could not tell user %s that they were removed from a table", user_id)
