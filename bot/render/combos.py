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


def bomb_words(level: int) -> str:
    """Bomb ``level`` 1 (rainbow 3-5-7-9) .. 6 (suited 3-5-7-9) in words."""
    names = {
        1: _("a rainbow bomb 3-5-7-9"),
        2: _("a {ranks} bomb").format(ranks=f"{_rank(11)}-{_rank(12)}"),
        3: _("a {ranks} bomb").format(ranks=f"{_rank(11)}-{_rank(13)}"),
        4: _("a {ranks} bomb").format(ranks=f"{_rank(12)}-{_rank(13)}"),
        5: _("a {ranks} bomb").format(ranks=f"{_rank(11)}-{_rank(12)}-{_rank(13)}"),
        6: _("a suited bomb 3-5-7-9"),
    }
    return names.get(level, _("a bomb"))


def set_words(size: int, rank: str) -> str:
    """``size`` cards of ``rank`` (as notation: ``10``, ``J``)."""
    word = rank_letter(rank)
    if size == 1:
        return _("a single {rank}").format(rank=word)
    if size == 2:
        return _("a pair of {rank}s").format(rank=word)
    return _("{count} {rank}s").format(count=size, rank=word)


def sequence_words(width: int, ranks: str) -> str:
    """A sequence of ``width`` cards per rank over ``ranks`` (``5-6-7``, already lettered)."""
    if width == 1:
        return _("a sequence {ranks}").format(ranks=ranks)
    return _("a {width}-wide sequence {ranks}").format(width=width, ranks=ranks)


def shape_of(*, bomb: bool = False, size: int = 0, width: int = 0, length: int = 0) -> str:
    """What a follower must match: a higher bomb, ``size`` cards of a rank, or a sequence of
    ``width`` cards per rank over ``length`` ranks."""
    if bomb:
        return _("a higher bomb")
    if not width:
        if size == 1:
            return _("a single card")
        if size == 2:
            return _("a pair")
        return ngettext("a set of {count}", "a set of {count}", size).format(count=size)
    if width == 1:
        return ngettext("a sequence of {count}", "a sequence of {count}", length).format(
            count=length
        )
    return ngettext(
        "a {width}-wide sequence of {count} rank",
        "a {width}-wide sequence of {count} ranks",
        length,
    ).format(width=width, count=length)


def combo_text(reading: Reading) -> str:
    """``a pair of 10s`` / ``пара 10``, ``a sequence 5-6-7`` / ``последовательность 5-6-7``."""
    if current() == "en":
        return reading.text
    if reading.is_bomb:
        return bomb_words(reading.rank)
    if reading.kind.value == "set":
        return set_words(reading.size, _FACES.get(reading.rank, str(reading.rank)))
    low = reading.rank - reading.length + 1
    ranks = "-".join("-".join([_rank(r)] * reading.width) for r in range(low, reading.rank + 1))
    return sequence_words(reading.width, ranks)


def combo_shape(reading: Reading) -> str:
    """What beats it must look like: ``a pair`` / ``пара``, ``a higher bomb`` / ``бомба старше``."""
    if current() == "en":
        return reading.shape()
    if reading.is_bomb:
        return shape_of(bomb=True)
    if reading.kind.value == "set":
        return shape_of(size=reading.size)
    return shape_of(width=reading.width, length=reading.length)


def combo_words(data: Any) -> str | None:
    """The words of a view's or an event's ``combination`` dict (None when it is not one)."""
    if not isinstance(data, Mapping):
        return None
    try:
        return combo_text(Reading.from_dict(data))
    except IllegalAction:
        text = data.get("text")
        return str(text) if text is not None else None
