"""Links from Discord to the web pages (``bot.web``): given only when ``WEB_BASE_URL`` is set and
the server turned its pages on (``/settings web public:on``). Whether a server's pages are on is
read from storage and kept a minute (``/settings web`` updates it at once in this process)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

from storage.base import Storage, StorageError

TTL = 60.0


class WebLinks:
    def __init__(
        self,
        storage: Callable[[], Storage | None],
        base_url: str | None,
        clock: Callable[[], float],
    ) -> None:
        self._storage = storage
        self.base_url = (base_url or "").rstrip("/")
        self._clock = clock
        self._public: dict[int, tuple[float, bool]] = {}

    async def public(self, guild_id: int | None) -> bool:
        """Whether the server's pages are on (False without a base URL or a database)."""
        storage = self._storage()
        if not self.base_url or guild_id is None or storage is None:
            return False
        now = self._clock()
        cached = self._public.get(guild_id)
        if cached is not None and now - cached[0] < TTL:
            return cached[1]
        try:
            on = await storage.get_guild_web(guild_id)
        except StorageError:
            return False  # no link rather than no answer
        self.remember(guild_id, on)
        return on

    def remember(self, guild_id: int, on: bool) -> None:
        if len(self._public) > 10_000:
            self._public.clear()
        self._public[guild_id] = (self._clock(), on)

    def known_public(self, guild_id: int) -> bool:
        """The last answer of ``public`` (no database read: for drawing a message)."""
        cached = self._public.get(guild_id)
        return bool(self.base_url) and cached is not None and cached[1]

    def server_url(self, guild_id: int) -> str:
        return f"{self.base_url}/s/{guild_id}/"

    async def server(self, guild_id: int | None) -> str | None:
        return self.server_url(guild_id) if guild_id and await self.public(guild_id) else None

    async def board(self, guild_id: int | None, game: str, metric: str) -> str | None:
        if guild_id is None or not await self.public(guild_id):
            return None
        return f"{self.server_url(guild_id)}board/{quote(game)}?metric={quote(metric)}"

    async def season_board(
        self, guild_id: int | None, season_id: str, game: str, metric: str
    ) -> str | None:
        if guild_id is None or not await self.public(guild_id):
            return None
        return (
            f"{self.server_url(guild_id)}season/{quote(season_id)}/board/{quote(game)}"
            f"?metric={quote(metric)}"
        )

    async def player(self, guild_id: int | None, user_id: int) -> str | None:
        if guild_id is None or not await self.public(guild_id):
            return None
        return f"{self.server_url(guild_id)}p/{user_id}"

    def game_url(self, guild_id: int, game_id: str, step: int | None = None) -> str:
        at = f"?step={step}#replay" if step is not None else ""
        return f"{self.server_url(guild_id)}g/{quote(game_id)}{at}"

    async def game(self, guild_id: int | None, game_id: str, step: int | None = None) -> str | None:
        if guild_id is None or not await self.public(guild_id):
            return None
        return self.game_url(guild_id, game_id, step)
