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

from bot.i18n import N_, _, current

from .cards import card_label, rank_letter
from .combos import bomb_words, sequence_words, set_words, shape_of

#: Sentences with values (the English is word for word what the other layers say).
TEMPLATES: tuple[str, ...] = (
    # the table layer
    N_("That seat is already taken by {name}."),
    N_(
        "This server already has {count} open tables, the most it may have ({most}). "
        "Finish or close one first."
    ),
    N_(
        "You already host {count} lobbies, the most one member may host at once ({most}). "
        "Start or cancel one first."
    ),
    N_("Every seat must be filled before the game starts — {count} still empty."),
    N_("The clock can be paused {count} times per game, and this game has used them all."),
    N_("It is not your turn — {name} is to play."),
    N_("The game has already started, so you cannot {what} now. {hint}"),
    N_("The game has already started, so you cannot {what} now."),
    N_("Option {name} is given twice."),
    N_("The turn timer must be between 0 and {most} seconds."),
    # the engines
    N_("it is not your turn: seat {seat} is to play"),
    N_("it is not your turn: seat {seat} is to act"),
    N_("{card} is not in your hand"),
    N_("{card} is not on the table"),
    N_("{card} cannot take itself"),
    N_("{head}: they add up to {total}, not {value}"),
    N_("{head}: an {rank} on the table must be taken first"),
    N_("{head}: a {rank} on the table must be taken first"),
    N_("{head}: a card takes one set only — one equal card or a sum, never both"),
    N_(
        "{head}: one card is taken only by a card of equal value ({value}, not {played}); "
        "to take a sum, name two or more cards"
    ),
    N_("there is no face-down card {index}: choose {choices}"),
    N_("the opening lays 1, 2 or 3 cards, not {count}"),
    N_("you do not hold {cards} any more"),
    N_("you do not hold {cards}"),
    N_("only a higher bomb can beat {combo}"),
    N_("{combo} does not beat {current}: only a higher bomb may be played on a bomb"),
    N_("{combo} cannot be beaten by {cards}: it needs a higher rank"),
    N_("{combo} can only be beaten by {shape} of a higher rank, or by a bomb"),
    N_("{cards} cannot be played as ={reading}: it is {options}"),
    N_("you already bet {bet} this round: a bet is final"),
    N_("give the trick to an opponent: seat {seats}"),
    N_("3-5-7-9 in {count} suits is not a bomb"),
    N_("{cards} is too many cards for one set"),
    N_("{cards} is no combination"),
    N_(
        "{cards} is not a set, a sequence or a bomb: a set is cards of one rank, a sequence needs "
        "consecutive ranks with the same suits at every rank (face cards fill gaps)"
    ),
)
#: Fixed sentences the engines say that no keyword marks (assigned, not raised).
SENTENCES = (
    N_("spectators do not play"),
    N_("select the cards to play"),
    N_("pass (you may play again in this trick)"),
    N_("a 3-5-7-9 bomb takes no face cards: a bomb with an extra card is no combination"),
    N_("There is already a table in this channel — join it, or start a thread for another game."),
    N_("That player has already left this game."),
    N_("You have already left this game."),
    N_("The turn clock is already paused."),
    N_("The clock is running."),
    N_("It is not your turn."),
)
#: Words the table layer puts into its sentences.
WORDS = (
    N_("start"),
    N_("join"),
    N_("leave"),
    N_("kick"),
    N_("add a computer"),
    N_("change the turn pings"),
    N_("Resign or vote to abandon instead."),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
)

_FIELD = re.compile(r"\\\{(\w+)\\\}")
_CARD_CODE = re.compile(r"(?<![\w])(10|[2-9AJQK])([HDCSROYGB]?)(?![\w])")


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile(_FIELD.sub(r"(?P<\1>.+?)", re.escape(t))), t) for t in TEMPLATES)


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


_VALUES: dict[str, Callable[[str], str]] = {
    "combo": combo_words,
    "current": combo_words,
    "options": combo_words,
    "shape": shape_words,
    "rank": rank_letter,
    "count": lambda v: _(v) if v in _NUMBER_WORDS else v,
}
