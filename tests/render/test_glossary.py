"""The glossary (``/rules``, the terminal's ``help``) covers the words each game's texts use, in both
languages: every kind of move a game offers in whole seeded games is named on its buttons and menus
by a word the game's glossary explains, and the words of its table and showdown (High, Low, side
pot, primiera…) are there too (issue 23: the poker glossary had none of ante, check, call, bet,
raise, fold, stand pat, draw, High, Low, declare, side pot)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import new_game
from bot.i18n import using
from bot.render.moves import move_label, move_words
from bot.render.rules import glossary_entries

#: The glossary term that explains each kind of move (``move_words``), per language; None: a plain
#: word that needs no entry (a capture, a pass).
KIND_TERMS: dict[str, tuple[str, str] | None] = {
    "trail": ("trail", "снос"),
    "take": None,
    "lay": None,
    "lay_take": None,
    "flip": None,
    "pass": None,
    "give": None,
    "play": None,  # Haggis combinations: below, by what they are
    "bet": ("bet", "ставка"),
    "check": ("check", "чек"),
    "call": ("call", "колл"),
    "fold": ("fold", "фолд"),
    "pbet": ("bet", "бет"),
    "raise": ("raise", "рейз"),
    "draw": ("draw", "обмен"),
    "stand": ("stand pat", "без обмена"),
    "declare": ("declare", "объявление"),
}
#: Words the game's table, hands and scoring texts use, which its glossary must explain.
TEXT_TERMS: dict[str, list[tuple[str, str]]] = {
    "hurricane": [("sweep / hurricane", "ураган"), ("primiera", "примиера")],
    "haggis": [
        ("set", "набор"),
        ("sequence", "последовательность"),
        ("bomb", "бомба"),
        ("face cards (J Q K)", "фигуры"),
        ("the Haggis", "хаггис"),
    ],
    "hurricane_poker": [
        ("ante", "анте"),
        ("High", "хай"),
        ("Low", "лоу"),
        ("side pot", "побочный банк"),
    ],
}
SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("hurricane", 2, {"preset": "open"}),
    ("hurikan", 2, {}),
    ("haggis", 3, {"bomb_capture": "chooser"}),
    ("hurricane_poker", 3, {"declare": "yes"}),
]


def _kinds(game: str, players: int, options: dict[str, Any]) -> dict[str, str]:
    """Each kind of move offered in two seeded games, with one move of that kind."""
    kinds: dict[str, str] = {}
    for seed in (1, 2):
        rng = random.Random(seed)
        state = new_game(game, seed=seed, players=players, options=options)
        for _step in range(1500):
            if state.is_over:
                break
            legal = [str(a) for a in state.legal_actions()]
            for move in legal:
                kinds.setdefault(move_words(game, move).kind, move)
            state.apply(rng.choice(legal))
    return kinds


def _terms(game: str, lang: str) -> list[str]:
    return [term.lower() for term, _meaning in glossary_entries(game, lang=lang)]


@pytest.mark.parametrize(("game", "players", "options"), SETUPS)
def test_every_kind_of_move_is_named_by_a_glossary_word(
    game: str, players: int, options: dict[str, Any]
) -> None:
    kinds = _kinds(game, players, options)
    assert kinds
    for kind, move in kinds.items():
        terms = KIND_TERMS[kind]
        if terms is None:
            continue
        for lang, term in zip(("en", "ru"), terms, strict=True):
            assert term.lower() in _terms(game, lang), (game, lang, kind, term)
            with using(lang):
                label = move_label(game, move).lower()
            # the button says the glossary's word (its first letters: «Снести» / «снос»)
            assert label[:2] == term.lower()[:2], (lang, kind, label, term)


@pytest.mark.parametrize("game", sorted(TEXT_TERMS))
def test_the_words_of_the_tables_are_in_the_glossary(game: str) -> None:
    for en, ru in TEXT_TERMS[game]:
        assert en.lower() in _terms(game, "en"), en
        assert any(t.startswith(ru) for t in _terms(game, "ru")), ru


def test_each_game_gets_its_own_words_only() -> None:
    assert "bomb" not in _terms("hurricane", "en") and "trail" not in _terms("haggis", "en")
    assert "check" not in _terms("haggis", "en") and "trail" in _terms("hurikan", "en")
    for game in ("hurricane", "haggis", "hurricane_poker"):
        assert len(_terms(game, "en")) == len(_terms(game, "ru"))
