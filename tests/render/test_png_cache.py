"""Encoded pictures are reused by what they show: a hand drawn again with the same cards,
selection and verdict costs nothing; any difference (a card, the selection, the verdict, the rank
letters, whose turn) draws anew; the cache stays within its byte limit."""

from __future__ import annotations

from bot.render.pictured import PngCache, seat_picture
from bot.render.pictures import hand_key

from .positions import POSITIONS

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
