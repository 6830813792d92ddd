"""The tournament service, on the table layer's floor (no Discord): registration, rounds, the
Arena's window, results flowing back from the tables, forfeits, moderators' awards and restarts.

Every change is written to storage before it is acted on, and everything is derived from the
stored rows (``state``), so a restarted process resumes a tournament where it was: open matches
continue at their tables, a game recorded while the process was down is found by its game id, a
round opens once (``Storage.open_round`` is conditional) and a result is taken once
(``Storage.finish_match`` only from "open"). A tournament lives on the process of its server's
shard: ``resume(guild_filter)`` loads only those.

Where a match is played is the host's business (``TournamentHost.match_channel``: a thread under
the tournament's channel on Discord); what the players see is the host's too (``changed``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import bot.games as games
from bot.i18n import N_
from bot.tables import (
    GameSpec,
    Level,
    Seat,
    Table,
    TableError,
    TableManager,
    TableStatus,
    validate_spec,
)
from bot.tables.models import COMPUTER_IDS
from storage.base import Storage
from storage.models import EntryRecord, GameRecord, MatchRecord, Metric, TournamentRecord

from . import multiseat, state, swiss

log = logging.getLogger(__name__)

FORMATS = ("swiss", "arena", "tables")
#: Arena: a game's expected length when the settings do not say (seconds), per game.
GAME_ESTIMATE = {"hurricane": 600.0, "hurikan": 600.0, "haggis": 900.0, "hurricane_poker": 1200.0}
DEFAULT_RATING = 1000.0
MAX_ENTRANTS = 256
MAX_ROUNDS = 15
MAX_WINDOW = 24 * 3600.0
#: Between a team's two names (thin spaces: a name's own " & " is not mistaken for it).
TEAM_JOIN = "\u2009&\u2009"
#: Multi-seat rounds: seats per table (min, max) by game.
TABLE_SEATS = {"haggis": (2, 3), "hurricane_poker": (2, 8)}
#: Games whose rounds of tables end with a final table of the best (poker's tradition).
FINAL_TABLE_GAMES = frozenset({"hurricane_poker"})


class TournamentError(Exception):
    """A refused request: ``template`` (English, in the catalog) and its values; nothing changed."""

    def __init__(self, template: str, **values: Any) -> None:
        super().__init__(template.format(**values) if values else template)
        self.template = template
        self.values = values


class TournamentHost(Protocol):
    """What the service needs of the layer above: a channel for each match's table, and to be
    told that a tournament changed (its message is redrawn)."""

    async def match_channel(
        self, t: TournamentRecord, match: MatchRecord, names: Sequence[str]
    ) -> int: ...

    async def changed(self, t: TournamentRecord, event: str) -> None: ...


@dataclass(frozen=True)
class Plan:
    """What ``/tournament create`` asks for."""

    guild_id: int
    channel_id: int
    created_by: int
    game: str
    format: str
    starts_at: float
    preset: str | None = None
    rounds: int = 0
    window: float = 0.0
    turn_timer: float = 120.0
    max_players: int = 0  # 0: no limit below MAX_ENTRANTS
    computers: int = 0  # computer entrants added at the start
    computer_level: str = "easy"
    options: dict[str, Any] = field(default_factory=dict)  # engine options (target…)
    estimate: float = 0.0  # Arena: one game's expected length; 0 = the game's default


@dataclass
class Live:
    """One tournament held by this process: its rows as last read or written."""

    record: TournamentRecord
    entries: dict[str, EntryRecord]
    matches: dict[str, MatchRecord]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def entry_list(self) -> list[EntryRecord]:
        return sorted(self.entries.values(), key=lambda e: (e.joined_at, e.entrant))

    def match_list(self) -> list[MatchRecord]:
        return sorted(
            self.matches.values(), key=lambda m: (m.round, m.board, m.started_at, m.match_id)
        )


def team_game(game: str, preset: str | None) -> bool:
    return game == "hurricane" and preset == "pairs"


def table_seats(game: str) -> tuple[int, int] | None:
    return TABLE_SEATS.get(game)


def entrant_of(user_id: int) -> str:
    return f"u{user_id}"


class TournamentService:
    """Every tournament of this process's servers."""

    def __init__(
        self,
        manager: TableManager,
        storage: Storage,
        *,
        host: TournamentHost | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.manager = manager
        self.storage = storage
        self.host = host
        self._clock = clock
        self._live: dict[str, Live] = {}
        self._by_channel: dict[int, tuple[str, str]] = {}  # table channel -> (tournament, match)
        self._results: asyncio.Queue[tuple[Table, GameRecord] | None] = asyncio.Queue()
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._closed = False
        manager.on_recorded(self._recorded)

    # ------------------------------------------------------------------ life cycle

    async def resume(self, guild_filter: Callable[[int], bool] | None = None) -> list[str]:
        """Load the active tournaments of this process's servers (after the tables were
        restored) and catch up: results recorded while down, tables not yet opened, rounds
        due. Returns their ids."""
        ids = []
        for t in await self.storage.active_tournaments(guild_filter):
            live = await self._load(t)
            ids.append(t.tournament_id)
            async with live.lock:
                try:
                    await self._catch_up(live)
                except Exception:  # one tournament's trouble must not stop the others (or the bot)
                    log.exception(
                        "tournament %s could not catch up after a restart", t.tournament_id
                    )
        self.poke()
        return ids

    def start(self) -> None:
        """Run the scheduler and the results worker."""
        if not self._tasks:
            self._tasks = [
                asyncio.create_task(self._schedule(), name="tournaments-schedule"),
                asyncio.create_task(self._work_results(), name="tournaments-results"),
            ]

    async def close(self) -> None:
        self._closed = True
        self._wake.set()
        self._results.put_nowait(None)
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []

    def poke(self) -> None:
        """Look at the clock again now (a test's fake clock jumped; something changed)."""
        self._wake.set()

    async def idle(self) -> None:
        """Wait until every queued result has been handled (tests)."""
        while not self._results.empty():
            await asyncio.sleep(0)
        await self._results.join()

    # ------------------------------------------------------------------ reading

    def get(self, tournament_id: str) -> Live | None:
        return self._live.get(tournament_id)

    async def load(self, tournament_id: str) -> Live | None:
        """A tournament held here, or read from storage (a finished one, for its standings)."""
        live = self._live.get(tournament_id)
        if live is not None:
            return live
        t = await self.storage.tournament(tournament_id)
        if t is None:
            return None
        entries = await self.storage.entries(tournament_id)
        matches = await self.storage.matches(tournament_id)
        return Live(t, {e.entrant: e for e in entries}, {m.match_id: m for m in matches})

    def active_in(self, guild_id: int) -> list[Live]:
        return [
            live
            for live in self._live.values()
            if live.record.guild_id == guild_id and live.record.status in ("registering", "running")
        ]

    def standings(self, live: Live) -> list[state.Row]:
        return state.standings(live.record, live.entry_list(), live.match_list())

    # ------------------------------------------------------------------ creating and joining

    def check_plan(self, plan: Plan) -> Plan:
        """The refusals of ``create``, with nothing changed; the plan with defaults filled."""
        now = self._clock()
        if plan.format not in FORMATS:
            raise TournamentError(N_("Unknown format: choose swiss, arena or tables."))
        try:
            info = games.game_info(plan.game)
            preset = info.preset(plan.preset)
        except ValueError as exc:
            raise TournamentError(str(exc)) from exc
        if plan.starts_at < now - 1:
            raise TournamentError(N_("The start is in the past: choose a time to come."))
        seats = table_seats(plan.game)
        if plan.format == "tables":
            if seats is None:
                raise TournamentError(
                    N_(
                        "Rounds of tables are for Haggis and Hurricane poker; play {game} as swiss or arena."
                    ),
                    game=info.title,
                )
        else:
            two_sided = (preset is not None and preset.players in (2, 4)) or 2 in info.players
            if not two_sided:
                raise TournamentError(
                    N_("{game} is not a two-sided game: play it as tables."), game=info.title
                )
        most = plan.max_players or MAX_ENTRANTS
        if not 2 <= most <= MAX_ENTRANTS:
            raise TournamentError(
                N_("A tournament takes from 2 to {most} players."), most=MAX_ENTRANTS
            )
        if plan.format == "arena":
            if not 60 <= plan.window <= MAX_WINDOW:
                raise TournamentError(
                    N_("An Arena's window lasts from 1 minute to {hours} hours."), hours=24
                )
        else:
            allowed = swiss.max_rounds(most) if plan.format == "swiss" else MAX_ROUNDS
            if not 1 <= plan.rounds <= min(allowed, MAX_ROUNDS):
                raise TournamentError(
                    N_("{players} players allow 1 to {most} rounds."),
                    players=most,
                    most=min(allowed, MAX_ROUNDS),
                )
        seats_at = (
            4
            if team_game(plan.game, plan.preset)
            else seats[1]
            if seats and plan.format == "tables"
            else 2
        )
        options = dict(plan.options)
        if plan.preset is not None:
            options["preset"] = plan.preset
        try:
            validate_spec(GameSpec(plan.game, options, seats_at, turn_timer=plan.turn_timer))
        except TableError as exc:
            raise TournamentError(str(exc)) from exc
        if plan.computers < 0 or plan.computers > most:
            raise TournamentError(N_("Too many computer players for the tournament's size."))
        try:
            Level(plan.computer_level)
        except ValueError:
            raise TournamentError(
                N_("Unknown computer level: choose easy, normal, hard or expert.")
            ) from None
        return plan

    async def create(self, plan: Plan) -> TournamentRecord:
        plan = self.check_plan(plan)
        now = self._clock()
        options = dict(plan.options)
        if plan.preset is not None:
            options["preset"] = plan.preset
        settings: dict[str, Any] = {
            "turn_timer": plan.turn_timer,
            "max_players": plan.max_players,
            "computers": plan.computers,
            "computer_level": plan.computer_level,
            "options": options,
            "estimate": plan.estimate or GAME_ESTIMATE.get(plan.game, 900.0),
            "final_table": plan.game in FINAL_TABLE_GAMES,
        }
        season = await self.storage.current_season(plan.guild_id)
        t = TournamentRecord(
            tournament_id=uuid.uuid4().hex[:12],
            guild_id=plan.guild_id,
            channel_id=plan.channel_id,
            game=plan.game,
            preset=plan.preset,
            format=plan.format,
            rounds=plan.rounds if plan.format != "arena" else 0,
            window=plan.window if plan.format == "arena" else 0.0,
            starts_at=max(plan.starts_at, now),
            settings=settings,
            created_by=plan.created_by,
            created_at=now,
            season_id=season.season_id if season is not None else None,
        )
        await self.storage.create_tournament(t)
        live = Live(t, {}, {})
        self._live[t.tournament_id] = live
        self.poke()
        await self._changed(live, "created")
        return t

    async def set_message(self, tournament_id: str, message_id: int) -> None:
        live = self._require(tournament_id)
        await self.storage.set_tournament(tournament_id, message_id=message_id)
        live.record = replace(live.record, message_id=message_id)

    async def join(
        self, tournament_id: str, user_id: int, name: str, *, partner: tuple[int, str] | None = None
    ) -> EntryRecord:
        """Register a player (with ``partner``, a team of two, for ``pairs``). Swiss and rounds
        of tables close at the start; an Arena takes players until its window ends."""
        live = self._require(tournament_id)
        async with live.lock:
            t = live.record
            if t.status not in ("registering", "running"):
                raise TournamentError(N_("This tournament has ended."))
            if t.status == "running" and t.format != "arena":
                raise TournamentError(N_("Registration closed when the tournament started."))
            if t.format == "arena" and t.status == "running" and self._window_over(t):
                raise TournamentError(N_("This Arena's window has closed."))
            members = (user_id,) if partner is None else (user_id, partner[0])
            if team_game(t.game, t.preset) and partner is None:
                raise TournamentError(N_("This is a pairs tournament: join with your partner."))
            if partner is not None and not team_game(t.game, t.preset):
                raise TournamentError(N_("Partners are for pairs tournaments only."))
            if partner is not None and partner[0] == user_id:
                raise TournamentError(N_("Your partner must be someone else."))
            taken = {m for e in live.entries.values() for m in e.members}
            if user_id in taken:
                existing = live.entries.get(entrant_of(user_id))
                if existing is not None and existing.paused and t.format == "arena":
                    raise TournamentError(N_("You are registered: press Resume to play again."))
                raise TournamentError(N_("You are already registered."))
            if partner is not None and partner[0] in taken:
                raise TournamentError(N_("{name} is already registered."), name=partner[1])
            most = int(t.settings.get("max_players") or MAX_ENTRANTS)
            if len(live.entries) >= most:
                raise TournamentError(N_("The tournament is full ({most} entrants)."), most=most)
            rating = await self._rating(t, members)
            key = entrant_of(user_id) if partner is None else f"t{user_id}+{partner[0]}"
            label = name if partner is None else f"{name}{TEAM_JOIN}{partner[1]}"
            entry = EntryRecord(key, members, label, False, rating, self._clock())
            if not await self.storage.add_entry(tournament_id, entry):
                raise TournamentError(N_("You are already registered."))
            live.entries[key] = entry
            if t.format == "arena" and t.status == "running":
                await self._arena_pair(live)
        await self._changed(live, "joined")
        return entry

    async def leave(self, tournament_id: str, user_id: int) -> None:
        """Before the start: unregister. Once running: withdraw (no more pairings; a match in
        play goes on, resign it to end it)."""
        live = self._require(tournament_id)
        async with live.lock:
            entry = self._entry_of(live, user_id)
            if live.record.status == "registering":
                await self.storage.remove_entry(tournament_id, entry.entrant)
                del live.entries[entry.entrant]
            elif live.record.status == "running":
                await self.storage.set_entry(tournament_id, entry.entrant, withdrawn=True)
                live.entries[entry.entrant] = replace(entry, withdrawn=True)
            else:
                raise TournamentError(N_("This tournament has ended."))
        await self._changed(live, "left")

    async def pause(self, tournament_id: str, user_id: int, paused: bool) -> None:
        """Arena: leave the pairing pool (a game in play goes on) or come back to it."""
        live = self._require(tournament_id)
        async with live.lock:
            if live.record.format != "arena":
                raise TournamentError(N_("Only an Arena can be paused: leave a Swiss instead."))
            entry = self._entry_of(live, user_id)
            if entry.withdrawn:
                raise TournamentError(N_("You have left this tournament."))
            await self.storage.set_entry(tournament_id, entry.entrant, paused=paused)
            live.entries[entry.entrant] = replace(entry, paused=paused)
            if not paused and live.record.status == "running":
                await self._arena_pair(live)
        await self._changed(live, "paused" if paused else "resumed")

    async def cancel(self, tournament_id: str) -> None:
        """End it without standings (the caller checked the moderator); open tables close."""
        live = self._require(tournament_id)
        async with live.lock:
            if not await self.storage.set_tournament(
                tournament_id, status="cancelled", from_status=["registering", "running"]
            ):
                raise TournamentError(N_("This tournament has ended."))
            live.record = replace(live.record, status="cancelled")
            for m in live.matches.values():
                if m.status == "open":
                    await self._void(live, m)
                    if m.channel_id is not None:
                        with contextlib.suppress(TableError):
                            await self.manager.close_table(m.channel_id, "closed")
        await self._changed(live, "cancelled")
        self._forget(live)

    async def award(self, tournament_id: str, match_id: str, winner: str | None) -> MatchRecord:
        """A moderator decides a match: ``winner`` (an entrant of it) takes it, or None voids it.
        An open match's table is closed without a result."""
        live = self._require(tournament_id)
        async with live.lock:
            m = live.matches.get(match_id)
            if m is None or m.status == "bye":
                raise TournamentError(N_("There is no such match in this tournament."))
            if winner is not None and winner not in m.seats:
                raise TournamentError(N_("The winner must be a player of that match."))
            was_open = m.status == "open"
            if winner is None:
                status, places = "void", None
            else:
                status = "awarded"
                places = tuple(1 if s == winner else 2 for s in m.seats)
            now = self._clock()
            await self.storage.finish_match(
                tournament_id, match_id, status, places, ended_at=now, only_open=False
            )
            live.matches[match_id] = replace(m, status=status, places=places, ended_at=now)
            if was_open and m.channel_id is not None:
                self._by_channel.pop(m.channel_id, None)
                with contextlib.suppress(TableError):
                    await self.manager.close_table(m.channel_id, "closed")
            await self._advance(live)
        await self._changed(live, "awarded")
        return live.matches[match_id]

    # ------------------------------------------------------------------ the clock

    def _window_over(self, t: TournamentRecord) -> bool:
        return self._clock() >= t.starts_at + t.window

    def _next_due(self) -> float | None:
        due: list[float] = []
        for live in self._live.values():
            t = live.record
            if t.status == "registering":
                due.append(t.starts_at)
            elif t.status == "running" and t.format == "arena":
                end = t.starts_at + t.window
                estimate = float(t.settings.get("estimate", 600.0))
                if self._clock() < end - estimate:
                    due.append(end - estimate)  # the last moment a pairing may start
                due.append(end)
        return min(due) if due else None

    async def _schedule(self) -> None:
        while not self._closed:
            self._wake.clear()
            try:
                await self.tick()
            except Exception:
                log.exception("tournament scheduler step failed")
            due = self._next_due()
            timeout = None if due is None else max(0.0, due - self._clock())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)

    async def tick(self) -> None:
        """Start what is due, close Arenas whose window ended, pair free Arena players."""
        now = self._clock()
        for live in list(self._live.values()):
            t = live.record
            changed = ""
            async with live.lock:
                if t.status == "registering" and now >= t.starts_at:
                    changed = await self._start(live)
                elif t.status == "running" and t.format == "arena":
                    before = len(live.matches)
                    await self._arena_pair(live)
                    changed = "paired" if len(live.matches) != before else ""
                    if await self._advance(live):
                        changed = "finished"
            if changed:
                await self._changed(live, changed)
                if live.record.status != "running":
                    self._forget(live)

    # ------------------------------------------------------------------ rounds

    async def _start(self, live: Live) -> str:
        """Registration closes: computers join, too few entrants cancel, round 1 (or the Arena's
        first pairings) opens."""
        t = live.record
        count = int(t.settings.get("computers", 0))
        level = Level(str(t.settings.get("computer_level", "easy")))
        for i in range(1, count + 1):
            key = f"c{i}"
            if key in live.entries:
                continue
            entry = EntryRecord(
                key,
                (COMPUTER_IDS[level],),
                f"Computer {i} ({level.value})",
                True,
                DEFAULT_RATING - i,
                self._clock(),
            )
            await self.storage.add_entry(t.tournament_id, entry)
            live.entries[key] = entry
        if len(live.entries) < 2:
            await self.storage.set_tournament(
                t.tournament_id, status="cancelled", from_status=["registering"]
            )
            live.record = replace(t, status="cancelled")
            return "too_few"
        if t.format == "arena":
            await self.storage.set_tournament(
                t.tournament_id, status="running", from_status=["registering"]
            )
            live.record = replace(t, status="running")
            await self._arena_pair(live)
            return "started"
        await self._open_round(live, 1)
        return "started"

    async def _open_round(self, live: Live, n: int) -> bool:
        """Pair and open round ``n``. False: a Swiss whose every pairing would be a rematch (or
        a second bye): nothing opened, the caller ends the tournament early."""
        t = live.record
        now = self._clock()
        active = [e for e in live.entry_list() if not e.withdrawn]
        matches: list[MatchRecord] = []
        if t.format == "swiss":
            try:
                pairing = swiss.pair_round(
                    state.ratings_of(active),
                    state.swiss_history(live.match_list()),
                    rematches=False,
                )
            except swiss.NoPairing as exc:
                log.info("tournament %s ends after round %s: %s", t.tournament_id, n - 1, exc)
                return False
            for i, (a, b) in enumerate(pairing.pairs):
                matches.append(MatchRecord(f"r{n}b{i + 1}", n, i + 1, (a, b), now))
            if pairing.bye is not None:
                matches.append(
                    MatchRecord(
                        f"r{n}bye",
                        n,
                        len(matches) + 1,
                        (pairing.bye,),
                        now,
                        status="bye",
                        places=(1,),
                        ended_at=now,
                    )
                )
        else:
            lo, hi = table_seats(t.game) or (2, 2)
            keys = {e.entrant for e in active}
            if n == 1:
                ranked = multiseat.first_round(state.ratings_of(active))
            else:
                ranked = [
                    k
                    for k in state.multiseat_of(live.entry_list(), live.match_list()).ranked()
                    if k in keys
                ]
            out: list[str] = []
            if n > t.rounds:  # the final table
                tables = [multiseat.final_table(ranked, hi)]
            else:
                tables, out = multiseat.seat_round(ranked, lo, hi)
            for i, seats in enumerate(tables):
                matches.append(MatchRecord(f"r{n}t{i + 1}", n, i + 1, tuple(seats), now))
            for j, key in enumerate(out):
                matches.append(
                    MatchRecord(
                        f"r{n}bye{j + 1}",
                        n,
                        len(tables) + j + 1,
                        (key,),
                        now,
                        status="bye",
                        places=(1,),
                        ended_at=now,
                    )
                )
        if not await self.storage.open_round(t.tournament_id, n, matches):
            # Another process (or an earlier run) opened it: read what it wrote.
            await self._reload(live)
            return True
        live.record = replace(t, round=n, status="running")
        for m in matches:
            live.matches[m.match_id] = m
        for m in matches:
            if m.status == "open":
                await self._open_table(live, m)
        return True

    def _rounds_total(self, t: TournamentRecord) -> int:
        final = t.format == "tables" and bool(t.settings.get("final_table"))
        return t.rounds + (1 if final else 0)

    async def _advance(self, live: Live) -> bool:
        """After a result: the next round, or the end. True when the tournament finished."""
        t = live.record
        if t.status != "running":
            return False
        if t.format == "arena":
            if not self._window_over(t):
                return False
            if any(m.status == "open" for m in live.matches.values()):
                return False
            return await self._finish(live)
        current = state.round_matches(live.matches.values(), t.round)
        if any(m.status == "open" for m in current):
            return False
        if t.round < self._rounds_total(t) and await self._open_round(live, t.round + 1):
            return False
        return await self._finish(live)  # the last round, or no pairing without a rematch left

    async def _finish(self, live: Live) -> bool:
        t = live.record
        if not await self.storage.set_tournament(
            t.tournament_id, status="finished", from_status=["running"]
        ):
            await self._reload(live)
            return live.record.status == "finished"
        live.record = replace(t, status="finished")
        return True

    # ------------------------------------------------------------------ Arena

    async def _arena_pair(self, live: Live) -> None:
        t = live.record
        if t.status != "running":
            return
        pool = state.arena_of(live.entry_list(), live.match_list())
        end = t.starts_at + t.window
        estimate = float(t.settings.get("estimate", 600.0))
        pairs = pool.pair(self._clock(), end, estimate)
        if not pairs:
            return
        now = self._clock()
        base = len(live.matches)
        matches = [
            MatchRecord(f"a{base + i + 1}", 0, base + i + 1, (a, b), now)
            for i, (a, b) in enumerate(pairs)
        ]
        await self.storage.add_matches(t.tournament_id, matches)
        for m in matches:
            live.matches[m.match_id] = m
        for m in matches:
            await self._open_table(live, m)

    # ------------------------------------------------------------------ tables

    def _seats_of(self, t: TournamentRecord, live: Live, m: MatchRecord) -> list[Seat]:
        level = Level(str(t.settings.get("computer_level", "easy")))

        def seat(entry: EntryRecord, index: int) -> Seat:
            """A team's ``index``-th member, or the player (index 0)."""
            if entry.is_bot:
                return Seat(COMPUTER_IDS[level], entry.name, computer=level)
            names = entry.name.split(TEAM_JOIN)
            return Seat(entry.members[index], names[min(index, len(names) - 1)])

        entries = [live.entries[k] for k in m.seats]
        if team_game(t.game, t.preset):  # partners sit at s and s + 2
            a, b = entries
            return [seat(a, 0), seat(b, 0), seat(a, 1), seat(b, 1)]
        return [seat(e, 0) for e in entries]

    def _seats_per_entrant(self, t: TournamentRecord, m: MatchRecord) -> list[list[int]]:
        if team_game(t.game, t.preset):
            return [[i, i + 2] for i in range(len(m.seats))]
        return [[i] for i in range(len(m.seats))]

    async def _open_table(self, live: Live, m: MatchRecord) -> None:
        """Give the match a channel and a game id (stored first), then open its table."""
        t = live.record
        if m.channel_id is None or m.game_id is None:
            if self.host is None:
                raise RuntimeError("the tournament service has no host to place its tables")
            names = [live.entries[k].name for k in m.seats]
            channel = m.channel_id or await self.host.match_channel(t, m, names)
            game_id = uuid.uuid4().hex
            await self.storage.set_match_table(t.tournament_id, m.match_id, channel, game_id)
            m = replace(m, channel_id=channel, game_id=game_id)
            live.matches[m.match_id] = m
        if m.channel_id is None:
            raise RuntimeError("internal error: a match without a channel")
        self._by_channel[m.channel_id] = (t.tournament_id, m.match_id)
        current = self.manager.get(m.channel_id)
        if current is not None and current.game_id == m.game_id:
            return  # already open (restored after a restart)
        seats = self._seats_of(t, live, m)
        spec = GameSpec(
            game=t.game,
            options=dict(t.settings.get("options", {})),
            players=len(seats),
            turn_timer=float(t.settings.get("turn_timer", 120.0)),
            no_show_forfeit=True,
        )
        try:
            await self.manager.open_match(
                channel_id=m.channel_id,
                guild_id=t.guild_id,
                spec=spec,
                seats=seats,
                game_id=m.game_id,
            )
        except TableError:
            log.exception(
                "tournament %s: the table of match %s did not open", t.tournament_id, m.match_id
            )

    # ------------------------------------------------------------------ results

    def _recorded(self, table: Table, record: GameRecord) -> None:
        """The table layer recorded a game (in its table's lock): queue it, if it is ours."""
        if table.channel_id in self._by_channel:
            self._results.put_nowait((table, record))

    async def _work_results(self) -> None:
        while True:
            item = await self._results.get()
            try:
                if item is None:
                    return
                table, record = item
                no_shows = frozenset(
                    i for i, s in enumerate(table.seats) if s is not None and s.no_show
                )
                await self._take_result(table.channel_id, record, no_shows)
            except Exception:
                log.exception("a tournament result could not be taken")
            finally:
                self._results.task_done()

    async def _take_result(
        self, channel_id: int, record: GameRecord, no_shows: frozenset[int] = frozenset()
    ) -> None:
        found = self._by_channel.get(channel_id)
        if found is None:
            return
        tid, match_id = found
        live = self._live.get(tid)
        if live is None:
            return
        async with live.lock:
            m = live.matches.get(match_id)
            if m is None or m.status != "open" or m.game_id != record.game_id:
                return
            await self._apply_result(
                live,
                m,
                record.ended_by,
                record.winners,
                dict(enumerate(record.scores)),
                record.ended_at,
                no_shows,
            )
            finished = await self._advance(live)
            if live.record.format == "arena" and not finished:
                await self._arena_pair(live)
        await self._changed(live, "finished" if finished else "result")
        if finished:
            self._forget(live)

    async def _apply_result(
        self,
        live: Live,
        m: MatchRecord,
        ended_by: str,
        winners: Sequence[int],
        scores_by_side: dict[int, int],
        ended_at: float,
        no_shows: frozenset[int] = frozenset(),
    ) -> None:
        """``no_shows``: seats that never showed up and sat out (a game that plays on without
        them, poker): their entrants lose by forfeit, placed after everyone who played. (A game
        recorded while the process was down is read back without them: ``_catch_up``.)"""
        t = live.record
        per = self._seats_per_entrant(t, m)
        if ended_by == "abandoned":
            status, places = "void", None
        else:
            # scores are per side: a team's side is its first seat (0 or 1)
            by_seat = {s: scores_by_side.get(i, 0) for i, seats in enumerate(per) for s in seats}
            places = state.places_from_result(per, winners, by_seat)
            absent = [i for i, seats in enumerate(per) if all(s in no_shows for s in seats)]
            if absent:
                places = state.forfeited(places, absent)
            status = "forfeit" if ended_by == "forfeit" or absent else "finished"
        if await self.storage.finish_match(
            t.tournament_id, m.match_id, status, places, ended_at=ended_at
        ):
            live.matches[m.match_id] = replace(m, status=status, places=places, ended_at=ended_at)
        else:
            await self._reload(live)
        if m.channel_id is not None:
            self._by_channel.pop(m.channel_id, None)

    async def _void(self, live: Live, m: MatchRecord) -> None:
        now = self._clock()
        await self.storage.finish_match(
            live.record.tournament_id, m.match_id, "void", None, ended_at=now
        )
        live.matches[m.match_id] = replace(m, status="void", places=None, ended_at=now)
        if m.channel_id is not None:
            self._by_channel.pop(m.channel_id, None)

    # ------------------------------------------------------------------ restarts

    async def _load(self, t: TournamentRecord) -> Live:
        entries = await self.storage.entries(t.tournament_id)
        matches = await self.storage.matches(t.tournament_id)
        live = Live(t, {e.entrant: e for e in entries}, {m.match_id: m for m in matches})
        self._live[t.tournament_id] = live
        return live

    async def _reload(self, live: Live) -> None:
        t = await self.storage.tournament(live.record.tournament_id)
        if t is not None:
            live.record = t
        live.entries = {e.entrant: e for e in await self.storage.entries(live.record.tournament_id)}
        live.matches = {
            m.match_id: m for m in await self.storage.matches(live.record.tournament_id)
        }

    async def _catch_up(self, live: Live) -> None:
        """After a restart: each open match either has its game recorded (take the result), its
        table live (follow it), or no table yet (open it)."""
        for m in list(live.matches.values()):
            if m.status != "open":
                continue
            if m.channel_id is not None:
                # Listen first: a game ending from now on is queued; one that ended before is
                # found below (a result is taken once either way).
                self._by_channel[m.channel_id] = (live.record.tournament_id, m.match_id)
            if m.game_id is not None:
                summary = await self.storage.game_summary(m.game_id)
                if summary is not None:
                    await self._apply_result(
                        live,
                        m,
                        summary.ended_by,
                        summary.winners,
                        dict(enumerate(summary.scores)),
                        summary.ended_at,
                    )
                    continue
                table = self.manager.get(m.channel_id) if m.channel_id is not None else None
                if table is not None and table.game_id == m.game_id and table.is_live:
                    continue
                if table is not None and table.status is TableStatus.CANCELLED:
                    await self._void(live, m)
                    continue
            await self._open_table(live, m)
        if live.record.status == "running" and await self._advance(live):
            self._forget(live)

    # ------------------------------------------------------------------ helpers

    def _require(self, tournament_id: str) -> Live:
        live = self._live.get(tournament_id)
        if live is None:
            raise TournamentError(N_("There is no running tournament with that id here."))
        return live

    def _entry_of(self, live: Live, user_id: int) -> EntryRecord:
        for e in live.entries.values():
            if not e.is_bot and user_id in e.members:
                return e
        raise TournamentError(N_("You are not registered in this tournament."))

    async def _rating(self, t: TournamentRecord, members: Sequence[int]) -> float:
        values = []
        for user in members:
            row = await self.storage.rank_of(t.guild_id, t.game, user, Metric.RATING)
            values.append(row.rating if row is not None else DEFAULT_RATING)
        return sum(values) / len(values)

    async def _changed(self, live: Live, event: str) -> None:
        if self.host is None:
            return
        try:
            await self.host.changed(live.record, event)
        except Exception:
            log.exception(
                "tournament %s: the host failed to show a change", live.record.tournament_id
            )

    def _forget(self, live: Live) -> None:
        """An ended tournament is no longer held (its rows stay for its history)."""
        if live.record.status in ("finished", "cancelled"):
            self._live.pop(live.record.tournament_id, None)
            for ch, (tid, _) in list(self._by_channel.items()):
                if tid == live.record.tournament_id:
                    del self._by_channel[ch]
