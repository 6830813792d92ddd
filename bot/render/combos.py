"""Haggis combinations in words, in the current language. The engine describes a reading in English
(``three 5s``, ``a pair``); the hands and the table say it in the reader's language from the reading's
structure (kind, size, width, ranks), so no engine text reaches a Russian player."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games import IllegalAction, Reading
from bot.i18n import _, current, ngettext

from .cards import rank_letter

_FACES = {11: "J", 12: "Q", 13: "K"}


def _rank(rank: int) -> str:
    return rank_letter(_FACES.get(rank, str(rank)))


def _bomb(level: int) -> str:
    names = {
        1: _("a rainbow bomb 3-5-7-9"),
        2: _("a {ranks} bomb").format(ranks=f"{_rank(11)}-{_rank(12)}"),
        3: _("a {ranks} bomb").format(ranks=f"{_rank(11)}-{_rank(13)}"),
        4: _("a {ranks} bomb").format(ranks=f"{_rank(12)}-{_rank(13)}"),
        5: _("a {ranks} bomb").format(ranks=f"{_rank(11)}-{_rank(12)}-{_rank(13)}"),
        6: _("a suited bomb 3-5-7-9"),
    }
    return names.get(level, _("a bomb"))


def combo_text(reading: Reading) -> str:
    """``a pair of 10s`` / ``пара 10``, ``a sequence 5-6-7`` / ``последовательность 5-6-7``."""
    if current() == "en":
        return reading.text
    if reading.is_bomb:
        return _bomb(reading.rank)
    if reading.reading == "set" or reading.width == 0 or reading.kind.value == "set":
        word = _rank(reading.rank)
        if reading.size == 1:
            return _("a single {rank}").format(rank=word)
        if reading.size == 2:
            return _("a pair of {rank}s").format(rank=word)
        return _("{count} {rank}s").format(count=reading.size, rank=word)
    low = reading.rank - reading.length + 1
    ranks = "-".join("-".join([_rank(r)] * reading.width) for r in range(low, reading.rank + 1))
    if reading.width == 1:
        return _("a sequence {ranks}").format(ranks=ranks)
    return _("a {width}-wide sequence {ranks}").format(width=reading.width, ranks=ranks)


def combo_shape(reading: Reading) -> str:
    """What beats it must look like: ``a pair`` / ``пара``, ``a higher bomb`` / ``бомба старше``."""
    if current() == "en":
        return reading.shape()
    if reading.is_bomb:
        return _("a higher bomb")
    if reading.kind.value == "set":
        if reading.size == 1:
            return _("a single card")
        if reading.size == 2:
            return _("a pair")
        return ngettext("a set of {count}", "a set of {count}", reading.size).format(
            count=reading.size
        )
    if reading.width == 1:
        return ngettext("a sequence of {count}", "a sequence of {count}", reading.length).format(
            count=reading.length
        )
    return ngettext(
        "a {width}-wide sequence of {count} rank",
        "a {width}-wide sequence of {count} ranks",
        reading.length,
    ).format(width=reading.width, count=reading.length)


def combo_words(data: Any) -> str | None:
    """The words of a view's or an event's ``combination`` dict (None when it is not one)."""
    if not isinstance(data, Mapping):
        return None
    try:
        return combo_text(Reading.from_dict(data))
    except IllegalAction:
        text = data.get("text")
        return str(text) if text is not None else None
