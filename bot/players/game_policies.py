"""Per-game wiring: the ``normal`` policy, the ``hard`` search profile and the ``expert`` of each
game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games import Action

from .base import Policy, SearchLimits, View
from .hard import SearchProfile, SearchStats


def normal_policy(game: str) -> Policy:
    if game == "hurricane":
        from .hurricane_normal import hurricane_normal

        return hurricane_normal
    if game == "hurikan":
        from .hurikan_normal import hurikan_normal

        return hurikan_normal
    if game == "haggis":
        from .haggis_normal import haggis_normal

        return haggis_normal
    if game == "hurricane_poker":
        from .poker_players import poker_normal

        return poker_normal
    raise ValueError(f"Unknown game {game!r}: choose one of hurricane, hurikan, haggis.")


def search_profile(game: str) -> SearchProfile:
    if game in ("hurricane", "hurikan"):
        from .hurricane_search import profile

        return profile(game)
    if game == "haggis":
        from .haggis_search import PROFILE

        return PROFILE
    raise ValueError(f"Unknown game {game!r}: choose one of hurricane, hurikan, haggis.")


def expert_profile(game: str) -> SearchProfile:
    """The search profile of ``expert``: hard's, with what only expert knows (``hurricane``:
    the last round solved; ``haggis``: small two-player endgames solved in every world)."""
    if game in ("hurricane", "hurikan"):
        from .hurricane_search import expert_profile as hurricane_expert

        return hurricane_expert(game)
    if game == "haggis":
        from .haggis_search import EXPERT_PROFILE

        return EXPERT_PROFILE
    return search_profile(game)


def expert_fixed_limits(game: str, time_budget: float | None = None) -> SearchLimits:
    """Expert's fixed work (no clock) for a budget in a searched game: what it buys on an idle
    core (the arena's and the analysis's count)."""
    from .expert import fixed_limits

    return fixed_limits(expert_profile(game), time_budget)


def hard_policy(game: str) -> Policy | None:
    """A game whose ``hard`` is a policy of its own rather than the determinised search."""
    if game == "hurricane_poker":
        from .poker_players import poker_hard

        return poker_hard
    return None


def expert_policy(game: str) -> Policy | None:
    """A game whose ``expert`` is a policy of its own (Hurricane poker: the CFR+ table)."""
    if game == "hurricane_poker":
        from .poker_expert import poker_expert

        return poker_expert
    return None


def hard_choice(
    game: str,
    view: View,
    legal: Sequence[Action],
    rng: random.Random,
    limits: SearchLimits | None,
    time_budget: float | None,
    stats: SearchStats | None = None,
) -> Action:
    """The ``hard`` level's move (``limits`` fixes its work; else ``time_budget`` bounds it;
    ``stats`` receives the samples it finished)."""
    fast_hard = hard_policy(game)
    if fast_hard is not None:
        return fast_hard(view, legal, rng)
    from .hard import search

    profile = search_profile(game)
    if limits is None:
        limits = SearchLimits.from_budget(time_budget, profile.samples_per_second)
    return search(profile, view, legal, rng, limits, stats)


def expert_choice(
    game: str,
    view: View,
    legal: Sequence[Action],
    rng: random.Random,
    limits: SearchLimits | None,
    time_budget: float | None,
    stats: SearchStats | None = None,
) -> Action:
    """The ``expert`` level's move (``limits`` fixes its work; else ``time_budget`` bounds it;
    ``stats`` receives the iterations or samples it finished)."""
    own = expert_policy(game)
    if own is not None:
        return own(view, legal, rng)
    from .expert import GAMES, expert_move

    if game in GAMES:
        profile = expert_profile(game)
        return expert_move(
            profile, normal_policy(game), view, legal, rng, limits, time_budget, stats
        )
    return hard_choice(game, view, legal, rng, limits, time_budget, stats)
