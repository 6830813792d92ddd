"""Minitrick's table message: the trick on the table, each seat's tricks this deal, and a message
of its own when a deal is scored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.render.boards import BoardModel
from bot.render.boards.base import seat_names
from bot.render.cards import card_label
from bot.tables.models import Table


class MinitrickBoard(BoardModel):
    colour = 0x1F8B4C
    story_unit = "deal"

    def lines(self, table: Table, view: dict[str, Any]) -> list[str]:
        names = seat_names(table)
        trick = view.get("trick") or []
        shown = ", ".join(f"{card_label(t['card'])} ({names[t['player']]})" for t in trick)
        return [
            f"**Deal {view.get('deal')}** · target {view['options']['target']}",
            f"**Trick:** {shown or 'empty'}",
        ]

    def seat_parts(self, table: Table, view: dict[str, Any], i: int) -> list[str]:
        return [f"hand {view['hand_sizes'][i]}", f"tricks {view['tricks'][i]}"]

    def breakdown(self, table: Table, view: dict[str, Any]) -> tuple[str, str] | None:
        last = view.get("last_trick") or []
        if not last:
            return None
        names = seat_names(table)
        return "Last trick", " · ".join(
            f"{names[t['player']]} {card_label(t['card'])}" for t in last
        )

    def scoring(self, table: Table, events: Sequence[dict[str, Any]]) -> list[tuple[str, str]]:
        names = seat_names(table)
        fields = []
        for event in events:
            if event.get("type") == "deal_scored":
                tricks = " · ".join(f"{n} {t}" for n, t in zip(names, event["tricks"], strict=True))
                totals = " · ".join(f"{n} {t}" for n, t in zip(names, event["totals"], strict=True))
                fields += [(f"Deal {event['deal']} result — tricks", tricks), ("Totals", totals)]
        return fields


MODEL = MinitrickBoard()
