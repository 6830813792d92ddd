"""Moves in words, from the canonical action text (ENGINE.md notation), for every game.

``move_label`` is what the acting player picks from ("7♥ takes 3♣ + 4♦"); ``describe_move`` is the line
everyone reads afterwards ("Anna plays 7♥ and takes 3♣ + 4♦ — hurricane!")."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

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


#: Words of actions that put no card down (Hurricane poker's discard is not a play either).
NO_CARDS = frozenset(
    ("pass", "bet", "give", "flip", "check", "call", "fold", "raise", "draw", "stand", "declare")
)


def played_cards(game: str, text: str) -> frozenset[str] | None:
    """The hand cards an action puts down (None for pass/bet/give/flip and poker's actions)."""
    if text.split(" ")[0] in NO_CARDS:
        return None
    if game == "haggis":
        return frozenset(haggis_parts(text)[0])
    return frozenset(text.split(":")[0].split("+"))


class MoveWords(NamedTuple):
    """A move taken apart once, for both phrasings: its kind and the words they fill in
    (a tuple: cheap to build, as a hand labels every playable card on each redraw)."""

    kind: str  # pass | bet | give | flip | play (Haggis) | lay | lay_take (Hurikan) | take | trail
    # Hurricane poker: check | call | fold | pbet | raise | draw | stand | declare
    number: int = 0  # the bet, the seat given the trick, the face-down card's index, chips
    played: str = ""  # the cards put down (with a Haggis reading), in words
    taken: str = ""  # the cards taken, in words


Label = Callable[[MoveWords, Sequence[str]], str]
Line = Callable[[MoveWords, str, Sequence[str]], str]


def _seat(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def _bet(amount: int) -> str:
    return f"{amount} ({BET_WORDS.get(amount, 'bet')})"


#: Second person, for the one choosing (menus, /play autocomplete).
LABELS: dict[str, Label] = {
    "pass": lambda m, names: "Pass",
    "bet": lambda m, names: f"Bet {_bet(m.number)}",
    "give": lambda m, names: f"Give the trick to {_seat(names, m.number)}",
    "flip": lambda m, names: f"Turn up face-down card {m.number + 1}",
    "play": lambda m, names: m.played,
    "lay": lambda m, names: f"Lay {m.played} on the table",
    "lay_take": lambda m, names: f"Lay {m.played}, take {m.taken}",
    "take": lambda m, names: f"{m.played} takes {m.taken}",
    "trail": lambda m, names: f"Trail {m.played}",
    "check": lambda m, names: "Check",
    "call": lambda m, names: f"Call {m.number}" if m.number else "Call",
    "fold": lambda m, names: "Fold",
    "pbet": lambda m, names: f"Bet {m.number}",
    "raise": lambda m, names: f"Raise by {m.number}",
    "draw": lambda m, names: f"Draw: discard {m.played}",
    "stand": lambda m, names: "Stand pat",
    "declare": lambda m, names: f"Declare {m.played}",
}
#: Third person, for everyone afterwards (the table message).
DESCRIPTIONS: dict[str, Line] = {
    "pass": lambda m, who, names: f"{who} passes",
    "bet": lambda m, who, names: (
        f"{who} bets {_bet(m.number)}" if m.number else f"{who} makes no bet"
    ),
    "give": lambda m, who, names: f"{who} gives the bombed trick to {_seat(names, m.number)}",
    "flip": lambda m, who, names: f"{who} turns up a face-down card",
    "play": lambda m, who, names: f"{who} plays {m.played}",
    "lay": lambda m, who, names: f"{who} lays {m.played} on the table",
    "lay_take": lambda m, who, names: f"{who} lays {m.played} and takes {m.taken}",
    "take": lambda m, who, names: f"{who} plays {m.played} and takes {m.taken}",
    "trail": lambda m, who, names: f"{who} trails {m.played}",
    "check": lambda m, who, names: f"{who} checks",
    "call": lambda m, who, names: f"{who} calls",
    "fold": lambda m, who, names: f"{who} folds",
    "pbet": lambda m, who, names: f"{who} bets {m.number}",
    "raise": lambda m, who, names: f"{who} raises by {m.number}",
    # the discarded card stays secret: only that a card was drawn is public
    "draw": lambda m, who, names: f"{who} draws one card",
    "stand": lambda m, who, names: f"{who} stands pat",
    "declare": lambda m, who, names: f"{who} declares",  # secret until all have declared
}
SIDE_WORDS = {"high": "High", "low": "Low", "both": "both High and Low"}


def _poker_words(text: str, to_call: int) -> MoveWords:
    """Hurricane poker's actions: ``check``, ``call``, ``fold``, ``bet 2``, ``raise 3``,
    ``draw 7H``, ``stand``, ``declare high``."""
    word, _, rest = text.partition(" ")
    if word in ("bet", "raise") and rest.isdigit():
        return MoveWords("pbet" if word == "bet" else "raise", int(rest))
    if word == "draw" and rest:
        return MoveWords("draw", played=card_label(rest))
    if word == "declare" and rest:
        return MoveWords("declare", played=SIDE_WORDS.get(rest, rest))
    if word == "call":
        return MoveWords("call", to_call)
    return MoveWords(word if word in ("check", "fold", "stand") else "check")


#: Games whose actions are taken apart by their own reader (text, chips a call costs).
GAME_WORDS: dict[str, Callable[[str, int], MoveWords]] = {"hurricane_poker": _poker_words}


def move_words(game: str, text: str, to_call: int = 0) -> MoveWords:
    """Take a canonical action text apart (ENGINE.md notation); ``to_call``: the chips a poker
    call puts in, when known."""
    own = GAME_WORDS.get(game)
    if own is not None:
        return own(text, to_call)
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


def move_label(
    game: str, text: str, names: Sequence[str] = (), view: Mapping[str, Any] | None = None
) -> str:
    """A legal move as the acting player reads it in a menu or in /play autocomplete (``view``:
    the player's own view, for what only it knows, such as the chips a call costs)."""
    to_call = (view or {}).get("to_call")
    words = move_words(game, text, to_call if isinstance(to_call, int) else 0)
    return LABELS[words.kind](words, names)


def describe_move(
    game: str, who: str, text: str, *, sweep: bool = False, names: Sequence[str] = ()
) -> str:
    """The last move for everyone to read, in the third person."""
    words = move_words(game, text)
    line = DESCRIPTIONS[words.kind](words, who, names)
    return line + (" — hurricane!" if sweep and words.kind == "take" else "")


def matches_query(label: str, text: str, query: str) -> bool:
    """Autocomplete filter: every typed word must appear in the label or the canonical text."""
    hay = f"{label} {text}".lower()
    return all(word in hay for word in query.lower().split())


# --- moves as people type them -------------------------------------------------------------------------
_SUIT_LETTERS = {"♥": "H", "♦": "D", "♣": "C", "♠": "S"} | {
    "🟥": "R",
    "🟧": "O",
    "🟨": "Y",
    "🟩": "G",
    "🟦": "B",
}
_CARD = re.compile(r"(10|[2-9]|[ajqk])([hdcsroygb]?)", re.IGNORECASE)
_PARTS = re.compile(r"([\s+:]+)")


def _canonical_card(token: str) -> str:
    for symbol, letter in _SUIT_LETTERS.items():
        token = token.replace(symbol, letter)
    return token.upper() if _CARD.fullmatch(token) else token


def typed_move(text: str, legal: Sequence[str]) -> str | None:
    """The legal move a person means by ``text``, written as the cards are shown (``A♣``, ``a♣``,
    ``10♦``, ``7h:3c+4d``) or as one card alone when exactly one legal move plays it (``6h`` for
    its only capture); None when it names no legal move (the engine then says why)."""
    text = " ".join(text.split())
    if text in legal:
        return text
    body, eq, reading = text.partition("=")
    parts = _PARTS.split(body.strip())
    canonical = "".join(p if i % 2 else _canonical_card(p) for i, p in enumerate(parts))
    canonical = canonical + (f" ={reading.strip().lower()}" if eq else "")
    if canonical in legal:
        return canonical
    canonical = canonical.replace(" =", "=") if eq else canonical
    if canonical in legal:
        return canonical
    if _CARD.fullmatch(canonical):
        plays = [m for m in legal if m == canonical or m.split(":")[0] == canonical]
        if len(plays) == 1:
            return plays[0]
    return None


def move_kind(game: str, text: str, words: str | None) -> str:
    """What sort of move it is, for a short menu ("captures", "pairs", "sequences", "bombs"…);
    ``words``: the engine's description of a Haggis play, if any."""
    kind = move_words(game, text).kind
    if kind == "pass":
        return "pass"
    if kind in ("bet", "give", "flip"):
        return {"bet": "bets", "give": "give the trick", "flip": "turn up a card"}[kind]
    if game == "haggis":
        lowered = (words or "").lower()
        if "bomb" in lowered:
            return "bombs"
        if "-wide sequence" in lowered:
            return "sequences of pairs or sets"
        if "sequence" in lowered:
            return "sequences"
        count = len(haggis_parts(text)[0])
        return {1: "single cards", 2: "pairs"}.get(count, f"sets of {count}")
    return {
        "take": "captures",
        "trail": "trails",
        "lay": "lay cards",
        "lay_take": "lay and take",
    }.get(kind, kind)


def suggestion_key(game: str, text: str) -> tuple[int, int, int]:
    """Sorts sensible plays first: no wild (face) cards wasted in Haggis, then the move that puts
    down or takes the most cards, then low cards first."""
    cards = sorted(played_cards(game, text) or ())
    wild = sum(1 for c in cards if c in ("J", "Q", "K")) if game == "haggis" else 0
    taken = len(text.partition(":")[2].split("+")) if ":" in text else 0
    low = min((_rank_value(c) for c in cards), default=99)
    return (wild, -(len(cards) + taken), low)


def _rank_value(card: str) -> int:
    rank = card[:-1] if len(card) > 1 else card
    order = {"A": 1, "J": 11, "Q": 12, "K": 13}
    return order.get(rank, int(rank) if rank.isdigit() else 99)
