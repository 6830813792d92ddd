"""Tune the weights of normal's Haggis plan in paired self-play (issue 29): expert's rollouts.

``python -m bot.players.haggis_plan_tune`` (the full run: 2 players, 1,000 deals a trial, 3
sweeps, about 10 minutes on two cores; it prints the ``Plan`` to paste as
``haggis_normal.TUNED``); ``--quick`` runs a few deals (the suite's check); ``--players``,
``--deals``, ``--sweeps`` and ``--processes`` override the defaults. The search is
``plan_tune``'s, from ``NORMAL``.

A deal is the first round of a 2-player game to the usual target, dealt from its seed, played
once from each seat: the candidate's margin is its round points less the mean of the others'.
Normal's scores rank even equal plays by their place in the legal list, so the seeded tie-breaks
(one per deal and seat) all but never decide: a plan against itself plays the same round from
every seat and scores exactly 0. The shipped ``TUNED`` is the full run's result.
"""

from __future__ import annotations

import random
import sys
from functools import partial

from bot.games import new_game

from . import plan_tune
from .haggis_normal import NORMAL, Plan, plan_player


def deal_margin(seed: int, candidate: Plan, incumbent: Plan, players: int) -> float:
    """The candidate's margin in the first round of the deal from ``seed``, averaged over its
    seats (the incumbent in every other seat)."""
    mine, theirs = plan_player(candidate), plan_player(incumbent)
    margins = []
    for seat in range(players):
        state = new_game("haggis", seed=seed, players=players)
        rng = random.Random(seed * 31 + seat)
        while True:
            mover = state.current_player
            if mover is None:
                raise RuntimeError("nobody to move before the round was scored")
            legal = state.legal_actions(mover)
            player = mine if mover == seat else theirs
            action = legal[0] if len(legal) == 1 else player(state.view(mover), legal, rng)
            scored = [e for e in state.apply(action, mover) if e["type"] == "round_scored"]
            if scored:
                points = scored[0]["points"]
                others = [p for s, p in enumerate(points) if s != seat]
                margins.append(points[seat] - sum(others) / len(others))
                break
    return sum(margins) / len(margins)


def main(argv: list[str] | None = None) -> int:
    return plan_tune.main(
        argv,
        __doc__.splitlines()[0],
        NORMAL,
        lambda players: partial(deal_margin, players=players),
        players=(2, 3),
    )


if __name__ == "__main__":
    sys.exit(main())
