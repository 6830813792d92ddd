"""The turn driver: one background task per table in play that makes the computer seats' moves,
sends the half-time reminder and plays for a player whose time ran out.

On a time-out the seat plays the game's own automatic move (``bot.games.timeout_move``, e.g.
Hurricane poker's P-13), else the ``normal`` computer's move (never a Haggis bet when something
else is legal), and its time-out count grows; the third time-out in a row forfeits the game
instead (in a ``sit_out`` game the seat sits out and the others play on). A seat that left a
``sit_out`` game mid-game plays automatically: fold where allowed, else the automatic move. After a restart every running clock starts afresh."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import bot.games as games
from bot.games import Action, GameState

from .computer import choose_move, move_seed
from .errors import TableError, TableLost
from .models import Delivery, Level, Table, TableStatus
from .play import TablePlay, lobby_ttl, pause_limit
from .registry import TableRegistry

log = logging.getLogger(__name__)

MAX_TIMEOUTS = 3  # time-outs in a row that forfeit the game
RETRY_DELAY = 1.0  # seconds before a failed background step is first retried (then doubling)
MAX_RETRY_DELAY = 60.0  # the longest wait between two retries


class TableListener(Protocol):
    """Implemented by the cog to hear about changes nobody's interaction triggered: computer
    moves, time-outs, forfeits and restores."""

    async def table_changed(self, table: Table, events: list[dict[str, Any]]) -> None: ...

    async def turn_reminder(self, table: Table, seat: int) -> None: ...


@dataclass(frozen=True)
class _Step:
    kind: str  # "computer" | "remind" | "timeout" | "resume" | "expire" | "idle"
    seat: int
    move_no: int
    delay: float


class TurnDriver:
    def __init__(
        self,
        registry: TableRegistry,
        play: TablePlay,
        clock: Callable[[], float],
        *,
        listener: TableListener | None,
        computer_delay: float,
    ) -> None:
        self._registry = registry
        self._play = play
        self._clock = clock
        self.listener = listener
        self.computer_delay = computer_delay  # seconds between moves, at least, for a computer
        self.retry_delay = RETRY_DELAY
        self._wakes: dict[int, asyncio.Event] = {}
        self._drivers: dict[int, asyncio.Task[None]] = {}
        self._last_move_at: dict[int, float] = {}
        self._closed = False

    def moved(self, channel_id: int) -> None:
        """A move was just made: the next computer move waits ``computer_delay`` from now."""
        self._last_move_at[channel_id] = _now()

    def begin(self, table: Table) -> None:
        """Drive a table that has just opened, started or was restored (its lobby's expiry, then
        its game)."""
        self.moved(table.channel_id)
        if self._closed:
            return
        channel_id = table.channel_id
        self._wakes.setdefault(channel_id, asyncio.Event())
        task = self._drivers.get(channel_id)
        if task is None or task.done():
            self._drivers[channel_id] = asyncio.create_task(
                self._drive(table), name=f"table-{channel_id}"
            )
        self.poke(channel_id)

    def poke(self, channel_id: int) -> None:
        """Make the table's task plan again now (after a change, or a fake clock's jump)."""
        wake = self._wakes.get(channel_id)
        if wake is not None:
            wake.set()

    def poke_all(self) -> None:
        for channel_id in list(self._wakes):
            self.poke(channel_id)

    def forget(self, channel_id: int) -> None:
        """Stop driving a table this process no longer holds (its task ends at once, or when the
        step that found out returns)."""
        task = self._drivers.pop(channel_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        self._wakes.pop(channel_id, None)
        self._last_move_at.pop(channel_id, None)

    async def close(self) -> None:
        """Stop every table's task; safe to call twice."""
        self._closed = True
        tasks = list(self._drivers.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._drivers.clear()

    async def notify(self, table: Table, events: list[dict[str, Any]]) -> None:
        if self.listener is None:
            return
        try:
            await self.listener.table_changed(table, events)
        except Exception:
            log.exception("listener failed for table %s", table.channel_id)

    async def _drive(self, table: Table) -> None:
        channel_id = table.channel_id
        wake = self._wakes[channel_id]
        failures = 0  # background steps failed in a row (e.g. the database is down)
        try:
            while not self._closed and self._registry.get(channel_id) is table and table.is_live:
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
                except TableLost:
                    return  # another process holds the table now (logged when it was dropped)
                except Exception as exc:
                    failures += 1
                    if failures == 1:  # one log line per failure streak, not one per retry
                        if not isinstance(exc, TableError):  # (storage logs its own outage)
                            log.error(
                                "table %s: background %s step failed; retrying with backoff",
                                channel_id,
                                step.kind,
                                exc_info=exc,
                            )
                        await self.notify(table, [])  # the table shows "saving is delayed"
                    else:
                        log.debug("table %s: retry %d failed: %s", channel_id, failures, exc)
                    await self._back_off(wake, failures)
                else:
                    if failures:
                        log.info("table %s: background work recovered", channel_id)
                    failures = 0
        finally:
            if self._drivers.get(channel_id) is asyncio.current_task():
                del self._drivers[channel_id]
                if not table.is_live or self._registry.get(channel_id) is not table:
                    # the table ended: nothing is kept for it
                    self._wakes.pop(channel_id, None)
                    self._last_move_at.pop(channel_id, None)

    def held(self) -> int:
        """Entries kept in memory (tests check they do not grow with ended tables)."""
        return len(self._wakes) + len(self._drivers) + len(self._last_move_at)

    def backoff(self, failures: int) -> float:
        """Seconds before retry number ``failures``: 1, 2, 4 … up to 60."""
        return min(MAX_RETRY_DELAY, self.retry_delay * 2 ** (failures - 1))

    async def _back_off(self, wake: asyncio.Event, failures: int) -> None:
        """Wait ``backoff(failures)`` seconds of the table clock (a poke re-checks the clock, so
        a test's fake clock can jump)."""
        retry_at = self._clock() + self.backoff(failures)
        while not self._closed and self._clock() < retry_at:
            wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), retry_at - self._clock())

    def _plan(self, table: Table) -> _Step | None:
        """The soonest of: the lobby's expiry; the game's idle limit, the end of a pause, the
        computer's move, the reminder, the time-out."""
        limits = self._play.limits
        now = self._clock()
        if table.status is TableStatus.LOBBY:
            return _Step(
                "expire",
                -1,
                table.move_no,
                max(0.0, table.opened_at + lobby_ttl(table, limits) - now),
            )
        state = table.state
        if state is None or state.is_over:
            return None
        steps: list[_Step] = []
        active = table.active_at if table.active_at is not None else table.started_at
        # a correspondence game ends by the time-out rules only, never by the live idle rule
        if active is not None and table.human_seats() and not table.spec.correspondence:
            steps.append(
                _Step("idle", -1, table.move_no, max(0.0, active + limits.idle_limit - now))
            )
        if table.paused and table.paused_at is not None:
            delay = max(0.0, table.paused_at + pause_limit(table, limits) - now)
            steps.append(_Step("resume", -1, table.move_no, delay))
        turn = self._plan_turn(table)
        if turn is not None:
            steps.append(turn)
        return min(steps, key=lambda step: step.delay) if steps else None

    def _plan_turn(self, table: Table) -> _Step | None:
        state = table.state
        if state is None or state.is_over:
            return None
        current = state.current_player
        if current is None:
            return None
        seat = table.seats[current]
        if seat is None:
            return None
        if seat.computer is not None or seat.left:
            since = _now() - self._last_move_at.get(table.channel_id, 0.0)
            kind = "sitout" if seat.computer is None else "computer"
            pace = 0.0 if table.spec.delivery is Delivery.INTERACTIONS else self.computer_delay
            return _Step(kind, current, table.move_no, max(0.0, pace - since))
        timer = table.spec.turn_timer
        if table.paused or timer <= 0 or table.turn_deadline is None:
            return None
        remaining = table.turn_deadline - self._clock()
        if not table.reminded:
            return _Step("remind", current, table.move_no, max(0.0, remaining - timer / 2))
        return _Step("timeout", current, table.move_no, max(0.0, remaining))

    @staticmethod
    def _still(table: Table, step: _Step) -> bool:
        """Nothing has moved since the step was planned."""
        return (
            table.status is TableStatus.PLAYING
            and table.move_no == step.move_no
            and table.current_seat == step.seat
        )

    async def _run_step(self, table: Table, step: _Step) -> None:
        if step.kind in ("expire", "idle", "resume"):
            await self._limit_reached(table, step)
        elif step.kind == "remind":
            await self._remind(table, step)
        elif step.kind == "computer":
            await self._computer_move(table, step)
        elif step.kind == "sitout":
            await self._sit_out_move(table, step)
        else:
            await self._time_out(table, step)

    async def _limit_reached(self, table: Table, step: _Step) -> None:
        """A lobby not started in time closes, an idle game is abandoned, a pause ends."""
        async with self._registry.lock(table.channel_id):
            if not table.is_live or table.move_no != step.move_no:
                return
            if step.kind == "resume":
                if not await self._play.auto_resume(table):
                    return
            else:
                limits = self._play.limits
                now = self._clock()
                if step.kind == "expire":
                    if table.status is not TableStatus.LOBBY:
                        return
                    if now - table.opened_at < lobby_ttl(table, limits):
                        return
                else:
                    if table.spec.correspondence:
                        return
                    active = table.active_at if table.active_at is not None else table.started_at
                    if active is None or now - active < limits.idle_limit:
                        return
                await self._play.close_locked(table, "expired" if step.kind == "expire" else "idle")
        await self.notify(table, table.last_events)

    async def _remind(self, table: Table, step: _Step) -> None:
        """Mark the turn reminded (saved at once for a correspondence table: see
        ``TablePlay.mark_reminded``), then send the reminder: at most once, even across a restart."""
        async with self._registry.lock(table.channel_id):
            if not self._still(table, step) or table.reminded:
                return
            await self._play.mark_reminded(table)
        if self.listener is not None:
            try:
                await self.listener.turn_reminder(table, step.seat)
            except Exception:
                log.exception("turn reminder failed for table %s", table.channel_id)

    async def play_computers(self, table: Table) -> list[dict[str, Any]]:
        """Where nothing can be posted between interactions (``Delivery.INTERACTIONS``): play the
        computer and sat-out seats whose turn it is now, at once, until a human's turn or the end,
        so the answer to the interaction that handed them the turn shows their moves. Returns
        their events (the listener is not told: the caller redraws)."""
        events: list[dict[str, Any]] = []
        if table.spec.delivery is not Delivery.INTERACTIONS:
            return events
        while table.is_live and self._registry.get(table.channel_id) is table:
            step = self._plan_turn(table)
            if step is None or step.kind not in ("computer", "sitout"):
                break
            moved = table.move_no
            if step.kind == "computer":
                outcome = await self._computer_step(table, step)
            else:
                outcome = await self._sit_out_step(table, step)
            if outcome is None or table.move_no == moved:
                break  # someone else moved meanwhile (the background task): it plans again
            events.extend(outcome)
        return events

    async def _computer_move(self, table: Table, step: _Step) -> None:
        events = await self._computer_step(table, step)
        if events is not None:
            await self.notify(table, events)

    async def _computer_step(self, table: Table, step: _Step) -> list[dict[str, Any]] | None:
        seat = table.seats[step.seat]
        if not (table.state is not None and seat is not None and seat.computer is not None):
            raise RuntimeError(
                "internal error: expected table.state is not None and seat is not None and seat.computer is not None"
            )
        seed = move_seed(table.seed, step.move_no, step.seat)
        action = await choose_move(
            table.spec.game, table.state, step.seat, seat.computer, seed=seed
        )
        async with self._registry.lock(table.channel_id):
            if not self._still(table, step):
                return None
            outcome = await self._play.apply(table, step.seat, action, source="computer")
            self.moved(table.channel_id)
        return outcome.events

    async def _sit_out_move(self, table: Table, step: _Step) -> None:
        events = await self._sit_out_step(table, step)
        if events is not None:
            await self.notify(table, events)

    async def _sit_out_step(self, table: Table, step: _Step) -> list[dict[str, Any]] | None:
        """A seat that left plays on automatically (never counted as a time-out)."""
        async with self._registry.lock(table.channel_id):
            if not self._still(table, step):
                return None
            if table.state is None:
                return None
            action = sit_out_move(table.state)
            if action is None:
                return None
            outcome = await self._play.apply(table, step.seat, action, source="sitout")
            self.moved(table.channel_id)
        return outcome.events

    async def _time_out(self, table: Table, step: _Step) -> None:
        async with self._registry.lock(table.channel_id):
            if not self._still(table, step) or table.paused or table.turn_deadline is None:
                return
            seat = table.seats[step.seat]
            if table.state is None or seat is None:
                raise RuntimeError("internal error: a time-out for an empty seat or no game")
            sits_out = games.game_info(table.spec.game).sit_out
            no_show = (
                table.spec.no_show_forfeit
                and seat.computer is None
                and seat.timeouts == 0
                and all(s != step.seat for s, _ in table.history)
            )
            if no_show and sits_out:  # a tournament counts it as a forfeit (``Seat.no_show``)
                await self._play.sit_out(table, step.seat, timed_out=True, no_show=True)
                events = table.last_events
            elif no_show:
                await self._play.end_with_loser(table, step.seat, "forfeit", timed_out=True)
                events = table.last_events
            elif seat.timeouts + 1 >= MAX_TIMEOUTS and sits_out:
                # the others play on: the seat sits out for the rest of the game
                await self._play.sit_out(table, step.seat, timed_out=True)
                events = table.last_events
            elif seat.timeouts + 1 >= MAX_TIMEOUTS:
                await self._play.end_with_loser(table, step.seat, "forfeit", timed_out=True)
                events = table.last_events
            else:
                action = games.timeout_move(table.state)
                if action is None:  # the game has no rule of its own: the normal computer's move
                    legal = list(table.state.legal_actions(step.seat))
                    moves = [a for a in legal if not str(a).startswith("bet")] or legal
                    seed = move_seed(table.seed, step.move_no, step.seat)
                    action = await choose_move(
                        table.spec.game,
                        table.state,
                        step.seat,
                        Level.NORMAL,
                        seed=seed,
                        legal=moves,
                    )
                outcome = await self._play.apply(table, step.seat, action, source="timeout")
                self.moved(table.channel_id)
                events = outcome.events
        await self.notify(table, events)


def sit_out_move(state: GameState) -> Action | None:
    """The move of a seat that left mid-game: fold where the game allows it, else the game's
    automatic move (check, stand, the stronger side)."""
    seat = state.current_player
    if seat is None or state.is_over:
        return None
    fold = next((a for a in state.legal_actions(seat) if str(a) == "fold"), None)
    return fold if fold is not None else games.timeout_move(state)


def _now() -> float:
    """Monotonic time of the running loop, for pacing computer moves."""
    return asyncio.get_running_loop().time()
