"""A finished game for the web: its page summary (``bot.web.summary``: captions, final panel,
proof) kept in memory by game and language, and its replay pictures (the bot's own pictures).

Finished games never change, so summaries are kept in a small LRU and the pictures are served as
immutable files: a replay step costs one frame the first time anyone asks for it, then nothing."""

from __future__ import annotations

import threading
from collections import OrderedDict

from bot.i18n import using
from bot.render.pictured import public_picture
from bot.tables.replay import Replayer
from storage.models import GameLog

from .summary import GameView, build_view


class GameCache:
    """Game summaries (``GameView``) by (game id, language), least recently used dropped; replay
    frames through one ``Replayer`` (checkpoints every 16 moves)."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self.replayer = Replayer(size=size)
        self._views: OrderedDict[tuple[str, str], GameView] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, lang: str) -> GameView | None:
        with self._lock:
            found = self._views.get((game_id, lang))
            if found is not None:
                self._views.move_to_end((game_id, lang))
            return found

    def put(self, game_id: str, lang: str, view: GameView) -> None:
        with self._lock:
            self._views[(game_id, lang)] = view
            self._views.move_to_end((game_id, lang))
            while len(self._views) > self.size:
                self._views.popitem(last=False)

    def build(self, log: GameLog, lang: str) -> GameView:
        """The summary worked out from the log (a worker thread: it replays the game)."""
        return build_view(log, lang, self.replayer)

    def picture(self, log: GameLog, step: int, lang: str) -> bytes:
        """The bot's public picture of the table after ``step`` moves, drawn in ``lang`` (PNG;
        encoded pictures are shared with the bot's own cache)."""
        frame = self.replayer.frame(log, step)
        with using(lang):
            drawing = public_picture(frame.table)
        if drawing is None:
            raise ValueError("this step has no picture")
        return drawing.encode()[1]
