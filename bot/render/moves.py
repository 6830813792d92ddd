"""Moves in words, from the canonical action text (ENGINE.md notation), for every game.

``move_label`` is what the acting player picks from ("7♥ takes 3♣ + 4♦"); ``describe_move`` is the line
everyone reads afterwards ("Anna plays 7♥ and takes 3♣ + 4♦ — hurricane!")."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import card_label

BET_WORDS = {0: "no bet", 15: "little bet", 30: "big bet"}


def _cards(text: str, sep: str = "+") -> list[str]:
    return [c for c in text.replace("+", " ").split() if c] if sep == " " else text.split(sep)


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


def move_label(game: str, text: str, names: Sequence[str] = ()) -> str:
    """A legal move as the acting player reads it in a menu or in /play autocomplete."""
    if text == "pass":
        return "Pass"
    if text.startswith("bet "):
        amount = int(text.split()[1])
        return f"Bet {amount} ({BET_WORDS.get(amount, 'bet')})"
    if text.startswith("give "):
        seat = int(text.split()[1])
        who = names[seat] if seat < len(names) else f"seat {seat + 1}"
        return f"Give the trick to {who}"
    if text.startswith("flip "):
        return f"Turn up face-down card {int(text.split()[1]) + 1}"
    if game == "haggis":
        cards, reading = haggis_parts(text)
        label = " ".join(card_label(c) for c in cards)
        return f"{label} {reading_words(reading)}" if reading else label
    played, colon, taken = text.partition(":")
    if game == "hurikan":
        laid = played.split("+")
        if colon:
            return f"Lay {_joined(laid)}, take {card_label(taken)}"
        return f"Lay {_joined(laid)} on the table"
    if colon:
        return f"{card_label(played)} takes {_joined(taken.split('+'))}"
    return f"Trail {card_label(played)}"


def describe_move(
    game: str, who: str, text: str, *, sweep: bool = False, names: Sequence[str] = ()
) -> str:
    """The last move for everyone to read, in the third person."""
    if text == "pass":
        return f"{who} passes"
    if text.startswith("bet "):
        amount = int(text.split()[1])
        return (
            f"{who} bets {amount} ({BET_WORDS.get(amount, 'bet')})"
            if amount
            else f"{who} makes no bet"
        )
    if text.startswith("give "):
        seat = int(text.split()[1])
        whom = names[seat] if seat < len(names) else f"seat {seat + 1}"
        return f"{who} gives the bombed trick to {whom}"
    if text.startswith("flip "):
        return f"{who} turns up a face-down card"
    if game == "haggis":
        cards, reading = haggis_parts(text)
        label = " ".join(card_label(c) for c in cards)
        return f"{who} plays {label}" + (f" {reading_words(reading)}" if reading else "")
    played, colon, taken = text.partition(":")
    if game == "hurikan":
        laid = _joined(played.split("+"))
        if colon:
            return f"{who} lays {laid} and takes {card_label(taken)}"
        return f"{who} lays {laid} on the table"
    if colon:
        line = f"{who} plays {card_label(played)} and takes {_joined(taken.split('+'))}"
        return line + (" — hurricane!" if sweep else "")
    return f"{who} trails {card_label(played)}"


def matches_query(label: str, text: str, query: str) -> bool:
    """Autocomplete filter: every typed word must appear in the label or the canonical text."""
    hay = f"{label} {text}".lower()
    return all(word in hay for word in query.lower().split())
