"""Minitrick's pictures: the shared layout with the game's title and the trick in the centre."""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.pictures import LARGE, Layout
from bot.render.pictures.canvas import MARGIN, MUTED, PANEL, Canvas
from bot.render.pictures.layouts import INNER, View


class MinitrickLayout(Layout):
    game = "minitrick"

    def title(self, view: View) -> str:
        return "Minitrick"

    def centre(
        self, canvas: Canvas, view: View, names: Sequence[str], last_move: str | None, y: int
    ) -> int:
        trick = [t for t in view.get("trick") or [] if isinstance(t, dict)]
        h = 34 + LARGE.h + 16
        canvas.panel((MARGIN, y, MARGIN + INNER, y + h), PANEL)
        canvas.text((MARGIN + 12, y + 8), "Trick", 16, MUTED, bold=True)
        x = MARGIN + 12
        for entry in trick:
            canvas.card(str(entry["card"]), x, y + 34, LARGE)
            who = int(entry["player"])
            name = names[who] if 0 <= who < len(names) else ""
            canvas.text((x + LARGE.w + 8, y + 34 + LARGE.h // 2), name, 16, MUTED, anchor="lm")
            x += LARGE.w + 8 + canvas.text_width(name, 16) + 24
        return y + h


LAYOUT = MinitrickLayout()
