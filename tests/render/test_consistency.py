"""Table pictures agree with the state they draw: whole seeded games of every game and variant
(2, 3 and 8 seats where the game has them), in English and Russian, at least 200 positions each,
every table picture checked by ``consistency.problems`` (who is to play, the new trick's leader,
the dealer, the scores, chips and pot, the last move's player, no placeholder drawn)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import new_game
from bot.i18n import using
from bot.render.pictures import table_picture

from .consistency import problems, seat_of
from .positions import TABLE_GAMES

NAMES = [
    "Anna",
    "Computer (normal)",
    "Computer 2 (normal)",
    "Dmitri",
    "Ева",
    "Фёдор",
    "🎲",
    "Harald",
]
POSITIONS = 200

GAMES: list[tuple[str, dict[str, Any] | None, int]] = [
    *TABLE_GAMES,
    ("haggis", {"bomb_capture": "chooser"}, 3),
    ("hurricane_poker", None, 2),
    ("hurricane_poker", {"wild": "deuces", "declare": "yes"}, 3),
    ("hurricane_poker", {"draw": "off", "wild": "jokers"}, 8),
]


def _positions(game: str, options: dict[str, Any] | None, players: int, seed: int) -> int:
    """Plays seeded games until ``POSITIONS`` table pictures were checked; returns how many."""
    rng = random.Random(seed)
    names = NAMES[:players]
    checked = 0
    while checked < POSITIONS:
        state = new_game(game, seed=seed + checked, players=players, options=options)
        mover: int | None = None
        last: str | None = None
        while not state.is_over and checked < POSITIONS:
            view = state.view(None)
            picture = table_picture(view, names, last_move=last, mover=mover)
            found = problems(picture, view, names, mover, last)
            assert not found, (game, players, checked, found, picture.texts)
            checked += 1
            mover = state.current_player
            last = rng.choice([str(a) for a in state.legal_actions()])
            state.apply(last)
        view = state.view(None)
        picture = table_picture(view, names, last_move=last, mover=mover)
        assert not problems(picture, view, names, mover, last), (game, picture.texts)
    return checked


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(
    ("game", "options", "players"),
    GAMES,
    ids=[f"{g}-{'-'.join(map(str, (o or {}).values())) or 'default'}-{p}" for g, o, p in GAMES],
)
def test_table_pictures_say_what_the_view_says(
    game: str, options: dict[str, Any] | None, players: int, lang: str
) -> None:
    with using(lang):
        assert _positions(game, options, players, seed=23) >= POSITIONS


def test_the_haggis_trick_after_it_is_taken_names_the_seat_to_lead_and_who_passed() -> None:
    """The issue's example: after a trick, the picture named the round's leader as leading and
    drew "? passes"."""
    state = new_game("haggis", seed=3, players=3)
    rng = random.Random(1)
    names = NAMES[:3]
    seen = 0
    mover = last = None
    while not state.is_over and seen < 5:
        view = state.view(None)
        if not view["trick"] and last == "pass":
            picture = table_picture(view, names, last_move=last, mover=mover)
            leads = [t for t in picture.texts if t.startswith("New trick")]
            assert leads == [f"New trick — {names[view['current_player']]} leads"]
            assert f"{names[mover]} passes" in picture.texts
            seen += 1
        mover, last = state.current_player, rng.choice([str(a) for a in state.legal_actions()])
        state.apply(last)
    assert seen


def test_the_checks_see_a_wrong_name() -> None:
    """The check itself fails on a picture that names another player."""
    state = new_game("haggis", seed=3, players=3)
    view = state.view(None)
    wrong = ["Bogdan", "Anna", "Carla"]
    picture = table_picture(view, wrong)
    assert problems(picture, view, ["Anna", "Bogdan", "Carla"], None, None)
    assert seat_of("Computer 2…", ["Computer 2 (normal)", "Computer 2 (hard)"]) == {0, 1}
