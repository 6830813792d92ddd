"""Every example move the texts teach (the terminal's intro and ``help``, the ``/rules`` panel's
"Typing a move"), in both languages, is read as a move that the game allows in some position that
play reaches; every example card is a card of the game's pack (issue 23: the poker intro taught
``draw 7h 5s``, which the engine refuses)."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest

from bot.games import IllegalAction, new_game, parse_action
from bot.i18n import using
from bot.render.notation import card_help, typing_help
from bot.render.typed import canonical, typed_card

#: Each game with the options that open all its moves (declarations, the open hand's flips).
SETUPS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "hurricane": [(2, {"preset": "standard"}), (2, {"preset": "open"}), (4, {"preset": "pairs"})],
    "hurikan": [(2, {})],
    "haggis": [(2, {}), (3, {})],
    "hurricane_poker": [(3, {"declare": "yes"}), (2, {})],
}
_CARD_TOKEN = re.compile(r"^(?:10|[2-9AJQK])[HDCSROYGB]$|^[JQK]$|^X[12]$")
#: What a quoted or bracketed example is split into.
_SPLIT = re.compile(r",\s*(?:or\s+|или\s+)?|\s+or\s+|\s+или\s+")
_EXAMPLES = re.compile(r"\(([^()]*)\)|'([^']*)'|«([^»]*)»|`([^`]*)`")


def shape(move: str) -> str:
    """A move with every card replaced by ``C``: ``7H:3C+4D`` -> ``C:C+C``, ``bet 15`` stays."""
    return re.sub(
        r"[^\s+:=]+", lambda m: "C" if _CARD_TOKEN.match(m.group(0)) else m.group(0), move
    )


@cache
def reachable_shapes(game: str) -> frozenset[str]:
    """The shapes of every move legal at some position of a few seeded games played at random."""
    shapes: set[str] = set()
    for players, options in SETUPS[game]:
        for seed in range(4):
            rng = random.Random(seed)
            state = new_game(game, seed=seed, players=players, options=options)
            for _step in range(400):
                if state.is_over:
                    break
                legal = [str(a) for a in state.legal_actions()]
                shapes.update(shape(m) for m in legal)
                state.apply(rng.choice(legal))
    return frozenset(shapes)


def examples(text: str) -> list[str]:
    """The examples a text gives: what stands in brackets, quotes or code, split at commas and
    "or"/"или"."""
    found = []
    for groups in _EXAMPLES.findall(text):
        inner = next(g for g in groups if g)
        parts = (part.strip(" '«»`") for part in _SPLIT.split(inner))
        found.extend(part for part in parts if part)
    return found


def _looks_like_a_move(example: str) -> bool:
    """Whether an example stands for a move (it has a card or a move word), not for prose."""
    words = example.replace("+", " ").replace(":", " ").split()
    return bool(words) and (
        any(typed_card(w) for w in words)
        or canonical(example).split(" ")[0]
        in {
            "pass",
            "bet",
            "give",
            "flip",
            "check",
            "call",
            "fold",
            "raise",
            "draw",
            "stand",
            "declare",
        }
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", sorted(SETUPS))
def test_every_example_move_is_a_move_the_game_allows(game: str, lang: str) -> None:
    with using(lang):
        text = typing_help(game)
    moves = [e for e in examples(text) if _looks_like_a_move(e)]
    assert moves, text
    for example in moves:
        meant = canonical(example)
        try:
            parse_action(game, meant)
        except IllegalAction as exc:
            pytest.fail(f"{lang} {game}: the example {example!r} is no move: {exc}")
        assert shape(meant) in reachable_shapes(game), (
            example,
            meant,
            sorted(reachable_shapes(game)),
        )


PACKS = {
    "hurricane": {r + s for r in "A234567JQK" for s in "HDCS"},
    "hurikan": {r + s for r in "A234567JQK" for s in "HDCS"},
    "hurricane_poker": {r + s for r in [*"A23456789JQK", "10"] for s in "HDCS"} | {"X1", "X2"},
    "haggis": {r + s for r in [*"23456789", "10"] for s in "ROYGB"} | {"J", "Q", "K"},
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", sorted(SETUPS))
def test_every_example_card_is_a_card_of_the_pack(game: str, lang: str) -> None:
    with using(lang):
        text = card_help(game)
    cards = [e for e in examples(text) if typed_card(e) is not None]
    assert len(cards) >= 2, text
    for example in cards:
        assert typed_card(example) in PACKS[game], (lang, game, example)


def test_the_checker_catches_a_move_the_engine_refuses() -> None:
    """The old poker intro's ``draw 7h 5s`` is caught; ``draw 7h`` is not."""
    with pytest.raises(IllegalAction):
        parse_action("hurricane_poker", canonical("draw 7h 5s"))
    assert shape(canonical("обмен 7ч")) in reachable_shapes("hurricane_poker")
    assert examples("type (draw 7h 5s) or 'stand'") == ["draw 7h 5s", "stand"]
