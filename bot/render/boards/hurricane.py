"""Hurricane's table: the cards on the table, the stock and the deal; teams in ``pairs``; the
last deal's breakdown (H-16)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import _
from bot.tables.models import Table

from ..cards import cards_label
from ..option_words import preset_word
from ..scores import deal_breakdown
from ..words import plural
from .base import BoardModel, dealer_words, seat_names


class HurricaneBoard(BoardModel):
    colour = 0x2E86C1

    def title_suffix(self, table: Table) -> str:
        preset = table.spec.options.get("preset")
        return f" ({preset_word(preset)})" if preset and preset != "standard" else ""

    def side_names(self, table: Table) -> list[str]:
        names = seat_names(table)
        if len(names) == 4:  # pairs: partners opposite
            return [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
        return names

    def lines(self, table: Table, view: dict[str, Any]) -> list[str]:
        cards = view.get("table") or []
        on_table = cards_label(cards) if cards else _("empty")
        lines = [_("**Table:** {cards}").format(cards=on_table)]
        if view.get("stock_count") is not None:
            stock = plural(int(view.get("stock_count") or 0), "card")
            lines.append(
                _("Stock: {cards} · Deal {deal}").format(cards=stock, deal=view.get("deal", 1))
                + dealer_words(table, view)
            )
        return lines

    def scores_field(self, table: Table, view: dict[str, Any]) -> tuple[str, str] | None:
        field = super().scores_field(table, view)
        if field is None:
            return None
        name, value = field
        sides = self.side_names(table)
        sweeps = view.get("sweeps")
        if isinstance(sweeps, list) and len(sweeps) == len(sides) < len(table.seats):
            value += (
                "\n"
                + _("Hurricanes this deal:")
                + " "
                + " · ".join(f"{n} {s}" for n, s in zip(sides, sweeps, strict=False))
            )
        return name, value

    def breakdown(self, table: Table, view: dict[str, Any]) -> tuple[str, str] | None:
        last = view.get("last_deal")
        if not isinstance(last, dict):
            return None
        title = self.breakdown_title(last)
        rule = str((view.get("options") or {}).get("primiera", "suits"))
        return title, "\n".join(deal_breakdown(last, self.side_names(table), rule))

    def breakdown_title(self, event: dict[str, Any]) -> str:
        return _("Deal {number} result").format(number=event.get("deal", "")).replace("  ", " ")

    def scoring(self, table: Table, events: Sequence[dict[str, Any]]) -> list[tuple[str, str]]:
        return [
            (
                self.breakdown_title(e),
                "\n".join(deal_breakdown(e, self.side_names(table), _primiera_rule(table))),
            )
            for e in events
            if e.get("type") == "deal_scored"
        ]


MODEL = HurricaneBoard()


def _primiera_rule(table: Table) -> str:
    """The table's primiera option in force (``suits``, ``sets``, ``none``)."""
    state = table.state
    return str(state.options.get("primiera", "suits")) if state is not None else "suits"
