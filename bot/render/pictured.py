"""Which picture a table's public message and a private hand carry (pure: no Discord).

The public picture is drawn from the spectator view ``state.view(None)`` only, so no hidden card
can reach it; a hand's picture from that seat's own view."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from bot.i18n import current
from bot.tables.models import Table, TableStatus

from .cards import RANK_LETTERS
from .pictures import Labels, Picture, final_picture, hand_picture, table_picture
from .table import seat_names

Draw = Callable[[], Picture]


def rank_labels() -> Labels | None:
    """The letters drawn on the cards in the current language (``Т В Д К`` in Russian), taken
    when the drawing is planned: the drawing itself may run in another thread."""
    return RANK_LETTERS.get(current())


def public_picture(table: Table) -> Draw | None:
    """How to draw the table's public picture as it is now (None: a lobby has none): the table
    while it is played, the final piles once it is over. The view is taken now, the drawing may
    run later in a worker thread (``asyncio.to_thread``) while the table moves on."""
    if table.state is None or table.status in (TableStatus.LOBBY, TableStatus.CANCELLED):
        return None
    view = table.state.view(None)
    names = seat_names(table)
    labels = rank_labels()
    if table.status is TableStatus.FINISHED:
        return lambda: final_picture(view, names, labels=labels)
    last = table.history[-1][1] if table.history else None
    return lambda: table_picture(view, names, last_move=last, labels=labels)


def seat_picture(
    view: Mapping[str, Any], raised: Collection[str] = (), legal: bool | None = None
) -> Draw:
    """How to draw one seat's hand from its own view, the selection raised, its verdict framed."""
    chosen = tuple(raised)
    labels = rank_labels()
    return lambda: hand_picture(view, selection=chosen, legal=legal, labels=labels)
