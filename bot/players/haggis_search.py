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

from .base import View, seat_of
from .haggis_cards import is_bomb_text
from .haggis_normal import haggis_rollout, ranked_candidates
from .hard import SearchProfile, match_value

MAX_CANDIDATES = 12
#: While every opponent still holds more than this many cards, a bomb played where a plain
#: follow was legal is an early bomb (issue 29: hard spent them so, and lost to greedy where
#: normal did not).
EARLY_CARDS = 6


def _others_min(view: View) -> int:
    seat = seat_of(view)
    sizes = list(view.get("hand_sizes") or ())
    out = set(view.get("out") or ())
    others = [n for s, n in enumerate(sizes) if s != seat and s not in out and n > 0]
    return min(others) if others else 0


def too_early_for_bombs(view: View, legal: Sequence[Action]) -> bool:
    """A follow where a plain (non-bomb) play is legal, while every opponent still holds more
    than ``EARLY_CARDS`` cards: a bomb played here is an early bomb."""
    if not view.get("top") or _others_min(view) <= EARLY_CARDS:
        return False
    return any(
        not t.startswith(("bet", "pass", "give")) and not is_bomb_text(t) for t in map(str, legal)
    )


def early_bomb(view: View, legal: Sequence[Action], action: Action) -> bool:
    """``action`` is a bomb played too early (``too_early_for_bombs``)."""
    return is_bomb_text(str(action)) and too_early_for_bombs(view, legal)


def candidates(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """Normal's best few plays, plus a bet when the hand might justify one (searched, not guessed).
    An early bomb (``early_bomb``) is searched only when it is normal's own choice."""
    ranked = ranked_candidates(view, legal, rng)
    if len(ranked) > 1 and too_early_for_bombs(view, legal):
        ranked = [ranked[0], *(a for a in ranked[1:] if not is_bomb_text(str(a)))]
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
