"""The web pages: a read-only site over the bot's storage (leaderboards, players, finished games
with their replay and proof). Built on aiohttp's web server and Jinja2; imports no Discord (it
uses ``bot.render``, ``bot.tables.replay`` and ``storage``), so ``python -m bot web`` runs it in a
process of its own over the same database as the bot. See ``bot.web.app`` for the URLs.

The site (``create_app``) is imported on first use: the bot process imports ``bot.web.summary``
(each recorded game's page summary) without loading aiohttp.web and Jinja2."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import WebSettings, create_app

__all__ = ["WebSettings", "create_app"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
