"""``TableManager``: the one object the cogs talk to, and the only path by which a table changes.

It wires the parts together: the lobby (``lobby.py``), play (``play.py``), storage
(``persistence.py``) and the background turn driver (``driver.py``). ``get``/``require`` also
return a table that has ended, so its final state can be shown; every action on it is refused
and ``open_table`` replaces it. Each change replaces the table's seats, history… with new objects
(the ``Table`` itself stays the same object), so look a seat up again rather than keep it."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from typing import Any

from bot.games import Action
from storage.base import Storage
from storage.models import GameRecord

from .driver import MAX_TIMEOUTS, TableListener, TurnDriver
from .errors import TableError
from .lobby import TableLobby
from .models import (
    ActionOutcome,
    GameSpec,
    Level,
    Pace,
    Removal,
    Seat,
    Table,
    TableLimits,
    TableStatus,
)
from .persistence import TablePersistence
from .play import TablePlay
from .registry import TableRegistry
from .turns import arm_clock

__all__ = ["MAX_TIMEOUTS", "ActionOutcome", "TableListener", "TableManager"]


class TableManager:
    """Every table of every channel. ``listener`` hears about the changes no user request
    triggered (computer moves, time-outs, forfeits, restore) and may be set after construction."""

    def __init__(
        self,
        storage: Storage | None = None,
        *,
        listener: TableListener | None = None,
        clock: Callable[[], float] = time.time,
        computer_delay: float = 1.5,
        rng_seed: int | None = None,
        limits: TableLimits | None = None,
    ) -> None:
        rng = random.Random(rng_seed) if rng_seed is not None else random.SystemRandom()
        self._clock = clock
        self._registry = TableRegistry()
        self._persistence = TablePersistence(storage, clock, on_lost=self._drop)
        self.limits = limits or TableLimits()
        self._lobby = TableLobby(self._registry, self._persistence, clock, rng, self.limits)
        self._play = TablePlay(self._registry, self._persistence, clock, self.limits)
        self._driver = TurnDriver(
            self._registry, self._play, clock, listener=listener, computer_delay=computer_delay
        )

    # ------------------------------------------------------------------ settings

    @property
    def storage(self) -> Storage | None:
        return self._persistence.storage

    @property
    def listener(self) -> TableListener | None:
        return self._driver.listener

    @listener.setter
    def listener(self, listener: TableListener | None) -> None:
        self._driver.listener = listener

    @property
    def computer_delay(self) -> float:
        return self._driver.computer_delay

    @computer_delay.setter
    def computer_delay(self, seconds: float) -> None:
        self._driver.computer_delay = seconds

    @property
    def retry_delay(self) -> float:
        """Pause before a failed background step is retried."""
        return self._driver.retry_delay

    @retry_delay.setter
    def retry_delay(self, seconds: float) -> None:
        self._driver.retry_delay = seconds

    # ------------------------------------------------------------------ lookups

    def get(self, channel_id: int) -> Table | None:
        return self._registry.get(channel_id)

    def require(self, channel_id: int) -> Table:
        return self._registry.require(channel_id)

    def tables(self) -> list[Table]:
        """Every table held in memory (live or just ended)."""
        return self._registry.all()

    def legal_actions(self, channel_id: int, user_id: int) -> list[Action]:
        return self._play.legal_actions(channel_id, user_id)

    def view(self, channel_id: int, user_id: int | None) -> dict[str, Any]:
        return self._play.view(channel_id, user_id)

    # ------------------------------------------------------------------ lobby

    def check_open(
        self,
        channel_id: int,
        spec: GameSpec,
        *,
        guild_id: int | None = None,
        host_id: int | None = None,
    ) -> GameSpec:
        return self._lobby.check_open(channel_id, spec, guild_id=guild_id, host_id=host_id)

    def check_start(self, channel_id: int, by_user_id: int) -> Table:
        return self._lobby.check_start(channel_id, by_user_id)

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
        """``guild_id``: the place (a server's id, else the channel's); ``in_server``: whether it
        is a server (else the bot's DM or a group DM)."""
        table = await self._lobby.open_table(
            channel_id=channel_id,
            guild_id=guild_id,
            host_id=host_id,
            host_name=host_name,
            spec=spec,
            in_server=in_server,
        )
        self._driver.begin(table)  # the lobby's expiry
        return table

    async def open_match(
        self,
        *,
        channel_id: int,
        guild_id: int,
        spec: GameSpec,
        seats: list[Seat],
        game_id: str | None = None,
    ) -> Table:
        """Open a table already seated and dealt, its clock running (a tournament's match;
        ``game_id`` chosen by the caller, who stored it first)."""
        table = await self._lobby.open_seated(
            channel_id=channel_id, guild_id=guild_id, spec=spec, seats=seats, game_id=game_id
        )
        await self._driver.play_computers(table)
        self._driver.begin(table)
        return table

    def on_recorded(self, hook: Callable[[Table, GameRecord], None]) -> None:
        """Call ``hook(table, record)`` after each game this process records (exactly once per
        game: never for a result already stored). It must not block: queue the work."""
        self._persistence.recorded_hooks.append(hook)

    async def join(
        self, channel_id: int, user_id: int, name: str, seat: int | None = None
    ) -> Table:
        return await self._lobby.join(channel_id, user_id, name, seat)

    async def leave(self, channel_id: int, user_id: int) -> Table:
        """Leave the lobby, or a game in play that lets a seat sit out (its driver plays on)."""
        table = self._registry.get(channel_id)
        if table is not None and table.status is TableStatus.PLAYING:
            table = await self._play.leave(channel_id, user_id)
            self.poke(channel_id)
            return table
        return await self._lobby.leave(channel_id, user_id)

    async def kick(
        self, channel_id: int, by_user_id: int, seat: int, *, moderator: bool = False
    ) -> Removal:
        """Empty a lobby seat, or during play remove a seated human (``TablePlay.kick``)."""
        current = self._registry.get(channel_id)
        if current is not None and current.status is TableStatus.PLAYING:
            removal = await self._play.kick(channel_id, by_user_id, seat, moderator=moderator)
        else:
            removal = await self._lobby.kick(channel_id, by_user_id, seat, moderator=moderator)
        self._driver.poke(channel_id)
        return removal

    async def add_computer(
        self, channel_id: int, by_user_id: int, level: Level | str, seat: int | None = None
    ) -> Table:
        return await self._lobby.add_computer(channel_id, by_user_id, level, seat)

    async def fill_and_start(self, channel_id: int, by_user_id: int, level: Level | str) -> Table:
        """Seat a ``level`` computer in every empty seat, then start (``/table new computer:``)."""
        table = self._registry.get(channel_id)
        while table is not None and table.empty_seats:
            table = await self.add_computer(channel_id, by_user_id, level)
        return await self.start(channel_id, by_user_id)

    async def rematch(self, channel_id: int, user_id: int, name: str) -> Table:
        return await self._lobby.rematch(channel_id, user_id, name)

    async def set_pings(self, channel_id: int, by_user_id: int, on: bool) -> Table:
        return await self._lobby.set_pings(channel_id, by_user_id, on)

    async def set_pace(
        self, channel_id: int, by_user_id: int, pace: Pace, live_timer: float
    ) -> Table:
        table = await self._lobby.set_pace(channel_id, by_user_id, pace, live_timer)
        self._driver.poke(channel_id)  # (a correspondence lobby waits longer)
        return table

    async def toggle_pings(self, channel_id: int, by_user_id: int) -> Table:
        """The lobby's **Turn pings** switch, flipped."""
        on = not self.require(channel_id).spec.pings
        return await self.set_pings(channel_id, by_user_id, on)

    async def toggle_pace(self, channel_id: int, by_user_id: int, live_timer: float) -> Table:
        """The lobby's pace switch: live to correspondence and back (``live_timer``: the turn
        timer a live table gets again)."""
        now = self.require(channel_id).spec.pace
        wanted = Pace.LIVE if now is Pace.CORRESPONDENCE else Pace.CORRESPONDENCE
        return await self.set_pace(channel_id, by_user_id, wanted, live_timer)

    async def start(self, channel_id: int, by_user_id: int) -> Table:
        table = await self._lobby.start(channel_id, by_user_id)
        await self._driver.play_computers(table)  # (interaction-only tables: at once)
        self._driver.begin(table)
        return table

    async def cancel(self, channel_id: int, by_user_id: int) -> Table:
        table = await self._lobby.cancel(channel_id, by_user_id)
        self._driver.poke(channel_id)
        return table

    async def close_table(self, channel_id: int, reason: str = "closed") -> Table:
        """End a live table with no result (a moderator's ``/table close``; see
        ``TablePlay.close`` for the reasons). The caller checks who may."""
        table = await self._play.close(channel_id, reason)
        self._driver.poke(channel_id)
        return table

    async def channel_gone(self, channel_id: int) -> Table | None:
        """The channel (or thread) was deleted: end its table unrated and forget it."""
        table = self._registry.get(channel_id)
        if table is not None and table.is_live:
            with contextlib.suppress(TableError):  # it may have ended meanwhile
                await self._play.close(channel_id, "channel_deleted")
        self._driver.poke(channel_id)
        self._registry.drop(channel_id)
        self._persistence.forget(channel_id)
        return table

    def held(self) -> dict[str, int]:
        """What is kept in memory per table (tests: it must not grow with ended tables)."""
        return {
            "locks": self._registry.held_locks(),
            "driver": self._driver.held(),
            "snapshots": self._persistence.held(),
        }

    # ------------------------------------------------------------------ play

    async def act(
        self, channel_id: int, user_id: int, action: str | Action, move_no: int | None
    ) -> ActionOutcome:
        """The one entry point for a player's move (see ``TablePlay.act``)."""
        outcome = await self._play.act(channel_id, user_id, action, move_no)
        self._driver.moved(channel_id)
        answered = await self._driver.play_computers(outcome.table)
        if answered:  # (interaction-only tables: the computers' moves are part of the answer)
            outcome = ActionOutcome(
                outcome.table, outcome.events + answered, not outcome.table.is_live
            )
        self._driver.poke(channel_id)
        return outcome

    async def resign(self, channel_id: int, user_id: int) -> Table:
        table = await self._play.resign(channel_id, user_id)
        self._driver.poke(channel_id)
        return table

    async def vote_abandon(self, channel_id: int, user_id: int) -> Table:
        table = await self._play.vote_abandon(channel_id, user_id)
        self._driver.poke(channel_id)
        return table

    async def pause(self, channel_id: int, by_user_id: int) -> Table:
        table = await self._play.set_paused(channel_id, by_user_id, True)
        self._driver.poke(channel_id)
        return table

    async def resume(self, channel_id: int, by_user_id: int) -> Table:
        table = await self._play.set_paused(channel_id, by_user_id, False)
        self._driver.poke(channel_id)
        return table

    async def set_message(self, channel_id: int, message_id: int, posted_at: float) -> None:
        """Remember the public table message; saved on a best-effort basis (a failed write keeps
        the new id in memory and is only logged)."""
        async with self._registry.lock(channel_id):
            table = self._registry.get(channel_id)
            if table is None:  # dropped meanwhile: another process holds it now
                return
            table.message_id = message_id
            table.message_posted_at = posted_at
            if table.is_live:
                await self._persistence.save_message(table)

    # ------------------------------------------------------------------ lifecycle

    async def restore(self, guild_filter: Callable[[int], bool] | None = None) -> list[Table]:
        """Load every saved table (at start-up; only the guilds ``guild_filter`` accepts, e.g. a
        shard's); live clocks start afresh, correspondence deadlines stand, computers resume."""
        restored: list[Table] = []
        for table in await self._persistence.load(guild_filter):
            current = self._registry.get(table.channel_id)
            if current is not None and current.is_live:
                continue
            playing = table.status is TableStatus.PLAYING
            # a correspondence turn keeps its deadline (saved with every move); a live one
            # starts afresh
            kept = table.spec.correspondence and table.turn_deadline is not None
            if playing and not kept:
                table.reminded = False
                table.turn_deadline = None
                arm_clock(table, self._clock, acting_seat=None, previous=None)
            self._registry.put(table)
            restored.append(table)
            if table.is_live:
                self._driver.begin(table)
        for table in restored:
            await self._driver.notify(table, [])
        return restored

    def _drop(self, channel_id: int) -> None:
        """Let go of a table another process has claimed: no timers, no computer moves, and it is
        no longer listed; whoever wrote it gets ``TableLost``."""
        self._registry.remove(channel_id)
        self._driver.forget(channel_id)

    async def close(self) -> None:
        """Stop every clock and computer; safe to call twice."""
        await self._driver.close()

    def poke(self, channel_id: int | None = None) -> None:
        """Make background work re-plan now (all tables when no channel is given), e.g. after a
        test moved its fake clock past a deadline."""
        if channel_id is None:
            self._driver.poke_all()
        else:
            self._driver.poke(channel_id)
