"""Playing and tallying arena games.

Each game gives every seat (or team) one of the entries; the assignment rotates from game to game
so that every entry sits in every position equally often. Players only ever receive a JSON copy of
their seat's view, never the game state.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.games import GameState, new_game
from bot.players import LEVELS, SearchLimits, choose_action


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
    no_time_cap: bool = False


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

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def ms_per_move(self) -> float:
        return 1000 * self.think / self.moves if self.moves else 0.0


def sides_of(state: GameState) -> tuple[int, Callable[[int], int]]:
    """Number of sides and seat → side (teams in Hurricane ``pairs``)."""
    if state.name == "hurricane" and state.options.get("preset") == "pairs":
        return 2, lambda seat: seat % 2
    return state.num_players, lambda seat: seat


def _limits(config: ArenaConfig) -> SearchLimits | None:
    if config.samples is None and not config.no_time_cap:
        return None
    from bot.players.game_policies import search_profile

    profile = search_profile(config.game)
    base = SearchLimits.from_budget(config.time_budget, profile.samples_per_second)
    samples = config.samples if config.samples is not None else base.samples
    return SearchLimits(samples=samples, time_cap=None if config.no_time_cap else base.time_cap)


def play_game(
    config: ArenaConfig, game_index: int, stats: list[EntryStats], max_moves: int = 20000
) -> dict[str, Any]:
    """Play one game; entries rotate over the sides with ``game_index``."""
    seed = config.seed * 100_003 + game_index
    state = new_game(config.game, seed=seed, players=config.players, options=config.options)
    n_sides, side_of = sides_of(state)
    if len(config.levels) != n_sides:
        raise ValueError(f"this game has {n_sides} sides: give {n_sides} levels")
    entry_of_side = [(side + game_index) % n_sides for side in range(n_sides)]
    limits = _limits(config)
    moves = 0
    while not state.is_over:
        seat = state.current_player
        if not (seat is not None):
            raise RuntimeError("internal error: expected seat is not None")
        entry = entry_of_side[side_of(seat)]
        view = json.loads(json.dumps(state.view(seat)))
        legal = state.legal_actions(seat)
        start = time.perf_counter()
        action = choose_action(
            config.game,
            view,
            legal,
            config.levels[entry],
            seed=seed * 7919 + moves,
            time_budget=config.time_budget,
            limits=limits,
        )
        spent = time.perf_counter() - start
        record = stats[entry]
        record.moves += 1
        record.think += spent
        record.slowest = max(record.slowest, spent)
        state.apply(action, seat)
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
        record.points += float(result["scores"][side])
        if result["winner"] is None:
            record.draws += 1
        elif result["winner"] == side:
            record.wins += 1
            record.doubles += bool(result.get("double"))
    return result


def run_arena(
    config: ArenaConfig, progress: Callable[[int, list[EntryStats]], None] | None = None
) -> list[EntryStats]:
    for level in config.levels:
        if level not in LEVELS:
            raise ValueError(f"Unknown level {level!r}: choose among {', '.join(LEVELS)}")
    stats = [EntryStats(level) for level in config.levels]
    for index in range(config.games):
        play_game(config, index, stats)
        if progress is not None:
            progress(index + 1, stats)
    return stats


def format_table(config: ArenaConfig, stats: list[EntryStats]) -> str:
    lines = [
        f"{config.game} {config.options or ''} — {config.games} games, seed {config.seed}".rstrip(),
        f"{'#':>2} {'level':<7} {'wins':>5} {'draws':>5} {'win rate':>8} {'95% CI (Wilson)':>17} "
        f"{'mean pts':>8} {'ms/move':>8} {'max ms':>8}",
    ]
    for i, s in enumerate(stats):
        low, high = wilson_interval(s.wins, s.games)
        lines.append(
            f"{i + 1:>2} {s.level:<7} {s.wins:>5} {s.draws:>5} {100 * s.win_rate:>7.1f}% "
            f"{f'[{100 * low:.1f}%, {100 * high:.1f}%]':>17} {s.mean_points:>8.1f} "
            f"{s.ms_per_move:>8.2f} {1000 * s.slowest:>8.1f}"
        )
    return "\n".join(lines)
