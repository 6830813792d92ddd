"""The table manager: every table of every channel, and the ONE path by which anything changes.

Contract: /work/briefs/tables_api.md. Decisions and additions the cogs should know about:

* ``GameSpec.turn_timer`` is a float (tests use tiny timers). ``GameSpec.players`` is fixed by the
  game for Hurricane (2; ``pairs`` 4) and Hurikan (2) — ``validate_spec`` overrides it; Haggis
  takes 2 or 3. ``open_table`` validates the spec against the engine (``specs.validate_spec``).
* ``get()``/``require()`` also return a table that has ended (finished/cancelled) so its final
  state can be shown; every action on it is refused, and ``open_table`` replaces it.
* The host sits at seat 0. ``leave`` by the host in the lobby cancels the table. ``cancel`` works
  in the lobby only; once playing, use ``resign`` or ``vote_abandon``. ``kick`` and
  ``add_computer`` are lobby-only, host-only.
* ``pause``/``resume`` (host, timer on) stop and restart the turn clock only (resume gives a fresh
  full turn); moves — computer moves included — stay allowed while paused.
* Turn clock: a fresh deadline whenever the seat to move changes or that seat itself acted
  (a Haggis bet by another seat keeps the deadline). On time-out the seat plays the ``normal``
  computer's move (never a bet when something else is legal) and its ``timeouts`` grows; its own
  move resets it; the 3rd time-out in a row is a forfeit (no move is played). After a restart
  every running clock starts afresh.
* Events added by the table layer (besides the engine's): ``{"type": "timeout", "seat", "timeouts"}``
  (before the engine events of the stand-in move), ``{"type": "forfeit", "seat"}``,
  ``{"type": "resigned", "seat"}``, ``{"type": "abandon_vote", "seat", "votes", "needed"}``,
  ``{"type": "abandoned"}``, ``{"type": "paused"}``, ``{"type": "resumed"}``.
* ``act`` returns ``ActionOutcome``; ``resign``/``vote_abandon``/``pause``/``resume`` return the
  Table (its ``last_events`` tells what happened). ``listener.table_changed`` is called only for
  changes no user request triggered: computer moves, time-outs, forfeits, restore.
* Storage: every change is written first and adopted only if the write succeeded (changes are
  made on a draft copy, the engine state cloned); a failed write raises TableError and changes
  nothing. A game's end calls ``finish_game`` (which logs the last move and drops the snapshot);
  ``cancel`` deletes the snapshot.
* ``GameSpec("hurricane", {"preset": "hurikan"})`` is normalised to the game ``"hurikan"``.
* Every change replaces the table's ``seats``/``history``/... with new objects (the ``Table``
  itself stays the same object): look seats up again instead of keeping a ``Seat``.
* ``legal_actions`` is [] off-turn except Haggis bets; ``view`` is {} in the lobby. Cancelling adds
  ``{"type": "cancelled"}`` to ``last_events``.
* Added: ``check_open``/``check_start`` (the same checks, nothing changed: refuse before
  deferring), ``specs.parse_option_text`` (``name=value`` pairs typed by a user), ``tables()``,
  ``poke()`` (re-plan timers now, for fake clocks), ``retry_delay``, the
  ``listener`` attribute (settable after construction), ``Table.current_seat``, ``opened_at``,
  ``started_at``, ``ended_at``, ``reminded``, ``team_of()``, ``human_seats()``, ``empty_seats``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any, Protocol

import bot.games as games
from bot.games import Action, GameState, IllegalAction
from storage.base import Storage
from storage.models import GameRecord, MoveRecord, TableSnapshot

from .computer import choose_move, move_seed
from .errors import NoTable, NotSeated, NotYourTurn, StaleAction, TableError, TableExists
from .models import COMPUTER_IDS, ActionOutcome, GameSpec, Level, Seat, Table, TableStatus
from .results import (
    build_record,
    current_scores,
    losers_beaten_by,
    winners_from_result,
)
from .serial import TableDataError, table_from_data, table_to_data
from .specs import validate_spec

__all__ = ["MAX_TIMEOUTS", "ActionOutcome", "TableListener", "TableManager"]

log = logging.getLogger(__name__)

MAX_TIMEOUTS = 3  # time-outs in a row that forfeit the game
RETRY_DELAY = 1.0  # seconds before a background step is retried after a failure
SAVE_FAILED = "The table could not be saved, so nothing changed. Please try again in a moment."


class TableListener(Protocol):
    """Implemented by the cog to hear about changes nobody's interaction triggered."""

    async def table_changed(self, table: Table, events: list[dict[str, Any]]) -> None: ...

    async def turn_reminder(self, table: Table, seat: int) -> None: ...


