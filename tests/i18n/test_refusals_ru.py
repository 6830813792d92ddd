"""Every refusal a player can cause by typing, picking or clicking a move reaches a Russian player in
Russian: each game and variant is played a little way in, then fed bad moves (wrong and unknown
cards, typos, duplicates, far too long, wrong verbs, numbers out of range, out of turn, mutations
of the legal moves), and each refusal the engine says is shown through ``refusal`` under Russian."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GAMES, GameState, IllegalAction, new_game, parse_action
from bot.i18n import using
from bot.render.refusals import refusal

from .scan import english_words

SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("hurricane", 2, {"preset": "standard"}),
    ("hurricane", 2, {"preset": "open"}),
    ("hurricane", 4, {"preset": "pairs"}),
    (
        "hurricane",
        2,
        {"precedence": "equal_first", "min_cards": "on", "trail": "only_if_no_capture"},
    ),
    ("hurikan", 2, {}),
    ("haggis", 2, {}),
    ("haggis", 3, {"bomb_capture": "chooser"}),
    ("hurricane_poker", 3, {"declare": "yes"}),
    ("hurricane_poker", 2, {"wild": "jokers"}),
    ("hurricane_poker", 4, {"wild": "deuces", "draw": "off"}),
    ("hurricane_poker", 2, {"wild": "one_eyes", "raises": 1}),
]
#: Every card code of every pack, and some that are no card of any.
CODES = [
    f"{rank}{suit}"
    for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    for suit in "HDCSROYGB"
] + ["J", "Q", "K", "X1", "X2", "1H", "11D", "7X", "ZZ", "AS10"]
#: Typed moves that are wrong in some game or phase (each game gets all of them).
TYPED = [
    "", "   ", "x" * 250, "hello", "hello world", "7X", "8H", "9S", "10D", "AS", "X1", "ZZ",
    "7R", "10G", "J", "J J", "7H 7H", "7H+7H", "7H:7H", "7H:", "7H:3C:4D", "7H 3C", "7H:3C 4D",
    "AH:AH", "4S+2H:", ":6C", "+", "flip", "flip 5", "flip x", "flip 0 1", "pass now", "pass",
    "bet", "bet x", "bet 20", "bet 9999", "bet 15 30", "bet 0", "bet 15", "give", "give x",
    "give 9", "give 0", "=set", "7R =bogus", "7R 7G =seq9", "check now", "check", "call 3", "call",
    "fold", "raise", "raise 0", "raise x", "raise 99999", "raise 3", "bet 3", "draw", "draw ZZ",
    "draw AS", "draw 7H 7D", "stand", "stand up", "declare", "declare up", "declare high",
    "declare both", "²", "bet ²", "7r 7R", "J Q K", "3R 5R 7R 9R", "3R 5O 7R 9R J",
]  # fmt: skip
_CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
#: The notation's letters (suits H D C S, R O Y G B; N chips, W width), reading codes (=seq2), and
#: a typed value the engine cut short ('xxx…).
_NOTATION = re.compile(r"(?<![\w=])[A-Z](?![\w])|(?<!\w)=\w+|'[^']*…")


def _positions(name: str, players: int, options: dict[str, Any]) -> Iterator[GameState]:
    """Positions of two deals played a little way in (random legal moves, fixed seeds)."""
    for seed in (3, 11):
        rng = random.Random(seed)
        state = new_game(name, seed=seed, players=players, options=options)
        for move in range(60):
            if state.is_over:
                break
            if move % 4 == 0:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))


def _mutations(legal: list[str], rng: random.Random) -> Iterator[str]:
    """Moves one step away from legal ones: a card swapped, doubled, added or dropped, a reading,
    colon or number changed, the verb changed."""
    for text in rng.sample(legal, min(len(legal), 6)):
        words = text.replace("+", " ").replace(":", " : ").split()
        cards = [i for i, w in enumerate(words) if w not in (":",) and not w.startswith("=")]
        yield text + " " + words[0]
        yield text + "+" + rng.choice(CODES)
        yield text + ":" + rng.choice(CODES)
        yield text.replace(":", "+")
        yield text + " =seq" + rng.choice("12345")
        yield text + " =set"
        yield text.lower()
        if cards:
            i = rng.choice(cards)
            yield " ".join(words[:i] + [rng.choice(CODES)] + words[i + 1 :]).replace(" : ", ":")
            yield " ".join(words[:i] + words[i + 1 :]).replace(" : ", ":")
        if words[-1].isdigit():
            yield " ".join(words[:-1] + [str(int(words[-1]) + rng.choice((1, 7, 50, 1000)))])
        yield rng.choice(("bet", "raise", "give", "flip", "draw", "declare")) + " " + words[-1]


def _refusals() -> dict[str, str]:
    """Each distinct refusal the engines said, with one input that caused it."""
    found: dict[str, str] = {}
    rng = random.Random(7)
    for name, players, options in SETUPS:
        game = "hurricane" if name == "hurikan" else name
        for state in _positions(name, players, options):
            seat = state.current_player
            assert seat is not None
            legal = [str(a) for a in state.legal_actions()]
            others = [s for s in range(state.num_players) if s != seat]
            texts = TYPED + list(_mutations(legal, rng))
            tries: list[tuple[str, int | None]] = [(t, seat) for t in texts]
            tries += [(t, rng.choice(others)) for t in rng.sample(legal, min(3, len(legal)))]
            tries += [(t, 99) for t in legal[:1]] + [(t, -1) for t in legal[:1]]
            for text, who in tries:
                try:
                    parse_action(game if name != "hurikan" else "hurikan", text)
                except IllegalAction as exc:
                    found.setdefault(str(exc), text)
                try:
                    state.clone().apply(text, who)
                except IllegalAction as exc:
                    found.setdefault(str(exc), text)
    return found


REFUSALS = _refusals()


def _untranslated(english: str, typed: str) -> list[str]:
    with using("ru"):
        russian = refusal(english)
    if russian == english or not _CYRILLIC.search(russian):
        return [russian]
    # what was typed stays as typed (upper-cased or cut short by the engine: 'xxx…)
    typed_words = {w.lower() for w in re.findall(r"[A-Za-z0-9_-]+", typed)} | set(GAMES)
    left = [
        w
        for w in english_words(_NOTATION.sub(" ", russian), set(), typed=True)
        if w.lower() not in typed_words
    ]
    return [f"{russian} ({', '.join(left)})"] if left else []


def test_the_bad_moves_reach_many_different_refusals() -> None:
    """The generator is worth something: it reaches the refusals of every game and phase."""
    assert len(REFUSALS) > 80, sorted(REFUSALS)


def test_every_refusal_of_a_bad_move_is_said_in_russian() -> None:
    wrong = {english: _untranslated(english, typed) for english, typed in REFUSALS.items()}
    wrong = {english: why for english, why in wrong.items() if why}
    assert not wrong, "\n".join(f"{e!r} -> {w}" for e, w in sorted(wrong.items()))


@pytest.mark.parametrize("game", ["hurricane", "hurikan", "haggis", "hurricane_poker"])
@settings(max_examples=60, derandomize=True, deadline=None)
@given(text=st.text(alphabet="7AJQKX1HDCSRGB0 +:=passbetflipgivedrawcall", max_size=14))
def test_any_typed_move_is_refused_in_russian(game: str, text: str) -> None:
    try:
        parse_action(game, text)
    except IllegalAction as exc:
        assert not _untranslated(str(exc), text), (text, str(exc))


def _table_refusals() -> dict[str, str]:
    """The table layer's refusals of a new table as ``/table new`` asks for it (typed options, a
    preset, a target, a seat count), with the engines' option checks it passes on."""
    from bot.tables.errors import TableError
    from bot.tables.models import GameSpec
    from bot.tables.specs import command_spec, validate_spec

    options = [
        "target", "target=", "x=1 x=2", "colour=red", "target=7", "target=abc", "preset=odd",
        "wild=purple", "stack=0", "bomb_capture=maybe", "min_cards=perhaps", "preset=pairs",
    ]  # fmt: skip
    found: dict[str, str] = {}
    for game in ("hurricane", "hurikan", "haggis", "hurricane_poker", "chess"):
        asks: list[dict[str, Any]] = [{"options": text} for text in options]
        asks += [{"preset": "odd"}, {"preset": "open", "options": "preset=open"}, {"target": 5}]
        asks += [{"players": 9}, {"players": 1}, {"preset": "pairs", "players": 2}]
        for ask in asks:
            try:
                spec = command_spec(game, turn_timer=60, **ask)
                validate_spec(spec)
            except TableError as exc:
                found.setdefault(str(exc), str(ask))
        for timer in (-1, 99999):
            try:
                validate_spec(GameSpec(game=game, turn_timer=timer))
            except TableError as exc:
                found.setdefault(str(exc), str(timer))
    return found


