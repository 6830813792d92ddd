"""Running the site: ``python -m bot web`` (alone, on the bot's database) and ``start`` (inside the
bot process, when ``WEB_PORT`` is set). The storage is opened by the caller."""

from __future__ import annotations

import asyncio
import logging
import signal
from contextlib import suppress

from aiohttp import web

from bot.config import Config
from storage import create_storage
from storage.base import Storage

from .app import WebSettings, create_app

log = logging.getLogger(__name__)
DEFAULT_PORT = 8080


def settings_of(config: Config) -> WebSettings:
    return WebSettings(base_url=config.web_base_url or "", trust_proxy=config.web_trust_proxy)


async def start(storage: Storage, config: Config, port: int | None = None) -> web.AppRunner:
    """The site listening on ``WEB_HOST:WEB_PORT`` (``port`` overrides; 0: any free port)."""
    app = create_app(storage, settings_of(config))
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    chosen = port if port is not None else config.web_port
    if chosen is None:
        chosen = DEFAULT_PORT
    site = web.TCPSite(runner, config.web_host, chosen)
    await site.start()
    log.info("Web pages on http://%s:%s", config.web_host, bound_port(runner) or chosen)
    return runner


def bound_port(runner: web.AppRunner) -> int | None:
    for address in runner.addresses:
        if isinstance(address, tuple):
            return int(address[1])
    return None


async def serve(config: Config) -> int:
    """Open the database, serve until SIGINT/SIGTERM, close."""
    storage = create_storage(database_url=config.database_url, database_path=config.database_path)
    await storage.open()
    runner = await start(storage, config)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()
        await storage.close()
    return 0
