"""``hard`` for Haggis: worlds from the view, candidate moves played out to the end of the round.

The unseen number cards — the deck less this seat's hand and every card played this round — are
dealt at random to the other seats' hidden hands (their face cards are public) and to the Haggis
by the engine's public ``bot.games.determinise``, which takes nothing but the view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

from bot.games import Action, determinise

from .base import View
from .haggis_normal import haggis_rollout, ranked_candidates
from .hard import SearchProfile, match_value

MAX_CANDIDATES = 12


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
    determinize=partial(determinise, "haggis"),
    candidates=candidates,
    rollout_policy=haggis_rollout,
    # a round: about 27 points a seat (2 players), its margin spread about 45
    evaluate=match_value("round_scored", lambda state, seat: seat, per_deal=27.0, spread=45.0),
    max_rollout_moves=600,
)
