"""Moves in words, from the canonical action text (ENGINE.md notation), for every game.

``move_label`` is what the acting player picks from ("7♥ takes 3♣ + 4♦"); ``describe_move`` is the line
everyone reads afterwards ("Anna plays 7♥ and takes 3♣ + 4♦ — hurricane!")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from bot.i18n import N_, _

from .cards import card_label
from .typed import query_words

BET_WORDS = {0: N_("no bet"), 15: N_("little bet"), 30: N_("big bet")}


def _joined(cards: Sequence[str]) -> str:
    return " + ".join(card_label(c) for c in cards)


def reading_words(suffix: str) -> str:
    """Haggis reading suffix ``=set`` / ``=seqW`` in words."""
    if suffix == "set":
        return _("as a set")
    if suffix.startswith("seq"):
        width = suffix[3:]
        if width in ("", "1"):
            return _("as a sequence")
        return _("as a {width}-wide sequence").format(width=width)
    return _("as {reading}").format(reading=suffix)


def haggis_parts(text: str) -> tuple[list[str], str | None]:
    """The cards of a Haggis play and its declared reading (or None)."""
    body, _eq, suffix = text.partition("=")
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
    return names[seat] if 0 <= seat < len(names) else _("seat {number}").format(number=seat + 1)


def _bet(amount: int) -> str:
    word = _(BET_WORDS[amount]) if amount in BET_WORDS else _("bet")
    return f"{amount} ({word})"


#: Second person, for the one choosing (menus, /play autocomplete).
LABELS: dict[str, Label] = {
    "pass": lambda m, names: _("Pass"),
    "bet": lambda m, names: _("Bet {bet}").format(bet=_bet(m.number)),
    "give": lambda m, names: _("Give the trick to {name}").format(name=_seat(names, m.number)),
    "flip": lambda m, names: _("Turn up face-down card {number}").format(number=m.number + 1),
    "play": lambda m, names: m.played,
    "lay": lambda m, names: _("Lay {cards} on the table").format(cards=m.played),
    "lay_take": lambda m, names: _("Lay {cards}, take {taken}").format(
        cards=m.played, taken=m.taken
    ),
    "take": lambda m, names: _("{card} takes {taken}").format(card=m.played, taken=m.taken),
    "trail": lambda m, names: _("Trail {card}").format(card=m.played),
    "check": lambda m, names: _("Check"),
    "call": lambda m, names: _("Call {chips}").format(chips=m.number) if m.number else _("Call"),
    "fold": lambda m, names: _("Fold"),
    "pbet": lambda m, names: _("Bet {chips}").format(chips=m.number),
    "raise": lambda m, names: _("Raise by {chips}").format(chips=m.number),
    "draw": lambda m, names: _("Draw: discard {card}").format(card=m.played),
    "stand": lambda m, names: _("Stand pat"),
    "declare": lambda m, names: _("Declare {side}").format(side=m.played),
}
#: Third person, for everyone afterwards (the table message).
DESCRIPTIONS: dict[str, Line] = {
    "pass": lambda m, who, names: _("{name} passes").format(name=who),
    "bet": lambda m, who, names: (
        _("{name} bets {bet}").format(name=who, bet=_bet(m.number))
        if m.number
        else _("{name} makes no bet").format(name=who)
    ),
    "give": lambda m, who, names: _("{name} gives the bombed trick to {other}").format(
        name=who, other=_seat(names, m.number)
    ),
    "flip": lambda m, who, names: _("{name} turns up a face-down card").format(name=who),
    "play": lambda m, who, names: _("{name} plays {cards}").format(name=who, cards=m.played),
    "lay": lambda m, who, names: _("{name} lays {cards} on the table").format(
        name=who, cards=m.played
    ),
    "lay_take": lambda m, who, names: _("{name} lays {cards} and takes {taken}").format(
        name=who, cards=m.played, taken=m.taken
    ),
    "take": lambda m, who, names: _("{name} plays {card} and takes {taken}").format(
        name=who, card=m.played, taken=m.taken
    ),
    "trail": lambda m, who, names: _("{name} trails {card}").format(name=who, card=m.played),
    "check": lambda m, who, names: _("{name} checks").format(name=who),
    "call": lambda m, who, names: _("{name} calls").format(name=who),
    "fold": lambda m, who, names: _("{name} folds").format(name=who),
    "pbet": lambda m, who, names: _("{name} bets {chips}").format(name=who, chips=m.number),
    "raise": lambda m, who, names: _("{name} raises by {chips}").format(name=who, chips=m.number),
    # the discarded card stays secret: only that a card was drawn is public
    "draw": lambda m, who, names: _("{name} draws one card").format(name=who),
    "stand": lambda m, who, names: _("{name} stands pat").format(name=who),
    # secret until all have declared
    "declare": lambda m, who, names: _("{name} declares").format(name=who),
}
#: Second person, for the reader's own moves told back to them (the terminal's story): the same
#: line as ``DESCRIPTIONS`` with "You" and a verb that agrees ("You pass", «Вы пасуете»).
YOURS: dict[str, Line] = {
    "pass": lambda m, who, names: _("You pass"),
    "bet": lambda m, who, names: (
        _("You bet {bet}").format(bet=_bet(m.number)) if m.number else _("You make no bet")
    ),
    "give": lambda m, who, names: _("You give the bombed trick to {other}").format(
        other=_seat(names, m.number)
    ),
    "flip": lambda m, who, names: _("You turn up a face-down card"),
    "play": lambda m, who, names: _("You play {cards}").format(cards=m.played),
    "lay": lambda m, who, names: _("You lay {cards} on the table").format(cards=m.played),
    "lay_take": lambda m, who, names: _("You lay {cards} and take {taken}").format(
        cards=m.played, taken=m.taken
    ),
    "take": lambda m, who, names: _("You play {card} and take {taken}").format(
        card=m.played, taken=m.taken
    ),
    "trail": lambda m, who, names: _("You trail {card}").format(card=m.played),
    "check": lambda m, who, names: _("You check"),
    "call": lambda m, who, names: _("You call"),
    "fold": lambda m, who, names: _("You fold"),
    "pbet": lambda m, who, names: _("You bet {chips}").format(chips=m.number),
    "raise": lambda m, who, names: _("You raise by {chips}").format(chips=m.number),
    "draw": lambda m, who, names: _("You draw one card"),
    "stand": lambda m, who, names: _("You stand pat"),
    "declare": lambda m, who, names: _("You declare"),
}
SIDE_WORDS = {"high": N_("High"), "low": N_("Low"), "both": N_("both High and Low")}


def _poker_words(text: str, to_call: int) -> MoveWords:
    """Hurricane poker's actions: ``check``, ``call``, ``fold``, ``bet 2``, ``raise 3``,
    ``draw 7H``, ``stand``, ``declare high``."""
    word, _sep, rest = text.partition(" ")
    if word in ("bet", "raise") and rest.isdigit():
        return MoveWords("pbet" if word == "bet" else "raise", int(rest))
    if word == "draw" and rest:
        return MoveWords("draw", played=card_label(rest))
    if word == "declare" and rest:
        return MoveWords("declare", played=_(SIDE_WORDS[rest]) if rest in SIDE_WORDS else rest)
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
    word, _sep, rest = text.partition(" ")
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
    game: str,
    who: str,
    text: str,
    *,
    sweep: bool = False,
    names: Sequence[str] = (),
    you: bool = False,
) -> str:
    """The last move for everyone to read, in the third person (``you``: told back to the one
    who made it, in the second person; ``who`` is then not used)."""
    return describe_words(move_words(game, text), who, sweep=sweep, names=names, you=you)


def describe_words(
    words: MoveWords, who: str, *, sweep: bool = False, names: Sequence[str] = (), you: bool = False
) -> str:
    """``describe_move`` of a move already taken apart (the terminal builds it from an event)."""
    line = (YOURS if you else DESCRIPTIONS)[words.kind](words, who, names)
    return line + (" — " + _("hurricane!") if sweep and words.kind == "take" else "")


def matches_query(label: str, text: str, query: str) -> bool:
    """Autocomplete filter: every typed word must appear in the label or the canonical text, as
    typed or as the engine writes it (``Кs``, ``тч``, ``колл``: see ``typed``)."""
    hay = f"{label} {text}".lower()
    return all(word in hay or meant in hay for word, meant in query_words(query))


def move_kind(game: str, text: str, words: str | None) -> str:
    """What sort of move it is, for a short menu ("captures", "pairs", "sequences", "bombs"…);
    ``words``: the engine's description of a Haggis play, if any."""
    kind = move_words(game, text).kind
    if kind == "pass":
        return _("pass")
    if kind in ("bet", "give", "flip"):
        return {"bet": _("bets"), "give": _("give the trick"), "flip": _("turn up a card")}[kind]
    if game == "haggis":
        lowered = (words or "").lower()
        if "bomb" in lowered or "бомба" in lowered:
            return _("bombs")
        if "-wide sequence" in lowered or "шириной" in lowered:
            return _("sequences of pairs or sets")
        if "sequence" in lowered or "последовательность" in lowered:
            return _("sequences")
        count = len(haggis_parts(text)[0])
        if count == 1:
            return _("single cards")
        if count == 2:
            return _("pairs")
        return _("sets of {count}").format(count=count)
    return {
        "take": _("captures"),
        "trail": _("trails"),
        "lay": _("lay cards"),
        "lay_take": _("lay and take"),
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
