"""A game in play: moves, resigning, the abandon vote and pausing the clock.

Every change holds the table's lock, is made on a draft and adopted once saved. The events the
table layer adds to the engine's: ``timeout`` (before the stand-in move's events), ``forfeit``,
``resigned``, ``abandon_vote``, ``abandoned``, ``paused`` and ``resumed``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import bot.games as games
from bot.games import Action, IllegalAction
from bot.names import shown
from storage.models import MoveRecord

from . import checks
from .errors import NotYourTurn, StaleAction, TableError
from .models import ActionOutcome, Removal, Table, TableLimits, TableStatus
from .persistence import TablePersistence, draft
from .registry import TableRegistry
from .results import build_record, current_scores, losers_beaten_by, winners_from_result
from .turns import arm_clock, mark_ended, record_move


class TablePlay:
    def __init__(
        self,
        registry: TableRegistry,
        persistence: TablePersistence,
        clock: Callable[[], float],
        limits: TableLimits | None = None,
    ) -> None:
        self._registry = registry
        self._persistence = persistence
        self._clock = clock
        self.limits = limits or TableLimits()

    def legal_actions(self, channel_id: int, user_id: int) -> list[Action]:
        """The user's legal moves now; [] when it is not their turn (Haggis bets excepted)."""
        table = self._registry.get(channel_id)
        if table is None or table.status is not TableStatus.PLAYING or table.state is None:
            return []
        seat = table.seat_of(user_id)
        if seat is None:
            return []
        return list(table.state.legal_actions(seat))

    def view(self, channel_id: int, user_id: int | None) -> dict[str, Any]:
        """The engine view for the user's seat (a spectator's view if not seated); {} before start."""
        table = self._registry.require(channel_id)
        if table.state is None:
            return {}
        seat = table.seat_of(user_id) if user_id is not None else None
        return table.state.view(seat)

    async def act(
        self, channel_id: int, user_id: int, action: str | Action, move_no: int | None
    ) -> ActionOutcome:
        """A player's move. ``move_no`` is the number the player's message was built at; None
        (only from /play, which names the move) skips that check."""
        async with self._registry.lock(channel_id):
            table = checks.in_play(self._registry.get(channel_id))
            seat = checks.seat_of(table, user_id)
            occupant = table.seats[seat]
            if occupant is not None and occupant.left:
                raise TableError("You left this game: your seat sits out until it ends.")
            if move_no is not None and move_no != table.move_no:
                raise StaleAction()
            return await self.apply(table, seat, action, source="human")

    async def resign(self, channel_id: int, user_id: int) -> Table:
        async with self._registry.lock(channel_id):
            table = checks.in_play(self._registry.get(channel_id))
            seat = checks.seat_of(table, user_id)
            await self.resign_locked(table, seat)
        return table

    async def resign_locked(self, table: Table, seat: int, *, kicked_by: str | None = None) -> None:
        """(Lock held.) The seat resigns: a loss that ends the game, or in a ``sit_out`` game the
        seat sits out and the others play on. ``kicked_by`` ("host" | "moderator"): the seat was
        removed by someone else (the events say so)."""
        current = table.seats[seat]
        if games.game_info(table.spec.game).sit_out:  # the others play on
            if current is not None and current.left:
                gone = "That player has already left this game."
                raise TableError(gone if kicked_by else "You have already left this game.")
            await self.sit_out(table, seat, kicked_by=kicked_by)
        else:
            await self.end_with_loser(table, seat, "resigned", kicked_by=kicked_by)

    async def kick(
        self, channel_id: int, by_user_id: int, seat: int, *, moderator: bool = False
    ) -> Removal:
        """Remove a seated human during play (the host, or a moderator: Manage Channels / Manage
        Server): the seat resigns, a loss like ``/table resign``; in a ``sit_out`` game it sits
        out and the game goes on. Computer seats play on and cannot be kicked; nobody kicks
        themselves (resign instead)."""
        async with self._registry.lock(channel_id):
            table = checks.in_play(self._registry.get(channel_id))
            if not moderator:
                checks.host_only(table, by_user_id)
            checks.seat_index(table, seat)
            occupant = table.seats[seat]
            if occupant is None:
                raise TableError("That seat is empty.")
            if occupant.computer is not None:
                raise TableError(
                    "A computer player cannot be removed during the game: it plays on."
                )
            if occupant.user_id == by_user_id:
                raise TableError("You cannot kick yourself — use /table resign instead.")
            by = "host" if by_user_id == table.host_id else "moderator"
            await self.resign_locked(table, seat, kicked_by=by)
        return Removal(table, occupant, was_playing=True)

    async def leave(self, channel_id: int, user_id: int) -> Table:
        """Leave a game in play where the game allows it (``GameInfo.sit_out``): the seat folds
        and sits out for the rest of the game; its chips stay on the table and it is ranked by
        them at the end."""
        async with self._registry.lock(channel_id):
            table = checks.in_play(self._registry.get(channel_id))
            seat = checks.seat_of(table, user_id)
            if not games.game_info(table.spec.game).sit_out:
                raise TableError(
                    "The game has already started, so you cannot leave now."
                    " Resign or vote to abandon instead."
                )
            current = table.seats[seat]
            if current is not None and current.left:
                raise TableError("You have already left this game.")
            await self.sit_out(table, seat)
        return table

    async def sit_out(
        self,
        table: Table,
        seat: int,
        *,
        timed_out: bool = False,
        kicked_by: str | None = None,
        no_show: bool = False,
    ) -> None:
        """(Lock held.) The seat leaves the game in play: from now on its turns are played for
        it (fold where allowed). Everyone left: the game goes on among the others until it ends."""
        changed = draft(table)
        leaving = changed.seats[seat]
        if leaving is None:
            raise TableError("That seat is empty.")
        leaving.left = True
        leaving.no_show = no_show
        if timed_out:
            leaving.timeouts += 1
        changed.abandon_votes.discard(leaving.user_id)
        event: dict[str, Any] = {"type": "left", "seat": seat, "timed_out": timed_out}
        if kicked_by:
            event["kicked_by"] = kicked_by
        changed.last_events = [event]
        await self._persistence.commit(table, changed)

    async def vote_abandon(self, channel_id: int, user_id: int) -> Table:
        """With two or more humans, every one of them must vote; then the game ends with no
        winner (unrated). A lone human at a table of computers cannot escape a loss that way:
        abandoning resigns (``ended_by == "resigned"``, a loss)."""
        async with self._registry.lock(channel_id):
            table = checks.in_play(self._registry.get(channel_id))
            seat = checks.seat_of(table, user_id)
            if user_id in table.abandon_votes:
                raise TableError("You have already voted to abandon this game.")
            humans = {
                s.user_id
                for s in table.seats
                if s is not None and s.computer is None and not s.left
            }
            if user_id not in humans:
                raise TableError("You left this game: your seat sits out until it ends.")
            if len(humans) == 1:  # a lone human cannot escape a loss: abandoning resigns
                await self.resign_locked(table, seat)
                return table
            changed = draft(table)
            changed.abandon_votes.add(user_id)
            votes = len(changed.abandon_votes & humans)
            if humans <= changed.abandon_votes:
                await self._abandon(table, changed, {"type": "abandoned"}, self._clock())
            else:
                changed.last_events = [
                    {"type": "abandon_vote", "seat": seat, "votes": votes, "needed": len(humans)}
                ]
                await self._persistence.commit(table, changed)
        return table

    async def set_paused(self, channel_id: int, by_user_id: int, paused: bool) -> Table:
        """Stop or restart the turn clock (host only); resuming gives a fresh full turn. Moves,
        computer moves included, stay allowed while paused. A pause lasts at most
        ``limits.pause_limit`` (the driver resumes it), a game has ``limits.pauses_per_game``,
        and a host whose turn it is cannot pause."""
        async with self._registry.lock(channel_id):
            table = checks.in_play(self._registry.get(channel_id))
            checks.host_only(table, by_user_id)
            if table.spec.turn_timer <= 0:
                raise TableError("This table has no turn timer.")
            if table.paused == paused:
                raise TableError(
                    "The turn clock is already paused." if paused else "The clock is running."
                )
            limits = self.limits
            if paused:
                if table.current_seat is not None and table.current_seat == table.seat_of(
                    by_user_id
                ):
                    raise TableError("It is your turn: you cannot pause now — play your move.")
                if table.pauses >= limits.pauses_per_game:
                    raise TableError(
                        f"The clock can be paused {limits.pauses_per_game} times per game, "
                        "and this game has used them all."
                    )
            changed = draft(table)
            changed.paused = paused
            changed.turn_deadline = None
            changed.reminded = False
            if paused:
                changed.pauses += 1
                changed.paused_at = self._clock()
            else:
                changed.paused_at = None
                arm_clock(changed, self._clock, acting_seat=None, previous=None)
            changed.last_events = [{"type": "paused" if paused else "resumed"}]
            await self._persistence.commit(table, changed)
        return table

    async def mark_reminded(self, table: Table) -> None:
        """(Lock held.) The half-time reminder of this turn goes out now. A correspondence turn's
        deadline outlives a restart, so its flag is saved first (a failed write raises and the
        reminder waits for the retry): a restart never reminds twice. A live turn's clock starts
        afresh after a restart (and its flag with it), so there the flag is kept in memory."""
        if not table.spec.correspondence:
            table.reminded = True
            return
        changed = draft(table)
        changed.reminded = True
        await self._persistence.commit(table, changed)

    async def auto_resume(self, table: Table) -> bool:
        """Resume a pause that has lasted ``limits.pause_limit`` (lock held by the caller)."""
        if not table.paused or table.paused_at is None:
            return False
        if self._clock() - table.paused_at < pause_limit(table, self.limits):
            return False
        changed = draft(table)
        changed.paused = False
        changed.paused_at = None
        changed.turn_deadline = None
        changed.reminded = False
        arm_clock(changed, self._clock, acting_seat=None, previous=None)
        changed.last_events = [{"type": "resumed", "auto": True}]
        await self._persistence.commit(table, changed)
        return True

    async def close(self, channel_id: int, reason: str) -> Table:
        """End a live table with no result: a lobby is cancelled, a game abandoned (unrated).
        ``reason``: closed (a moderator), expired (a lobby never started), idle (no human move
        for too long), channel_deleted."""
        async with self._registry.lock(channel_id):
            table = checks.live(self._registry.get(channel_id))
            await self.close_locked(table, reason)
        return table

    async def close_locked(self, table: Table, reason: str) -> None:
        changed = draft(table)
        now = self._clock()
        event: dict[str, Any] = {"type": "closed", "reason": reason}
        if table.status is TableStatus.LOBBY:
            mark_ended(changed, "cancelled", now, [event])
            changed.status = TableStatus.CANCELLED
            await self._persistence.commit(table, changed, delete=True)
            return
        await self._abandon(table, changed, event, now)

    async def _abandon(
        self, table: Table, changed: Table, event: dict[str, Any], now: float
    ) -> None:
        """End a game unrated, every seat without a win, and record it (once, with the table)."""
        mark_ended(changed, "abandoned", now, [event])
        record = build_record(
            changed,
            ended_by="abandoned",
            winners=(),
            double=False,
            scores=current_scores(changed),
            ended_at=now,
        )
        await self._persistence.commit(table, changed, record=record)

    async def apply(
        self, table: Table, seat: int, action: str | Action, *, source: str
    ) -> ActionOutcome:
        """Apply one move for ``seat`` with the lock held. ``source``: human | computer | timeout
        (a time-out counts towards a forfeit, the player's own move resets the count)."""
        state = table.state
        if not (state is not None):
            raise RuntimeError("internal error: expected state is not None")
        game = table.spec.game
        current = state.current_player
        # Out of turn only what the engine lists for that seat (Haggis bets); nothing otherwise.
        others = list(state.legal_actions(seat)) if seat != current else []
        if seat != current and not others:
            raise NotYourTurn(_turn_message(table, current))
        if not isinstance(action, str | Action):
            raise TableError("That is not a move I understand.")
        try:
            parsed = action if isinstance(action, Action) else games.parse_action(game, action)
        except IllegalAction as exc:
            raise TableError(_reason(exc, "That is not a move I understand.")) from exc
        if seat != current and parsed not in others:
            raise NotYourTurn(_turn_message(table, current))
        changed = draft(table, clone_state=True)
        if not (changed.state is not None):
            raise RuntimeError("internal error: expected changed.state is not None")
        try:
            engine_events = changed.state.apply(parsed, player=seat)
        except IllegalAction as exc:
            raise TableError(_reason(exc, "That move is not allowed now.")) from exc
        acting = changed.seats[seat]
        if acting is None:
            raise RuntimeError("internal error: the acting seat is empty")
        canonical = str(parsed)
        now = self._clock()
        events = record_move(changed, acting, seat, canonical, source, engine_events, now)
        move = MoveRecord(
            game_id=changed.game_id,
            move_no=changed.move_no,
            seat=seat,
            action=canonical,
            at=now,
            source=source,
        )
        game_over = changed.state.is_over
        if game_over:
            result = changed.state.result()
            mark_ended(changed, "finished", now, events)
            record = build_record(
                changed,
                ended_by="finished",
                winners=winners_from_result(changed, result),
                double=bool(result.get("double", False)),
                scores=tuple(int(x) for x in result.get("scores", [])),
                ended_at=now,
            )
            await self._persistence.commit(table, changed, move=move, record=record)
        else:
            arm_clock(changed, self._clock, acting_seat=seat, previous=current)
            await self._persistence.commit(table, changed, move=move)
        return ActionOutcome(table=table, events=events, game_over=game_over)

    async def end_with_loser(
        self,
        table: Table,
        seat: int,
        ended_by: str,
        *,
        timed_out: bool = False,
        kicked_by: str | None = None,
    ) -> None:
        """Resign or forfeit (lock held): that seat (team) loses, everyone else wins."""
        changed = draft(table)
        event: dict[str, Any] = {"type": "forfeit" if ended_by == "forfeit" else "resigned"}
        event["seat"] = seat
        if kicked_by:
            event["kicked_by"] = kicked_by
        if timed_out:
            loser = changed.seats[seat]
            if loser is None:
                raise RuntimeError("internal error: a forfeit for an empty seat")
            loser.timeouts += 1
        now = self._clock()
        mark_ended(changed, ended_by, now, [event])
        record = build_record(
            changed,
            ended_by=ended_by,
            winners=losers_beaten_by(changed, seat),
            double=False,
            scores=current_scores(changed),
            ended_at=now,
        )
        await self._persistence.commit(table, changed, record=record)


def pause_limit(table: Table, limits: TableLimits) -> float:
    """How long a pause may last: the server's limit, or at a correspondence table one move's
    time (minutes mean nothing in a game of days)."""
    if table.spec.correspondence:
        return max(limits.pause_limit, table.spec.turn_timer)
    return limits.pause_limit


def lobby_ttl(table: Table, limits: TableLimits) -> float:
    """How long a lobby waits to be started: the server's limit, or at a correspondence table at
    least one move's time (the players may live in other time zones)."""
    if table.spec.correspondence:
        return max(limits.lobby_ttl, table.spec.turn_timer)
    return limits.lobby_ttl


def _turn_message(table: Table, current: int | None) -> str:
    seat = table.seats[current] if current is not None else None
    if seat is None:
        return "It is not your turn."
    return f"It is not your turn — {shown(seat.name)} is to play."


def _reason(exc: Exception, fallback: str) -> str:
    text = str(exc).strip()
    return text if text else fallback
