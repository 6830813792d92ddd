"""The web site: an ``aiohttp.web.Application`` over a ``Storage``, read-only.

URLs (``{g}``: a server id, ``{id}``: a game id):

* ``/healthz`` — the orchestrator's check (the database answers);
* ``/s/{g}/`` — every game's leaderboard (top rows), the seasons and the recent games;
* ``/s/{g}/board/{game}?metric=&page=&computers=1`` — one leaderboard, paged;
* ``/s/{g}/season/{season}`` — a season's boards (the running one, or an ended one's archive);
* ``/s/{g}/season/{season}/board/{game}?metric=&page=&computers=1`` — one season board, paged;
* ``/s/{g}/p/{user}`` — a player: rating over time, record per game, recent games;
* ``/s/{g}/g/{id}?step=N`` — a finished game: result, breakdown, replay, proof;
* ``/s/{g}/g/{id}/{lang}/{step}.png`` — a replay step's picture (immutable: cached for a year);
* ``/static/…`` — the style sheet and the replay's script.

Privacy: every ``/s/{g}/…`` answers 404 unless that server turned its pages on
(``/settings web public:on``); only finished games are stored as games, so a game in play has
no page. Names are escaped by the templates (autoescape); nothing secret is read or shown.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from aiohttp import web

from bot.i18n import LANGUAGES, N_, NATIVE_NAMES, _, ngettext, using
from storage.base import Storage, StorageError
from storage.models import Metric

from . import pages
from .games import GameCache
from .lang import COOKIE, choose
from .limits import RateLimiter

log = logging.getLogger(__name__)

HERE = Path(__file__).parent
STATIC = HERE / "static"
GAME_ID = r"[0-9A-Za-z_-]{1,64}"
NUMBER = r"[0-9]{1,20}"
YEAR = 365 * 24 * 3600
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


@dataclass
class WebSettings:
    """How the site behaves (``bot.config``'s WEB_* settings fill it)."""

    base_url: str = ""  # the public address (links from Discord); "" for relative links only
    rate_capacity: float = 120  # requests at once per address …
    rate_per_second: float = 20  # … refilled at this rate
    trust_proxy: bool = False  # X-Forwarded-For names the client (behind our reverse proxy)
    public_ttl: float = 5.0  # seconds a server's on/off answer is reused
    clock: Callable[[], float] = field(default=time.monotonic)


class Site:
    """The application's state: storage, templates, caches, limits."""

    def __init__(self, storage: Storage, settings: WebSettings) -> None:
        self.storage = storage
        self.settings = settings
        self.games = GameCache()
        self.limiter = RateLimiter(settings.rate_capacity, settings.rate_per_second, settings.clock)
        self._public: dict[int, tuple[float, bool]] = {}
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(HERE / "templates")),
            autoescape=True,
            trim_blocks=True,
            lstrip_blocks=True,
            undefined=jinja2.StrictUndefined,
        )
        # Translations are plain text (escaped like any value); placeholders by str.format.
        self.env.globals.update(_=_, ngettext=ngettext)
        self._rated: set[tuple[int, str]] = set()  # boards whose older ratings were looked at
        self.tasks: set[asyncio.Task[None]] = set()
        self.static_version = {
            p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:10] for p in STATIC.iterdir()
        }

    async def public(self, guild_id: int) -> bool:
        """Whether the server's pages are on (asked again after ``public_ttl`` seconds)."""
        now = self.settings.clock()
        cached = self._public.get(guild_id)
        if cached is not None and now - cached[0] < self.settings.public_ttl:
            return cached[1]
        on = await self.storage.get_guild_web(guild_id)
        if len(self._public) > 10_000:
            self._public.clear()
        self._public[guild_id] = (now, on)
        return on

    def backfill_ratings(self, guild_id: int, game: str) -> None:
        """Once per board and process, in the background: give games recorded before seats kept
        their rating that rating (``Storage.backfill_ratings``), so the players' charts reach back
        to their first game (from the next visit on)."""
        if (guild_id, game) in self._rated or len(self._rated) > 100_000:
            return
        self._rated.add((guild_id, game))
        task = asyncio.create_task(self._backfill(guild_id, game), name="web-backfill-ratings")
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _backfill(self, guild_id: int, game: str) -> None:
        try:
            filled = await self.storage.backfill_ratings(guild_id, game)
        except StorageError as exc:  # a read-only database: the charts start later, that is all
            log.warning("web: older ratings of %s in %s not filled in: %s", game, guild_id, exc)
            return
        if filled:
            log.info("web: %d older ratings of %s in %s filled in", filled, game, guild_id)

    def render(self, request: web.Request, template: str, **context: Any) -> web.Response:
        lang = request[LANG]
        with using(lang):
            html = self.env.get_template(template).render(
                lang=lang,
                languages=[(code, NATIVE_NAMES[code]) for code in LANGUAGES],
                path=request.path,
                query=dict(request.query),
                static=lambda name: f"/static/{name}?v={self.static_version[name]}",
                **context,
            )
        response = web.Response(text=html, content_type="text/html")
        if request.query.get("lang") in LANGUAGES:
            response.set_cookie(COOKIE, lang, max_age=YEAR, httponly=True, samesite="Lax", path="/")
        response.headers["Cache-Control"] = "no-cache"
        response.headers["Vary"] = "Accept-Language, Cookie"
        return response


