"""A finished game's page summary: what its web page shows that costs CPU to work out (each move's
caption, the final panel, the deals re-checked against the seed), built once per game and language
and stored (``Storage.save_game_page``), so a page's first visit reads one row instead of
replaying the game.

``PageWriter`` builds the summaries of the games this bot process records (``TableManager``'s
``on_recorded`` hook) in the background, in a worker thread; a game recorded before that (or while
the server's pages were off) is built at its page's first visit and stored then (``bot.web.pages``).
No aiohttp or Jinja2 here: the bot process imports this module without the site."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import re
import time
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from bot.i18n import LANGUAGES, LOCALE_DIR, _, using
from bot.names import seat_name
from bot.render.moves import describe_move
from bot.render.replay import HAND_GAMES, replay_panel
from bot.tables.models import Table
from bot.tables.replay import DealCheck, Replayer, ReplayUnavailable, VerifyReport
from storage.base import Storage, StorageError
from storage.models import GameLog, GamePage, GameRecord

logger = logging.getLogger(__name__)

#: The layout of a stored summary's ``data``: raise it when ``GameView`` or the way a move is
#: told changes, and stored pages of the old layout are rebuilt at their next visit. A change of
#: the texts' catalog is noticed by itself (``wording``).
FORMAT = 1


@functools.cache
def wording() -> str:
    """A digest of the compiled catalogs: a summary stored under other texts is built again (every
    English text is a msgid in them, so this covers both languages)."""
    digest = hashlib.sha256()
    for path in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.mo")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


_ESCAPED = re.compile(r"\\([\\_*~|`>#\-\[\]()])")
_MARKUP = re.compile(r"\*\*|__|~~|`|^-# |^\*|\*$|<t:\d+(?::\w)?>", re.MULTILINE)


def plain(markdown: str) -> str:
    """A Discord panel line as plain text (the page escapes it as HTML when drawing)."""
    return _ESCAPED.sub(r"\1", _MARKUP.sub("", markdown))


@dataclass(frozen=True)
class Step:
    number: int
    caption: str
    deal: int


@dataclass(frozen=True)
class GameView:
    """Everything the game page shows beyond the stored result, in one language."""

    guild_id: int
    total: int  # moves in the log
    names: tuple[str, ...]
    steps: tuple[Step, ...]
    deal_starts: tuple[int, ...]
    breakdown: tuple[str, ...]  # the final frame's lines, as the last table message told them
    fields: tuple[tuple[str, str], ...]
    report: VerifyReport
    hand_game: bool
    move_items: tuple[str, ...] = ()  # each step's <li> (HTML, escaped), see ``moves_html``

    def moves_html(self, step: int) -> Markup:
        """The page's move list with ``step`` marked current: the ~300 items are drawn once per
        game and language (a template loop over them was most of the page's CPU)."""
        items = list(self.move_items)
        if 0 <= step < len(items):
            items[step] = items[step].replace("<li value=", '<li class="current" value=', 1)
        return Markup("".join(items))

    def to_data(self) -> dict[str, Any]:
        """The stored form (JSON); ``move_items`` is drawn again from the steps when read."""
        r = self.report
        return {
            "wording": wording(),
            "names": list(self.names),
            "steps": [[s.number, s.caption, s.deal] for s in self.steps],
            "deal_starts": list(self.deal_starts),
            "breakdown": list(self.breakdown),
            "fields": [list(f) for f in self.fields],
            "hand_game": self.hand_game,
            "report": {
                "game_id": r.game_id,
                "game": r.game,
                "rng_version": r.rng_version,
                "commitment": r.commitment,
                "server_seed": r.server_seed,
                "table_id": r.table_id,
                "deals": [[d.deal, d.dealer, d.step, d.matches] for d in r.deals],
            },
        }


def view_from(page: GamePage) -> GameView | None:
    """The view a stored page holds (None: another format, or unreadable: build it again)."""
    if page.format != FORMAT or page.data.get("wording") != wording():
        return None
    try:
        d = page.data
        r = d["report"]
        steps = tuple(Step(int(n), str(c), int(deal)) for n, c, deal in d["steps"])
        starts = tuple(int(s) for s in d["deal_starts"])
        hand_game = bool(d["hand_game"])
        with using(page.lang):
            items = _move_items(steps, starts, hand_game)
        return GameView(
            guild_id=page.guild_id,
            total=page.moves,
            names=tuple(str(n) for n in d["names"]),
            steps=steps,
            deal_starts=starts,
            breakdown=tuple(str(b) for b in d["breakdown"]),
            fields=tuple((str(n), str(v)) for n, v in d["fields"]),
            report=VerifyReport(
                game_id=r["game_id"],
                game=r["game"],
                rng_version=r["rng_version"],
                commitment=r["commitment"],
                server_seed=r["server_seed"],
                table_id=r["table_id"],
                deals=tuple(
                    DealCheck(int(n), None if dealer is None else int(dealer), int(s), bool(ok))
                    for n, dealer, s, ok in r["deals"]
                ),
            ),
            hand_game=hand_game,
            move_items=items,
        )
    except (KeyError, TypeError, ValueError) as exc:
        logger.warning("web: the stored page of game %s is unreadable (%s)", page.game_id, exc)
        return None


def page_of(view: GameView, game_id: str, lang: str, built_at: float) -> GamePage:
    return GamePage(
        game_id=game_id,
        lang=lang,
        format=FORMAT,
        guild_id=view.guild_id,
        moves=view.total,
        data=view.to_data(),
        built_at=built_at,
    )


def _move_items(
    steps: Sequence[Step], deal_starts: Sequence[int], hand_game: bool
) -> tuple[str, ...]:
    """Each step's list item as game.html drew it (a deal's heading before its first step)."""
    starts = set(deal_starts) if len(deal_starts) > 1 else set()
    heading = _("Hand {number}") if hand_game else _("Deal {number}")
    out = []
    for s in steps:
        deal = (
            f'<li class="deal" aria-hidden="true">{escape(heading.format(number=s.deal))}</li>'
            if s.number in starts
            else ""
        )
        out.append(
            f'{deal}<li value="{s.number}"><a href="?step={s.number}#replay"'
            f' data-step="{s.number}">{escape(s.caption)}</a></li>\n'
        )
    return tuple(out)


def build_view(log: GameLog, lang: str, replayer: Replayer) -> GameView:
    """The page's summary of ``log`` in ``lang``: one replay pass (shared by every language
    through ``replayer``'s checkpoints) and the captions. Run it in a worker thread."""
    with using(lang):
        return _build(log, replayer)


def _build(log: GameLog, replayer: Replayer) -> GameView:
    report = replayer.report(log)  # first: its pass also rebuilds the game for the frames
    last = replayer.frame(log, len(log.actions))
    names = tuple(
        next(
            (seat_name(s.name) for s in log.seats if s.seat == i),
            _("seat {number}").format(number=i + 1),
        )
        for i in range(log.players)
    )
    starts = last.deal_starts
    steps = [Step(0, _("As dealt, before the first move."), 1)]
    for move in log.actions:
        who = names[move.seat] if 0 <= move.seat < len(names) else "?"
        try:
            caption = plain(describe_move(log.game, who, move.action, names=names))
        except (ValueError, KeyError, IndexError):
            caption = f"{who}: {move.action}"
        deal = max(1, bisect_right(starts, move.move_no))
        steps.append(Step(move.move_no, caption, deal))
    panel = replay_panel(last)
    # the breakdown without what the page shows elsewhere (the last move, the proof)
    told = _("Last move: {move}").split("{")[0]
    hidden = [x for x in (report.commitment, report.server_seed, "/verify") if x]
    breakdown = tuple(
        plain(line)
        for line in panel.lines
        if not line.startswith(told) and not any(x in line for x in hidden)
    )
    return GameView(
        guild_id=log.guild_id,
        total=len(log.actions),
        names=names,
        steps=tuple(steps),
        deal_starts=starts,
        breakdown=breakdown,
        fields=tuple((plain(n), plain(v)) for n, v in panel.fields),
        report=report,
        hand_game=log.game in HAND_GAMES,
        move_items=_move_items(steps, starts, log.game in HAND_GAMES),
    )


class PageWriter:
    """Builds and stores the page summaries of the games this process records, one game at a
    time in a background task (the replay in a worker thread), for servers whose pages are on.
    A game still queued at close is simply built at its page's first visit."""

    def __init__(
        self,
        storage: Storage,
        *,
        languages: Iterable[str] = LANGUAGES,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self.languages = tuple(languages)
        self._clock = clock
        self._queue: asyncio.Queue[tuple[str, int]] = asyncio.Queue()
        self._replayer = Replayer(size=2)
        self._task: asyncio.Task[None] | None = None
        self.built = 0  # games whose pages were stored (tests, logs)

    def recorded(self, table: Table, record: GameRecord) -> None:
        """``TableManager.on_recorded``'s hook: queue the game (never blocks; after ``close``
        nothing is queued: the page is built at its first visit)."""
        if self._task is not None:
            self._queue.put_nowait((record.game_id, record.guild_id))

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._work(), name="web-game-pages")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def idle(self) -> None:
        """Wait until every queued game is built (tests; at once when not running)."""
        if self._task is not None and not self._task.done():
            await self._queue.join()

    async def _work(self) -> None:
        while True:
            game_id, guild_id = await self._queue.get()
            try:
                await self.build(game_id, guild_id)
            except (StorageError, ReplayUnavailable) as exc:
                logger.warning("web: no page summary for game %s: %s", game_id, exc)
            except Exception:  # a bug here must not stop the next games' pages
                logger.exception("web: building the page summary of game %s failed", game_id)
            finally:
                self._queue.task_done()

    async def build(self, game_id: str, guild_id: int) -> bool:
        """Build and store the game's summary in every language (False: the server's pages are
        off, or the game is not stored)."""
        if not await self.storage.get_guild_web(guild_id):
            return False
        game_log = await self.storage.game_log(game_id)
        if game_log is None:
            return False
        for lang in self.languages:
            view = await asyncio.to_thread(build_view, game_log, lang, self._replayer)
            await self.storage.save_game_page(page_of(view, game_id, lang, self._clock()))
        self.built += 1
        return True
