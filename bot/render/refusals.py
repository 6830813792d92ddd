"""Refusals of the engines and the table layer, in the reader's language.

Those layers know no languages: they refuse in English (``str(error)``), often with the cards or names
of the moment in the sentence. A fixed sentence is a catalog entry like any other; a sentence with
values is matched against the English templates below (``{name}`` stands for any text), and the
Russian template gets the same values, themselves translated where they are words (a Haggis
combination, a card code, "join"). A sentence no template knows is shown as it came."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from bot.i18n import _, current

from .cards import card_label, rank_letter
from .combos import bomb_words, sequence_words, set_words, shape_of
from .refusal_texts import HEAD, SENTENCES, TEMPLATES, WORDS

__all__ = ["SENTENCES", "TEMPLATES", "WORDS", "combo_words", "refusal", "shape_words"]

_FIELD = re.compile(r"\\\{(\w+)\\\}")
_CARD_CODE = re.compile(r"(?<![\w])(10|[2-9AJQK])([HDCSROYGB]?)(?![\w])")


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    # the most specific first: "you do not hold {card}: draw one …" before "you do not hold {cards}"
    ordered = sorted(TEMPLATES, key=lambda t: -len(re.sub(r"\{\w+\}", "", t)))
    return tuple((re.compile(_pattern(t)), t) for t in ordered)


def _pattern(template: str) -> str:
    """``{name}`` as any text; a name the template repeats is the same text again."""
    seen: set[str] = set()

    def field(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in seen:
            return f"(?P={name})"
        seen.add(name)
        return f"(?P<{name}>.+?)"

    return _FIELD.sub(field, re.escape(template))


def refusal(text: str) -> str:
    """``text`` (an English refusal) in the current language."""
    if current() == "en" or not text:
        return text
    known = _(text)
    if known != text:
        return known
    for pattern, template in _patterns():
        found = pattern.fullmatch(text)
        if found is not None:
            values = {k: _value(k, v) for k, v in found.groupdict().items()}
            return _(template).format(**values)
    return text


def _value(name: str, value: str) -> str:
    words = _VALUES.get(name)
    if words is not None:
        return words(value)
    translated = _(value.strip())
    return translated if translated != value.strip() else _cards(value)


def _cards(text: str) -> str:
    """Card codes in a sentence as the reader writes cards (``AH`` -> ``Т♥``)."""
    return _CARD_CODE.sub(
        lambda m: card_label(m.group(0)) if m.group(2) else rank_letter(m.group(1)), text
    )


# --- Haggis combinations as the engine words them --------------------------------------------------
_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_BOMBS = {
    "a rainbow bomb 3-5-7-9": 1,
    "a J-Q bomb": 2,
    "a J-K bomb": 3,
    "a Q-K bomb": 4,
    "a J-Q-K bomb": 5,
    "a suited bomb 3-5-7-9": 6,
}


def combo_words(text: str) -> str:
    """A combination as ``Combination.describe`` words it (``a pair of 10s``), in the current
    language; several joined by `` or ``."""
    parts = []
    for part in text.split(" or "):
        part = part.strip()
        bomb = _BOMBS.get(part)
        if bomb is not None:
            parts.append(bomb_words(bomb))
            continue
        m = re.fullmatch(r"a single (\w+)", part)
        if m:
            parts.append(set_words(1, m.group(1)))
            continue
        m = re.fullmatch(r"a pair of (\w+)s", part)
        if m:
            parts.append(set_words(2, m.group(1)))
            continue
        m = re.fullmatch(r"(two|three|four|five|six|seven|eight) (\w+)s", part)
        if m:
            parts.append(set_words(_NUMBER_WORDS[m.group(1)], m.group(2)))
            continue
        m = re.fullmatch(r"a (?:(\d)-wide )?sequence ([\w-]+)", part)
        if m:
            width = int(m.group(1) or 1)
            ranks = "-".join(rank_letter(r) for r in m.group(2).split("-"))
            parts.append(sequence_words(width, ranks))
            continue
        parts.append(_cards(part))
    return (" " + _("or") + " ").join(parts)


def shape_words(text: str) -> str:
    """What beats a combination must look like, as ``Combination.shape`` words it."""
    if text == "a higher bomb":
        return shape_of(bomb=True)
    if text == "a single card":
        return shape_of(size=1)
    if text == "a pair":
        return shape_of(size=2)
    m = re.fullmatch(r"a set of (\w+)", text)
    if m and m.group(1) in _NUMBER_WORDS:
        return shape_of(size=_NUMBER_WORDS[m.group(1)])
    m = re.fullmatch(r"a sequence of (\d+)", text)
    if m:
        return shape_of(width=1, length=int(m.group(1)))
    m = re.fullmatch(r"a (\d)-wide sequence of (\d+) ranks", text)
    if m:
        return shape_of(width=int(m.group(1)), length=int(m.group(2)))
    return text


def _typed(text: str) -> str:
    """What the player typed, as typed (the engine words an empty one)."""
    return _(text) if text == "an empty string" else text


def _joined(text: str) -> str:
    """Choices joined by `` or `` / `` and`` (seats, counts, game titles) in the reader's words."""
    words = re.split(r" (or|and) ", text)
    return "".join(f" {_(w)} " if i % 2 else _(w) for i, w in enumerate(words))


def _head(text: str) -> str:
    """``7H cannot take 3C+4D``, the subject of a capture refused."""
    m = re.fullmatch(r"(\S+) cannot take (\S+)", text)
    if m is None:
        return _cards(text)
    return _(HEAD).format(card=_cards(m.group(1)), cards=_cards(m.group(2)))


def _readings(text: str) -> str:
    """``three 7s (=set), a sequence 7-8-9 (=seq1)``: each reading with its code."""
    parts = re.findall(r"(.+?) \((=\w+)\)(?:, |$)", text)
    if not parts:
        return combo_words(text)
    return ", ".join(f"{combo_words(words)} ({code})" for words, code in parts)


_VALUES: dict[str, Callable[[str], str]] = {
    "typed": _typed,
    "command": _typed,
    "example": _typed,
    "head": _head,
    "seats": _joined,
    "choices": _joined,
    "titles": _joined,
    "readings": _readings,
    "combo": combo_words,
    "current": combo_words,
    "options": combo_words,
    "shape": shape_words,
    "rank": rank_letter,
    "count": lambda v: _(v) if v in _NUMBER_WORDS else v,
}
