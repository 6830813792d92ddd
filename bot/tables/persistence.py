"""The one module that talks to storage: table snapshots, the move log, results and restore.

A change is made on a draft copy and adopted only once it is written, so a failed write raises
TableError and leaves the table as it was."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import fields, replace

from storage.base import Storage
from storage.models import GameRecord, MoveRecord, TableSnapshot

from .errors import TableError
from .models import Table
from .serial import TableDataError, table_from_data, table_to_data

log = logging.getLogger(__name__)

SAVE_FAILED = "The table could not be saved, so nothing changed. Please try again in a moment."


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
        state=state,
    )


class TablePersistence:
    """Writes tables to ``storage`` (None: nothing is kept across a restart)."""

    def __init__(self, storage: Storage | None, clock: Callable[[], float]) -> None:
        self.storage = storage
        self._clock = clock

    def snapshot(self, table: Table) -> TableSnapshot:
        return TableSnapshot(
            channel_id=table.channel_id,
            guild_id=table.guild_id,
            game_id=table.game_id,
            status=table.status.value,
            data=table_to_data(table),
            updated_at=self._clock(),
        )

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
                await self.storage.finish_game(record, table.channel_id, move)
            elif delete:
                await self.storage.delete_table(table.channel_id)
            else:
                await self.storage.save_table(self.snapshot(table), move)
        except Exception as exc:
            log.exception("storage write failed for table %s", table.channel_id)
            raise TableError(SAVE_FAILED) from exc

    async def commit(
        self,
        table: Table,
        changed: Table,
        *,
        move: MoveRecord | None = None,
        record: GameRecord | None = None,
        delete: bool = False,
    ) -> None:
        """Write the draft ``changed``, then adopt it into ``table`` (which stays the same object)."""
        await self.write(changed, move=move, record=record, delete=delete)
        for f in fields(Table):
            setattr(table, f.name, getattr(changed, f.name))

    async def save_message(self, table: Table) -> None:
        """Best effort: a failed write of the public message id is only logged."""
        if self.storage is None:
            return
        try:
            await self.storage.save_table(self.snapshot(table))
        except Exception:
            log.exception("could not save the message id of table %s", table.channel_id)

    async def load(self) -> list[Table]:
        """Every saved table that can be read back; an unreadable one is logged and skipped."""
        if self.storage is None:
            return []
        tables: list[Table] = []
        for snapshot in await self.storage.load_tables():
            try:
                tables.append(table_from_data(snapshot.data))
            except TableDataError as exc:
                log.error("table of channel %s cannot be restored: %s", snapshot.channel_id, exc)
        return tables
