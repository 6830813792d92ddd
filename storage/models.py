"""Records that cross the storage boundary. Plain frozen dataclasses, JSON-friendly fields."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Metric(StrEnum):
    """What a leaderboard is ordered by."""

    RATING = "rating"
    WINS = "wins"
    POINTS = "points"  # match points: a plain win 1, a double win (H-18) 2
    GAMES = "games"
    STREAK = "streak"
    CHIPS = "chips"  # chips won in total (games played for chips: final chips minus the stack)


#: The metrics a season's board can be ordered by (streaks and chips are all-time only).
SEASON_METRICS = (Metric.RATING, Metric.WINS, Metric.POINTS, Metric.GAMES)


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    user_id: int  # computer players get a stable negative id per level, e.g. -1 easy, -2 normal, -3 hard, -4 expert
    name: str
    is_bot: bool = False
    team: int | None = None  # Hurricane `pairs`: seat % 2


@dataclass(frozen=True)
class GameRecord:
    """A finished game, recorded exactly once under ``game_id``."""

    game_id: str
    guild_id: int
    channel_id: int
    game: str  # "hurricane" | "hurikan" | "haggis"
    options: dict[str, Any]  # every option in force (preset included)
    seats: tuple[SeatRecord, ...]
    scores: tuple[int, ...]  # final scores per side (team for pairs, seat otherwise)
    winners: tuple[int, ...]  # seats that won; empty for a draw
    double: bool  # H-18 double win
    seed: int
    started_at: float  # unix seconds
    ended_at: float
    ended_by: str = "finished"  # "finished" | "resigned" | "forfeit" | "abandoned"
    # Games played for chips (Hurricane poker): chips won per side, final chips minus the starting
    # stack (negative: lost). Empty for other games.
    winnings: tuple[int, ...] = ()
    # Fair deals (docs/fair-deals.md): the derivation, and for ``fair-v1`` the server seed (hex,
    # revealed now that the game has ended) and the public table id the deals were derived with.
    rng_version: str = "legacy"
    server_seed: str | None = None
    table_id: str | None = None
    # Played in a server (``guild_id`` is the server's), or outside one (the bot's DM, a group DM:
    # ``guild_id`` is the channel's); games outside servers make up each player's own record.
    in_server: bool = True


@dataclass(frozen=True)
class MoveRecord:
    """One applied action, logged for replays (of finished games, and of a table's moves after its
    last snapshot when it is restored)."""

    game_id: str
    move_no: int  # 1, 2, 3 … per game
    seat: int
    action: str  # canonical notation (ENGINE.md)
    at: float
    # Who chose it, for the table layer's replay ("human" | "computer" | "timeout"); None: unknown.
    source: str | None = None


@dataclass(frozen=True)
class TableSnapshot:
    """Everything needed to resume a table after a restart: the last full snapshot plus the moves
    logged after it (``Storage.append_move``), which the table layer replays through the engine."""

    channel_id: int  # one table per channel: the key
    guild_id: int
    game_id: str
    status: str  # "lobby" | "playing" (finished/cancelled tables are deleted)
    data: dict[str, Any]  # table-layer fields + engine ``to_dict()``; JSON-serialisable
    updated_at: float
    move_no: int = 0  # the data includes moves 1..move_no; later logged moves are replayed on it
    # Filled by ``load_tables``: every logged move of the game, in order (ignored when saving).
    moves: tuple[MoveRecord, ...] = ()
    # Filled by ``load_tables``: the optimistic version this process now holds (informative).
    version: int = field(default=0, compare=False)


@dataclass(frozen=True)
class GameLog:
    """What a replay needs: ``new_game(game, seed=seed, players=players, options=options)`` + actions
    for a ``legacy`` game; a ``fair-v1`` game deals from ``server_seed`` (hex) and ``table_id``
    instead (``new_game(..., fair=FairSeed.from_hex(server_seed, table_id))``)."""

    game_id: str
    game: str
    options: dict[str, Any]
    players: int
    seed: int
    actions: tuple[MoveRecord, ...]
    rng_version: str = "legacy"
    server_seed: str | None = None
    table_id: str | None = None
    guild_id: int = 0
    seats: tuple[SeatRecord, ...] = ()
    ended_by: str = "finished"
    ended_at: float = 0.0
    in_server: bool = True  # (see ``GameRecord.in_server``)


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    user_id: int
    name: str
    is_bot: bool
    games: int
    wins: int
    losses: int
    draws: int
    points: int
    streak: int
    best_streak: int
    rating: float  # displayed rating (openskill ordinal, scaled)
    chips: int = 0  # chips won in total (games played for chips), 0 for other games


@dataclass(frozen=True)
class GameSummary:
    game_id: str
    game: str
    options: dict[str, Any]
    ended_at: float
    seats: tuple[SeatRecord, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    double: bool
    ended_by: str
    rng_version: str = "legacy"
    server_seed: str | None = None  # fair games: revealed (the game has ended)
    in_server: bool = True  # (see ``GameRecord.in_server``)


@dataclass(frozen=True)
class PlayerStats:
    """One user's standing in one game of one guild."""

    game: str
    row: LeaderboardRow
    recent: tuple[GameSummary, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class TurnNotice:
    """The latest direct message telling ``user_id`` it was their turn at the table of
    ``channel_id``: for the turn that began at ``move_no`` of ``game_id``. ``state``: ``sent``
    (waiting for the player), ``done`` (the turn passed on; the message says so) or ``closed``
    (the player's DMs are closed: no message, not retried for this game)."""

    channel_id: int
    user_id: int
    game_id: str
    move_no: int
    state: str
    dm_channel_id: int | None = None
    message_id: int | None = None
    sent_at: float = 0.0


@dataclass(frozen=True)
class PersonalStats:
    """One user's own record in one game: every game they finished outside servers (the bot's DM,
    group DMs) added up. No rating or rank: those are kept per place."""

    game: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    points: int = 0
    streak: int = 0
    best_streak: int = 0
    places: int = 0  # how many DMs and group DMs these games were played in
    recent: tuple[GameSummary, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class GamePage:
    """A finished game's web page summary in one language (``bot.web.summary`` builds and reads
    ``data``; storage keeps it as JSON). ``format``: the layout of ``data`` (a page of another
    format is rebuilt); ``moves``: how many moves the log had when it was built."""

    game_id: str
    lang: str
    format: int
    guild_id: int
    moves: int
    data: dict[str, Any]
    built_at: float


@dataclass(frozen=True)
class AnalysisRecord:
    """A finished game's analysis as stored (``bot.analysis`` reads and writes ``data``, its
    ``GameAnalysis.to_json()``): ``data`` None with ``failure`` set when the game could not be
    analysed (not tried again at every start). ``accuracy``: seat -> 0..100, per human seat."""

    game_id: str
    version: int
    data: dict[str, Any] | None
    accuracy: dict[int, float]
    created_at: float
    failure: str | None = None
    cpu_seconds: float = 0.0


@dataclass(frozen=True)
class SeasonRecord:
    """A server's named season; ``ended_at`` None while it runs (at most one runs per server)."""

    season_id: str
    guild_id: int
    name: str
    started_at: float
    ended_at: float | None = None
    reset_ratings: bool = False


@dataclass(frozen=True)
class TournamentRecord:
    """A tournament's settings and progress. ``format``: "swiss", "arena" or "tables" (multi-seat
    rounds); ``window``: the Arena's length in seconds (0 otherwise); ``round``: the last round
    opened (0 before the start); ``settings``: JSON-friendly extras (time control, max players,
    computers, target, the poker final table)."""

    tournament_id: str
    guild_id: int
    channel_id: int
    game: str
    preset: str | None
    format: str
    rounds: int
    window: float
    starts_at: float
    settings: dict[str, Any] = field(default_factory=dict)
    status: str = "registering"  # "registering" | "running" | "finished" | "cancelled"
    round: int = 0
    created_by: int = 0
    created_at: float = 0.0
    message_id: int | None = None
    season_id: str | None = None


@dataclass(frozen=True)
class EntryRecord:
    """One entrant: a player, a computer seat, or a team of two (``members`` has both)."""

    entrant: str
    members: tuple[int, ...]
    name: str
    is_bot: bool
    rating: float
    joined_at: float
    paused: bool = False
    withdrawn: bool = False


@dataclass(frozen=True)
class MatchRecord:
    """One table of a round (or a bye: one seat, status "bye"). ``places`` per seat, 1 = best,
    equal numbers a tie; None while open or when void. ``status`` leaves "open" exactly once
    (a moderator may later award or void it)."""

    match_id: str
    round: int
    board: int
    seats: tuple[str, ...]
    started_at: float
    status: str = "open"  # "open" | "finished" | "forfeit" | "awarded" | "void" | "bye"
    channel_id: int | None = None
    game_id: str | None = None
    places: tuple[int, ...] | None = None
    ended_at: float | None = None


@dataclass(frozen=True)
class TableRequest:
    """A move asked of the table in ``channel_id`` by a process that does not hold it (see
    ``storage.sql.requests``); ``answer`` (JSON) once the holding process has played it."""

    id: int
    channel_id: int
    guild_id: int
    user_id: int
    action: str
    move_no: int
    created_at: float
    answer: str | None = None


@dataclass(frozen=True)
class TournamentGame:
    """A recorded game that was a tournament match: its tournament, round (0 in an Arena) and
    format."""

    tournament_id: str
    round: int
    format: str
