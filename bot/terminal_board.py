"""The terminal's words for a game that brings no terminal code of its own: its board model's
lines and seats (``bot/render/boards``), the story line of each move and the scoring message, as
the Discord table message shows them, in plain text. The terminal builds the ``Table`` those
models read (names, options, the moves so far) from the game it plays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games import GameState
from bot.render.boards import board_model
from bot.render.table import last_move_line, scoring_panel
from bot.tables.models import GameSpec, Seat, Table, TableStatus


def plain(line: str) -> str:
    """A line without Discord's markdown (``**Table:**`` -> ``Table:``)."""
    return line.replace("**", "").replace("`", "")


def terminal_table(
    state: GameState,
    names: Sequence[str],
    history: Sequence[tuple[int, str]] = (),
    events: Sequence[dict[str, Any]] = (),
) -> Table:
    """The table the board models read: the seats named as the terminal names them."""
    return Table(
        channel_id=0,
        guild_id=0,
        host_id=0,
        spec=GameSpec(
            game=state.name,
            options=dict(state.options),
            players=state.num_players,
            turn_timer=0,
        ),
        seats=[Seat(user_id=i, name=name) for i, name in enumerate(names)],
        status=TableStatus.FINISHED if state.is_over else TableStatus.PLAYING,
        state=state,
        move_no=len(history),
        last_events=list(events),
        history=list(history),
    )


def board_lines(table: Table, view: dict[str, Any]) -> list[str]:
    """What everyone sees: the board's own lines, one line per seat, the scores."""
    board = board_model(table.spec.game)
    lines = [plain(line) for line in board.lines(table, view)]
    for i, seat in enumerate(table.seats):
        name = seat.name if seat is not None else str(i)
        parts = board.seat_parts(table, view, i)
        lines.append(f"{name}: " + (" · ".join(plain(p) for p in parts) or "—"))
    scores = board.scores_field(table, view)
    if scores is not None:
        lines.append(plain(f"{scores[0]}: {scores[1]}"))
    return lines


def move_lines(table: Table) -> list[str]:
    """The last move in words (with what its events did), then the scoring, if any."""
    lines = []
    last = last_move_line(table)
    if last:
        lines.append(plain(last))
    scored = scoring_panel(table, list(table.last_events))
    if scored is not None:
        lines.append("")
        lines.extend(plain(line) for line in scored.as_text().split("\n"))
    return lines
