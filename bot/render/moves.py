"""Moves in words, from the canonical action text (ENGINE.md notation), for every game.

``move_label`` is what the acting player picks from ("7♥ takes 3♣ + 4♦"); ``describe_move`` is the line
everyone reads afterwards ("Anna plays 7♥ and takes 3♣ + 4♦ — hurricane!")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import card_label

BET_WORDS = {0: "no bet", 15: "little bet", 30: "big bet"}


def _joined(cards: Sequence[str]) -> str:
    return " + ".join(card_label(c) for c in cards)


def reading_words(suffix: str) -> str:
    """Haggis reading suffix ``=set`` / ``=seqW`` in words."""
    if suffix == "set":
        return "as a set"
    if suffix.startswith("seq"):
        width = suffix[3:]
        return "as a sequence" if width in ("", "1") else f"as a {width}-wide sequence"
    return f"as {suffix}"


def haggis_parts(text: str) -> tuple[list[str], str | None]:
    """The cards of a Haggis play and its declared reading (or None)."""
    body, _, suffix = text.partition("=")
    return body.split(), (suffix.strip() or None)


@dataclass(frozen=True, slots=True)
class MoveWords:
    """A move taken apart once, for both phrasings: its kind and the words they fill in."""

    kind: str  # pass | bet | give | flip | play (Haggis) | lay | lay_take (Hurikan) | take | trail
    number: int = 0  # the bet, the seat given the trick, the face-down card's index
    played: str = ""  # the cards put down (with a Haggis reading), in words
    taken: str = ""  # the cards taken, in words


#: Second person, for the one choosing (menus, /play autocomplete).
LABELS = {
    "pass": "Pass",
    "bet": "Bet {number} ({bet})",
    "give": "Give the trick to {seat}",
    "flip": "Turn up face-down card {card}",
    "play": "{played}",
    "lay": "Lay {played} on the table",
    "lay_take": "Lay {played}, take {taken}",
    "take": "{played} takes {taken}",
    "trail": "Trail {played}",
}
#: Third person, for everyone afterwards (the table message).
DESCRIPTIONS = {
    "pass": "{who} passes",
    "bet": "{who} bets {number} ({bet})",
    "no_bet": "{who} makes no bet",
    "give": "{who} gives the bombed trick to {seat}",
    "flip": "{who} turns up a face-down card",
    "play": "{who} plays {played}",
    "lay": "{who} lays {played} on the table",
    "lay_take": "{who} lays {played} and takes {taken}",
    "take": "{who} plays {played} and takes {taken}",
    "trail": "{who} trails {played}",
}


def move_words(game: str, text: str) -> MoveWords:
    """Take a canonical action text apart (ENGINE.md notation)."""
    if text == "pass":
        return MoveWords("pass")
    word, _, rest = text.partition(" ")
    if word in ("bet", "give", "flip") and rest:
        return MoveWords(word, int(rest.split()[0]))
    if game == "haggis":
        cards, reading = haggis_parts(text)
        label = " ".join(card_label(c) for c in cards)
        return MoveWords("play", played=f"{label} {reading_words(reading)}" if reading else label)
    played, colon, taken = text.partition(":")
    if game == "hurikan":
        laid = _joined(played.split("+"))
        return (
            MoveWords("lay_take", played=laid, taken=card_label(taken))
            if colon
            else MoveWords("lay", played=laid)
        )
    if colon:
        return MoveWords("take", played=card_label(played), taken=_joined(taken.split("+")))
    return MoveWords("trail", played=card_label(played))


def _fill(template: str, words: MoveWords, names: Sequence[str], who: str = "") -> str:
    seat = words.number
    return template.format(
        who=who,
        number=words.number,
        bet=BET_WORDS.get(words.number, "bet"),
        seat=names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}",
        card=words.number + 1,
        played=words.played,
        taken=words.taken,
    )


def move_label(game: str, text: str, names: Sequence[str] = ()) -> str:
    """A legal move as the acting player reads it in a menu or in /play autocomplete."""
    words = move_words(game, text)
    return _fill(LABELS[words.kind], words, names)


def describe_move(
    game: str, who: str, text: str, *, sweep: bool = False, names: Sequence[str] = ()
) -> str:
    """The last move for everyone to read, in the third person."""
    words = move_words(game, text)
    kind = "no_bet" if words.kind == "bet" and words.number == 0 else words.kind
    line = _fill(DESCRIPTIONS[kind], words, names, who)
    return line + (" — hurricane!" if sweep and kind == "take" else "")


def matches_query(label: str, text: str, query: str) -> bool:
    """Autocomplete filter: every typed word must appear in the label or the canonical text."""
    hay = f"{label} {text}".lower()
    return all(word in hay for word in query.lower().split())
