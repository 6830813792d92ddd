"""Hurikan's table: as Hurricane's, with the final count of card values."""

from __future__ import annotations

from typing import Any

from bot.i18n import _
from bot.tables.models import Table

from .hurricane import HurricaneBoard


class HurikanBoard(HurricaneBoard):
    colour = 0x16A085

    def title_suffix(self, table: Table) -> str:
        return ""  # no presets (a replay's options carry the engine's own "preset": "hurikan")

    def breakdown_title(self, event: dict[str, Any]) -> str:
        return _("Final count")


MODEL = HurikanBoard()
