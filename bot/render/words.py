"""The small set of helpers every player-facing sentence goes through for counts, possessives, lists of
names and verbs that agree with them, so slips like "1 games", "Bob's a single 8" or "Anna & Ben wins"
cannot come back (``tests/bot/test_texts.py`` renders every message kind and looks for them)."""

from __future__ import annotations

from collections.abc import Sequence

_IRREGULAR = {"match point": "match points", "point": "points", "pt": "pts"}
_ARTICLES = ("a ", "an ", "the ")


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``1 game``, ``2 games``, ``0 games`` (``plural_form`` for irregular words)."""
    return f"{count} {noun(count, singular, plural_form)}"


def noun(count: int, singular: str, plural_form: str | None = None) -> str:
    """The word alone, agreeing with ``count``: ``game`` / ``games`` (for ``**3** games``)."""
    if count == 1:
        return singular
    return plural_form or _IRREGULAR.get(singular) or _plural_of(singular)


def _plural_of(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def possessive(name: str, thing: str | None = None) -> str:
    """``Bob's``, ``James'``, ``your``; with ``thing``, an article at its start is dropped:
    ``possessive("Bob", "a single 8")`` is ``Bob's single 8``."""
    if name.lower() == "you":
        owner = "your" if name == "you" else "Your"
    else:
        owner = f"{name}'" if name.endswith("s") else f"{name}'s"
    if thing is None:
        return owner
    return f"{owner} {without_article(thing)}"


def without_article(phrase: str) -> str:
    """``a Q-K bomb`` → ``Q-K bomb``."""
    lowered = phrase.lower()
    for article in _ARTICLES:
        if lowered.startswith(article):
            return phrase[len(article) :]
    return phrase


def names_list(names: Sequence[str]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carol``."""
    items = [n for n in names if n]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def agree(subject: str, singular: str, plural_form: str) -> str:
    """The verb that agrees with ``subject``: ``Bob wins``, ``Anna & Ben win``, ``You win``."""
    many = subject.lower() == "you" or " & " in subject or " and " in subject
    return plural_form if many else singular
