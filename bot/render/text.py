"""A message as plain data (title, lines, fields, footer), so rendering stays free of Discord imports.
The cogs turn a ``Card`` into an embed; tests and the terminal can read it as text."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
MAX_FIELDS = 25


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


def clip(text: str, limit: int) -> str:
    """Shorten ``text`` to ``limit`` characters, marking the cut with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class Panel:
    """One message's visible text: a title, description lines and named fields."""

    title: str
    lines: list[str] = field(default_factory=list)
    fields: list[tuple[str, str]] = field(default_factory=list)
    footer: str = ""

    @property
    def description(self) -> str:
        return clip("\n".join(self.lines), EMBED_DESCRIPTION_MAX)

    def add(self, name: str, value: str) -> None:
        if len(self.fields) < MAX_FIELDS:
            self.fields.append((clip(name, FIELD_NAME_MAX), clip(value or "—", FIELD_VALUE_MAX)))

    def as_text(self) -> str:
        parts = [self.title, *self.lines]
        parts += [f"{name}: {value}" for name, value in self.fields]
        if self.footer:
            parts.append(self.footer)
        return "\n".join(parts)