def test_every_refusal_of_a_bad_table_is_said_in_russian() -> None:
    refusals = _table_refusals()
    assert len(refusals) > 12, sorted(refusals)
    wrong = {english: _untranslated(english, typed) for english, typed in refusals.items()}
    wrong = {english: why for english, why in wrong.items() if why}
    assert not wrong, "\n".join(f"{e!r} -> {w}" for e, w in sorted(wrong.items()))


def test_the_values_inside_a_refusal_are_translated_and_typed_ones_kept() -> None:
    with using("ru"):
        assert refusal("5S cannot take AS+3H: they add up to 4, not 5") == (
            "5♠ не берёт Т♠+3♥: в сумме 4, а не 5"
        )
        assert refusal("give the trick to an opponent: seat 0 or 2") == (
            "отдайте взятку сопернику: место 0 или 2"
        )
        assert refusal("J is listed twice: each seat has only one J") == (
            "В указана дважды: такая карта у каждого игрока одна"
        )
        typed = "'AS 7H': play one card (e.g. 7H) or a capture with a colon (e.g. 7H:3C+4D)"
        assert refusal(typed).startswith("'AS 7H': сыграйте одну карту")
        assert refusal("you do not hold 4C: draw one of your own cards") == (
            "у вас нет 4♣: меняйте одну из своих карт"
        )
