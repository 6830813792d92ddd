"""Playing and tallying arena games.

Each game gives every seat (or team) one of the entries; the assignment rotates from game to game
so that every entry sits in every position equally often. With ``mirror`` the same deal (seed) is
played once per rotation — with two sides, each deal twice with the seats swapped — so the luck
of the cards cancels out. Players only ever receive a JSON copy of their seat's view, never the
game state. Besides the levels, an entry may be ``greedy``, the fixed baseline of
``bot.arena.greedy``, or in Hurricane poker one of the rule players of ``bot.arena.poker_rules``
(``foldbet``, ``tag``, ``lp``, ``maniac``).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.games import GameState, new_game
from bot.players import DEFAULT_TIME_BUDGET, LEVELS, SearchLimits, choose_action
from bot.players.base import SOFT_SHARE
from bot.players.expert import GAMES as EXPERT_GAMES
from bot.players.game_policies import expert_fixed_limits, search_profile

from .greedy import greedy_action
from .poker_rules import RULE_PLAYERS, rule_action

BASELINES: tuple[str, ...] = ("greedy", *RULE_PLAYERS)


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (sound near 0 and 1, unlike the normal one)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class ArenaConfig:
    game: str
    levels: tuple[str, ...]
    games: int = 100
    seed: int = 1
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    time_budget: float | None = None
    samples: int | None = None  # hard: determinisations per move (overrides the time budget)
    #: expert: iterations per move (default: ``samples`` when given, else what the budget buys)
    expert_samples: int | None = None
    no_time_cap: bool = False
    mirror: bool = False  # play each deal once per seat rotation (twice with two sides)
    #: play only games ``first_game`` .. ``games - 1`` of the run, on the deals of the whole run:
    #: to split a long run over cores or finish a stopped one
    first_game: int = 0


@dataclass
class EntryStats:
    level: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    doubles: int = 0
    points: float = 0.0
    moves: int = 0
    think: float = 0.0
    slowest: float = 0.0
    deals: int = 0  # deals (Hurricane) or rounds (Haggis) played
    first_games: int = 0  # games this entry sat in the first seat to play
    first_wins: int = 0
    dealer_games: int = 0  # games this entry dealt first
    dealer_wins: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def points_per_deal(self) -> float:
        return self.points / self.deals if self.deals else 0.0

    @property
    def ms_per_move(self) -> float:
        return 1000 * self.think / self.moves if self.moves else 0.0


def sides_of(state: GameState) -> tuple[int, Callable[[int], int]]:
    """Number of sides and seat → side (teams in Hurricane ``pairs``)."""
    if state.name == "hurricane" and state.options.get("preset") == "pairs":
        return 2, lambda seat: seat % 2
    return state.num_players, lambda seat: seat


def _limits(config: ArenaConfig, level: str = "hard") -> SearchLimits | None:
    """The fixed work of a searching level, or None for its time budget alone."""
    if level == "expert" and config.game in EXPERT_GAMES:
        fixed = config.expert_samples if config.expert_samples is not None else config.samples
        if fixed is None and not config.no_time_cap:
            return None
        samples = (
            fixed
            if fixed is not None
            else expert_fixed_limits(config.game, config.time_budget).samples
        )
        budget = DEFAULT_TIME_BUDGET if config.time_budget is None else config.time_budget
        return SearchLimits(
            samples=samples, time_cap=None if config.no_time_cap else SOFT_SHARE * budget
        )
    if config.samples is None and not config.no_time_cap:
        return None
    profile = search_profile(config.game)
    base = SearchLimits.from_budget(config.time_budget, profile.samples_per_second)
    samples = config.samples if config.samples is not None else base.samples
    return SearchLimits(samples=samples, time_cap=None if config.no_time_cap else base.time_cap)


#: Called before each move is applied: (game index, seat, level, the seat's view, legal
#: actions, the chosen action) — for traces (e.g. ``bench/haggis_bombs.py``).
Observer = Callable[[int, int, str, dict[str, Any], list[Any], Any], None]


def play_game(
    config: ArenaConfig,
    game_index: int,
    stats: list[EntryStats],
    max_moves: int = 20000,
    observer: Observer | None = None,
) -> dict[str, Any]:
    """Play one game; entries rotate over the sides with ``game_index`` (with ``mirror``, every
    ``n_sides`` consecutive games share one deal). ``observer`` sees every move."""
    probe = new_game(config.game, seed=0, players=config.players, options=config.options)
    n_sides, side_of = sides_of(probe)
    if len(config.levels) != n_sides:
        raise ValueError(f"this game has {n_sides} sides: give {n_sides} levels")
    deal_index = game_index // n_sides if config.mirror else game_index
    seed = config.seed * 100_003 + deal_index
    state = new_game(config.game, seed=seed, players=config.players, options=config.options)
    entry_of_side = [(side + game_index) % n_sides for side in range(n_sides)]
    first_entry = entry_of_side[side_of(state.current_player or 0)]
    dealer = state.view(0).get("dealer")
    dealer_entry = entry_of_side[side_of(int(dealer))] if isinstance(dealer, int) else None
    limits = {level: _limits(config, level) for level in set(config.levels)}
    moves = 0
    deals = 0
    while not state.is_over:
        seat = state.current_player
        if not (seat is not None):
            raise RuntimeError("internal error: expected seat is not None")
        entry = entry_of_side[side_of(seat)]
        view = json.loads(json.dumps(state.view(seat)))
        legal = state.legal_actions(seat)
        level = config.levels[entry]
        start = time.perf_counter()
        if level == "greedy":
            action = legal[0] if len(legal) == 1 else greedy_action(config.game, view, legal)
        elif level in RULE_PLAYERS:
            action = legal[0] if len(legal) == 1 else rule_action(level, view, legal)
        else:
            action = choose_action(
                config.game,
                view,
                legal,
                level,
                seed=seed * 7919 + moves,
                time_budget=config.time_budget,
                limits=limits[level],
            )
        spent = time.perf_counter() - start
        record = stats[entry]
        record.moves += 1
        record.think += spent
        record.slowest = max(record.slowest, spent)
        if observer is not None:
            observer(game_index, seat, level, view, list(legal), action)
        events = state.apply(action, seat)
        deals += sum(1 for e in events if e["type"] in ("deal_scored", "round_scored"))
        moves += 1
        if moves > max_moves:
            raise RuntimeError(f"game {game_index} did not end after {max_moves} moves")
    result = state.result()
    counted: set[int] = set()
    for side in range(n_sides):
        entry = entry_of_side[side]
        if entry in counted:
            continue
        counted.add(entry)
        record = stats[entry]
        record.games += 1
        record.deals += deals
        record.points += float(result["scores"][side])
        won = result["winner"] is not None and result["winner"] == side
        if result["winner"] is None:
            record.draws += 1
        elif won:
            record.wins += 1
            record.doubles += bool(result.get("double"))
        if entry == first_entry:
            record.first_games += 1
            record.first_wins += won
        if entry == dealer_entry:
            record.dealer_games += 1
            record.dealer_wins += won
    return result


def run_arena(
    config: ArenaConfig,
    progress: Callable[[int, list[EntryStats]], None] | None = None,
    observer: Observer | None = None,
) -> list[EntryStats]:
    for level in config.levels:
        if level in RULE_PLAYERS and config.game != "hurricane_poker":
            raise ValueError(f"{level!r} is a Hurricane poker rule player")
        if level not in LEVELS and level not in BASELINES:
            choices = ", ".join((*LEVELS, *BASELINES))
            raise ValueError(f"Unknown level {level!r}: choose among {choices}")
    if not 0 <= config.first_game < config.games:
        raise ValueError(f"the first game must be from 0 to {config.games - 1}")
    stats = [EntryStats(level) for level in config.levels]
    for index in range(config.first_game, config.games):
        play_game(config, index, stats, observer=observer)
        if progress is not None:
            progress(index + 1, stats)
    return stats


def format_table(config: ArenaConfig, stats: list[EntryStats]) -> str:
    mirror = " (mirrored deals)" if config.mirror else ""
    first, last = config.first_game + 1, config.games
    played = f"{last} games" if first == 1 else f"games {first}–{last} of {last}"
    lines = [
        f"{config.game} {config.options or ''} — {played}{mirror}, seed {config.seed}".replace(
            "  ", " "
        ),
        f"{'#':>2} {'level':<7} {'wins':>5} {'draws':>5} {'win rate':>8} {'95% CI (Wilson)':>17} "
        f"{'mean pts':>8} {'pts/deal':>8} {'1st seat':>9} {'dealer':>9} {'ms/move':>8} "
        f"{'max ms':>8}",
    ]
    for i, s in enumerate(stats):
        low, high = wilson_interval(s.wins, s.games)
        lines.append(
            f"{i + 1:>2} {s.level:<7} {s.wins:>5} {s.draws:>5} {100 * s.win_rate:>7.1f}% "
            f"{f'[{100 * low:.1f}%, {100 * high:.1f}%]':>17} {s.mean_points:>8.1f} "
            f"{s.points_per_deal:>8.2f} {f'{s.first_wins}/{s.first_games}':>9} "
            f"{f'{s.dealer_wins}/{s.dealer_games}':>9} {s.ms_per_move:>8.2f} "
            f"{1000 * s.slowest:>8.1f}"
        )
    lines.append(
        "pts/deal: points per deal (Hurricane) or round (Haggis); 1st seat / dealer: games won "
        "of those the entry opened play / dealt first"
    )
    return "\n".join(lines)
