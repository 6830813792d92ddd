"""The terminal's words for any game: its board model's lines and seats (``bot/render/boards``),
the story line of each move and the scoring message, as the Discord table message shows them,
in plain text. The terminal builds the ``Table`` those models read (names, options, the moves so
far) from the game it plays, so a game needs no terminal code of its own."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games import GameState
from bot.render.boards import board_model
from bot.render.table import final_line, last_move_line, scoring_panel
from bot.tables.models import GameSpec, Seat, Table, TableStatus

_TIMESTAMP = re.compile(r"\s*<t:\d+(?::[a-zA-Z])?>")
_MENTION = re.compile(r"<@[!&]?\d+>")
_ESCAPED = re.compile(r"\\([_\\~|*`>#\-\[\]()])")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)([^*\n]+?)(?<!\s)\*(?![\w*])")
_CODE = re.compile(r"`([^`]*)`")


def typed_words(line: str) -> str:
    """A line's code spans as typed words in quotes (```H D C S``` -> ``'H D C S'``)."""
    return _CODE.sub(r"'\1'", line)


def plain(line: str) -> str:
    """A line of a Discord message as plain text: no bold or italics, code spans as quoted typed
    words, no mentions or Discord timestamps, Markdown escapes undone, no zero-width breaks."""
    line = _TIMESTAMP.sub("", _MENTION.sub("", line)).replace("**", "")
    line = _ITALIC.sub(r"\1", typed_words(line))
    return _ESCAPED.sub(r"\1", line).replace("@\u200b", "@")


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


@dataclass
class Story:
    """What the terminal has told so far of the results (a deal's, a hand's breakdown), so a
    result shows once: in its scoring message, else on the next table after it."""

    told: set[str] = field(default_factory=set)

    def board_lines(self, table: Table, view: dict[str, Any]) -> list[str]:
        """What everyone sees: the board's own lines, one line per seat (▶ the one to play), the
        scores, and the last result when it has not been told yet."""
        board = board_model(table.spec.game)
        lines = [plain(line) for line in board.lines(table, view)]
        current = view.get("current_player") if table.status is TableStatus.PLAYING else None
        for i, seat in enumerate(table.seats):
            name = seat.name if seat is not None else str(i)
            parts = board.seat_parts(table, view, i)
            marker = "▶ " if current == i else "  "
            lines.append(f"{marker}{name}: " + (" · ".join(plain(p) for p in parts) or "—"))
        scores = board.scores_field(table, view)
        if scores is not None:
            lines.extend(plain(line) for line in _field(*scores))
        breakdown = board.breakdown(table, view)
        if breakdown is not None and self._new(breakdown[1]):
            lines.extend(plain(line) for line in _field(*breakdown))
        return lines

    def move_lines(self, table: Table, you: int) -> list[str]:
        """The last move in words (with what its events did), then the scoring, if any (the end
        of the game is the terminal's own last line)."""
        lines = []
        last = last_move_line(table, you=you)
        if last:
            lines.append(plain(last))
        scored = scoring_panel(table, list(table.last_events))
        if scored is not None:
            lines.append("")
            lines.append("=== " + plain(scored.title))
            for name, value in scored.fields:
                self._new(value)
                lines.extend(plain(line) for line in _field(name, value))
        return lines

    def final_lines(self, table: Table, view: dict[str, Any]) -> list[str]:
        """The last result, if not told yet (a hand's showdown, on its last table), and the end
        in one line."""
        breakdown = board_model(table.spec.game).breakdown(table, view)
        told = breakdown is None or breakdown[1] in self.told
        board = [] if told else [*self.board_lines(table, view), ""]
        return [*board, plain(final_line(table, view))]

    def _new(self, value: str) -> bool:
        if value in self.told:
            return False
        self.told.add(value)
        return True


def _field(name: str, value: str) -> list[str]:
    """A message field in lines: ``Name: value`` for one line, else the name over its lines."""
    rows = value.split("\n")
    if len(rows) == 1:
        return [f"{name}: {value}"]
    return [f"{name}:", *(f"  {row}" for row in rows)]
