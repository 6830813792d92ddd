"""The words drawn in the pictures follow the language in force: every game (Hurricane standard, open
and pairs, Hurikan, Haggis for two and three, Hurricane poker with its options) played to the end
with random legal moves, its table, each hand (with a selection judged legal or not) and its final
pictures drawn in Russian and scanned for English words (names, card codes and option values may
stay Latin), and drawn in English with no Russian word left."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.games import new_game
from bot.i18n import using
from bot.render.pictures import Picture, final_picture, hand_picture, table_picture

from ..i18n.scan import english_words
from .positions import NAMES, POSITIONS, TABLE_GAMES, finished, poker_draw

RUSSIAN_NAMES = ["Анна", "Bogdan", "Карла", "Dmitri", "Ева", "Фёдор", "Gleb", "Harald"]
LATIN_NAMES = [*NAMES, "Eve", "Fyodor", "Gleb", "Harald"]
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)

GAMES: list[tuple[str, dict[str, Any] | None, int]] = [
    *TABLE_GAMES,
    ("hurricane_poker", {"hands": 3, "wild": "deuces", "declare": True}, 4),
    ("hurricane_poker", {"hands": 2, "draw": "off"}, 8),
]


def _pictures(
    game: str,
    options: dict[str, Any] | None,
    players: int,
    seed: int,
    names: list[str],
    every: int = 1,
) -> list[Picture]:
    """Every kind of picture of one game played to its end (the table and the mover's hand every
    ``every`` moves; the final piles after the first deals or rounds and at the end)."""
    rng = random.Random(seed)
    state = new_game(game, seed=seed, players=players, options=options)
    names = names[:players]
    out: list[Picture] = []
    last: str | None = None
    finals = step = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        step += 1
        if step % every == 0:
            out.append(table_picture(state.view(None), names, last_move=last))
            view = state.view(seat)
            picked = [c for c in view.get("hand") or [] if rng.random() < 0.3]
            out.append(hand_picture(view, selection=picked, legal=rng.random() < 0.5))
            out.append(hand_picture(view))
        last = rng.choice([str(a) for a in state.legal_actions()])
        before = state.view(None).get("last_deal") or state.view(None).get("last_round")
        state.apply(last)
        after = state.view(None).get("last_deal") or state.view(None).get("last_round")
        if after != before and finals < 3:  # a deal or round scored: its breakdown
            out.append(final_picture(state.view(None), names))
            finals += 1
    out.append(final_picture(state.view(None), names))
    out.append(table_picture(state.view(None), names, last_move=last))
    for seat in range(players):
        out.append(hand_picture(state.view(seat)))
    return out


def _fixed() -> list[tuple[Picture, list[str]]]:
    """The golden tests' positions (showdowns, wild cards, the draw, the final ranking)."""
    out = []
    for make in POSITIONS.values():
        state = make()
        seat = state.current_player
        assert seat is not None
        names = NAMES[: state.num_players]
        out.append((table_picture(state.view(None), names, last_move="pass"), names))
        out.append((hand_picture(state.view(seat), legal=False), names))
    draw = poker_draw()
    out.append((hand_picture(draw.view(0), selection=["2H"], legal=True), NAMES))
    out.append((table_picture(draw.view(None), NAMES), NAMES))
    for game in ("hurricane", "haggis", "hurricane_poker"):
        state = finished(game)
        out.append((final_picture(state.view(None), NAMES[: state.num_players]), NAMES))
    return out


def _said(picture: Picture) -> str:
    return " / ".join(picture.texts)


def _names(names: list[str]) -> set[str]:
    """The names, and what of them a narrow box shows before its ellipsis (``Dmi…``)."""
    return {name[:k] for name in names for k in range(1, len(name) + 1)}


@pytest.mark.parametrize(
    ("game", "options", "players"),
    GAMES,
    ids=[f"{g}-{(o or {}).get('preset', p)}" for g, o, p in GAMES],
)
def test_every_word_drawn_in_russian_is_russian(
    game: str, options: dict[str, Any] | None, players: int
) -> None:
    with using("ru"):
        pictures = _pictures(game, options, players, seed=11, names=RUSSIAN_NAMES, every=2)
    names = _names(RUSSIAN_NAMES)
    assert len(pictures) > 20
    for picture in pictures:
        said = _said(picture)
        assert not english_words(said, names), (picture.filename, said)
        assert CYRILLIC.search(said), (picture.filename, said)  # it says something, in Russian


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_fixed_positions_speak_one_language(lang: str) -> None:
    with using(lang):
        pictures = _fixed()
    for picture, names in pictures:
        said = _said(picture)
        if lang == "ru":
            assert not english_words(said, _names(names)), (picture.filename, said)
            assert CYRILLIC.search(said), (picture.filename, said)
        else:
            assert not CYRILLIC.search(said), (picture.filename, said)


def test_english_pictures_carry_no_russian_word() -> None:
    for game, options, players in GAMES:
        with using("en"):
            pictures = _pictures(game, options, players, seed=5, names=LATIN_NAMES, every=5)
        for picture in pictures:
            assert not CYRILLIC.search(_said(picture)), (game, picture.filename, _said(picture))


def test_russian_counts_take_their_plural_forms() -> None:
    """1 карта, 3 карты, 5 карт, 21 карта: the hand's title agrees with its count."""
    state = new_game("hurricane", seed=3)
    view = state.view(0)
    with using("ru"):
        for cards, word in ((1, "1 карта"), (3, "3 карты"), (0, "0 карт")):
            picture = hand_picture({**view, "hand": view["hand"][:cards]})
            assert f"Ваши карты · {word}" in picture.texts, picture.texts
