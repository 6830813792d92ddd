"""Plain data of the table layer: a table, its seats and the game it plays. No behaviour beyond
small queries; the manager owns every change."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.games import FairSeed, GameState


class TableStatus(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class Level(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    EXPERT = "expert"


class Delivery(StrEnum):
    """How the table reaches its players: ``channel`` (the bot writes to the channel; computers
    move at a readable pace) or ``interactions`` (the bot is absent and can only answer
    interactions: computers move at once, so the answer to the human move that handed them the
    turn shows their moves). Chosen by the Discord layer, kept with the spec across restarts."""

    CHANNEL = "channel"
    INTERACTIONS = "interactions"


class Pace(StrEnum):
    """How fast a table plays: ``live`` (one sitting: seconds or minutes per move, abandoned after
    24 idle hours) or ``correspondence`` (a move in hours or days, each turn announced by a direct
    message; it ends only by the time-out rules, never by the idle rule)."""

    LIVE = "live"
    CORRESPONDENCE = "correspondence"


# Stable negative user ids for computer players (storage rates them per level).
COMPUTER_IDS: dict[Level, int] = {
    Level.EASY: -1,
    Level.NORMAL: -2,
    Level.HARD: -3,
    Level.EXPERT: -4,
}


@dataclass
class Seat:
    user_id: int
    name: str
    computer: Level | None = None
    timeouts: int = 0  # time-outs in a row; a move of the player's own resets it
    left: bool = False  # left mid-game (a ``sit_out`` game): sits out, its turns are automatic
    no_show: bool = False  # sat out at its first turn's time-out, never having moved (a forfeit)


@dataclass(frozen=True)
class GameSpec:
    """What is played: engine name, engine options, number of seats and the turn timer."""

    game: str  # "hurricane" | "hurikan" | "haggis"
    options: dict[str, Any] = field(default_factory=dict)  # engine options (preset included)
    players: int = 2  # hurricane 2 (pairs: 4), hurikan 2, haggis 2 or 3
    turn_timer: float = 120  # seconds; 0 = no timer (floats allowed so tests can use tiny ones)
    pings: bool = True  # post a short message mentioning each player whose turn it becomes
    delivery: Delivery = Delivery.CHANNEL
    pace: Pace = Pace.LIVE
    # A tournament match: a human whose first turn times out before any move of their own has
    # not shown up and forfeits (sits out, in a game that lets a seat sit out) at once.
    no_show_forfeit: bool = False

    @property
    def correspondence(self) -> bool:
        return self.pace is Pace.CORRESPONDENCE


@dataclass
class Table:
    """One table in one channel. ``seats`` is indexed by engine seat."""

    channel_id: int
    guild_id: int  # the place: the server's id, else the channel's (the bot's DM, a group DM)
    host_id: int
    spec: GameSpec
    seats: list[Seat | None]
    status: TableStatus = TableStatus.LOBBY
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    seed: int = 0
    state: GameState | None = None
    move_no: int = 0
    message_id: int | None = None
    message_posted_at: float | None = None
    turn_deadline: float | None = None
    paused: bool = False
    last_events: list[dict[str, Any]] = field(default_factory=list)
    history: list[tuple[int, str]] = field(default_factory=list)
    log_from: int = 0  # index in ``history`` where the current deal / trick began
    abandon_votes: set[int] = field(default_factory=set)
    ended_by: str | None = None
    opened_at: float = 0.0
    started_at: float | None = None
    ended_at: float | None = None
    reminded: bool = False  # the half-time reminder for the current deadline was sent
    # a rematch's lobby: user id -> the seat kept for a player of the last game until they join
    invited: dict[int, int] = field(default_factory=dict)
    invited_names: dict[int, str] = field(default_factory=dict)
    active_at: float | None = None  # the last human move (or the start): idle tables end
    paused_at: float | None = None  # when the clock was paused (it resumes by itself)
    pauses: int = 0  # pauses used in this game
    # in a server (its results count there), or outside one (on the players' own records too)
    in_server: bool = True
    saving_delayed: bool = field(default=False, compare=False)  # the last write failed (not saved)

    @property
    def fair(self) -> FairSeed | None:
        """The fair-deal seed of the game (None before the start, or for a legacy game)."""
        fair = getattr(self.state, "fair", None)
        return fair if isinstance(fair, FairSeed) else None

    @property
    def commitment(self) -> str | None:
        """``SHA-256(server seed)``: public from the start."""
        fair = self.fair
        return fair.commitment if fair is not None else None

    @property
    def revealed_seed(self) -> str | None:
        """The server seed in hex once the game has ended (finished, resigned, forfeited,
        abandoned, cancelled after the start); None while it may still deal."""
        fair = self.fair
        if fair is None or self.is_live:
            return None
        return fair.server_seed.hex()

    def seat_of(self, user_id: int) -> int | None:
        """The seat of a human user (computer seats are never looked up by id)."""
        for index, seat in enumerate(self.seats):
            if seat is not None and seat.computer is None and seat.user_id == user_id:
                return index
        return None

    def is_seated(self, user_id: int) -> bool:
        return self.seat_of(user_id) is not None

    @property
    def is_live(self) -> bool:
        """Lobby or playing: the channel is taken."""
        return self.status in (TableStatus.LOBBY, TableStatus.PLAYING)

    @property
    def current_seat(self) -> int | None:
        """Whose move it is (engine ``current_player``), or None outside play."""
        if self.status is not TableStatus.PLAYING or self.state is None:
            return None
        return self.state.current_player

    @property
    def empty_seats(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat is None]

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is not None and s.computer is None]

    def team_of(self, seat: int) -> int | None:
        """Hurricane ``pairs``: partners are s and s+2, the team is s % 2. None otherwise."""
        return seat % 2 if is_team_game(self.spec) else None


def is_team_game(spec: GameSpec) -> bool:
    return spec.game == "hurricane" and spec.players == 4


@dataclass(frozen=True)
class TableLimits:
    """The limits a server's members meet (settings; see ``bot.config``)."""

    tables_per_guild: int = 50  # live tables (lobbies and games) in one server
    lobbies_per_member: int = 2  # lobbies one member may host at once
    lobby_ttl: float = 30 * 60  # a lobby not started within this closes itself
    idle_limit: float = 24 * 60 * 60  # a game with no human move for this long is abandoned
    pause_limit: float = 10 * 60  # a pause lasts at most this long
    pauses_per_game: int = 3
    correspondence_per_member: int = 20  # correspondence tables one member may sit at per server


@dataclass(frozen=True)
class Removal:
    """What ``/table kick`` did: the table after it, who sat in the seat and whether a game was
    on (the kicked player is told what became of them)."""

    table: Table
    removed: Seat
    was_playing: bool


@dataclass
class ActionOutcome:
    """What an applied action did: the table after it, the events, and whether the game ended."""

    table: Table
    events: list[dict[str, Any]]
    game_over: bool
