"""``expert`` for the Hurricane family and Haggis: information-set MCTS (``ismcts``) over hard's
worlds, candidates, rollout players and match-equity evaluation (``hard.SearchProfile``).

The budget is hard's: 0.65 s planned, never over 0.75 s with a clock; without one a fixed number
of iterations (``fixed_limits``: 0.65 × budget × ``ITERATIONS_PER_SECOND``), what the planned
share of the budget buys on an idle core (measured with ``python bench/expert_player.py``, CPU
time). Whatever goes wrong in
an odd position, the move is normal's (a computer player never raises at the table).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence

from bot.games import Action

from .base import SOFT_SHARE, Policy, SearchLimits, View
from .hard import SearchProfile, SearchStats
from .ismcts import ismcts

log = logging.getLogger(__name__)

GAMES: tuple[str, ...] = ("hurricane", "hurikan", "haggis")

#: Iterations per second of CPU on an idle core, measured from the start of a game
#: (``bench/expert_player.py``); ``fixed_limits`` turns a budget into a fixed count with it.
ITERATIONS_PER_SECOND: dict[str, float] = {"hurricane": 125.0, "hurikan": 155.0, "haggis": 45.0}


def iterations_per_second(game: str) -> float:
    return ITERATIONS_PER_SECOND.get(game, 100.0)


def fixed_limits(game: str, time_budget: float | None = None) -> SearchLimits:
    """The fixed iteration count (no clock) that the budget buys on an idle core."""
    timed = SearchLimits.from_budget(time_budget, SOFT_SHARE * iterations_per_second(game))
    return SearchLimits(samples=timed.samples, time_cap=None)


def expert_move(
    profile: SearchProfile,
    normal: Policy,
    view: View,
    legal: Sequence[Action],
    rng: random.Random,
    limits: SearchLimits | None,
    time_budget: float | None,
    stats: SearchStats | None = None,
) -> Action:
    """Expert's move from the seat's ``view`` (``profile``: hard's of the game; ``normal``: the
    fall-back); ``limits`` fixes the work, else the time budget bounds it."""
    game = profile.game
    if limits is None:
        limits = SearchLimits.from_budget(time_budget, iterations_per_second(game))
    seed = rng.getrandbits(64)
    try:
        return ismcts(profile, view, legal, random.Random(seed), limits, stats)
    except Exception:  # an odd position must never cost a move: normal decides it
        log.exception("expert search failed in %s; normal plays", game)
        return normal(view, legal, random.Random(seed))
