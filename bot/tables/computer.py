"""Choosing a move for a computer seat or a timed-out player.

Asks ``bot.players.choose_action`` with only the seat's view and legal actions, so a computer
never sees hidden cards. Falls back to a seeded random legal move if the player fails or returns
an illegal move: a broken player must not stall a table."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from typing import Any

from bot.games import Action, GameState

from .models import Level

log = logging.getLogger(__name__)

Chooser = Callable[..., Action]
_reported: set[str] = set()  # failures already logged with a traceback (avoid one per move)


def _report(key: str, message: str) -> None:
    if key in _reported:
        log.debug(message)
        return
    _reported.add(key)
    log.exception(message)


def _load_chooser() -> Chooser | None:
    try:
        from bot.players import choose_action  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        return None
    except Exception:  # a broken player module must not stop the tables
        _report("import", "bot.players cannot be imported; computer seats play random moves")
        return None
    chooser: Chooser = choose_action
    return chooser


def move_seed(table_seed: int, move_no: int, seat: int) -> int:
    """Deterministic per table, move and seat, so a replayed table makes the same choices."""
    return (table_seed * 1_000_003 + move_no * 101 + seat) & 0x7FFF_FFFF


async def choose_move(
    game: str,
    state: GameState,
    seat: int,
    level: Level,
    *,
    seed: int,
    legal: list[Any] | None = None,
) -> Action:
    """A legal action for ``seat``; ``legal`` narrows the choice (e.g. no bets on a time-out)."""
    options: list[Any] = list(legal) if legal is not None else list(state.legal_actions(seat))
    if not options:
        raise ValueError("no legal action for this seat")
    chooser = _load_chooser()
    if chooser is not None:
        view = state.view(seat)
        try:
            if level is Level.HARD:
                choice = await asyncio.to_thread(
                    chooser, game, view, options, level.value, seed=seed
                )
            else:
                choice = chooser(game, view, options, level.value, seed=seed)
            if choice in options:
                action: Action = choice
                return action
            log.error(
                "the %s %s player returned an illegal action; playing a random move", level, game
            )
        except Exception:
            _report(f"{game}/{level}", f"{level} {game} player failed; playing a random move")
    picked: Action = random.Random(seed).choice(options)
    return picked
