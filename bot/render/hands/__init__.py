"""Private hands, one model per game: ``bot/render/hands/<game>.py`` defines ``MODEL`` (a
``HandModel``). The registry is the module name, so adding a game's hand is adding its module;
a game without one gets ``ListedMoves`` (every legal move in a select). A game kept outside this
package registers its model with ``register_hand_model`` (docs/adding-a-game.md).

``hand_message`` draws a seat's hand (text and controls, as data); ``click`` says what a click on
it does. The cogs only turn these into Discord components and back, whatever the game.

Writing a model: subclass ``HandModel[YourSelection]`` (a frozen dataclass for a choice in
progress), implement ``draw`` and ``on_click`` (and ``board`` / ``describe`` where the defaults do
not fit); give every control a ``Payload`` whose kind matches ``[a-z]{1,8}`` and whose argument
has no ``:`` and at most 60 characters (it rides in the custom_id); a button whose argument is the
move itself uses the kind ``ACT``. Ask the engine only through ``ctx.facts``. Add the game to
``tests/hands``' limits-and-secrecy test."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.tables.models import Table

from ..boards.base import plain_names
from ..table import hand_panel, seat_names
from ..text import Panel
from .base import (
    REFRESH,
    Control,
    HandContext,
    HandModel,
    ListedMoves,
    Outcome,
    Payload,
    PlayMove,
    UnknownControl,
    finished,
)

__all__ = [
    "REFRESH",
    "HandContext",
    "HandMessage",
    "HandModel",
    "Payload",
    "PlayMove",
    "UnknownControl",
    "click",
    "hand_context",
    "hand_message",
    "hand_model",
    "register_hand_model",
    "unregister_hand_model",
]

FALLBACK = ListedMoves()
_GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
#: Hand models registered by games kept outside this package (they come before the modules here).
REGISTERED: dict[str, HandModel[Any]] = {}


def register_hand_model(game: str, model: HandModel[Any]) -> None:
    REGISTERED[game] = model


def unregister_hand_model(game: str) -> None:
    REGISTERED.pop(game, None)


def hand_model(game: str) -> HandModel[Any]:
    """The hand model of ``game``: a registered one, else the ``MODEL`` of
    ``bot.render.hands.<game>``, else the fallback."""
    return REGISTERED.get(game) or _module_model(game)


@lru_cache(maxsize=32)
def _module_model(game: str) -> HandModel[Any]:
    if not _GAME_NAME.fullmatch(game) or game == "base":
        return FALLBACK
    name = f"{__name__}.{game}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:  # the module exists but something it imports does not
            raise
        return FALLBACK
    model = getattr(module, "MODEL", None)
    return model if isinstance(model, HandModel) else FALLBACK


def hand_context(
    table: Table,
    seat: int,
    view: Mapping[str, Any],
    legal: Sequence[str] | Callable[[], Sequence[str]],
) -> HandContext:
    """What a model may read for ``seat``: its view, its legal moves, the names, the engine's
    answers for that seat only."""
    game = table.spec.game
    return HandContext(game, seat, view, legal, seat_names(table), plain_names(table))


@dataclass(frozen=True, slots=True)
class HandMessage:
    """A drawn private hand: its text and its controls (rows placed, within Discord's limits)."""

    panel: Panel
    controls: tuple[Control, ...]
    raised: tuple[str, ...] = ()  # the cards the selection would play (raised in the picture)
    legal: bool | None = None  # whether they make a legal move (None: nothing chosen / unknown)


def hand_message(
    table: Table,
    seat: int,
    view: Mapping[str, Any],
    legal: Sequence[str],
    *,
    note: str | None = None,
    selection: object | None = None,
) -> HandMessage:
    """The seat's private hand; ``selection``: what a click chose so far (the model's own type)."""
    ctx = hand_context(table, seat, view, legal)
    model = hand_model(ctx.game)
    panel = hand_panel(table, seat, dict(view), note=note, board=model.board(ctx))
    drawn = model.draw(ctx, selection)
    panel.lines.extend(drawn.lines)
    raised, verdict = model.picked(ctx, selection)
    return HandMessage(panel, finished(drawn.controls), raised, verdict)


def click(ctx: HandContext, payload: Payload, values: Sequence[str]) -> Outcome:
    """What a click on the hand does: a move to play or a new selection (``UnknownControl``)."""
    return hand_model(ctx.game).click(ctx, payload, values)
