"""Minitrick's pictures: the shared layout with the game's title."""

from __future__ import annotations

from bot.render.pictures import Layout
from bot.render.pictures.layouts import View


class MinitrickLayout(Layout):
    game = "minitrick"

    def title(self, view: View) -> str:
        return "Minitrick"


LAYOUT = MinitrickLayout()
