"""``expert`` for the Hurricane family and Haggis. In Hurikan: information-set MCTS (``ismcts``)
over hard's worlds, candidates, rollout players and match-equity evaluation
(``hard.SearchProfile``). In Hurricane and Haggis (``FLAT_GAMES``): hard's own flat search over
expert's profile. Hurricane's solves the last round of a two-player deal exactly
(``hurricane_endgame``): that, not the tree, is what beats hard. Haggis's is hard's: at the
iterations 0.65 s buys the tree lost to hard (docs/players.md), and expert must never be the
weaker of the two.

The budget is hard's: 0.65 s planned, never over 0.75 s with a clock; without one a fixed number
of iterations (``fixed_limits``: budget × ``ITERATIONS_PER_BUDGET_SECOND``, or hard's samples in
a flat game), what the planned 0.65 of the budget buys on an idle core (measured with ``python
bench/expert_player.py``, CPU time). Whatever goes wrong in an odd position, the move is
normal's (a computer player never raises at the table).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence

from bot.games import Action

from .base import Policy, SearchLimits, View
from .haggis_search import PROFILE as HAGGIS_PROFILE
from .hard import SearchProfile, SearchStats, search
from .hurricane_search import profile as hurricane_profile
from .ismcts import ismcts

log = logging.getLogger(__name__)

GAMES: tuple[str, ...] = ("hurricane", "hurikan", "haggis")

#: Iterations that a second of budget buys on an idle core (its planned 0.65 s of CPU), as hard's
#: ``samples_per_second``, measured from the start of a game (``bench/expert_player.py``):
#: Hurikan's tree buys 237 where hard buys 248 samples in the same conditions, so 0.96 × hard's
#: 300. ``fixed_limits`` turns a budget into a fixed count with it.
ITERATIONS_PER_BUDGET_SECOND: dict[str, float] = {"hurikan": 287.0}
#: games where expert runs hard's flat search (its samples per second: hard's) over its profile
FLAT_GAMES: frozenset[str] = frozenset({"hurricane", "haggis"})


def iterations_per_second(game: str) -> float:
    """Per second of budget (hard's samples where expert runs hard's search)."""
    if game in FLAT_GAMES:  # game_policies.search_profile would import this module back
        flat = HAGGIS_PROFILE if game == "haggis" else hurricane_profile(game)
        return flat.samples_per_second
    return ITERATIONS_PER_BUDGET_SECOND[game]


def fixed_limits(game: str, time_budget: float | None = None) -> SearchLimits:
    """The fixed iteration count (no clock) that the budget buys on an idle core."""
    timed = SearchLimits.from_budget(time_budget, iterations_per_second(game))
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
        if game in FLAT_GAMES:
            return search(profile, view, legal, random.Random(seed), limits, stats)
        return ismcts(profile, view, legal, random.Random(seed), limits, stats)
    except Exception:  # an odd position must never cost a move: normal decides it
        log.exception("expert search failed in %s; normal plays", game)
        return normal(view, legal, random.Random(seed))
