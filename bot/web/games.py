"""A finished game for the web: its replay (the frames ``/replay`` shows, drawn as the bot's
pictures) and its proof (``/verify``'s check), built once per game and language and kept.

Finished games never change, so what is built here is cached by game id (and language) in a small
LRU, and the pictures are served as immutable files: a replay step costs one frame the first
time anyone asks for it, then nothing."""

from __future__ import annotations

import re
import threading
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from bot.i18n import _, using
from bot.names import seat_name
from bot.render.moves import describe_move
from bot.render.pictured import public_picture
from bot.render.replay import HAND_GAMES, replay_panel
from bot.tables.replay import Replayer, VerifyReport
from storage.models import GameLog

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
    """Everything the game page shows beyond the stored summary, in one language."""

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


class GameCache:
    """Built games (``GameView``) and their logs by (game id, language), least recently used
    dropped; replay frames through one ``Replayer`` (checkpoints every 16 moves)."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self.replayer = Replayer(size=size)
        self._views: OrderedDict[Hashable, Any] = OrderedDict()  # GameView
        self._reports: OrderedDict[Hashable, Any] = OrderedDict()  # VerifyReport
        self._lock = threading.Lock()

    def _get(self, store: OrderedDict[Hashable, Any], key: Hashable) -> Any:
        with self._lock:
            found = store.get(key)
            if found is not None:
                store.move_to_end(key)
            return found

    def _put(self, store: OrderedDict[Hashable, Any], key: Hashable, value: object) -> None:
        with self._lock:
            store[key] = value
            store.move_to_end(key)
            while len(store) > self.size:
                store.popitem(last=False)

    def report(self, log: GameLog) -> VerifyReport:
        found: VerifyReport | None = self._get(self._reports, log.game_id)
        if found is None:
            found = self.replayer.report(log)  # the same pass as the frames' rebuild
            self._put(self._reports, log.game_id, found)
        return found

    def view(self, log: GameLog, lang: str) -> GameView:
        """The game page's replay and proof in ``lang`` (run in a worker thread: it replays)."""
        key = (log.game_id, len(log.actions), lang)
        found: GameView | None = self._get(self._views, key)
        if found is None:
            with using(lang):
                found = self._build(log)
            self._put(self._views, key, found)
        return found

    def _build(self, log: GameLog) -> GameView:
        report = self.report(log)  # first: its pass also rebuilds the game for the frames
        last = self.replayer.frame(log, len(log.actions))
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
            names=names,
            steps=tuple(steps),
            deal_starts=starts,
            breakdown=breakdown,
            fields=tuple((plain(n), plain(v)) for n, v in panel.fields),
            report=report,
            hand_game=log.game in HAND_GAMES,
            move_items=_move_items(steps, starts, log.game in HAND_GAMES),
        )

    def picture(self, log: GameLog, step: int, lang: str) -> bytes:
        """The bot's public picture of the table after ``step`` moves, drawn in ``lang`` (PNG;
        encoded pictures are shared with the bot's own cache)."""
        frame = self.replayer.frame(log, step)
        with using(lang):
            drawing = public_picture(frame.table)
        if drawing is None:
            raise ValueError("this step has no picture")
        return drawing.encode()[1]
