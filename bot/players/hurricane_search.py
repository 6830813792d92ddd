"""``hard`` for Hurricane and Hurikan: worlds from the view, rollouts to the end of the deal.

The unseen cards (other hands, face-down cards, stock) are shuffled into a full position with the
engine's own ``determinise`` helper, which takes nothing but the view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from bot.games import load_game
from bot.games.base import Action, GameState

from .base import View
from .hard import SearchProfile
from .hurikan_normal import hurikan_normal
from .hurricane_normal import hurricane_normal

MAX_CANDIDATES = 8


def _determinize(view: View, rng: random.Random) -> GameState:
    from bot.games.hurricane import determinise

    return load_game(determinise(dict(view), rng, seed=rng.getrandbits(32)))


def _side(state: GameState, seat: int) -> int:
    return seat % 2 if state.num_players == 4 else seat


def _evaluate(events: list[dict[str, Any]], seat: int, state: GameState) -> float | None:
    for event in events:
        if event["type"] == "deal_scored":
            points = event["points"]
            mine = _side(state, seat)
            return float(points[mine] - points[1 - mine])
    return None


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
    if game == "hurikan":
        return SearchProfile(
            game="hurikan",
            samples_per_second=30,
            determinize=_determinize,
            candidates=_hurikan_candidates,
            rollout_policy=hurikan_normal,
            evaluate=_evaluate,
        )
    return SearchProfile(
        game="hurricane",
        samples_per_second=30,
        determinize=_determinize,
        candidates=_hurricane_candidates,
        rollout_policy=hurricane_normal,
        evaluate=_evaluate,
    )
