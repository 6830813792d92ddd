"""The web pages: a read-only site over the bot's storage (leaderboards, players, finished games
with their replay and proof). Built on aiohttp's web server and Jinja2; imports no Discord (it
uses ``bot.render``, ``bot.tables.replay`` and ``storage``), so ``python -m bot web`` runs it in a
process of its own over the same database as the bot. See ``bot.web.app`` for the URLs."""

from __future__ import annotations

from .app import WebSettings, create_app

__all__ = ["WebSettings", "create_app"]
