"""``hard`` for Hurricane and Hurikan: worlds from the view, rollouts to the end of the deal.

The unseen cards (other hands, face-down cards, stock) are shuffled into a full position with the
engine's public ``bot.games.determinise``, which takes nothing but the view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache, partial

from bot.games import Action, GameState, determinise

from .base import View
from .hard import SearchProfile, match_value
from .hurikan_normal import hurikan_normal
from .hurricane_normal import hurricane_normal

MAX_CANDIDATES = 8
#: Hurikan is one deal: its end is the match (won or lost). A won/lost count alone is too coarse
#: for a few dozen samples, so the margin (in units of its spread, ~20) weighs as much.
HURIKAN_PER_DEAL = 110.0
HURIKAN_SPREAD = 20.0
HURIKAN_MARGIN_SHARE = 1.0


def _side(state: GameState, seat: int) -> int:
    return seat % 2 if state.num_players == 4 else seat


def _hurricane_candidates(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    from .hurricane_normal import holding_chances, score_play
    from .hurricane_view import hurricane_info

    info = hurricane_info(view)
    chances = holding_chances(info)
    ranked = sorted(legal, key=lambda a: -score_play(str(a), info, chances))
    return ranked[:MAX_CANDIDATES]


def _hurikan_candidates(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    from .hurikan_normal import score_hurikan

    seat = int(view["seat"])
    sizes = view.get("hand_sizes") or [0, 0]
    table = list(view.get("table") or ())
    ranked = sorted(legal, key=lambda a: -score_hurikan(str(a), table, int(sizes[1 - seat])))
    return ranked[:MAX_CANDIDATES]


@cache
def profile(game: str) -> SearchProfile:
    hurikan = game == "hurikan"
    return SearchProfile(
        game="hurikan" if hurikan else "hurricane",
        samples_per_second=30,
        determinize=partial(determinise, "hurikan" if hurikan else "hurricane"),
        candidates=_hurikan_candidates if hurikan else _hurricane_candidates,
        rollout_policy=hurikan_normal if hurikan else hurricane_normal,
        # a Hurricane deal: about 2.5 points a side, its margin spread about 2.5
        evaluate=match_value("deal_scored", _side, per_deal=2.5, spread=2.5)
        if not hurikan
        else match_value(
            "deal_scored",
            _side,
            per_deal=HURIKAN_PER_DEAL,
            spread=HURIKAN_SPREAD,
            margin_share=HURIKAN_MARGIN_SHARE,
        ),
    )