SITE: web.AppKey[Site] = web.AppKey("site", Site)
LANG: web.RequestKey[str] = web.RequestKey("lang", str)


def site_of(request: web.Request) -> Site:
    return request.app[SITE]


def address_of(request: web.Request, trust_proxy: bool) -> str:
    if trust_proxy:
        forwarded = request.headers.get("X-Forwarded-For", "")
        last = forwarded.split(",")[-1].strip()
        if last:
            return last
    return request.remote or "?"


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Rate limit, language, security headers, and friendly pages for 404/429/500."""
    site = site_of(request)
    request[LANG] = choose(
        request.query, request.cookies, request.headers.get("Accept-Language", "")
    )
    wait = site.limiter.allow(address_of(request, site.settings.trust_proxy))
    try:
        if wait is not None:
            response: web.StreamResponse = error_page(request, 429)
            response.headers["Retry-After"] = str(max(1, round(wait)))
        else:
            response = await handler(request)
    except web.HTTPNotFound:
        response = error_page(request, 404)
    except web.HTTPException as exc:
        if exc.status >= 400:
            response = error_page(request, exc.status)
        else:
            raise
    except StorageError as exc:
        log.warning("web: the database failed: %s", exc)
        response = error_page(request, 503)
    for key, value in SECURITY_HEADERS.items():
        response.headers.setdefault(key, value)
    return response


ERRORS = {
    404: (N_("Not found"), N_("There is no such page.")),
    405: (N_("Not allowed"), N_("This site only shows pages.")),
    429: (N_("Too many requests"), N_("Slow down a little and try again in a moment.")),
    503: (N_("Unavailable"), N_("The database does not answer right now. Try again soon.")),
}


def error_page(request: web.Request, status: int) -> web.Response:
    title, text = ERRORS.get(status, (N_("Error"), N_("Something went wrong.")))
    response = site_of(request).render(request, "error.html", status=status, title=title, text=text)
    response.set_status(status)
    return response


async def healthz(request: web.Request) -> web.Response:
    await site_of(request).storage.get_guild_web(0)  # the database answers
    return web.Response(text="ok\n", headers={"Cache-Control": "no-store"})


async def static(request: web.Request) -> web.StreamResponse:
    name = request.match_info["name"]
    site = site_of(request)
    if name not in site.static_version:
        raise web.HTTPNotFound()
    kinds = {".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}
    path = STATIC / name
    return web.Response(
        body=path.read_bytes(),
        content_type=kinds.get(path.suffix, "application/octet-stream"),
        headers={"Cache-Control": f"public, max-age={YEAR}, immutable"},
    )


async def opted_in(request: web.Request) -> int:
    """The server id of the URL, if its pages are on; else 404 (whatever else the URL says)."""
    guild_id = int(request.match_info["guild"])
    if not await site_of(request).public(guild_id):
        raise web.HTTPNotFound()
    return guild_id


def page_number(request: web.Request) -> int:
    raw = request.query.get("page", "1")
    if not raw.isdigit() or not 1 <= int(raw) <= 100_000:
        raise web.HTTPNotFound()
    return int(raw)


async def server_page(request: web.Request) -> web.Response:
    guild_id = await opted_in(request)
    site = site_of(request)
    with using(request[LANG]):
        data = await pages.server(site.storage, guild_id)
    return site.render(request, "server.html", **data)


async def board_page(request: web.Request) -> web.Response:
    guild_id = await opted_in(request)
    site = site_of(request)
    try:
        metric = Metric(request.query.get("metric", Metric.RATING.value))
    except ValueError:
        raise web.HTTPNotFound() from None
    game = request.match_info["game"]
    computers = request.query.get("computers") == "1"
    chosen = None
    if "season" in request.match_info:
        chosen = await pages.find_season(site.storage, guild_id, request.match_info["season"])
        if chosen is None:
            raise web.HTTPNotFound()
    with using(request[LANG]):
        data = await pages.board(
            site.storage, guild_id, game, metric, page_number(request), computers, chosen
        )
    if data is None:
        raise web.HTTPNotFound()
    return site.render(request, "board.html", **data)


async def season_page(request: web.Request) -> web.Response:
    guild_id = await opted_in(request)
    site = site_of(request)
    chosen = await pages.find_season(site.storage, guild_id, request.match_info["season"])
    if chosen is None:
        raise web.HTTPNotFound()
    with using(request[LANG]):
        data = await pages.season(site.storage, guild_id, chosen)
    return site.render(request, "season.html", **data)


async def player_page(request: web.Request) -> web.Response:
    guild_id = await opted_in(request)
    site = site_of(request)
    user_id = int(request.match_info["user"])
    with using(request[LANG]):
        data = await pages.player(site.storage, guild_id, user_id)
    if data is None:
        raise web.HTTPNotFound()
    for g in data["games"]:
        site.backfill_ratings(guild_id, g["game"])
    return site.render(request, "player.html", **data)


async def game_page(request: web.Request) -> web.Response:
    guild_id = await opted_in(request)
    site = site_of(request)
    step = request.query.get("step", "0")
    if not step.isdigit():
        raise web.HTTPNotFound()
    with using(request[LANG]):
        data = await pages.game(
            site.storage, site.games, guild_id, request.match_info["id"], int(step), request[LANG]
        )
    if data is None:
        raise web.HTTPNotFound()
    return site.render(request, "game.html", **data)


async def picture(request: web.Request) -> web.Response:
    guild_id = await opted_in(request)
    site = site_of(request)
    lang, step = request.match_info["lang"], int(request.match_info["step"])
    if lang not in LANGUAGES:
        raise web.HTTPNotFound()
    game_log = await site.storage.game_log(request.match_info["id"])
    if game_log is None or game_log.guild_id != guild_id or step > len(game_log.actions):
        raise web.HTTPNotFound()
    etag = f'"{game_log.game_id}-{len(game_log.actions)}-{lang}-{step}"'
    headers = {"Cache-Control": f"public, max-age={YEAR}, immutable", "ETag": etag}
    if request.headers.get("If-None-Match") == etag:
        return web.Response(status=304, headers=headers)
    try:
        png = await asyncio.to_thread(site.games.picture, game_log, step, lang)
    except ValueError:
        raise web.HTTPNotFound() from None
    return web.Response(body=png, content_type="image/png", headers=headers)


async def _stop_tasks(app: web.Application) -> None:
    tasks = app[SITE].tasks
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def create_app(storage: Storage, settings: WebSettings | None = None) -> web.Application:
    """The site over an opened ``storage`` (the caller opens and closes it)."""
    app = web.Application(middlewares=[guard])
    app[SITE] = Site(storage, settings or WebSettings())
    app.on_cleanup.append(_stop_tasks)
    g = f"/s/{{guild:{NUMBER}}}"
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/static/{name:[a-z0-9_.-]{1,40}}", static)
    app.router.add_get(g + "/", server_page)
    app.router.add_get(g, server_page)
    app.router.add_get(g + "/board/{game:[a-z0-9_]{1,40}}", board_page)
    app.router.add_get(g + f"/season/{{season:{GAME_ID}}}", season_page)
    app.router.add_get(
        g + f"/season/{{season:{GAME_ID}}}/board/{{game:[a-z0-9_]{{1,40}}}}", board_page
    )
    app.router.add_get(g + f"/p/{{user:-?{NUMBER}}}", player_page)
    app.router.add_get(g + f"/g/{{id:{GAME_ID}}}", game_page)
    app.router.add_get(
        g + f"/g/{{id:{GAME_ID}}}/{{lang:[a-z]{{2}}}}/{{step:[0-9]{{1,6}}}}.png", picture
    )
    return app
