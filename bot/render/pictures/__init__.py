"""Cards and tables as pictures (Pillow), from the engines' views only.

- ``table_picture(view(None), names)``: the public table (cards or trick, seats, stock, scores);
- ``hand_picture(view(seat), selection=..., legal=...)``: one seat's hand, the selection raised;
- ``final_picture(view(None), names)``: the final piles beside the score breakdown.

Every word drawn (titles, labels, the verdict) is written in the language in force
(``bot.i18n``), like the text messages; the cards take the ``labels`` given.

Each returns a ``Picture`` (``image``, ``png()``, ``filename``, and ``cards``/``backs``: the card
faces and backs pasted). They take view dicts, never a ``GameState``, so a picture cannot show
more than the view it was given; the public pictures refuse a seat's private view. Renders are
thread-safe (run them with ``asyncio.to_thread``): sprites are cached read-only, fills are locked.
"""

from __future__ import annotations

import io
from collections.abc import Collection, Hashable, Mapping, Sequence
from typing import Any

from bot.i18n import current, using

from ..cards import RANK_LETTERS
from . import haggis as _haggis  # noqa: F401  (each registers its game's layout)
from . import hurricane as _hurricane  # noqa: F401
from . import poker as _poker  # noqa: F401
from .canvas import WIDTH, Picture
from .layouts import LAYOUTS, Layout, layout_for, public_cards, register_layout
from .sprites import (
    LARGE,
    MEDIUM,
    SMALL,
    CardSize,
    Labels,
    back_sprite,
    card_sprite,
    emoji_sprite,
    label_key,
)

__all__ = [
    "LARGE",
    "LAYOUTS",
    "MEDIUM",
    "SMALL",
    "WIDTH",
    "CardSize",
    "Labels",
    "Layout",
    "Picture",
    "back_sprite",
    "card_sprite",
    "emoji_png",
    "final_picture",
    "hand_key",
    "hand_picture",
    "public_cards",
    "register_layout",
    "table_picture",
]


def _checked(view: Any, *, public: bool) -> Mapping[str, Any]:
    """Refuses anything but a view dict (a GameState would hand the renderer hidden cards)."""
    if not isinstance(view, Mapping):
        raise TypeError(
            f"pictures are drawn from a view dict (state.view(seat)), not {type(view).__name__}"
        )
    seat = view.get("seat")
    if public and seat is not None:
        raise ValueError("the public pictures take the spectator view, view(None)")
    if not public and not isinstance(seat, int):
        raise ValueError("the hand picture takes a seat's own view, view(seat)")
    return view


def table_picture(
    view: Mapping[str, Any],
    names: Sequence[str],
    *,
    last_move: str | None = None,
    mover: int | None = None,
    labels: Labels | None = None,
) -> Picture:
    """The public table from ``view(None)``. ``last_move``: the last action's canonical text
    (``7H:3C+4D``), drawn when its cards are face up in the view; ``mover``: the seat that made
    it (else the view's ``last_player``; a move whose player is not known is not drawn)."""
    view = _checked(view, public=True)
    return layout_for(view).table(view, names, last_move, labels, mover)


def hand_picture(
    view: Mapping[str, Any],
    *,
    selection: Collection[str] = (),
    legal: bool | None = None,
    caption: str | None = None,
    labels: Labels | None = None,
) -> Picture:
    """One seat's hand from ``view(seat)``, sorted; the ``selection`` cards raised, framed green
    (``legal=True``), red (``False``) or gold (unknown). ``caption`` words the verdict."""
    view = _checked(view, public=False)
    return layout_for(view).hand(view, selection, legal, caption, labels)


def hand_key(
    view: Mapping[str, Any],
    *,
    selection: Collection[str] = (),
    legal: bool | None = None,
    caption: str | None = None,
    labels: Labels | None = None,
) -> Hashable:
    """What ``hand_picture`` with these arguments shows in the language in force (its words are
    drawn in it): equal keys, equal pictures."""
    view = _checked(view, public=False)
    inputs = layout_for(view).hand_inputs(view)
    words = current()
    return ("hand", inputs, tuple(sorted(selection)), legal, caption, label_key(labels), words)


def final_picture(
    view: Mapping[str, Any], names: Sequence[str], *, labels: Labels | None = None
) -> Picture:
    """The end of the game (or of a deal/round): each side's pile and the last breakdown."""
    view = _checked(view, public=True)
    return layout_for(view).final(view, names, labels)


def emoji_png(card: str, lang: str = "en") -> bytes:
    """A card (or ``"back"``) as a square PNG for an application emoji, drawn for its inline size
    (22 px): a big rank and a big suit filling the square, the rank in ``lang``'s letters
    (≤ 256 KiB, here a few KiB)."""
    with using(lang):
        square = emoji_sprite(card, RANK_LETTERS.get(lang))
    buf = io.BytesIO()
    square.save(buf, "PNG", optimize=True)
    return buf.getvalue()