@dataclass(frozen=True)
class _Step:
    kind: str  # "computer" | "remind" | "timeout"
    seat: int
    move_no: int
    delay: float


class TableManager:
    def __init__(
        self,
        storage: Storage | None = None,
        *,
        listener: TableListener | None = None,
        clock: Callable[[], float] = time.time,
        computer_delay: float = 1.5,
        rng_seed: int | None = None,
    ) -> None:
        self.storage = storage
        self.listener = listener
        self._clock = clock
        self.computer_delay = computer_delay
        self.retry_delay = RETRY_DELAY  # pause before a failed background step is retried
        self._rng: random.Random = (
            random.Random(rng_seed) if rng_seed is not None else random.SystemRandom()
        )
        self._tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._wakes: dict[int, asyncio.Event] = {}
        self._drivers: dict[int, asyncio.Task[None]] = {}
        self._last_move_at: dict[int, float] = {}
        self._closed = False

    # ------------------------------------------------------------------ lookups

    def get(self, channel_id: int) -> Table | None:
        return self._tables.get(channel_id)

    def require(self, channel_id: int) -> Table:
        table = self._tables.get(channel_id)
        if table is None:
            raise NoTable()
        return table

    def tables(self) -> list[Table]:
        """Every table held in memory (live or just ended)."""
        return list(self._tables.values())

    def legal_actions(self, channel_id: int, user_id: int) -> list[Action]:
        """The user's legal moves now; [] when it is not their turn (Haggis bets excepted)."""
        table = self._tables.get(channel_id)
        if table is None or table.status is not TableStatus.PLAYING or table.state is None:
            return []
        seat = table.seat_of(user_id)
        if seat is None:
            return []
        return _legal_for(table.state, seat)

    def view(self, channel_id: int, user_id: int | None) -> dict[str, Any]:
        """The engine view for the user's seat (a spectator's view if not seated); {} before start."""
        table = self.require(channel_id)
        if table.state is None:
            return {}
        seat = table.seat_of(user_id) if user_id is not None else None
        return table.state.view(seat)

    # ------------------------------------------------------------------ lobby

    def check_open(self, channel_id: int, spec: GameSpec) -> GameSpec:
        """The checks ``open_table`` makes, with nothing changed: the validated spec, or TableError.
        Lets a caller refuse at once (before deferring an interaction)."""
        spec = validate_spec(spec)
        self._check_free(channel_id)
        return spec

    def _check_free(self, channel_id: int) -> None:
        existing = self._tables.get(channel_id)
        if existing is not None and existing.is_live:
            raise TableExists(
                "There is already a table in this channel — join it, or start a thread "
                "for another game."
            )

    def check_start(self, channel_id: int, by_user_id: int) -> Table:
        """The checks ``start`` makes, with nothing changed: the table, or TableError."""
        table = self._lobby(channel_id, "start")
        self._host_only(table, by_user_id)
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
    ) -> Table:
        spec = self.check_open(channel_id, spec)
        async with self._lock(channel_id):
            self._check_free(channel_id)
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
            )
            await self._write(table)
            self._tables[channel_id] = table
            return table

    async def join(
        self, channel_id: int, user_id: int, name: str, seat: int | None = None
    ) -> Table:
        async with self._lock(channel_id):
            table = self._lobby(channel_id, "join")
            if table.is_seated(user_id):
                raise TableError("You already have a seat at this table.")
            index = self._free_seat(table, seat)
            draft = self._draft(table)
            draft.seats[index] = Seat(user_id=user_id, name=name)
            await self._commit(table, draft)
            return table

    async def leave(self, channel_id: int, user_id: int) -> Table:
        """Leave the lobby. The host leaving cancels the table."""
        async with self._lock(channel_id):
            table = self._lobby(channel_id, "leave", " Resign or vote to abandon instead.")
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not seated at this table.")
            if user_id == table.host_id:
                await self._cancel_locked(table)
                return table
            draft = self._draft(table)
            draft.seats[seat] = None
            await self._commit(table, draft)
            return table

    async def kick(self, channel_id: int, by_user_id: int, seat: int) -> Table:
        async with self._lock(channel_id):
            table = self._lobby(channel_id, "kick")
            self._host_only(table, by_user_id)
            self._check_seat_index(table, seat)
            occupant = table.seats[seat]
            if occupant is None:
                raise TableError("That seat is already empty.")
            if occupant.computer is None and occupant.user_id == table.host_id:
                raise TableError("You cannot kick yourself — cancel the table instead.")
            draft = self._draft(table)
            draft.seats[seat] = None
            await self._commit(table, draft)
            return table

    async def add_computer(
        self, channel_id: int, by_user_id: int, level: Level | str, seat: int | None = None
    ) -> Table:
        try:
            level = Level(level)
        except ValueError:
            choices = ", ".join(lv.value for lv in Level)
            raise TableError(f"Unknown computer level {level!r}: choose {choices}.") from None
        async with self._lock(channel_id):
            table = self._lobby(channel_id, "add a computer")
            self._host_only(table, by_user_id)
            index = self._free_seat(table, seat)
            draft = self._draft(table)
            draft.seats[index] = Seat(
                user_id=COMPUTER_IDS[level], name=_computer_name(table, level), computer=level
            )
            await self._commit(table, draft)
            return table

    async def start(self, channel_id: int, by_user_id: int) -> Table:
        async with self._lock(channel_id):
            table = self.check_start(channel_id, by_user_id)
            spec = table.spec
            try:
                state = games.new_game(
                    spec.game, seed=table.seed, players=spec.players, options=spec.options
                )
            except (ValueError, TypeError) as exc:
                raise TableError(str(exc)) from exc
            draft = self._draft(table)
            draft.state = state
            draft.status = TableStatus.PLAYING
            draft.started_at = self._clock()
            draft.move_no = 0
            draft.last_events = []
            self._arm_clock(draft, acting_seat=None, previous=None)
            await self._commit(table, draft)
            self._last_move_at[channel_id] = _now()
            self._ensure_driver(table)
            return table

    async def cancel(self, channel_id: int, by_user_id: int) -> Table:
        """Close a lobby (host only). A game in play ends by resigning or an abandon vote."""
        async with self._lock(channel_id):
            table = self._require_live(channel_id)
            self._host_only(table, by_user_id)
            if table.status is not TableStatus.LOBBY:
                raise TableError(
                    "The game has started — resign, or ask everyone to vote to abandon it."
                )
            await self._cancel_locked(table)
            return table

    # ------------------------------------------------------------------ play

    async def act(
        self, channel_id: int, user_id: int, action: str | Action, move_no: int | None
    ) -> ActionOutcome:
        """The one entry point for a player's move. ``move_no`` is the number the player's
        message was built at; None (only from /play, which names the move) skips that check."""
        async with self._lock(channel_id):
            table = self._playing(channel_id)
            seat = self._seat_of(table, user_id)
            if move_no is not None and move_no != table.move_no:
                raise StaleAction()
            outcome = await self._apply(table, seat, action, source="human")
        self._poke(channel_id)
        return outcome

    async def resign(self, channel_id: int, user_id: int) -> Table:
        async with self._lock(channel_id):
            table = self._playing(channel_id)
            seat = self._seat_of(table, user_id)
            await self._end_with_loser(table, seat, "resigned")
        self._poke(channel_id)
        return table

    async def vote_abandon(self, channel_id: int, user_id: int) -> Table:
        """Every seated human must vote; then the game ends with no winner."""
        async with self._lock(channel_id):
            table = self._playing(channel_id)
            seat = self._seat_of(table, user_id)
            if user_id in table.abandon_votes:
                raise TableError("You have already voted to abandon this game.")
            humans = {s.user_id for s in table.seats if s is not None and s.computer is None}
            draft = self._draft(table)
            draft.abandon_votes.add(user_id)
            votes = len(draft.abandon_votes & humans)
            if humans <= draft.abandon_votes:
                now = self._clock()
                event: dict[str, Any] = {"type": "abandoned"}
                self._mark_ended(draft, "abandoned", now, [event])
                record = build_record(
                    draft,
                    ended_by="abandoned",
                    winners=(),
                    double=False,
                    scores=current_scores(draft),
                    ended_at=now,
                )
                await self._commit(table, draft, record=record)
            else:
                draft.last_events = [
                    {"type": "abandon_vote", "seat": seat, "votes": votes, "needed": len(humans)}
                ]
                await self._commit(table, draft)
        self._poke(channel_id)
        return table

    async def pause(self, channel_id: int, by_user_id: int) -> Table:
        return await self._set_paused(channel_id, by_user_id, True)

    async def resume(self, channel_id: int, by_user_id: int) -> Table:
        return await self._set_paused(channel_id, by_user_id, False)

    async def set_message(self, channel_id: int, message_id: int, posted_at: float) -> None:
        """Remember the public table message. Saved with the table on a best-effort basis: a
        failed write keeps the new id in memory and is only logged."""
        async with self._lock(channel_id):
            table = self.require(channel_id)
            table.message_id = message_id
            table.message_posted_at = posted_at
            if table.is_live and self.storage is not None:
                try:
                    await self.storage.save_table(self._snapshot(table))
                except Exception:
                    log.exception("could not save the message id of table %s", channel_id)

    # ------------------------------------------------------------------ lifecycle

    async def restore(self) -> list[Table]:
        """Load every saved table (at start-up), restart clocks and computer turns."""
        if self.storage is None:
            return []
        restored: list[Table] = []
        for snapshot in await self.storage.load_tables():
            try:
                table = table_from_data(snapshot.data)
            except TableDataError as exc:
                log.error("table of channel %s cannot be restored: %s", snapshot.channel_id, exc)
                continue
            current = self._tables.get(table.channel_id)
            if current is not None and current.is_live:
                continue
            if table.status is TableStatus.PLAYING:
                table.reminded = False
                table.turn_deadline = None
                self._arm_clock(table, acting_seat=None, previous=None)
            self._tables[table.channel_id] = table
            restored.append(table)
            if table.status is TableStatus.PLAYING:
                self._last_move_at[table.channel_id] = _now()
                self._ensure_driver(table)
        for table in restored:
            await self._notify(table, [])
        return restored

    async def close(self) -> None:
        """Stop every clock and computer; safe to call twice."""
        self._closed = True
        tasks = list(self._drivers.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._drivers.clear()

    def poke(self, channel_id: int | None = None) -> None:
        """Make background work re-plan now (all tables when no channel is given) — e.g. after
        a test moved its fake clock past a deadline."""
        for channel in [channel_id] if channel_id is not None else list(self._wakes):
            self._poke(channel)

    # ------------------------------------------------------------------ internals: checks

    def _lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    def _require_live(self, channel_id: int) -> Table:
        table = self._tables.get(channel_id)
        if table is None or not table.is_live:
            raise NoTable()
        return table

    def _lobby(self, channel_id: int, what: str, hint: str = "") -> Table:
        table = self._require_live(channel_id)
        if table.status is not TableStatus.LOBBY:
            raise TableError(f"The game has already started, so you cannot {what} now.{hint}")
        return table

    def _playing(self, channel_id: int) -> Table:
        table = self._tables.get(channel_id)
        if table is None:
            raise NoTable()
        if table.status is TableStatus.LOBBY:
            raise TableError("The game has not started yet.")
        if table.status is not TableStatus.PLAYING or table.state is None:
            raise TableError("This game is over.")
        return table

    @staticmethod
    def _host_only(table: Table, user_id: int) -> None:
        if user_id != table.host_id:
            raise TableError("Only the host of this table can do that.")

    @staticmethod
    def _seat_of(table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotSeated("You are not playing at this table.")
        return seat

    @staticmethod
    def _check_seat_index(table: Table, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise TableError("There is no such seat at this table.")

    def _free_seat(self, table: Table, seat: int | None) -> int:
        if seat is None:
            empty = table.empty_seats
            if not empty:
                raise TableError("The table is full.")
            return empty[0]
        self._check_seat_index(table, seat)
        occupant = table.seats[seat]
        if occupant is not None:
            raise TableError(f"That seat is already taken by {occupant.name}.")
        return seat

    # ------------------------------------------------------------------ internals: changes

    @staticmethod
    def _draft(table: Table, *, clone_state: bool = False) -> Table:
        """A copy to change; adopted by ``_commit`` only once it is saved."""
        state = table.state.clone() if clone_state and table.state is not None else table.state
        return replace(
            table,
            seats=[replace(seat) if seat is not None else None for seat in table.seats],
            last_events=list(table.last_events),
            history=list(table.history),
            abandon_votes=set(table.abandon_votes),
            state=state,
        )

    def _snapshot(self, table: Table) -> TableSnapshot:
        return TableSnapshot(
            channel_id=table.channel_id,
            guild_id=table.guild_id,
            game_id=table.game_id,
            status=table.status.value,
            data=table_to_data(table),
            updated_at=self._clock(),
        )

    async def _write(
        self,
        table: Table,
        *,
        move: MoveRecord | None = None,
        record: GameRecord | None = None,
        delete: bool = False,
    ) -> None:
        if self.storage is None:
            return
        try:
            if record is not None:
                await self.storage.finish_game(record, table.channel_id, move)
            elif delete:
                await self.storage.delete_table(table.channel_id)
            else:
                await self.storage.save_table(self._snapshot(table), move)
        except Exception as exc:
            log.exception("storage write failed for table %s", table.channel_id)
            raise TableError(SAVE_FAILED) from exc

    async def _commit(
        self,
        table: Table,
        draft: Table,
        *,
        move: MoveRecord | None = None,
        record: GameRecord | None = None,
        delete: bool = False,
    ) -> None:
        await self._write(draft, move=move, record=record, delete=delete)
        for f in fields(Table):
            setattr(table, f.name, getattr(draft, f.name))

    async def _cancel_locked(self, table: Table) -> None:
        draft = self._draft(table)
        self._mark_ended(draft, "cancelled", self._clock(), [{"type": "cancelled"}])
        draft.status = TableStatus.CANCELLED
        await self._commit(table, draft, delete=True)

    @staticmethod
    def _mark_ended(draft: Table, ended_by: str, now: float, events: list[dict[str, Any]]) -> None:
        draft.status = TableStatus.FINISHED
        draft.ended_by = ended_by
        draft.ended_at = now
        draft.turn_deadline = None
        draft.last_events = events

    def _arm_clock(self, draft: Table, *, acting_seat: int | None, previous: int | None) -> None:
        """Set the turn deadline after a change (see module docstring)."""
        state = draft.state
        current = state.current_player if state is not None and not state.is_over else None
        timer = draft.spec.turn_timer
        seat = draft.seats[current] if current is not None else None
        if timer <= 0 or draft.paused or seat is None or seat.computer is not None:
            draft.turn_deadline = None
            draft.reminded = False
        elif current != previous or acting_seat == current or draft.turn_deadline is None:
            draft.turn_deadline = self._clock() + timer
            draft.reminded = False

    async def _apply(
        self, table: Table, seat: int, action: str | Action, *, source: str
    ) -> ActionOutcome:
        """Apply one move for ``seat`` (lock held). ``source``: human | computer | timeout."""
        state = table.state
        assert state is not None
        game = table.spec.game
        current = state.current_player
        # Out of turn only what the engine lists for that seat (Haggis bets); nothing otherwise.
        others = _legal_for(state, seat) if seat != current else []
        if seat != current and not others:
            raise NotYourTurn(self._turn_message(table, current))
        if not isinstance(action, str | Action):
            raise TableError("That is not a move I understand.")
        try:
            parsed = action if isinstance(action, Action) else games.parse_action(game, action)
        except IllegalAction as exc:
            raise TableError(_reason(exc, "That is not a move I understand.")) from exc
        if seat != current and parsed not in others:
            raise NotYourTurn(self._turn_message(table, current))
        draft = self._draft(table, clone_state=True)
        assert draft.state is not None
        try:
            engine_events = draft.state.apply(parsed, player=seat)
        except IllegalAction as exc:
            raise TableError(_reason(exc, "That move is not allowed now.")) from exc
        events: list[dict[str, Any]] = []
        acting = draft.seats[seat]
        assert acting is not None
        if source == "timeout":
            acting.timeouts += 1
            events.append({"type": "timeout", "seat": seat, "timeouts": acting.timeouts})
        elif source == "human":
            acting.timeouts = 0
        events.extend(engine_events)
        canonical = str(parsed)
        now = self._clock()
        draft.move_no += 1
        draft.history.append((seat, canonical))
        draft.last_events = events
        move = MoveRecord(
            game_id=draft.game_id, move_no=draft.move_no, seat=seat, action=canonical, at=now
        )
        game_over = draft.state.is_over
        if game_over:
            result = draft.state.result()
            self._mark_ended(draft, "finished", now, events)
            record = build_record(
                draft,
                ended_by="finished",
                winners=winners_from_result(draft, result),
                double=bool(result.get("double", False)),
                scores=tuple(int(x) for x in result.get("scores", [])),
                ended_at=now,
            )
            await self._commit(table, draft, move=move, record=record)
        else:
            self._arm_clock(draft, acting_seat=seat, previous=current)
            await self._commit(table, draft, move=move)
        self._last_move_at[table.channel_id] = _now()
        return ActionOutcome(table=table, events=events, game_over=game_over)

    async def _end_with_loser(
        self, table: Table, seat: int, ended_by: str, *, timed_out: bool = False
    ) -> None:
        """Resign or forfeit: that seat (team) loses, everyone else wins."""
        draft = self._draft(table)
        event: dict[str, Any] = {"type": "forfeit" if ended_by == "forfeit" else "resigned"}
        event["seat"] = seat
        if timed_out:
            loser = draft.seats[seat]
            assert loser is not None
            loser.timeouts += 1
        now = self._clock()
        self._mark_ended(draft, ended_by, now, [event])
        record = build_record(
            draft,
            ended_by=ended_by,
            winners=losers_beaten_by(draft, seat),
            double=False,
            scores=current_scores(draft),
            ended_at=now,
        )
        await self._commit(table, draft, record=record)

    async def _set_paused(self, channel_id: int, by_user_id: int, paused: bool) -> Table:
        async with self._lock(channel_id):
            table = self._playing(channel_id)
            self._host_only(table, by_user_id)
            if table.spec.turn_timer <= 0:
                raise TableError("This table has no turn timer.")
            if table.paused == paused:
                raise TableError(
                    "The turn clock is already paused." if paused else "The clock is running."
                )
            draft = self._draft(table)
            draft.paused = paused
            draft.turn_deadline = None
            draft.reminded = False
            if not paused:
                self._arm_clock(draft, acting_seat=None, previous=None)
            draft.last_events = [{"type": "paused" if paused else "resumed"}]
            await self._commit(table, draft)
        self._poke(channel_id)
        return table

    @staticmethod
    def _turn_message(table: Table, current: int | None) -> str:
        seat = table.seats[current] if current is not None else None
        if seat is None:
            return "It is not your turn."
        return f"It is not your turn — {seat.name} is to play."

    # ------------------------------------------------------------------ background driver

    def _poke(self, channel_id: int) -> None:
        wake = self._wakes.get(channel_id)
        if wake is not None:
            wake.set()

    def _ensure_driver(self, table: Table) -> None:
        if self._closed:
            return
        channel_id = table.channel_id
        self._wakes.setdefault(channel_id, asyncio.Event())
        task = self._drivers.get(channel_id)
        if task is None or task.done():
            self._drivers[channel_id] = asyncio.create_task(
                self._drive(table), name=f"table-{channel_id}"
            )
        self._poke(channel_id)

    async def _drive(self, table: Table) -> None:
        """One task per table in play: computer moves, the reminder and the time-out."""
        channel_id = table.channel_id
        wake = self._wakes[channel_id]
        try:
            while (
                not self._closed
                and self._tables.get(channel_id) is table
                and table.status is TableStatus.PLAYING
            ):
                wake.clear()
                step = self._plan(table)
                if step is None:
                    await wake.wait()
                    continue
                if step.delay > 0:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(wake.wait(), step.delay)
                        continue  # something changed: plan again
                try:
                    await self._run_step(table, step)
                except Exception:
                    log.exception("table %s: background %s step failed", channel_id, step.kind)
                    await asyncio.sleep(self.retry_delay)
        finally:
            if self._drivers.get(channel_id) is asyncio.current_task():
                del self._drivers[channel_id]

    def _plan(self, table: Table) -> _Step | None:
        state = table.state
        if state is None or state.is_over:
            return None
        current = state.current_player
        if current is None:
            return None
        seat = table.seats[current]
        if seat is None:
            return None
        if seat.computer is not None:
            since = _now() - self._last_move_at.get(table.channel_id, 0.0)
            return _Step("computer", current, table.move_no, max(0.0, self.computer_delay - since))
        timer = table.spec.turn_timer
        if table.paused or timer <= 0 or table.turn_deadline is None:
            return None
        remaining = table.turn_deadline - self._clock()
        if not table.reminded:
            return _Step("remind", current, table.move_no, max(0.0, remaining - timer / 2))
        return _Step("timeout", current, table.move_no, max(0.0, remaining))

    def _still(self, table: Table, step: _Step) -> bool:
        return (
            table.status is TableStatus.PLAYING
            and table.move_no == step.move_no
            and table.current_seat == step.seat
        )

    async def _run_step(self, table: Table, step: _Step) -> None:
        channel_id = table.channel_id
        if step.kind == "remind":
            if self._still(table, step) and not table.reminded:
                table.reminded = True
                if self.listener is not None:
                    try:
                        await self.listener.turn_reminder(table, step.seat)
                    except Exception:
                        log.exception("turn reminder failed for table %s", channel_id)
            return
        seed = move_seed(table.seed, step.move_no, step.seat)
        if step.kind == "computer":
            seat = table.seats[step.seat]
            assert table.state is not None and seat is not None and seat.computer is not None
            action = await choose_move(
                table.spec.game, table.state, step.seat, seat.computer, seed=seed
            )
            async with self._lock(channel_id):
                if not self._still(table, step):
                    return
                outcome = await self._apply(table, step.seat, action, source="computer")
            await self._notify(table, outcome.events)
            return
        # time-out
        async with self._lock(channel_id):
            if not self._still(table, step) or table.paused or table.turn_deadline is None:
                return
            seat = table.seats[step.seat]
            assert table.state is not None and seat is not None
            if seat.timeouts + 1 >= MAX_TIMEOUTS:
                await self._end_with_loser(table, step.seat, "forfeit", timed_out=True)
                events = table.last_events
            else:
                legal = list(table.state.legal_actions(step.seat))
                moves = [a for a in legal if not str(a).startswith("bet")] or legal
                action = await choose_move(
                    table.spec.game, table.state, step.seat, Level.NORMAL, seed=seed, legal=moves
                )
                events = (await self._apply(table, step.seat, action, source="timeout")).events
        await self._notify(table, events)

    async def _notify(self, table: Table, events: list[dict[str, Any]]) -> None:
        if self.listener is None:
            return
        try:
            await self.listener.table_changed(table, events)
        except Exception:
            log.exception("listener failed for table %s", table.channel_id)


def _now() -> float:
    """Monotonic time of the running loop, for pacing computer moves."""
    return asyncio.get_running_loop().time()


def _reason(exc: Exception, fallback: str) -> str:
    text = str(exc).strip()
    return text if text else fallback


def _legal_for(state: GameState, seat: int) -> list[Action]:
    """The engine's legal actions for a seat; only the current seat has any, except Haggis bets."""
    if state.is_over:
        return []
    if seat != state.current_player and not state.name.startswith("haggis"):
        return []
    return list(state.legal_actions(seat))


def _computer_name(table: Table, level: Level) -> str:
    base = f"Computer ({level.value})"
    names = {seat.name for seat in table.seats if seat is not None}
    if base not in names:
        return base
    n = 2
    while f"Computer {n} ({level.value})" in names:
        n += 1
    return f"Computer {n} ({level.value})"
