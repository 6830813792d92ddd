"""Haggis's table: the trick to beat, the round and the Haggis; the last round's breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.tables.models import Table

from ..hints import trick_line
from ..scores import round_breakdown
from ..words import plural
from .base import BoardModel, dealer_words, seat_names


class HaggisBoard(BoardModel):
    colour = 0x8E44AD
    story_unit = "trick"

    def title_suffix(self, table: Table) -> str:
        return f" ({table.spec.players} players)"

    def lines(self, table: Table, view: dict[str, Any]) -> list[str]:
        lines = []
        trick = trick_line(view, seat_names(table))
        if trick:
            lines.append(trick)
        if view.get("round") is not None:
            haggis = view.get("haggis_size")
            lines.append(
                f"Round {view.get('round')}"
                + dealer_words(table, view)
                + (f" · Haggis: {plural(int(haggis), 'card')} face down" if haggis else "")
            )
        return lines

    def breakdown(self, table: Table, view: dict[str, Any]) -> tuple[str, str] | None:
        last = view.get("last_round")
        if not isinstance(last, dict):
            return None
        return "Last round", "\n".join(round_breakdown(last, seat_names(table)))

    def scoring(self, table: Table, events: Sequence[dict[str, Any]]) -> list[tuple[str, str]]:
        return [
            (
                f"Round {e.get('round', '')} result".replace("  ", " "),
                "\n".join(round_breakdown(e, seat_names(table))),
            )
            for e in events
            if e.get("type") == "round_scored"
        ]


MODEL = HaggisBoard()
