"""Choosing a move for a computer seat or a timed-out player.

Asks ``bot.players.choose_action`` with only the seat's view and legal actions, so a computer
never sees hidden cards. It fails loudly: ``bot.players`` is imported with this module (a player
that cannot be imported stops the bot at start, with the reason), and a player that raises or
returns an illegal move raises ``ComputerPlayerError`` (logged with its traceback by the turn
driver, which retries) — never a silent random move in its place."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from bot.games import Action, GameState
from bot.players import choose_action

from .models import Level

Chooser = Callable[..., Action]
_chooser: Chooser = choose_action


class ComputerPlayerError(RuntimeError):
    """The computer player failed or answered with an illegal move (a bug: it is not hidden)."""


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
    view = state.view(seat)
    try:
        if level in (Level.HARD, Level.EXPERT):  # a search: off the event loop
            choice = await asyncio.to_thread(_chooser, game, view, options, level.value, seed=seed)
        else:
            choice = _chooser(game, view, options, level.value, seed=seed)
    except Exception as exc:
        raise ComputerPlayerError(f"the {level} {game} computer player failed: {exc!r}") from exc
    if choice not in options:
        raise ComputerPlayerError(
            f"the {level} {game} computer player chose {choice!r}, which is not a legal move"
        )
    action: Action = choice
    return action
