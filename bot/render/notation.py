"""How a move is typed, per game, in the reader's language (``/play``, the terminal): the terminal's
intro and ``help`` and the ``/rules`` panel show the same words, and ``tests/render/test_notation.py``
checks that every example in them is read as a move a game allows (or as a card of its pack)."""

from __future__ import annotations

from bot.i18n import N_, _

#: The field's title in ``/rules``.
FIELD = N_("Typing a move (/play, terminal)")

_MOVES = {
    "haggis": N_("type the cards (3r 4r 5r, or 3🟥 4🟥 5🟥), 'pass' or 'bet 15'"),
    "hurricane_poker": N_(
        "type 'check', 'call', 'bet 2', 'raise 1' or 'fold'; at the draw, draw and the one card "
        "to discard ('draw 7h') or 'stand'; to declare, 'declare high', 'declare low' or "
        "'declare both'"
    ),
    "hurikan": N_("type the cards you lay and the one you take (4s+2h:6c), or one card alone"),
    "hurricane": N_(
        "type the card and what it takes (7h:3c+4d, or 7♥:3♣+4♦), or the card alone (6h) "
        "when it has one move"
    ),
}
_CARDS = {
    "haggis": N_(
        "Cards: the rank 2 to 10, then the suit 🟥 🟧 🟨 🟩 🟦 or its letter R O Y G B "
        "(7r, 10🟩); the wild face cards alone: J, Q, K."
    ),
    "hurricane_poker": N_(
        "Cards: the rank A 2 … 10 J Q K, then the suit ♥ ♦ ♣ ♠ or its letter H D C S, in either "
        "case (7h, 10♦, QS); the jokers are X1 and X2."
    ),
    "hurricane": N_(
        "Cards: the rank A 2 3 4 5 6 7 J Q K, then the suit ♥ ♦ ♣ ♠ or its letter H D C S, in "
        "either case (7h, QS, a♣)."
    ),
}
_CARDS["hurikan"] = _CARDS["hurricane"]
#: What the cards are worth, where a move adds them up (the terminal's intro and ``help``).
_VALUES = {"hurricane": N_("Card values: A=1, 2–7 as marked, J=8, Q=9, K=10.")}
_VALUES["hurikan"] = _VALUES["hurricane"]


#: A game without examples of its own (one added through ``bot.plugin``): its moves as listed.
_LISTED = N_("type a move as it is listed in brackets, or its number")


def typing_help(game: str) -> str:
    """How to type this game's moves, with examples."""
    example = _(_MOVES.get(game, _LISTED))
    return _("To play, {example}. Upper or lower case, letters or suit symbols, as shown.").format(
        example=example
    )


def card_help(game: str) -> str:
    """How to type this game's cards: ranks, suits, the reader's own letters ("" for a game
    without a notation of its own)."""
    known = _CARDS.get(game)
    return _(known) if known is not None else ""


def notation_text(game: str) -> str:
    """Both, for the ``/rules`` panel."""
    return "\n".join(line for line in (typing_help(game), card_help(game)) if line)


def value_help(game: str) -> str:
    """What the cards are worth when a move adds them up ("" for a game that adds none)."""
    known = _VALUES.get(game)
    return _(known) if known is not None else ""
