"""The storage interface. ``SqliteStorage`` (aiosqlite, the default) and ``PostgresStorage``
(asyncpg, for several bot processes on one database) implement it; cogs and the table layer see
only this Protocol."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from .models import (
    AnalysisRecord,
    EntryRecord,
    GameLog,
    GamePage,
    GameRecord,
    GameSummary,
    LeaderboardRow,
    MatchRecord,
    Metric,
    MoveRecord,
    PersonalStats,
    PlayerStats,
    SeasonRecord,
    TableRequest,
    TableSnapshot,
    TournamentGame,
    TournamentRecord,
    TurnNotice,
)


class StorageError(Exception):
    """The database cannot be used (corrupt, newer than this code, unwritable); the message says why."""


class TableConflict(StorageError):
    """A table write lost the optimistic version check: another process has loaded (claimed) or
    changed this table since this process last read or wrote it, so this process must not write
    it any more. Nothing was written."""


class Storage(Protocol):
    async def open(self) -> None:
        """Connect and apply migrations; raise StorageError for a corrupt or too-new database.
        Only cheap checks run here; ``check()`` is the full one."""

    async def close(self) -> None: ...

    async def check(self) -> list[str]:
        """A full consistency check of the database (slow on a big file): the problems found,
        [] when it is sound. ``python -m bot check-db`` runs it."""

    async def save_table(self, snapshot: TableSnapshot, move: MoveRecord | None = None) -> None:
        """Write the whole snapshot (and the move's log entry, if any) in ONE transaction.
        ``snapshot.move_no`` tells how many logged moves the data already includes. Raises
        TableConflict if another process owns the table now."""

    async def append_move(self, channel_id: int, move: MoveRecord) -> None:
        """Log one move of the table's game without rewriting its snapshot: a restore replays it
        on top of the last snapshot. Its cost does not grow with the game. Raises TableConflict
        if another process owns the table now."""

    async def load_tables(
        self, guild_filter: Callable[[int], bool] | None = None
    ) -> list[TableSnapshot]:
        """Every unfinished table (of the guilds ``guild_filter`` accepts, e.g. one shard's), to
        resume at start-up, each with its game's whole move log in ``moves``. Loading claims the
        tables: a process that loaded them earlier can no longer write them (TableConflict)."""

    async def delete_table(self, channel_id: int) -> None: ...

    async def finish_game(
        self,
        record: GameRecord,
        snapshot_channel_id: int | None = None,
        move: MoveRecord | None = None,
    ) -> bool:
        """Record a finished game (result, ratings, stats), log its last move and delete the table
        snapshot, all in one transaction. Returns False (and changes nothing) if ``game_id`` was
        already recorded."""

    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        metric: Metric = Metric.RATING,
        *,
        limit: int = 10,
        offset: int = 0,
        include_bots: bool = False,
    ) -> list[LeaderboardRow]: ...

    async def rank_of(
        self,
        guild_id: int,
        game: str,
        user_id: int,
        metric: Metric = Metric.RATING,
        *,
        include_bots: bool = False,
    ) -> LeaderboardRow | None:
        """The user's row and rank on that leaderboard (``include_bots`` added: rank among
        everyone, computer players included); None if they have no standing there."""

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerStats]: ...

    async def history(
        self, guild_id: int, user_id: int | None, limit: int = 10
    ) -> list[GameSummary]: ...

    async def personal_stats(self, user_id: int) -> list[PersonalStats]:
        """The user's own record: their games outside servers (the bot's DM, group DMs), wherever
        played, added up per game (no rating: ratings are per place), with their last few."""

    async def personal_history(self, user_id: int, limit: int = 10) -> list[GameSummary]:
        """The user's finished games outside servers, wherever played, most recent first."""

    async def game_log(self, game_id: str) -> GameLog | None: ...

    async def get_setting(self, key: str) -> str | None:
        """A value the bot stored about itself (``set_setting``), None if never set."""

    async def set_setting(self, key: str, value: str) -> None:
        """Store (or replace) a small key/value fact, e.g. the hash of the synced command tree."""

    async def get_guild_language(self, guild_id: int) -> str | None:
        """The language a server chose for its public messages (``/settings language``), or None:
        it follows its own Discord language."""

    async def set_guild_language(self, guild_id: int, lang: str | None) -> None:
        """Choose a server's language (``"en"``, ``"ru"``); None forgets the choice."""

    async def get_guild_web(self, guild_id: int) -> bool:
        """Whether a server turned its web pages on (``/settings web public:on``); False if never."""

    async def set_guild_web(self, guild_id: int, public: bool) -> None:
        """Turn a server's web pages on or off."""

    async def guild_games(self, guild_id: int) -> list[str]:
        """The games with a leaderboard in this server, by name."""

    async def rating_history(
        self, guild_id: int, user_id: int, game: str, limit: int = 200
    ) -> list[tuple[float, float]]:
        """(ended_at, rating after that game) of the user's last rated games, oldest first."""

    async def game_summary(self, game_id: str) -> GameSummary | None:
        """One finished game's summary (None: no finished game has that id)."""

    async def backfill_ratings(self, guild_id: int, game: str) -> int:
        """Fill in the rating after each game for games recorded before seats kept it (rebuilt
        by replaying the place's rated games of ``game``); how many seats got one."""

    async def game_page(self, game_id: str, lang: str) -> GamePage | None:
        """The stored web page summary of a finished game in ``lang`` (None: not built yet)."""

    async def save_game_page(self, page: GamePage) -> None:
        """Store (or replace) a game's web page summary in its language."""

    async def get_notification_mode(self, user_id: int) -> str | None:
        """The player's choice of turn notices (``correspondence``, ``all``, ``off``), or None:
        never chosen (the default applies)."""

    async def set_notification_mode(self, user_id: int, mode: str) -> None: ...

    async def turn_notices(self, channel_id: int) -> list[TurnNotice]:
        """The latest turn notice of the table in ``channel_id`` to each of its players."""

    async def save_turn_notice(self, notice: TurnNotice) -> None:
        """Store (or replace) the latest notice of that table to that player."""

    async def forget_turn_notices(self, channel_id: int) -> None:
        """Drop a table's notices (its game ended and every notice says so)."""

    async def get_user_language(self, user_id: int) -> tuple[str | None, str | None]:
        """The player's (chosen, seen) languages ("en", "ru"): the one they chose for their
        direct messages, and the one Discord last gave with their interactions (None: none)."""

    async def set_user_language(self, user_id: int, lang: str) -> None:
        """Store the language Discord gave with the player's interactions."""

    async def choose_user_language(self, user_id: int, lang: str | None) -> None:
        """Store the player's choice for their direct messages (None: follow Discord's)."""

    # -- moves asked of a table another process holds (``storage.sql.requests``) --------------

    async def peek_table(self, channel_id: int) -> TableSnapshot | None:
        """The unfinished table of the channel as stored, not claimed: for reading only."""

    async def post_table_request(
        self, channel_id: int, guild_id: int, user_id: int, action: str, move_no: int
    ) -> int:
        """Ask the process holding the table to play ``action``; the request's id."""

    async def pending_table_requests(
        self, guild_filter: Callable[[int], bool] | None = None
    ) -> list[TableRequest]:
        """Requests nobody has taken yet, of the guilds ``guild_filter`` accepts."""

    async def take_table_request(self, request_id: int) -> bool:
        """Take one to play it; False if taken or withdrawn meanwhile."""

    async def answer_table_request(self, request_id: int, answer: str) -> None: ...

    async def collect_table_answer(self, request_id: int) -> str | None:
        """The answer, the request deleted with it; None while there is none."""

    async def withdraw_table_request(self, request_id: int) -> bool:
        """Withdraw a request nobody has taken; False if it was taken."""

    async def listen_table_requests(self, wake: Callable[[], None]) -> bool:
        """Call ``wake()`` when a request is posted (PostgreSQL); False where none can be heard."""

    # -- seasons ------------------------------------------------------------------------------

    async def start_season(
        self, guild_id: int, name: str, at: float, reset_ratings: bool = False
    ) -> SeasonRecord | None:
        """Open a season (resetting the server's ratings if asked); None and nothing changed when
        one is open already or the name was used before in this server. Games recorded while it
        is open are filed under it."""

    async def end_season(self, guild_id: int, at: float) -> SeasonRecord | None:
        """Close the open season and archive its boards; None if none is open."""

    async def current_season(self, guild_id: int) -> SeasonRecord | None: ...

    async def seasons(self, guild_id: int) -> list[SeasonRecord]:
        """Every season of the server, newest first."""

    async def season_leaderboard(
        self,
        season: SeasonRecord,
        game: str,
        metric: Metric = Metric.RATING,
        *,
        limit: int = 10,
        offset: int = 0,
        include_bots: bool = False,
    ) -> list[LeaderboardRow]:
        """A season's board (rating, wins, points or games; ValueError for the others)."""

    # -- tournaments --------------------------------------------------------------------------

    async def create_tournament(self, t: TournamentRecord) -> None: ...

    async def tournament(self, tournament_id: str) -> TournamentRecord | None: ...

    async def active_tournaments(
        self, guild_filter: Callable[[int], bool] | None = None, guild_id: int | None = None
    ) -> list[TournamentRecord]:
        """Registering or running tournaments (one guild's, or those ``guild_filter`` accepts)."""

    async def set_tournament(
        self,
        tournament_id: str,
        *,
        status: str | None = None,
        from_status: Sequence[str] | None = None,
        message_id: int | None = None,
    ) -> bool:
        """Change status (only from ``from_status``) and/or message id; False if refused."""

    async def add_entry(self, tournament_id: str, entry: EntryRecord) -> bool:
        """False if the entrant is already registered."""

    async def remove_entry(self, tournament_id: str, entrant: str) -> bool: ...

    async def set_entry(
        self,
        tournament_id: str,
        entrant: str,
        *,
        paused: bool | None = None,
        withdrawn: bool | None = None,
    ) -> bool: ...

    async def entries(self, tournament_id: str) -> list[EntryRecord]: ...

    async def open_round(
        self, tournament_id: str, round_no: int, matches: Sequence[MatchRecord]
    ) -> bool:
        """Open round ``round_no`` with its matches, only from round ``round_no - 1``."""

    async def add_matches(self, tournament_id: str, matches: Sequence[MatchRecord]) -> None: ...

    async def set_match_table(
        self, tournament_id: str, match_id: str, channel_id: int, game_id: str
    ) -> None:
        """The table (thread) and the game id of a match, written before the table opens."""

    async def finish_match(
        self,
        tournament_id: str,
        match_id: str,
        status: str,
        places: Sequence[int] | None,
        *,
        ended_at: float,
        game_id: str | None = None,
        only_open: bool = True,
    ) -> bool:
        """Take a match's result once (while open); False if it had already ended."""

    async def matches(self, tournament_id: str) -> list[MatchRecord]: ...

    async def match_at_table(self, channel_id: int) -> tuple[str, MatchRecord] | None:
        """The open match at a table (thread) and its tournament's id."""

    async def tournament_games(self, game_ids: Sequence[str]) -> dict[str, TournamentGame]:
        """Which of these recorded games were tournament matches (``/history`` says so)."""

    async def save_analysis(self, record: AnalysisRecord) -> bool:
        """Store a finished game's analysis once: False (nothing changed) when the game already
        has one of this version or newer; an older version's is replaced."""

    async def load_analysis(self, game_id: str) -> AnalysisRecord | None:
        """The game's stored analysis (None: not analysed yet)."""

    async def game_accuracies(self, game_ids: Sequence[str]) -> dict[str, dict[int, float]]:
        """Accuracy per seat of each of these games that has an analysis (others left out)."""

    async def unanalysed_games(self, version: int, *, since: float, limit: int) -> list[str]:
        """Finished games ended at or after ``since`` with a human seat and no analysis of
        ``version`` or newer, most recent first: what the analysis queue resumes at start."""
