"""The lobby: opening a table, seats (join, leave, kick, computers), starting and cancelling.

The host sits at seat 0; the host leaving the lobby cancels the table. Kicking and adding
computers are for the host, in the lobby only."""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from dataclasses import replace

import bot.games as games

from . import checks
from .errors import NotSeated, TableError, TableExists
from .models import (
    COMPUTER_IDS,
    GameSpec,
    Level,
    Pace,
    Removal,
    Seat,
    Table,
    TableLimits,
    TableStatus,
)
from .persistence import TablePersistence, draft
from .registry import TableRegistry
from .specs import DEFAULT_CORRESPONDENCE_TIMER, validate_spec
from .turns import arm_clock, mark_ended


class TableLobby:
    def __init__(
        self,
        registry: TableRegistry,
        persistence: TablePersistence,
        clock: Callable[[], float],
        rng: random.Random,
        limits: TableLimits | None = None,
    ) -> None:
        self._registry = registry
        self._persistence = persistence
        self._clock = clock
        self._rng = rng
        self.limits = limits or TableLimits()

    def check_open(
        self,
        channel_id: int,
        spec: GameSpec,
        *,
        guild_id: int | None = None,
        host_id: int | None = None,
    ) -> GameSpec:
        """The checks ``open_table`` makes, with nothing changed: the validated spec, or
        TableError. Lets a caller refuse at once (before deferring an interaction)."""
        spec = validate_spec(spec)
        self._check_free(channel_id)
        self._check_limits(guild_id, host_id)
        if spec.correspondence and guild_id is not None and host_id is not None:
            self._check_correspondence(guild_id, host_id)
        return spec

    def _check_correspondence(self, guild_id: int, user_id: int) -> None:
        """A member sits at no more than ``limits.correspondence_per_member`` live
        correspondence tables (lobbies and games) of one server."""
        most = self.limits.correspondence_per_member
        count = sum(
            1
            for t in self._registry.all()
            if t.is_live
            and t.spec.correspondence
            and t.guild_id == guild_id
            and t.is_seated(user_id)
        )
        if count >= most:
            raise TableError(
                f"You already sit at {count} correspondence tables in this server, the most one "
                f"member may have ({most}). Finish one first."
            )

    def _check_limits(self, guild_id: int | None, host_id: int | None) -> None:
        limits = self.limits
        live = [t for t in self._registry.all() if t.is_live]
        if guild_id is not None:
            in_guild = sum(1 for t in live if t.guild_id == guild_id)
            if in_guild >= limits.tables_per_guild:
                raise TableError(
                    f"This server already has {in_guild} open tables, the most it may have "
                    f"({limits.tables_per_guild}). Finish or close one first."
                )
        if host_id is not None:
            hosting = sum(1 for t in live if t.host_id == host_id and t.status is TableStatus.LOBBY)
            if hosting >= limits.lobbies_per_member:
                raise TableError(
                    f"You already host {hosting} lobbies, the most one member may host at once "
                    f"({limits.lobbies_per_member}). Start or cancel one first."
                )

    def _check_free(self, channel_id: int) -> None:
        existing = self._registry.get(channel_id)
        if existing is not None and existing.is_live:
            raise TableExists(
                "There is already a table in this channel — join it, or start a thread "
                "for another game."
            )

    def check_start(self, channel_id: int, by_user_id: int) -> Table:
        """The checks ``start`` makes, with nothing changed: the table, or TableError."""
        table = checks.in_lobby(self._registry.get(channel_id), "start")
        checks.host_only(table, by_user_id)
        empty = len(table.empty_seats)
        if empty:
            raise TableError(
                f"Every seat must be filled before the game starts — {empty} still empty."
            )
        return table

    async def open_table(
        self,
        *,
        channel_id: int,
        guild_id: int,
        host_id: int,
        host_name: str,
        spec: GameSpec,
        in_server: bool = True,
    ) -> Table:
        spec = self.check_open(channel_id, spec, guild_id=guild_id, host_id=host_id)
        async with self._registry.lock(channel_id):
            self._check_free(channel_id)
            self._check_limits(guild_id, host_id)
            if spec.correspondence:
                self._check_correspondence(guild_id, host_id)
            seats: list[Seat | None] = [Seat(user_id=host_id, name=host_name)]
            seats += [None] * (spec.players - 1)
            table = Table(
                channel_id=channel_id,
                guild_id=guild_id,
                host_id=host_id,
                spec=spec,
                seats=seats,
                game_id=uuid.uuid4().hex,  # never from the seeded rng: ids must be unique
                seed=self._rng.getrandbits(63),
                opened_at=self._clock(),
                in_server=in_server,
            )
            await self._persistence.write(table)
            self._registry.put(table)
            return table

    async def join(
        self, channel_id: int, user_id: int, name: str, seat: int | None = None
    ) -> Table:
        async with self._registry.lock(channel_id):
            table = checks.in_lobby(self._registry.get(channel_id), "join")
            if table.is_seated(user_id):
                raise TableError("You already have a seat at this table.")
            if table.spec.correspondence:
                self._check_correspondence(table.guild_id, user_id)
            kept = table.invited.get(user_id)
            if seat is None and kept is not None and table.seats[kept] is None:
                seat = kept  # a rematch: the player's seat of the last game
            elif seat is None:  # others take the seats nobody was invited to first
                free = [i for i in table.empty_seats if i not in table.invited.values()]
                seat = free[0] if free else None
            index = checks.free_seat(table, seat)
            changed = draft(table)
            changed.invited.pop(user_id, None)
            changed.seats[index] = Seat(user_id=user_id, name=name)
            await self._persistence.commit(table, changed)
            return table

    async def leave(self, channel_id: int, user_id: int) -> Table:
        """Leave the lobby. The host leaving cancels the table."""
        async with self._registry.lock(channel_id):
            table = checks.in_lobby(
                self._registry.get(channel_id), "leave", " Resign or vote to abandon instead."
            )
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not seated at this table.")
            if user_id == table.host_id:
                await self._cancel_locked(table)
                return table
            changed = draft(table)
            changed.seats[seat] = None
            await self._persistence.commit(table, changed)
            return table

    async def kick(
        self, channel_id: int, by_user_id: int, seat: int, *, moderator: bool = False
    ) -> Removal:
        """Empty a lobby seat: the host may empty any seat but their own; a moderator (Manage
        Channels / Manage Server) any seat, the host's too (that cancels the lobby)."""
        async with self._registry.lock(channel_id):
            table = checks.in_lobby(self._registry.get(channel_id), "kick")
            if not moderator:
                checks.host_only(table, by_user_id)
            checks.seat_index(table, seat)
            occupant = table.seats[seat]
            if occupant is None:
                raise TableError("That seat is already empty.")
            if occupant.computer is None and occupant.user_id == table.host_id:
                if moderator and by_user_id != table.host_id:
                    await self._cancel_locked(table)
                    return Removal(table, occupant, was_playing=False)
                raise TableError("You cannot kick yourself — cancel the table instead.")
            changed = draft(table)
            changed.seats[seat] = None
            await self._persistence.commit(table, changed)
            return Removal(table, occupant, was_playing=False)

    async def add_computer(
        self, channel_id: int, by_user_id: int, level: Level | str, seat: int | None = None
    ) -> Table:
        try:
            level = Level(level)
        except ValueError:
            choices = ", ".join(lv.value for lv in Level)
            raise TableError(f"Unknown computer level {level!r}: choose {choices}.") from None
        async with self._registry.lock(channel_id):
            table = checks.in_lobby(self._registry.get(channel_id), "add a computer")
            checks.host_only(table, by_user_id)
            index = checks.free_seat(table, seat)
            changed = draft(table)
            changed.seats[index] = Seat(
                user_id=COMPUTER_IDS[level], name=computer_name(table, level), computer=level
            )
            await self._persistence.commit(table, changed)
            return table

    async def rematch(self, channel_id: int, user_id: int, name: str) -> Table:
        """A new lobby for the game just finished here: same game, options and seats. The asking
        player is the host, computers sit down again at once, the other players are invited
        (their seats wait for them; they confirm by joining)."""
        async with self._registry.lock(channel_id):
            old = self._registry.get(channel_id)
            if old is None or old.status is not TableStatus.FINISHED:
                self._check_free(channel_id)
                raise TableError("There is no finished game at this table to play again.")
            if old.seat_of(user_id) is None:
                raise NotSeated("Only the players of the last game can ask for a rematch.")
            seats: list[Seat | None] = [None] * len(old.seats)
            invited: dict[int, int] = {}
            names: dict[int, str] = {}
            for index, seat in enumerate(old.seats):
                if seat is None:
                    continue
                if seat.computer is not None:
                    seats[index] = Seat(seat.user_id, seat.name, seat.computer)
                elif seat.user_id == user_id:
                    seats[index] = Seat(user_id, name)
                else:
                    invited[seat.user_id] = index
                    names[seat.user_id] = seat.name
            table = Table(
                channel_id=channel_id,
                guild_id=old.guild_id,
                host_id=user_id,
                spec=old.spec,
                seats=seats,
                game_id=uuid.uuid4().hex,
                seed=self._rng.getrandbits(63),
                opened_at=self._clock(),
                invited=invited,
                invited_names=names,
                in_server=old.in_server,
            )
            await self._persistence.write(table)
            self._registry.put(table)
            return table

    async def set_pings(self, channel_id: int, by_user_id: int, on: bool) -> Table:
        """Turn pings on or off for this table (host, in the lobby)."""
        async with self._registry.lock(channel_id):
            table = checks.in_lobby(self._registry.get(channel_id), "change the turn pings")
            checks.host_only(table, by_user_id)
            changed = draft(table)
            changed.spec = replace(table.spec, pings=on)
            await self._persistence.commit(table, changed)
            return table

    async def set_pace(
        self, channel_id: int, by_user_id: int, pace: Pace, live_timer: float
    ) -> Table:
        """Switch the lobby between live and correspondence play (host): the turn timer becomes
        ``live_timer`` (live) or one day (correspondence); every seated player's cap is checked."""
        async with self._registry.lock(channel_id):
            table = checks.in_lobby(self._registry.get(channel_id), "change the pace")
            checks.host_only(table, by_user_id)
            timer = DEFAULT_CORRESPONDENCE_TIMER if pace is Pace.CORRESPONDENCE else live_timer
            spec = validate_spec(replace(table.spec, pace=pace, turn_timer=timer))
            if spec.correspondence and not table.spec.correspondence:
                for seat in table.seats:
                    if seat is not None and seat.computer is None:
                        self._check_correspondence(table.guild_id, seat.user_id)
            changed = draft(table)
            changed.spec = spec
            await self._persistence.commit(table, changed)
            return table

    async def open_seated(
        self,
        *,
        channel_id: int,
        guild_id: int,
        spec: GameSpec,
        seats: list[Seat],
        game_id: str | None = None,
    ) -> Table:
        """Open a table with every seat taken and deal at once: a tournament's match, seated by
        its pairing. No lobby, so no lobby limits (the tournament is the server's own event); the
        first human seat is the host (0 when only computers play)."""
        spec = validate_spec(spec)
        if len(seats) != spec.players:
            raise TableError(f"A match needs {spec.players} seats, not {len(seats)}.")
        host = next((s.user_id for s in seats if s.computer is None), 0)
        async with self._registry.lock(channel_id):
            self._check_free(channel_id)
            table = Table(
                channel_id=channel_id,
                guild_id=guild_id,
                host_id=host,
                spec=spec,
                seats=list(seats),
                game_id=game_id or uuid.uuid4().hex,
                seed=self._rng.getrandbits(63),
                opened_at=self._clock(),
            )
            fair = games.FairSeed(games.new_server_seed(), table.game_id)
            try:
                table.state = games.new_game(
                    spec.game,
                    seed=table.seed,
                    players=spec.players,
                    options=spec.options,
                    fair=fair,
                )
            except (ValueError, TypeError) as exc:
                raise TableError(str(exc)) from exc
            table.status = TableStatus.PLAYING
            table.started_at = table.opened_at
            arm_clock(table, self._clock, acting_seat=None, previous=None)
            await self._persistence.write(table)
            self._registry.put(table)
            return table

    async def start(self, channel_id: int, by_user_id: int) -> Table:
        """Deal the game; the caller then starts the table's turn driver."""
        async with self._registry.lock(channel_id):
            table = self.check_start(channel_id, by_user_id)
            spec = table.spec
            try:
                # A fresh secret server seed per game; the public game id is the table id of the
                # derivation (docs/fair-deals.md). The seed is kept in the engine's snapshot and
                # recorded with the result; only its commitment is shown until the game ends.
                fair = games.FairSeed(games.new_server_seed(), table.game_id)
                state = games.new_game(
                    spec.game,
                    seed=table.seed,
                    players=spec.players,
                    options=spec.options,
                    fair=fair,
                )
            except (ValueError, TypeError) as exc:
                raise TableError(str(exc)) from exc
            changed = draft(table)
            changed.state = state
            changed.status = TableStatus.PLAYING
            changed.started_at = self._clock()
            changed.move_no = 0
            changed.last_events = []
            arm_clock(changed, self._clock, acting_seat=None, previous=None)
            await self._persistence.commit(table, changed)
            return table

    async def cancel(self, channel_id: int, by_user_id: int) -> Table:
        """Close a lobby (host only). A game in play ends by resigning or an abandon vote."""
        async with self._registry.lock(channel_id):
            table = checks.live(self._registry.get(channel_id))
            checks.host_only(table, by_user_id)
            if table.status is not TableStatus.LOBBY:
                raise TableError(
                    "The game has started — resign, or ask everyone to vote to abandon it."
                )
            await self._cancel_locked(table)
            return table

    async def _cancel_locked(self, table: Table) -> None:
        changed = draft(table)
        mark_ended(changed, "cancelled", self._clock(), [{"type": "cancelled"}])
        changed.status = TableStatus.CANCELLED
        await self._persistence.commit(table, changed, delete=True)


def computer_name(table: Table, level: Level) -> str:
    """ "Computer (normal)", then "Computer 2 (normal)"… so two computers of a level differ."""
    base = f"Computer ({level.value})"
    names = {seat.name for seat in table.seats if seat is not None}
    if base not in names:
        return base
    n = 2
    while f"Computer {n} ({level.value})" in names:
        n += 1
    return f"Computer {n} ({level.value})"
