"""The one module that talks to storage: table snapshots, the move log, results and restore.

A change is made on a draft copy and adopted only once it is written, so a failed write raises
TableError and leaves the table as it was.

Why a move is usually not a snapshot: a snapshot holds the whole table, so writing one per move
made every move cost more than the one before. A move is appended to the storage's move log
instead (``Storage.append_move``: constant cost), and a full snapshot is written only every
``SNAPSHOT_EVERY`` moves, when a move ends a deal (Hurricane, Hurikan) or a round (Haggis), and
for every change that is not a move (lobby, pause, votes, the message id). The snapshot leaves the
history out: the move log is the history. Restoring takes the last snapshot and replays the moves
logged after it through the engine contract (``bot.games.parse_action`` + ``apply``), with the
table layer's own bookkeeping of each move (time-outs count, a player's own move resets them).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import fields, replace

import bot.games as games
from bot.games import IllegalAction
from storage.base import Storage, TableConflict
from storage.models import GameRecord, MoveRecord, TableSnapshot

from .errors import TableError, TableLost
from .models import Table
from .serial import TableDataError, table_from_data, table_to_data
from .turns import record_move

log = logging.getLogger(__name__)

SAVE_FAILED = (
    "Saving is delayed: the table could not be saved, so nothing changed. "
    "Please try again in a moment."
)
SNAPSHOT_EVERY = 32  # moves between full snapshots at most (a restore replays fewer than this)
DEAL_ENDS = frozenset({"deal_scored", "round_scored"})  # engine events after which to snapshot


def draft(table: Table, *, clone_state: bool = False) -> Table:
    """A copy to change (new seats, history, votes); adopted by ``commit`` only once saved.
    ``clone_state`` also copies the engine state, for a move."""
    state = table.state.clone() if clone_state and table.state is not None else table.state
    return replace(
        table,
        seats=[replace(seat) if seat is not None else None for seat in table.seats],
        last_events=list(table.last_events),
        history=list(table.history),
        abandon_votes=set(table.abandon_votes),
        invited=dict(table.invited),
        invited_names=dict(table.invited_names),
        state=state,
    )


class TablePersistence:
    """Writes tables to ``storage`` (None: nothing is kept across a restart).

    A write refused with ``TableConflict`` means another process has claimed the table (see
    ``storage.sql``): ``on_lost(channel_id)`` is called so the owner of the table in memory drops
    it, and the caller gets ``TableLost``."""

    def __init__(
        self,
        storage: Storage | None,
        clock: Callable[[], float],
        *,
        snapshot_every: int = SNAPSHOT_EVERY,
        on_lost: Callable[[int], None] | None = None,
    ) -> None:
        self.storage = storage
        self._clock = clock
        self.snapshot_every = snapshot_every
        self.on_lost = on_lost
        self._snapshot_at: dict[int, int] = {}  # channel -> move number of its last snapshot
        self._message_unsaved: set[int] = set()  # tables whose message id awaits a snapshot
        self.outage_since: float | None = None  # writes failing since (one log line per streak)
        self.failed_writes = 0
        # Told of each game recorded here (once: not when the result was already stored).
        self.recorded_hooks: list[Callable[[Table, GameRecord], None]] = []

    def _lost(self, channel_id: int, exc: TableConflict) -> TableLost:
        """Forget a table another process has claimed; logged once, as the table is gone after."""
        log.warning(
            "table of channel %s was claimed by another process (%s); dropped here",
            channel_id,
            exc,
        )
        self.forget(channel_id)
        if self.on_lost is not None:
            self.on_lost(channel_id)
        return TableLost()

    def snapshot(self, table: Table) -> TableSnapshot:
        data = table_to_data(table)
        data["history"] = []  # the move log holds it (see the module docstring)
        return TableSnapshot(
            channel_id=table.channel_id,
            guild_id=table.guild_id,
            game_id=table.game_id,
            status=table.status.value,
            data=data,
            updated_at=self._clock(),
            move_no=table.move_no,
        )

    def _snapshot_due(self, table: Table) -> bool:
        if table.channel_id in self._message_unsaved:
            return True  # carries the message id a failed write could not save
        if table.spec.correspondence:
            return True  # a move a day: the snapshot keeps the turn's deadline across restarts
        last = self._snapshot_at.get(table.channel_id)
        if last is None or table.move_no - last >= self.snapshot_every:
            return True
        return any(event.get("type") in DEAL_ENDS for event in table.last_events)

    async def write(
        self,
        table: Table,
        *,
        move: MoveRecord | None = None,
        record: GameRecord | None = None,
        delete: bool = False,
    ) -> None:
        """Save the table with its latest move; ``record`` finishes the game (result, last move,
        snapshot dropped), ``delete`` drops a cancelled lobby. TableError when the write fails."""
        if self.storage is None:
            return
        try:
            if record is not None:
                if await self.storage.finish_game(record, table.channel_id, move):
                    self._recorded(table, record)
            elif delete:
                await self.storage.delete_table(table.channel_id)
            elif move is not None and not self._snapshot_due(table):
                await self.storage.append_move(table.channel_id, move)
            else:
                await self.storage.save_table(self.snapshot(table), move)
                self._snapshot_at[table.channel_id] = table.move_no
                self._message_unsaved.discard(table.channel_id)
        except TableConflict as exc:
            raise self._lost(table.channel_id, exc) from exc
        except Exception as exc:
            self._failed(table, exc)
            raise TableError(SAVE_FAILED) from exc
        self._succeeded()

    def _recorded(self, table: Table, record: GameRecord) -> None:
        for hook in self.recorded_hooks:
            try:
                hook(table, record)
            except Exception:  # a listener's bug must not undo a recorded game
                log.exception("a recorded-game hook failed for table %s", table.channel_id)

    def _failed(self, table: Table, exc: Exception) -> None:
        """A write failed: nothing changed. The first failure of a streak is logged (with the
        reason), later ones only counted, so an outage is one line, not one per retry."""
        self.failed_writes += 1
        if self.outage_since is None:
            self.outage_since = self._clock()
            log.error(
                "storage write failed for table %s (%s): saving is delayed, retrying with backoff",
                table.channel_id,
                exc,
                exc_info=exc,
            )
        else:
            log.debug("storage write failed again for table %s: %s", table.channel_id, exc)

    def _succeeded(self) -> None:
        if self.outage_since is not None:
            log.warning(
                "storage is back after %.0f s (%d failed writes, nothing lost)",
                self._clock() - self.outage_since,
                self.failed_writes,
            )
            self.outage_since = None
            self.failed_writes = 0

    @property
    def delayed(self) -> bool:
        """Saving is delayed (the last write failed): tables say so."""
        return self.outage_since is not None

    async def commit(
        self,
        table: Table,
        changed: Table,
        *,
        move: MoveRecord | None = None,
        record: GameRecord | None = None,
        delete: bool = False,
    ) -> None:
        """Write the draft ``changed``, then adopt it into ``table`` (which stays the same object).
        A failed write leaves ``table`` as it was, marked ``saving_delayed``."""
        try:
            await self.write(changed, move=move, record=record, delete=delete)
        except TableError:
            table.saving_delayed = True
            raise
        changed.saving_delayed = False
        for f in fields(Table):
            setattr(table, f.name, getattr(changed, f.name))
        if not table.is_live:
            self.forget(table.channel_id)  # nothing kept for an ended table

    def forget(self, channel_id: int) -> None:
        self._snapshot_at.pop(channel_id, None)
        self._message_unsaved.discard(channel_id)

    def held(self) -> int:
        return len(self._snapshot_at)

    async def save_message(self, table: Table) -> None:
        """Best effort: a failed write of the public message id is only logged."""
        if self.storage is None:
            return
        try:
            await self.storage.save_table(self.snapshot(table))
        except TableConflict as exc:
            self._lost(table.channel_id, exc)
            return
        except Exception as exc:
            # kept in memory; the table's next write is a snapshot that carries it
            self._message_unsaved.add(table.channel_id)
            self._failed(table, exc)
            return
        self._snapshot_at[table.channel_id] = table.move_no
        self._message_unsaved.discard(table.channel_id)
        self._succeeded()

    async def load(self, guild_filter: Callable[[int], bool] | None = None) -> list[Table]:
        """Every saved table (of the guilds ``guild_filter`` accepts) that can be read back: its
        last snapshot plus the moves logged after it. An unreadable one is logged and skipped."""
        if self.storage is None:
            return []
        tables: list[Table] = []
        for snapshot in await self.storage.load_tables(guild_filter):
            try:
                table = restore_table(snapshot)
            except TableDataError as exc:
                log.error("table of channel %s cannot be restored: %s", snapshot.channel_id, exc)
                continue
            self._snapshot_at[table.channel_id] = snapshot.move_no
            tables.append(table)
        return tables


def restore_table(snapshot: TableSnapshot) -> Table:
    """The table of a snapshot with the moves logged after it replayed; TableDataError if the
    log does not fit the snapshot."""
    table = table_from_data(snapshot.data)
    logged = {m.move_no: m for m in snapshot.moves}
    base = table.move_no
    if all(n in logged for n in range(1, base + 1)):
        table.history = [(logged[n].seat, logged[n].action) for n in range(1, base + 1)]
    # else: a snapshot from before the move log was separate still carries its history
    n = base + 1
    while n in logged:
        replay_move(table, logged[n])
        n += 1
    return table


def replay_move(table: Table, move: MoveRecord) -> None:
    """Apply a logged move as ``TablePlay.apply`` did (engine, time-out count, history, events)."""
    state = table.state
    if state is None or state.is_over:
        raise TableDataError(f"move {move.move_no} was logged for a table not in play")
    try:
        engine_events = state.apply(
            games.parse_action(table.spec.game, move.action), player=move.seat
        )
    except (IllegalAction, ValueError) as exc:
        raise TableDataError(
            f"logged move {move.move_no} ({move.action}) replays badly: {exc}"
        ) from exc
    seat = table.seats[move.seat] if 0 <= move.seat < len(table.seats) else None
    if seat is None:
        raise TableDataError(f"logged move {move.move_no} is for an empty seat")
    record_move(table, seat, move.seat, move.action, move.source, engine_events, move.at)
