"""The analysis of a finished game, move by move (issue 29 §3; docs/analysis.md).

``analyse_game`` replays the moves from the game as dealt. At each move a human made with a
real choice (more than one legal move) it takes that seat's view at that moment — never a card
the seat could not see — asks ``expert`` for its move from the same view, and values both moves
(``estimate.values``: the same sampled worlds and rollout seeds for both). The cost of the played
move is what it lost against expert's, never below 0; its mark follows the game's thresholds
(``THRESHOLDS``), and each human seat's accuracy is the mean of ``2 ** (-cost / mistake)``
over its analysed moves, × 100.

Pure: no storage, Discord or event loop. The same start, moves and seed give the same analysis.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bot.games import GameState, IllegalAction, parse_action
from bot.players import SearchLimits, choose_action
from bot.players.expert import GAMES as EXPERT_SEARCHED
from bot.players.game_policies import expert_fixed_limits

from .estimate import estimator, values
from .model import GameAnalysis, Mark, MoveVerdict, NotAnalysable


@dataclass(frozen=True, slots=True)
class AnalysedMove:
    """One move of the log: who made it, what (canonical notation), and whether a person chose
    it (only those are analysed; a computer's or a timeout's move is just replayed)."""

    seat: int
    action: str
    human: bool


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Costs (in the game's unit) from which a move is an inaccuracy, a mistake, a blunder."""

    inaccuracy: float
    mistake: float
    blunder: float

    def mark(self, cost: float) -> Mark:
        if cost >= self.blunder:
            return Mark.BLUNDER
        if cost >= self.mistake:
            return Mark.MISTAKE
        if cost >= self.inaccuracy:
            return Mark.INACCURACY
        return Mark.GOOD if cost > 0 else Mark.BEST


#: Per game, from the scale of a deal's margin (docs/analysis.md): Hurricane's is about 2.5
#: points, Hurikan's about 20, a 2-player Haggis round's about 45; a poker hand moves a few chips.
THRESHOLDS: dict[str, Thresholds] = {
    "hurricane": Thresholds(0.3, 0.6, 1.0),
    "hurikan": Thresholds(4.0, 8.0, 15.0),
    "haggis": Thresholds(8.0, 15.0, 30.0),
    "hurricane_poker": Thresholds(0.5, 1.0, 2.0),
}

#: Worlds per analysed move, by game, for the estimate of the played and expert's moves: as many
#: as the CPU budget allows (a 40-move 2-player game with every move a person's stays under 60 s
#: of CPU; bench/analysis.py, the figures in docs/analysis.md). Expert's own search runs the fixed
#: count that its 0.65 s buys on an idle core (``search_limits``).
ESTIMATE_SAMPLES: dict[str, int] = {
    "hurricane": 128,
    "hurikan": 256,
    "haggis": 32,
    "hurricane_poker": 48,
}


def search_limits(game: str, samples: int | None = None) -> SearchLimits:
    """Expert's work per analysed move: ``samples`` iterations, else what its time budget buys on
    an idle core (its play at the table, without the clock: the same on any machine)."""
    if samples is not None:
        return SearchLimits(samples=max(1, int(samples)), time_cap=None)
    if game in EXPERT_SEARCHED:
        return expert_fixed_limits(game)
    return SearchLimits(samples=1, time_cap=None)  # poker: expert is a table, it does not search


#: A cost below this is floating-point rounding: the two moves' means are equal.
EPSILON = 1e-9


def move_accuracy(game: str, cost: float) -> float:
    """0..100 for one move: 100 for no cost, 50 at the game's mistake threshold, 25 at twice it."""
    return 100.0 * math.pow(2.0, -max(0.0, cost) / THRESHOLDS[game].mistake)


def _rng(seed: int, move_no: int) -> random.Random:
    """Each move's own stream: a move's verdict depends on the seed and its number only."""
    return random.Random(seed * 1_000_003 + move_no)


def _legal_text(legal: Sequence[object], game: str, played: str) -> str:
    """The played move as the legal list spells it (a Haggis reading may carry its suffix)."""
    texts = [str(a) for a in legal]
    if played in texts:
        return played
    try:
        canonical = str(parse_action(game, played))
    except (IllegalAction, ValueError):
        return played
    if canonical in texts:
        return canonical
    readings = [t for t in texts if t.split(" =")[0] == canonical.split(" =")[0]]
    return readings[0] if len(readings) == 1 else played


def analyse_game(
    start: GameState,
    moves: Sequence[AnalysedMove],
    *,
    game_id: str,
    samples: int | None = None,
    seed: int = 0,
) -> GameAnalysis:
    """Analyse every human move of a game with a real choice (see the module's text).

    ``start`` is the game as dealt (it is not changed); ``moves`` the whole log in order; ``samples``
    (both expert's iterations and the estimate's worlds) overrides the game's own counts. Raises ``IllegalAction`` when a move
    does not replay, ``NotAnalysable`` for a game without an analysis (one registered from outside).
    """
    began = time.process_time()
    game = start.name
    if game not in THRESHOLDS:
        raise NotAnalysable(f"There is no analysis for {game!r} games.")
    est = estimator(game)
    n = ESTIMATE_SAMPLES[game] if samples is None else max(1, int(samples))
    limits = search_limits(game, samples)
    marks = THRESHOLDS[game]
    state = start.clone()
    verdicts: list[MoveVerdict] = []
    for move_no, move in enumerate(moves, start=1):
        if move.human and not state.is_over:
            legal = state.legal_actions(move.seat)
            if len(legal) > 1:
                view = state.view(move.seat)
                rng = _rng(seed, move_no)
                played = _legal_text(legal, game, move.action)
                best = str(
                    choose_action(
                        game, view, legal, "expert", seed=rng.getrandbits(32), limits=limits
                    )
                )
                cost = 0.0
                if best != played:
                    value_best, value_played = values(est, view, move.seat, [best, played], n, rng)
                    cost = max(0.0, value_best - value_played)
                    if cost < EPSILON:
                        cost = 0.0
                mark = marks.mark(cost)
                verdicts.append(MoveVerdict(move_no, move.seat, played, best, cost, mark))
        state.apply(move.action, move.seat)
    accuracy: dict[int, float] = {}
    for seat in sorted({v.seat for v in verdicts}):
        mine = [move_accuracy(game, v.cost) for v in verdicts if v.seat == seat]
        accuracy[seat] = sum(mine) / len(mine)
    return GameAnalysis(
        game_id=game_id,
        game=game,
        unit=est.unit,
        moves=tuple(verdicts),
        accuracy=accuracy,
        cpu_seconds=time.process_time() - began,
    )
