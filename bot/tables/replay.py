"""Finished games rebuilt from storage: ``/replay`` (the table as it was after any move) and
``/verify`` (every deal re-derived from the revealed seed). No Discord here.

Nothing is stored per step: a game is rebuilt from its seed and move log (``Storage.game_log``)
through the engine contract, and ``Replayer`` keeps checkpoints of a few recent ones in memory. A ``fair-v1`` game deals from its server seed and table
id, a legacy one (stored before fair deals) from its whole-number seed — both replay the same
way. A replay step is a ``Table`` holding the engine state after that many moves, so the public
table message's renderer (``view(None)``) draws it: a replay shows what the channel saw then."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import bot.games as games
from bot.games import FAIR_V1, FairSeed, GameState, IllegalAction
from storage.base import Storage
from storage.models import GameLog, SeatRecord

from .errors import TableError
from .models import GameSpec, Level, Seat, Table, TableStatus

MAX_STEP = 999_999  # a custom_id carries at most six digits


class ReplayUnavailable(TableError):
    """The game cannot be replayed or verified (unknown here, or its log does not replay)."""


@dataclass(frozen=True)
class ReplayFrame:
    """One step of a replay: the table after ``step`` moves (0: as dealt), with the facts the
    buttons need (how many steps, where each deal starts)."""

    table: Table
    step: int
    total: int
    deal_starts: tuple[int, ...]  # the step at which each deal (round, hand) was dealt, in order
    ended_by: str

    @property
    def next_deal(self) -> int | None:
        """The step where the next deal starts (None: none after this step)."""
        return next((s for s in self.deal_starts if s > self.step), None)

    @property
    def deal_index(self) -> int:
        """1-based number of the deal this step belongs to."""
        return max(1, sum(1 for s in self.deal_starts if s <= self.step))


@dataclass(frozen=True)
class DealCheck:
    """One deal re-derived from the seed, against what the game actually dealt."""

    deal: int
    dealer: int | None
    step: int  # the move after which it was dealt (0: at the start)
    matches: bool


@dataclass(frozen=True)
class VerifyReport:
    game_id: str
    game: str
    rng_version: str
    commitment: str | None
    server_seed: str | None  # revealed: the game has ended
    table_id: str | None
    deals: tuple[DealCheck, ...]

    @property
    def fair(self) -> bool:
        return self.rng_version == FAIR_V1

    @property
    def all_match(self) -> bool:
        return bool(self.deals) and all(d.matches for d in self.deals)


def fair_of(log: GameLog) -> FairSeed | None:
    """The fair seed of a stored game (None: a legacy game)."""
    if log.rng_version != FAIR_V1:
        return None
    if log.server_seed is None or log.table_id is None:
        raise ReplayUnavailable("This game's fair seed was not recorded, so it cannot be rebuilt.")
    try:
        return FairSeed.from_hex(log.server_seed, log.table_id)
    except ValueError as exc:
        raise ReplayUnavailable(f"This game's stored seed is unreadable ({exc}).") from None


def start_state(log: GameLog) -> GameState:
    """The game as dealt, by the derivation it was stored with (``fair-v1`` or legacy)."""
    try:
        return games.new_game(
            log.game, seed=log.seed, players=log.players, options=log.options, fair=fair_of(log)
        )
    except (ValueError, TypeError) as exc:
        raise ReplayUnavailable(f"This game cannot be rebuilt: {exc}") from None


def _apply(state: GameState, log: GameLog, index: int) -> list[dict[str, Any]]:
    move = log.actions[index]
    if move.move_no != index + 1:
        raise ReplayUnavailable(f"The move log of this game has a gap before move {index + 1}.")
    try:
        return list(state.apply(games.parse_action(log.game, move.action), player=move.seat))
    except (IllegalAction, ValueError) as exc:
        raise ReplayUnavailable(
            f"Move {move.move_no} of this game does not replay ({exc})."
        ) from None


def _deal_numbers(events: Sequence[dict[str, Any]]) -> list[tuple[int, int | None]]:
    """(deal number, dealer) of each fresh deal among the engine events (refills excluded)."""
    out: list[tuple[int, int | None]] = []
    for event in events:
        if event.get("type") != "deal" or event.get("refill"):
            continue
        number = event.get("deal") or event.get("round") or event.get("hand_no") or 1
        dealer = event.get("dealer")
        out.append((int(number), dealer if isinstance(dealer, int) else None))
    return out


def _seats(records: Sequence[SeatRecord], players: int) -> list[Seat | None]:
    seats: list[Seat | None] = [None] * players
    for r in records:
        if 0 <= r.seat < players:
            level = Level.NORMAL if r.is_bot else None
            seats[r.seat] = Seat(user_id=r.user_id, name=r.name, computer=level)
    return seats


@dataclass(frozen=True)
class _Rebuilt:
    """A whole stored game replayed once: checkpoints every ``every`` steps, the deals' starts,
    and (when asked for) every deal checked against the seed, all from the same pass."""

    checkpoints: tuple[GameState, ...]
    every: int
    deal_starts: tuple[int, ...]
    checks: tuple[DealCheck, ...] | None = None  # None: not verified in this pass
    last: GameState | None = None  # the game after its last move (never changed: cloned to use)
    last_events: tuple[dict[str, Any], ...] = ()  # what the last move did


def _first_deal(state: GameState) -> tuple[int | None, dict[str, Any]]:
    first = state.to_dict()
    dealer = first.get("dealer")
    return (dealer if isinstance(dealer, int) else None), first


def _rebuild(log: GameLog, every: int, verify: bool = False) -> _Rebuilt:
    """One pass over the log: checkpoints, the deals' starts and (``verify``, a fair game) each
    deal re-derived from the seed and compared with what was dealt."""
    fair = fair_of(log) if verify else None
    state = start_state(log)
    checkpoints = [state.clone()]
    deal_starts = [0]
    checks: list[DealCheck] = []
    if fair is not None:
        dealer, first = _first_deal(state)
        checks.append(_check(log, fair, 1, dealer, 0, first))
    events: list[dict[str, Any]] = []
    for i in range(len(log.actions)):
        events = _apply(state, log, i)
        fresh = _deal_numbers(events)
        if fresh:
            deal_starts.append(i + 1)
            if fair is not None:
                data = state.to_dict()
                checks.extend(_check(log, fair, n, d, i + 1, data) for n, d in fresh)
        if (i + 1) % every == 0:
            checkpoints.append(state.clone())
    return _Rebuilt(
        tuple(checkpoints),
        every,
        tuple(deal_starts),
        tuple(checks) if verify else None,
        state,
        tuple(events),
    )


class Replayer:
    """Rebuilds stored games for ``/replay``. The last few games are kept in memory as
    checkpoints (a state every ``every`` moves), so a click replays at most ``every`` moves;
    nothing is stored per step, and after a restart a game is simply rebuilt from its log."""

    def __init__(self, *, size: int = 16, every: int = 16) -> None:
        self.size = size
        self.every = every
        self._games: OrderedDict[tuple[str, int], _Rebuilt] = OrderedDict()
        self._lock = threading.Lock()  # frames are drawn in worker threads

    def _built(self, log: GameLog, verify: bool = False) -> _Rebuilt:
        key = (log.game_id, len(log.actions))
        with self._lock:
            built = self._games.get(key)
        if built is None or (verify and built.checks is None):
            built = _rebuild(log, self.every, verify)
        with self._lock:
            self._games[key] = built
            self._games.move_to_end(key)
            while len(self._games) > self.size:
                self._games.popitem(last=False)
        return built

    def report(self, log: GameLog) -> VerifyReport:
        """``verify_game`` of the game, from the same pass that rebuilds it for its frames (the
        web's game page shows both)."""
        return _report(log, self._built(log, verify=True).checks or ())

    def frame(self, log: GameLog, step: int) -> ReplayFrame:
        total = len(log.actions)
        if not 0 <= step <= total:
            raise ReplayUnavailable(f"This game has {total} moves: there is no step {step}.")
        built = self._built(log)
        if step == total and step and built.last is not None:  # the end: kept from the pass
            told = [dict(e) for e in built.last_events]
            return _frame(log, step, built.last.clone(), told, built.deal_starts)
        base = max(0, step - 1) // built.every  # at least the step's own move is replayed:
        # its events are what the table showed after it ("Last move", a deal's breakdown)
        state = built.checkpoints[base].clone()
        events: list[dict[str, Any]] = []
        for i in range(base * built.every, step):
            events = _apply(state, log, i)
        return _frame(log, step, state, events, built.deal_starts)


class GameLogs:
    """The logs of the last few games asked for, by id. A finished game's log never changes once
    recorded, and every click of a replay's controls needs it: without this each step read and
    decoded the game's whole move log from the database again."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._logs: OrderedDict[str, GameLog] = OrderedDict()

    async def get(self, storage: Storage, game_id: str) -> GameLog | None:
        log = self._logs.get(game_id)
        if log is None:
            log = await storage.game_log(game_id)
            if log is None:
                return None
        self._logs[game_id] = log
        self._logs.move_to_end(game_id)
        while len(self._logs) > self.size:
            self._logs.popitem(last=False)
        return log


def replay_frame(log: GameLog, step: int) -> ReplayFrame:
    """The table after ``step`` moves of a stored game (the whole log is replayed to find the
    deals' starts). ``ReplayUnavailable`` for a step beyond the game's end."""
    return Replayer(size=1, every=max(1, len(log.actions))).frame(log, step)


def _frame(
    log: GameLog,
    step: int,
    shown: GameState,
    events: list[dict[str, Any]],
    deal_starts: tuple[int, ...],
) -> ReplayFrame:
    total = len(log.actions)
    players = shown.num_players
    options = dict(shown.options)
    table = Table(
        channel_id=0,
        guild_id=log.guild_id,
        host_id=0,
        spec=GameSpec(game=log.game, options=options, players=players, turn_timer=0),
        seats=_seats(log.seats, players),
        status=TableStatus.FINISHED if step == total else TableStatus.PLAYING,
        game_id=log.game_id,
        seed=log.seed,
        state=shown,
        move_no=step,
        last_events=events,
        history=[(m.seat, m.action) for m in log.actions[:step]],
        log_from=step,  # a replay frame tells its own move only (earlier deals' cards are dealt again)
        ended_by=log.ended_by if step == total else None,
    )
    return ReplayFrame(
        table=table,
        step=step,
        total=total,
        deal_starts=deal_starts,
        ended_by=log.ended_by,
    )


def _hand(hand: Any) -> list[str] | None:
    if hand is None:
        return None
    if isinstance(hand, dict):  # open hands: the open cards and the face-down ones
        return sorted([*hand.get("open", []), *hand.get("down", [])])
    return sorted(hand)


def _layout(data: dict[str, Any]) -> tuple[Any, ...]:
    """What a fresh deal put where, as the state's snapshot says."""
    rest = data.get("stock") if "stock" in data else data.get("haggis", [])
    return ([_hand(h) for h in data.get("hands", [])], list(data.get("table", [])), rest)


def _derived(deal: games.Deal) -> tuple[Any, ...]:
    hands = deal["hands"] or []
    return ([_hand(h) for h in hands], list(deal["table"]), deal["rest"])


def verify_game(log: GameLog) -> VerifyReport:
    """Every deal of a finished fair game re-derived from its revealed seed (``deals_of``, with
    the dealers and seats the stored game reached), each compared with what was dealt."""
    if fair_of(log) is None:
        return _report(log, ())
    return _report(log, _rebuild(log, max(1, len(log.actions) + 1), verify=True).checks or ())


def _report(log: GameLog, checks: Sequence[DealCheck]) -> VerifyReport:
    fair = fair_of(log)
    if fair is None:
        return VerifyReport(log.game_id, log.game, log.rng_version, None, None, None, ())
    return VerifyReport(
        game_id=log.game_id,
        game=log.game,
        rng_version=log.rng_version,
        commitment=fair.commitment,
        server_seed=fair.server_seed.hex(),
        table_id=fair.table_id,
        deals=tuple(checks),
    )


def _check(
    log: GameLog, fair: FairSeed, number: int, dealer: int | None, step: int, data: dict[str, Any]
) -> DealCheck:
    seats_in = [s for s, dealt in enumerate(data.get("in_hand") or []) if dealt] or None
    try:
        (deal,) = games.deals_of(
            log.game,
            fair.server_seed,
            fair.table_id,
            players=log.players,
            options=log.options,
            deal_nos=[number],
            dealers={number: dealer} if dealer is not None else None,
            seats_in={number: seats_in} if seats_in else None,
        )
    except ValueError:
        return DealCheck(number, dealer, step, False)
    return DealCheck(number, dealer, step, _derived(deal) == _layout(data))
