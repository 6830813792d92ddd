"""Every name fits, and two players never look alike: the longest names Discord allows (32
characters; wide letters, Cyrillic, emoji) at every table size of every game, in English and
Russian: no text of a table or final picture is cut by the canvas (names are shortened by
``fit_names``, sentences wrap), and every shortened name stands for one player only."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import new_game
from bot.i18n import using
from bot.render.pictures import final_picture, table_picture
from bot.render.pictures.canvas import MARGIN, WIDTH
from bot.render.pictures.fit import display_names, fit_names
from bot.render.pictures.layouts import layout_for

from .consistency import problems, seat_of
from .positions import TABLE_GAMES

LONG = [
    "Computer (normal)",
    "Computer 2 (normal)",
    "Щ" * 32,
    "W" * 32,
    "🎲🎲 Александра Константиновна 🎲",
    "Bogdan the Magnificent Destroyer",
    "Computer 3 (normal)",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW2",
]
TABLES: list[tuple[str, dict[str, Any] | None, int]] = [
    *TABLE_GAMES,
    *(("hurricane_poker", {"declare": "yes", "hands": 4}, n) for n in range(2, 9)),
]


def _shortened_apart(texts: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
    return [t for t in texts if "…" in t and len(seat_of(t.removeprefix("▶ "), names)) > 1]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(
    ("game", "options", "players"), TABLES, ids=[f"{g}-{p}" for g, _o, p in TABLES]
)
def test_long_names_fit_and_stay_apart(
    game: str, options: dict[str, Any] | None, players: int, lang: str
) -> None:
    rng = random.Random(players)
    names = LONG[:players]
    shown = display_names(names)
    state = new_game(game, seed=5, players=players, options=options)
    mover = last = None
    checked = 0
    with using(lang):
        while not state.is_over:
            if rng.random() < 0.5:
                view = state.view(None)
                picture = table_picture(view, names, last_move=last, mover=mover)
                assert not problems(picture, view, names, mover, last), picture.texts
                assert not _shortened_apart(picture.texts, shown)
                checked += 1
            mover = state.current_player
            last = rng.choice([str(a) for a in state.legal_actions()])
            state.apply(last)
        final = final_picture(state.view(None), names)
    assert checked >= 5
    assert not final.cut, final.cut
    assert not _shortened_apart(final.texts, shown)


def test_shortened_names_keep_what_tells_them_apart() -> None:
    names = ("Computer (normal)", "Computer 2 (normal)", "Computer 3 (normal)")
    for width in (60, 90, 120, 160, 200):
        short = fit_names(names, width, 19, True)
        assert len(set(short)) == 3, short
        assert all(seat_of(s, names) == {i} for i, s in enumerate(short)), short


def test_a_name_the_font_cannot_draw_is_its_seat_and_twins_are_numbered() -> None:
    assert display_names(["🎲🎲", "Bob", "Bob"]) == ("Seat 1", "Bob (2)", "Bob (3)")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(
    ("game", "options", "players"),
    [("haggis", None, 3), ("haggis", None, 2), ("hurricane", {"preset": "pairs"}, 4)],
)
def test_breakdown_heads_break_between_words(
    game: str, options: dict[str, Any] | None, players: int, lang: str
) -> None:
    """A final's column head is the side's name over one or two lines broken between words
    ("Computer 2 / (normal)", never "Comput / er 2"), or a shortening that stands for it alone."""
    rng = random.Random(players)
    state = new_game(game, seed=5, players=players, options=options)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(None)
    layout = layout_for(view)
    for names in (["Computer (normal)", "Computer 2 (normal)", "Computer 3 (normal)"], LONG):
        with using(lang):
            drawn = layout.drawn_names(view, names[:players])
            sides = [side for side, _pile in layout.sides(view, drawn)]
            rows = layout.score_rows(view, len(sides))
            heads = layout.column_heads(rows, sides, WIDTH - 2 * MARGIN)
            final = final_picture(view, names[:players])
        assert not final.cut, final.cut
        for i, (side, lines) in enumerate(zip(sides, heads, strict=True)):
            joined = " ".join(lines)
            assert 1 <= len(lines) <= 2, lines
            assert joined == side or ("…" in joined and seat_of(joined, sides) == {i}), lines
            assert all(line in final.texts for line in lines)
