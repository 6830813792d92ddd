"""Which picture a table's public message and a private hand carry (pure: no Discord).

The public picture is drawn from the spectator view ``state.view(None)`` only, so no hidden card
can reach it; a hand's from that seat's own view.

A ``Drawing`` is taken on the event loop (the view as it is now) and encoded later in a worker
thread. Encoded pictures are kept by what they show (``Drawing.key``): a hand whose selection is
toggled back, a hand shown again, a live hand whose picture a move elsewhere did not change, the
table message re-posted at the same moment, all reuse the PNG instead of drawing it again."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Hashable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.i18n import current, using
from bot.tables.models import Table, TableStatus

from .boards.base import plain_names
from .cards import RANK_LETTERS
from .pictures import Labels, Picture, final_picture, hand_key, hand_picture, table_picture
from .pictures.sprites import label_key

T = TypeVar("T")
CACHE_BYTES = 8 * 1024 * 1024  # encoded pictures kept, in all (a hand ~8 KB, a table ~20 KB)


class PngCache:
    """Encoded pictures by key, least recently used dropped first; thread-safe."""

    def __init__(self, limit: int = CACHE_BYTES) -> None:
        self.limit = limit
        self._items: OrderedDict[Hashable, tuple[str, bytes]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> tuple[str, bytes] | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found

    def put(self, key: Hashable, value: tuple[str, bytes]) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= len(old[1])
            self._items[key] = value
            self._bytes += len(value[1])
            while self._bytes > self.limit and len(self._items) > 1:
                _key, dropped = self._items.popitem(last=False)
                self._bytes -= len(dropped[1])

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = 0


PNGS = PngCache()


@dataclass(frozen=True)
class Drawing:
    """How to draw one picture later (``draw``), and what it shows (``key``: equal keys draw
    equal pictures). Both are called in the worker thread."""

    draw: Callable[[], Picture]
    key: Callable[[], Hashable]

    def __call__(self) -> Picture:
        return self.draw()

    def encode(self) -> tuple[str, bytes]:
        """(file name, PNG bytes), from the cache when this picture was encoded before."""
        key = self.key()
        found = PNGS.get(key)
        if found is None:
            picture = self.draw()
            found = (picture.filename, picture.png())
            PNGS.put(key, found)
        return found


Draw = Drawing


def rank_labels() -> Labels | None:
    """The letters drawn on the cards in the current language (``Т В Д К`` in Russian), taken
    when the drawing is planned: the drawing itself may run in another thread."""
    return RANK_LETTERS.get(current())


def in_language(lang: str, make: Callable[[], T]) -> Callable[[], T]:
    """``make`` run in ``lang`` (the language the drawing was planned in), whichever thread or
    context calls it: a picture's words and its cache key never follow another reader's language."""

    def run() -> T:
        with using(lang):
            return make()

    return run


def _view_key(view: Mapping[str, Any]) -> str:
    return json.dumps(view, sort_keys=True, default=str, ensure_ascii=False)


def public_picture(table: Table) -> Drawing | None:
    """How to draw the table's public picture as it is now (None: a lobby has none): the table
    while it is played, the final piles once it is over. The view is taken now, the drawing may
    run later in a worker thread (``asyncio.to_thread``) while the table moves on."""
    if table.state is None or table.status in (TableStatus.LOBBY, TableStatus.CANCELLED):
        return None
    view = table.state.view(None)
    names = tuple(plain_names(table))  # pictures draw names as they are (no Markdown escapes)
    labels = rank_labels()
    lang = current()  # the words drawn: the table's language (the server's), like its text
    letters = (label_key(labels), lang)
    if table.status is TableStatus.FINISHED:
        return Drawing(
            in_language(lang, lambda: final_picture(view, names, labels=labels)),
            lambda: ("final", _view_key(view), names, letters),
        )
    mover, last = table.history[-1] if table.history else (None, None)
    return Drawing(
        in_language(
            lang,
            lambda: table_picture(view, names, last_move=last, mover=mover, labels=labels),
        ),
        lambda: ("table", _view_key(view), names, mover, last, letters),
    )


def seat_picture(
    view: Mapping[str, Any], raised: Collection[str] = (), legal: bool | None = None
) -> Drawing:
    """How to draw one seat's hand from its own view, the selection raised, its verdict framed."""
    chosen = tuple(raised)
    labels = rank_labels()
    lang = current()  # the reader's language (a live hand keeps its owner's)
    return Drawing(
        in_language(lang, lambda: hand_picture(view, selection=chosen, legal=legal, labels=labels)),
        in_language(lang, lambda: hand_key(view, selection=chosen, legal=legal, labels=labels)),
    )
