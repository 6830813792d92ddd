"""Tune the weights of normal's Hurikan plan in paired self-play (issue 29): expert's rollouts.

``python -m bot.players.hurikan_plan_tune`` (the full run: 1,000 deals a trial, 3 sweeps; it
prints the best plan found); ``--quick`` runs a few deals (the suite's check); ``--deals``,
``--sweeps`` and ``--processes`` override the defaults. The search is ``plan_tune``'s, from
``NORMAL``. Session 29's run (10,000 deals a trial) found no step that changes a single move.

A deal is a whole Hurikan game (one deal, K-5) dealt from its seed, played once from each seat:
the candidate's margin is its capture points less the incumbent's. Each seat breaks ties with its
own generator, seeded by the deal and the seat (not by who plays it), so a plan against itself
plays the same game from both seats and scores exactly 0.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from bot.games import new_game

from . import plan_tune
from .hurikan_normal import NORMAL, Plan, normal_text


def deal_margin(seed: int, candidate: Plan, incumbent: Plan) -> float:
    """The candidate's margin in the game dealt from ``seed``, averaged over its two seats."""
    margins = []
    for seat in range(2):
        state = new_game("hurikan", seed=seed)
        rngs = [random.Random(seed * 31 + mover) for mover in range(2)]
        scored: list[dict[str, Any]] = []
        while not scored:
            mover = state.current_player
            if mover is None:
                raise RuntimeError("nobody to move before the deal was scored")
            plan = candidate if mover == seat else incumbent
            events = state.apply(normal_text(state.view(mover), rngs[mover], plan), mover)
            scored = [e for e in events if e["type"] == "deal_scored"]
        points = scored[0]["points"]
        margins.append(float(points[seat] - points[1 - seat]))
    return sum(margins) / 2


def main(argv: list[str] | None = None) -> int:
    return plan_tune.main(argv, __doc__.splitlines()[0], NORMAL, lambda _players: deal_margin)


if __name__ == "__main__":
    sys.exit(main())
