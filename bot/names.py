"""Player names as a reader sees them: shared by the table layer (its refusals name players) and the
renderers, so neither imports the other for it.

A computer seat is stored under its English name ("Computer (normal)", "Computer 2 (hard)", see
``bot.tables.lobby.computer_name``), in live tables and in every stored game alike; ``seat_name``
writes it in the reader's language when it is shown ("Компьютер (средний)"), so games stored before
names were translated read the same as new ones."""

from __future__ import annotations

import re

from bot.i18n import N_, _

# The same patterns as ``discord.utils.escape_markdown`` (links left alone) and
# ``discord.utils.escape_mentions``, so rendering needs no Discord import (a test compares them).
_MARKDOWN_COMMON = r"^>(?:>>)?\s|\[.+\]\(.+\)|^#{1,3}|^\s*-"
_URL = r"(?P<url><[^: >]+:\/[^ >]+>|(?:https?|steam):\/\/[^\s<]+[^<.,:;\"\'\]\s])"
_MARKDOWN = re.compile(rf"(?:{_URL}|(?P<markdown>[_\\~|\*`]|{_MARKDOWN_COMMON}))", re.MULTILINE)
_MENTION = re.compile(r"@(everyone|here|[!&]?[0-9]{17,20})")


#: How ``computer_name`` names a computer seat (the number tells two of one level apart).
COMPUTER_NAME = re.compile(
    r"Computer(?: (?P<number>[1-9][0-9]*))? \((?P<level>easy|normal|hard|expert)\)"
)
#: The levels' words, through the catalog (``normal`` is «средний»).
LEVEL_WORDS = {
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}


def seat_name(name: str) -> str:
    """A seat's stored name as the current reader reads it: a computer's in their language
    ("Компьютер 2 (сильный)"), anyone else's as they wrote it."""
    match = COMPUTER_NAME.fullmatch(name)
    if match is None:
        return name
    level = _(LEVEL_WORDS[match["level"]])
    if match["number"] is None:
        return _("Computer ({level})").format(level=level)
    return _("Computer {number} ({level})").format(number=match["number"], level=level)


def shown(name: str) -> str:
    """A display name as drawn into Markdown text (embeds, message content): Markdown escaped and
    mentions broken (``@\u200beveryone``), so ``**Bob**`` shows as written and pings nobody.
    Names are stored raw; component labels and pictures use ``seat_name`` alone. A computer's name
    is in the reader's language (``seat_name``)."""

    def escape(match: re.Match[str]) -> str:
        url = match.group("url")
        return url if url else "\\" + match.group("markdown")

    return _MENTION.sub("@\u200b\\1", _MARKDOWN.sub(escape, seat_name(name)))
