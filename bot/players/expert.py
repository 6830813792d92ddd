"""``expert`` for the Hurricane family and Haggis: hard's search over expert's profile
(``game_policies.expert_profile``), grown into an information-set tree (``ismcts``) where the
profile asks for one (``SearchProfile.tree_per_second``; no game does today). Hurricane's profile
solves the last round of a two-player deal exactly (``hurricane_endgame``): that, not a tree, is
what beats hard. Haggis's weighs its bets in worlds played out (``haggis_bets``), solves small
endgames of two players in every world (``haggis_endgame``) and plays its worlds on with normal's
plan tuned in self-play (``haggis_normal.TUNED``); Hurikan's solves the tail of the
third packet in every world (``hurikan_tail``). At the iterations 0.65 s buys the tree lost to
hard in Hurikan and Haggis (docs/players.md), and expert must never be the weaker of the two.

The budget is hard's: 0.65 s planned, never over 0.75 s with a clock; without one a fixed number
of iterations (``fixed_limits``), what the planned 0.65 of the budget buys on an idle core
(measured with ``python bench/expert_player.py`` and ``bench/hard_player.py``, CPU time). Whatever
goes wrong in an odd position, the move is normal's (a computer player never raises at the table).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence

from bot.games import Action

from .base import Policy, SearchLimits, View
from .hard import SearchProfile, SearchStats, search
from .ismcts import ismcts

log = logging.getLogger(__name__)

GAMES: tuple[str, ...] = ("hurricane", "hurikan", "haggis")


def iterations_per_second(profile: SearchProfile) -> float:
    """Per second of budget: the tree's iterations, or the flat search's samples."""
    return profile.tree_per_second or profile.samples_per_second


def fixed_limits(profile: SearchProfile, time_budget: float | None = None) -> SearchLimits:
    """The fixed iteration count (no clock) that the budget buys on an idle core."""
    timed = SearchLimits.from_budget(time_budget, iterations_per_second(profile))
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
    """Expert's move from the seat's ``view`` (``profile``: expert's of the game; ``normal``: the
    fall-back); ``limits`` fixes the work, else the time budget bounds it."""
    if limits is None:
        limits = SearchLimits.from_budget(time_budget, iterations_per_second(profile))
    seed = rng.getrandbits(64)
    try:
        if profile.tree_per_second:
            return ismcts(profile, view, legal, random.Random(seed), limits, stats)
        return search(profile, view, legal, random.Random(seed), limits, stats)
    except Exception:  # an odd position must never cost a move: normal decides it
        log.exception("expert search failed in %s; normal plays", profile.game)
        return normal(view, legal, random.Random(seed))
