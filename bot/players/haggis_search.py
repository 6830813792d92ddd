"""``hard`` for Haggis: worlds from the view, candidate moves played out to the end of the round.

The unseen number cards — the deck less this seat's hand and every card played this round — are
dealt at random to the other seats' hidden hands (their face cards are public) and to the Haggis
by the engine's ``sample_position``, which takes nothing but the view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.games import load_game
from bot.games.base import Action, GameState
from bot.games.haggis import sample_position

from .base import View
from .haggis_normal import haggis_rollout, ranked_candidates
from .hard import SearchProfile

MAX_CANDIDATES = 6


def determinize(view: View, rng: random.Random) -> GameState:
    """A world consistent with the view, dealt by the engine's own ``sample_position``."""
    return load_game(sample_position(dict(view), rng, seed=rng.getrandbits(32)))


def evaluate(events: list[dict[str, Any]], seat: int, state: GameState) -> float | None:
    for event in events:
        if event["type"] == "round_scored":
            points = event["points"]
            others = [p for s, p in enumerate(points) if s != seat]
            return float(points[seat] - sum(others) / len(others))
    return None


def candidates(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """Normal's best few plays, plus a bet when the hand might justify one (searched, not guessed)."""
    ranked = ranked_candidates(view, legal, rng)
    plays = [a for a in ranked if not str(a).startswith("bet")][:MAX_CANDIDATES]
    bets = [a for a in ranked if str(a).startswith("bet")]
    if bets and str(ranked[0]).startswith("bet"):
        return [bets[0], *plays]
    return [*plays, *bets]


PROFILE = SearchProfile(
    game="haggis",
    samples_per_second=30,
    determinize=determinize,
    candidates=candidates,
    rollout_policy=haggis_rollout,
    evaluate=evaluate,
    max_rollout_moves=600,
)
