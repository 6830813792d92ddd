"""The rules in Russian: the four ``/rules`` panels and the words around them (``words``).
``bot.render.rules`` picks these for ``lang="ru"``; the options field is filled in there."""

from __future__ import annotations

from ..text import Panel
from .haggis import HAGGIS
from .hurricane import HURIKAN, HURRICANE
from .poker import HURRICANE_POKER

RULES: dict[str, Panel] = {
    "hurricane": HURRICANE,
    "hurikan": HURIKAN,
    "haggis": HAGGIS,
    "hurricane_poker": HURRICANE_POKER,
}

__all__ = ["RULES"]
