"""Player names as written into Markdown text: shared by the table layer (its refusals name
players) and the renderers, so neither imports the other for it."""

from __future__ import annotations

import re

# The same patterns as ``discord.utils.escape_markdown`` (links left alone) and
# ``discord.utils.escape_mentions``, so rendering needs no Discord import (a test compares them).
_MARKDOWN_COMMON = r"^>(?:>>)?\s|\[.+\]\(.+\)|^#{1,3}|^\s*-"
_URL = r"(?P<url><[^: >]+:\/[^ >]+>|(?:https?|steam):\/\/[^\s<]+[^<.,:;\"\'\]\s])"
_MARKDOWN = re.compile(rf"(?:{_URL}|(?P<markdown>[_\\~|\*`]|{_MARKDOWN_COMMON}))", re.MULTILINE)
_MENTION = re.compile(r"@(everyone|here|[!&]?[0-9]{17,20})")


def shown(name: str) -> str:
    """A display name as drawn into Markdown text (embeds, message content): Markdown escaped and
    mentions broken (``@\u200beveryone``), so ``**Bob**`` shows as written and pings nobody.
    Names are stored raw; component labels and pictures use them as they are."""

    def escape(match: re.Match[str]) -> str:
        url = match.group("url")
        return url if url else "\\" + match.group("markdown")

    return _MENTION.sub("@\u200b\\1", _MARKDOWN.sub(escape, name))
