"""Moves as people type them, in either language, turned into the engine's notation (ENGINE.md).

A card is typed as it is shown: its rank, then its suit. Ranks: ``A 2 … 10 J Q K`` or the Russian
letters the cards carry (``Т В Д К``, either case). Suits: the symbols (``♥ ♦ ♣ ♠``, ``🟥 🟧 🟨 🟩 🟦``),
the engine's letters (``H D C S``, ``R O Y G B``) or the Russian initials (``ч б т п`` for
черви, бубны, трефы, пики; ``к о ж з с`` for Haggis's красная, оранжевая, жёлтая, зелёная, синяя).
The position decides what a letter is: the first is the rank, the last the suit, so ``тт`` is the ace
of clubs (туз треф) and ``10к`` Haggis's red 10 while ``к`` alone is its wild King.
Words: the Russian names of the moves the buttons show (``пас``, ``ставка 15``, ``чек``, ``колл``,
``обмен 7ч``, ``без обмена``, ``объявить хай`` …)."""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Russian rank letters (as printed on the cards) -> the engine's.
RANKS = {"т": "a", "в": "j", "д": "q", "к": "k"}
#: Suit symbols and Russian suit initials -> the engine's letters (the two sets share no letter).
SUITS = {
    "♥": "h",
    "♦": "d",
    "♣": "c",
    "♠": "s",
    "ч": "h",
    "б": "d",
    "т": "c",
    "п": "s",
    "🟥": "r",
    "🟧": "o",
    "🟨": "y",
    "🟩": "g",
    "🟦": "b",
    "к": "r",
    "о": "o",
    "ж": "y",
    "з": "g",
    "с": "b",
}
_RANK = r"10|[2-9]|[ajqkx]|[твдк]"
_SUIT = "[hdcsroygb12]|[чбтпкожзс]|" + "|".join(s for s in SUITS if len(s) == 1 and s > "~")
_TYPED_CARD = re.compile(rf"({_RANK})({_SUIT}|)")
#: A card of some game: French (Hurricane, poker), Haggis's numbered and wild ones, poker's jokers.
_CARD = re.compile(r"(?:10|[2-9]|[AJQK])[HDCS]|(?:10|[2-9])[ROYGB]|[JQK]|X[12]")
_PARTS = re.compile(r"([\s+:]+)")

#: Russian words of the moves (as the buttons and menus name them) -> the engine's.
WORDS = {
    "пас": "pass",
    "ставка": "bet",
    "отдать": "give",
    "чек": "check",
    "колл": "call",
    "фолд": "fold",
    "бет": "bet",
    "рейз": "raise",
    "обмен": "draw",
    "сбросить": "draw",
    "объявить": "declare",
    "хай": "high",
    "лоу": "low",
    "оба": "both",
}
#: Moves of more than one word.
PHRASES = {"без обмена": "stand"}


def typed_card(token: str) -> str | None:
    """One card as typed (``К♠``, ``кs``, ``тч``, ``10🟩``, ``в``) in the engine's notation, or None
    when ``token`` is not a card."""
    found = _TYPED_CARD.fullmatch(token.lower())
    if found is None:
        return None
    rank, suit = found.groups()
    card = (RANKS.get(rank, rank) + SUITS.get(suit, suit)).upper()
    return card if _CARD.fullmatch(card) else None


def _word(token: str, first: bool) -> str:
    lowered = token.lower()
    if first and lowered in WORDS:
        return WORDS[lowered]
    if lowered in ("high", "low", "both", "хай", "лоу", "оба"):
        return WORDS.get(lowered, lowered)
    card = typed_card(token)
    return card if card is not None else token


def canonical(text: str) -> str:
    """``text`` in the engine's notation as far as it reads as a move (cards, words, a Haggis
    reading); what it cannot read stays as typed, for the engine to say why."""
    text = " ".join(text.split())
    lowered = text.lower()
    if lowered in PHRASES:
        return PHRASES[lowered]
    word, _sep, number = lowered.partition(" ")
    if word == "открыть" and number.isdigit() and int(number) > 0:
        # as the button names it ("Открыть закрытую карту 1"): counted from 1, the engine from 0
        return f"flip {int(number) - 1}"
    body, eq, reading = text.partition("=")
    parts = _PARTS.split(body.strip())
    words = [p if i % 2 else _word(p, i == 0) for i, p in enumerate(parts)]
    out = "".join(words)
    return out + (f" ={reading.strip().lower()}" if eq else "")


def typed_move(text: str, legal: Sequence[str]) -> str | None:
    """The legal move a person means by ``text``, written as the cards are shown (``A♣``, ``a♣``,
    ``10♦``, ``7h:3c+4d``, ``Т♣``, ``тт``) or as one card alone when exactly one legal move plays it
    (``6h`` for its only capture); None when it names no legal move (the engine then says why)."""
    text = " ".join(text.split())
    if text in legal:
        return text
    meant = canonical(text)
    if meant in legal:
        return meant
    if "=" in meant and meant.replace(" =", "=") in legal:
        return meant.replace(" =", "=")
    if _CARD.fullmatch(meant):
        plays = [m for m in legal if m.split(":")[0] == meant]
        if len(plays) == 1:
            return plays[0]
    return None


def query_words(query: str) -> list[tuple[str, str]]:
    """Each word of an autocomplete query as typed and as the engine writes it (lower case):
    ``Кs`` -> (``кs``, ``ks``)."""
    out = []
    for word in query.split():
        meant = canonical(word) if not word.isdigit() else word
        out.append((word.lower(), meant.lower()))
    return out
