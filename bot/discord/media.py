"""Pictures and card emojis on Discord: a drawn picture becomes an embed image plus its file, and the
card emojis are uploaded once as application emojis and handed to the render layer as text.

- Pictures are drawn in a worker thread (``asyncio.to_thread``), never on the event loop; a picture
  that fails to draw is left out (the text says everything too) with a log line.
- The embed names its picture as ``attachment://<file>`` and the file travels in the same request;
  an edit passes ``attachments=[file]`` so the old picture is replaced, not kept beside it.
- Card emojis: ``sync_card_emojis`` lists the application's emojis, uploads the missing ones (one per
  card of every pack and a back, drawn for their 22 px inline size), deletes the bot's emojis of an
  earlier face design and installs their markup in ``bot.render.cards``. If listing or uploading
  fails, the cards stay plain text (logged)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from typing import Any

import discord

from bot.render.cards import EMOJI_FACES, card_emoji, emoji_key, emoji_name, set_card_emojis
from bot.render.pictured import Draw
from bot.render.pictures import emoji_png
from bot.render.pictures.palette import palette

log = logging.getLogger("bot.discord.media")
MAX_APP_EMOJIS = 2000


class Switch:
    """Whether messages carry pictures at all (``bench/bot_pictures.py`` compares both ways)."""

    enabled = True


PICTURES = Switch()


async def picture_files(embed: discord.Embed, draw: Draw | None) -> list[discord.File]:
    """Draw (in a thread) and attach a picture to ``embed``: the files to send with it ([] when
    there is no picture or it could not be drawn)."""
    if draw is None or not PICTURES.enabled:
        return []
    try:
        filename, data = await asyncio.to_thread(draw.encode)
    except Exception:
        log.exception("Could not draw a picture; the message goes out as text")
        return []
    embed.set_image(url=f"attachment://{filename}")
    return [discord.File(io.BytesIO(data), filename=filename)]


async def warm_pictures() -> None:
    """Build the pictures' palette (and the sprites it samples) in a thread at start, so the first
    picture drawn does not pay for it (~0.1 s of CPU, once per process)."""
    try:
        await asyncio.to_thread(palette)
    except Exception:
        log.exception("Could not prepare the pictures' palette")


def partial_emoji(card: str | None) -> discord.PartialEmoji | None:
    """The uploaded emoji of a card (or ``"back"``), if the emojis are installed."""
    markup = card_emoji(card) if card is not None else None
    return discord.PartialEmoji.from_str(markup) if markup else None


async def sync_card_emojis(client: discord.Client) -> bool:
    """Make sure every card has its application emoji and install them for the render layer.
    Returns whether the emojis are in use (False: cards stay text, and a log line says why).

    The emojis' names carry the faces' design (``EMOJI_DESIGN``): faces of an earlier design
    (``card_7H`` beside ``card2_7H``) are the bot's own and obsolete, and are deleted: after
    the new ones are uploaded, or before when the application's emoji limit leaves no room."""
    faces = {key: (card, lang) for key, card, lang in EMOJI_FACES}
    wanted = list(faces)
    try:
        existing = {e.name: e for e in await client.fetch_application_emojis()}
    except discord.HTTPException as exc:
        log.warning("Could not list the application emojis (%s): cards are shown as text", exc)
        set_card_emojis({})
        return False
    current = {emoji_name(key) for key in wanted}
    obsolete = [name for name in existing if name not in current and emoji_key(name)]
    missing = [key for key in wanted if emoji_name(key) not in existing]
    if len(existing) + len(missing) > MAX_APP_EMOJIS:  # make room first
        for name in obsolete:
            if await _delete_emoji(existing[name]):
                del existing[name]
        obsolete = [name for name in obsolete if name in existing]
    if len(existing) + len(missing) > MAX_APP_EMOJIS:
        log.warning(
            "The application has %s emojis; %s more cards would pass Discord's %s: "
            "cards are shown as text",
            len(existing),
            len(missing),
            MAX_APP_EMOJIS,
        )
        set_card_emojis({})
        return False
    for key in missing:
        if emoji_name(key) in existing:  # uploaded meanwhile by another process (re-listed below)
            continue
        image = await asyncio.to_thread(emoji_png, *faces[key])
        try:
            emoji = await client.create_application_emoji(name=emoji_name(key), image=image)
        except discord.HTTPException as exc:
            # another bot process of a cluster may have uploaded it first: list again
            with contextlib.suppress(discord.HTTPException):
                existing = {e.name: e for e in await client.fetch_application_emojis()}
            if emoji_name(key) in existing:
                continue
            log.warning("Could not upload the card emojis (%s): cards are shown as text", exc)
            set_card_emojis({})
            return False
        existing[emoji.name] = emoji
    if missing:
        log.info("Uploaded %s card emojis", len(missing))
    set_card_emojis({key: str(existing[emoji_name(key)]) for key in wanted})
    deleted = [
        name for name in obsolete if name in existing and await _delete_emoji(existing[name])
    ]
    if deleted:
        log.info("Deleted %s card emojis of an earlier design", len(deleted))
    return True


async def _delete_emoji(emoji: discord.Emoji) -> bool:
    """Deletes one of the bot's obsolete emojis; a failure is logged and left for next time."""
    try:
        await emoji.delete()
    except discord.DiscordException as exc:
        log.warning("Could not delete the old card emoji %s (%s)", emoji.name, exc)
        return False
    return True


def clear_card_emojis() -> None:
    set_card_emojis({})


def emoji_kwargs(card: str | None) -> dict[str, Any]:
    emoji = partial_emoji(card)
    return {} if emoji is None else {"emoji": emoji}
