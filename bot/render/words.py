"""The small set of helpers every player-facing sentence goes through for counts, possessives, lists of
names and verbs that agree with them, so slips like "1 games", "Bob's a single 8" or "Anna & Ben wins"
cannot come back (``tests/bot/test_texts.py`` renders every message kind and looks for them).

Language-aware (``bot.i18n``): in Russian a count takes one of three forms (1 карта, 3 карты, 5 карт),
there is no possessive ``'s`` (the owner follows the thing: «открытые карты (Bob)»), and a verb agrees
with «вы», one player or a team."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n import _, current, ngettext, pgettext

_IRREGULAR = {"match point": "match points", "point": "points", "pt": "pts"}
_ARTICLES = ("a ", "an ", "the ")

#: The nouns the bot counts, through the catalog (Russian needs the count to pick the form).
_NOUNS: dict[str, Callable[[int], str]] = {
    "card": lambda n: ngettext("card", "cards", n),
    "game": lambda n: ngettext("game", "games", n),
    "move": lambda n: ngettext("move", "moves", n),
    "point": lambda n: ngettext("point", "points", n),
    "pt": lambda n: ngettext("pt", "pts", n),
    "win": lambda n: ngettext("win", "wins", n),
    "match point": lambda n: ngettext("match point", "match points", n),
    "computer player": lambda n: ngettext("computer player", "computer players", n),
    "player": lambda n: ngettext("player", "players", n),
    "seat": lambda n: ngettext("seat", "seats", n),
    "chip": lambda n: ngettext("chip", "chips", n),
    "hurricane": lambda n: ngettext("hurricane", "hurricanes", n),
    "trick": lambda n: ngettext("trick", "tricks", n),
    "second": lambda n: ngettext("second", "seconds", n),
    "minute": lambda n: ngettext("minute", "minutes", n),
    "hour": lambda n: ngettext("hour", "hours", n),
    "day": lambda n: ngettext("day", "days", n),
}

#: Verbs that agree with their subject: (one player, several, «вы»); English needs only two.
_VERBS: dict[str, Callable[[], tuple[str, str, str]]] = {
    "wins": lambda: (
        pgettext("one wins", "wins"),
        pgettext("many win", "win"),
        pgettext("you win", "win"),
    ),
    "passes": lambda: (
        pgettext("one passes", "passes"),
        pgettext("many pass", "pass"),
        pgettext("you pass", "pass"),
    ),
    "takes": lambda: (
        pgettext("one takes", "takes"),
        pgettext("many take", "take"),
        pgettext("you take", "take"),
    ),
    "lays": lambda: (
        pgettext("one lays", "lays"),
        pgettext("many lay", "lay"),
        pgettext("you lay", "lay"),
    ),
    "plays": lambda: (
        pgettext("one plays", "plays"),
        pgettext("many play", "play"),
        pgettext("you play", "play"),
    ),
    "turns": lambda: (
        pgettext("one turns", "turns"),
        pgettext("many turn", "turn"),
        pgettext("you turn", "turn"),
    ),
    "makes": lambda: (
        pgettext("one makes", "makes"),
        pgettext("many make", "make"),
        pgettext("you make", "make"),
    ),
    "bets": lambda: (
        pgettext("one bets", "bets"),
        pgettext("many bet", "bet"),
        pgettext("you bet", "bet"),
    ),
}


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``1 game``, ``2 games``, ``0 games`` (``plural_form`` for irregular words); ``21 карта``."""
    return f"{count} {noun(count, singular, plural_form)}"


def noun(count: int, singular: str, plural_form: str | None = None) -> str:
    """The word alone, agreeing with ``count``: ``game`` / ``games`` (for ``**3** games``)."""
    known = _NOUNS.get(singular)
    if known is not None:
        return known(count)
    if count == 1:
        return singular
    return plural_form or _IRREGULAR.get(singular) or _plural_of(singular)


def _plural_of(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _is_you(name: str) -> bool:
    return name.lower() in ("you", _("you").lower())


def possessive(name: str, thing: str | None = None) -> str:
    """``Bob's``, ``James'``, ``your``; with ``thing``, an article at its start is dropped:
    ``possessive("Bob", "a single 8")`` is ``Bob's single 8``. In Russian the owner follows the thing
    in brackets (names are not declined): ``одиночная 8 (Bob)``, ``открытые карты (ваши)``."""
    if current() != "en":
        owner = _("yours") if _is_you(name) else name
        return owner if thing is None else f"{without_article(thing)} ({owner})"
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
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carol`` (``Anna, Ben и Carol``)."""
    items = [n for n in names if n]
    if len(items) <= 1:
        return "".join(items)
    return _("{names} and {last}").format(names=", ".join(items[:-1]), last=items[-1])


def agree(subject: str, singular: str, plural_form: str) -> str:
    """The verb that agrees with ``subject``: ``Bob wins``, ``Anna & Ben win``, ``You win``
    (``Bob выигрывает``, ``Anna & Ben выигрывают``, ``Вы выигрываете``)."""
    you = _is_you(subject)
    and_word = " " + _("and") + " "
    many = you or " & " in subject or " and " in subject or and_word in subject
    if current() == "en":
        return plural_form if many else singular
    forms = _VERBS.get(singular) or _VERBS.get(plural_form)
    if forms is None:
        return plural_form if many else singular
    one, several, yours = forms()
    return yours if you else several if many else one
