"""Whether the table message of a channel may carry its picture (the bot's Attach Files there).

Without Attach Files, Discord refuses a message that uploads a file (403, 50013 Missing
Permissions), text and all. So the table message goes out as text only in such a channel (no file,
no ``attachment://`` reference) and the pictures come back when the permission does. What we know:

- the bot's own permissions in a cached guild channel (``permissions_for(guild.me)``), kept up to
  date by the gateway's channel and role updates;
- every interaction in the channel says what the bot may do there (``app_permissions``);
- a write with a picture that Discord refused, answered by the same write as text.

A refusal outweighs the cache (which can be stale or incomplete): after one, pictures are tried
again only when an interaction says the permission is back, or after ``RETRY_AFTER`` seconds.
One log line when a channel loses its pictures, one when they return."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .host import ServiceHost

log = logging.getLogger("bot.discord.publisher")
MISSING_PERMISSIONS = 50013
RETRY_AFTER = 15 * 60


class AttachPermissions:
    """Per channel: may the table message carry a picture?"""

    def __init__(self, client: ServiceHost, clock: Callable[[], float]) -> None:
        self.client = client
        self.clock = clock
        # channel -> (since when it is text only, whether Discord itself refused an upload)
        self._text_only: dict[int, tuple[float, bool]] = {}

    def allowed(self, channel_id: int) -> bool:
        """Whether to draw and attach the picture to the next write in this channel."""
        cached = self._cached(channel_id)
        if cached is False:
            self._lose(channel_id, "the bot lacks Attach Files there", refusal=False)
            return False
        mark = self._text_only.get(channel_id)
        if mark is None:
            return True
        since, refusal = mark
        if cached and not refusal:  # the cache said no, and now says yes
            self.worked(channel_id)
            return True
        return self.clock() - since >= RETRY_AFTER  # try once more now and then

    def is_text_only(self, channel_id: int) -> bool:
        return channel_id in self._text_only

    def note(self, channel_id: int | None, permissions: discord.Permissions) -> None:
        """What an interaction in the channel says the bot may do there (``app_permissions``)."""
        if channel_id is None:
            return
        if permissions.attach_files:
            self.worked(channel_id)
        else:
            self._lose(channel_id, "the bot lacks Attach Files there", refusal=False)

    def refused(self, channel_id: int) -> None:
        """Discord refused a write with a picture, and the same write as text went through."""
        self._lose(channel_id, "Discord refused the upload: Missing Permissions", refusal=True)

    def worked(self, channel_id: int) -> None:
        """A write with a picture went through (or the permission is back)."""
        if self._text_only.pop(channel_id, None) is not None:
            log.info("Channel %s: the table pictures are back (Attach Files allowed)", channel_id)

    def forget(self, channel_id: int) -> None:
        self._text_only.pop(channel_id, None)

    def _lose(self, channel_id: int, why: str, *, refusal: bool) -> None:
        old = self._text_only.get(channel_id)
        if old is None:
            log.warning(
                "Channel %s: the table message goes out as text, without its picture (%s); "
                "pictures return when the bot may attach files there",
                channel_id,
                why,
            )
        elif not refusal:
            return  # known already: keep when it began (the retry clock) and why
        self._text_only[channel_id] = (self.clock(), refusal or bool(old and old[1]))

    def _cached(self, channel_id: int) -> bool | None:
        """The bot's Attach Files in the channel per the gateway cache (None: not known)."""
        channel: Any = self.client.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        me = getattr(guild, "me", None)
        if channel is None or me is None or not hasattr(channel, "permissions_for"):
            return None
        try:
            return bool(channel.permissions_for(me).attach_files)
        except Exception:  # a partial cache (a thread whose parent is unknown, …)
            return None


def refused_for_pictures(exc: discord.HTTPException) -> bool:
    """A refusal that a write without the file may avoid (403 Missing Permissions)."""
    return isinstance(exc, discord.Forbidden) and exc.code == MISSING_PERMISSIONS
