"""Haggis's table: the trick to beat, the round and the Haggis; the last round's breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import _
from bot.tables.models import Table

from ..hints import trick_line
from ..scores import round_breakdown
from ..words import plural
from .base import BoardModel, dealer_words, seat_names


class HaggisBoard(BoardModel):
    colour = 0x8E44AD
    story_unit = "trick"

    def title_suffix(self, table: Table) -> str:
        return f" ({plural(table.spec.players, 'player')})"

    def lines(self, table: Table, view: dict[str, Any]) -> list[str]:
        lines = []
        trick = trick_line(view, seat_names(table))
        if trick:
            lines.append(trick)
        if view.get("round") is not None:
            haggis = view.get("haggis_size")
            face_down = (
                " · " + _("Haggis: {cards} face down").format(cards=plural(int(haggis), "card"))
                if haggis
                else ""
            )
            lines.append(
                _("Round {number}").format(number=view.get("round"))
                + dealer_words(table, view)
                + face_down
            )
        return lines

    def breakdown(self, table: Table, view: dict[str, Any]) -> tuple[str, str] | None:
        last = view.get("last_round")
        if not isinstance(last, dict):
            return None
        return _("Last round"), "\n".join(round_breakdown(last, seat_names(table)))

    def scoring(self, table: Table, events: Sequence[dict[str, Any]]) -> list[tuple[str, str]]:
        return [
            (
                _("Round {number} result").format(number=e.get("round", "")).replace("  ", " "),
                "\n".join(round_breakdown(e, seat_names(table))),
            )
            for e in events
            if e.get("type") == "round_scored"
        ]


MODEL = HaggisBoard()
