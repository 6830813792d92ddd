"""Encoded pictures are reused by what they show: a hand drawn again with the same cards,
selection and verdict costs nothing; any difference (a card, the selection, the verdict, the rank
letters, whose turn) draws anew; the cache stays within its byte limit. The words drawn are in the
language the drawing was planned in (the table's, the reader's), whichever thread draws it, and the
cache keeps each language's picture apart."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from bot.games import GameState, new_game
from bot.i18n import using
from bot.render.pictured import PNGS, Drawing, PngCache, public_picture, seat_picture
from bot.render.pictures import hand_key
from bot.tables.models import GameSpec, Seat, Table, TableStatus

from .positions import NAMES, POSITIONS

T = TypeVar("T")

RUSSIAN = {"A": "Т", "J": "В", "Q": "Д", "K": "К"}


def test_equal_hands_share_one_key_and_any_difference_changes_it() -> None:
    state = POSITIONS["hurricane"]()
    view = state.view(0)
    key = hand_key(view, selection=["3D", "5C"], legal=False)
    assert key == hand_key(dict(view), selection=["5C", "3D"], legal=False)  # order: same picture
    assert key != hand_key(view, selection=["3D"], legal=False)
    assert key != hand_key(view, selection=["3D", "5C"], legal=True)
    assert key != hand_key(view, selection=["3D", "5C"], legal=False, labels=RUSSIAN)
    assert key != hand_key({**view, "hand": view["hand"][1:]}, selection=["5C"], legal=False)
    assert key != hand_key({**view, "current_player": 1}, selection=["3D", "5C"], legal=False)
    # what the hand picture does not show (the table, the log) leaves the key alone
    assert key == hand_key({**view, "table": []}, selection=["3D", "5C"], legal=False)


def test_a_drawing_is_encoded_once_and_the_cache_keeps_its_limit() -> None:
    state = POSITIONS["haggis2"]()
    view = state.view(1)
    first = seat_picture(view, ("2G",), True).encode()
    again = seat_picture(view, ("2G",), True).encode()
    assert again is first  # the same bytes, not drawn again
    cache = PngCache(limit=3 * len(first[1]))
    for i in range(10):
        cache.put(i, first)
    assert cache.get(9) is first and cache.get(0) is None
    assert sum(1 for i in range(10) if cache.get(i) is not None) == 3


def _table(state: GameState, players: int) -> Table:
    return Table(
        channel_id=1,
        guild_id=2,
        host_id=10,
        spec=GameSpec("hurricane", {}, players),
        seats=[Seat(10 + i, NAMES[i]) for i in range(players)],
        status=TableStatus.PLAYING,
        state=state,
    )


def _in_a_bare_thread(work: Callable[[], T]) -> T:
    """``work`` in a new thread with a fresh context (English in force), like a worker that did not
    inherit the planner's language."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(work).result()


def test_a_picture_is_drawn_and_cached_in_the_language_it_was_planned_in() -> None:
    """The words drawn differ between the languages: a Russian table never gets the English PNG
    from the cache, nor the other way round, whichever thread encodes it."""
    PNGS.clear()
    table = _table(POSITIONS["hurricane"](), 2)
    with using("en"):
        english = public_picture(table)
    with using("ru"):
        russian = public_picture(table)
    assert english is not None and russian is not None
    en_png = _in_a_bare_thread(english.encode)
    ru_png = _in_a_bare_thread(russian.encode)  # encoded where English is in force: still Russian
    assert ru_png != en_png
    assert drawn_texts(russian) != drawn_texts(english)
    assert "Колода" in drawn_texts(russian) and "Stock" in drawn_texts(english)
    # drawn again, each language gets its own picture back from the cache
    with using("ru"):
        again = public_picture(table)
    assert again is not None and again.encode() == ru_png
    with using("en"):
        again = public_picture(table)
    assert again is not None and again.encode() == en_png


def test_a_hand_is_cached_per_language_even_without_court_cards() -> None:
    """A hand with no A, J, Q or K draws the same card faces in both languages: the words differ,
    so do the keys and the PNGs."""
    PNGS.clear()
    for seed in range(100):
        view = new_game("hurricane", seed=seed).view(0)
        if not any(card[0] in "AJQK" for card in view["hand"]):
            break
    with using("ru"):
        russian = seat_picture(view)
    english = seat_picture(view)
    assert english.key() != _in_a_bare_thread(russian.key)
    ru_png = _in_a_bare_thread(russian.encode)
    en_png = english.encode()
    assert ru_png != en_png
    assert any(text.startswith("Ваши карты") for text in russian().texts)
    assert any(text.startswith("Your hand") for text in english().texts)


def drawn_texts(drawing: Drawing) -> tuple[str, ...]:
    return drawing().texts
