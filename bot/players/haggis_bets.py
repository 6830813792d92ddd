"""Haggis bets weighed in worlds (``expert``).

A bet pays its value to the bettor who goes out first and, if it fails, the same to the first
player out and to every player who did not bet (G-18): against the others it is worth about
``value × (2p − 1)``, p the chance of going out first. Normal (and so hard, which searches a bet
only where normal would make one) estimates p from a few features of the hand; on 700 rounds of
normal against normal its big bets, made from an estimate of 0.62 or more, won about 1 point a
round. Expert estimates p where it counts, in worlds: it deals the unseen cards from its view and
plays the round out with the rollout players in each, then makes the bet whose mean value for
the match (the search's ``evaluate``, the bet added to each world's round) is best.
``bench/haggis_bets.py`` measures both estimates against who really went out first.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from bot.games import Action, GameState, determinise

from .base import Policy, View, seat_of
from .hard import Evaluate

#: Worlds played out per bet decision, and the fewest a decision is made on (with a clock).
BET_WORLDS = 32
MIN_BET_WORLDS = 16
#: A round played out that has not ended after this many moves is dropped.
MAX_MOVES = 600


def _bet_value(action: Action) -> int:
    return int(str(action).split()[1])


def round_end(world: GameState, policy: Policy, rng: random.Random) -> dict[str, Any] | None:
    """The ``round_scored`` event of the round played out by ``policy``, nobody betting."""
    for _ in range(MAX_MOVES):
        player = world.current_player
        if player is None:
            return None
        legal = [a for a in world.legal_actions(player) if not str(a).startswith("bet")]
        action = legal[0] if len(legal) == 1 else policy(world.view(player), legal, rng)
        for event in world.apply(action, player):
            if event["type"] == "round_scored":
                return event
    return None


def with_bet(event: dict[str, Any], seat: int, value: int) -> dict[str, Any]:
    """``event`` (a ``round_scored``) as if ``seat`` had also bet ``value`` (G-18)."""
    points = list(event["points"])
    totals = list(event["totals"])
    first = event["first_out"]
    bets = list(event["bets"])
    winners = (
        [seat]
        if first == seat
        else [s for s in range(len(points)) if s != seat and (s == first or not bets[s])]
    )
    for s in winners:
        points[s] += value
        totals[s] += value
    bets[seat] = value
    return {**event, "points": points, "totals": totals, "bets": bets}


def bet_move(
    view: View,
    legal: Sequence[Action],
    *,
    evaluate: Evaluate,
    policy: Policy,
    rng: random.Random,
    deadline: float | None = None,
    worlds: int = BET_WORLDS,
) -> Action | None:
    """The bet with the best mean value over worlds played out from ``view``, or None where no
    bet is legal, no bet is best, or the deadline leaves too few worlds."""
    bets = [a for a in legal if str(a).startswith("bet")]
    if not bets:
        return None
    seat = seat_of(view)
    outcomes: list[tuple[dict[str, Any], GameState]] = []
    for _ in range(worlds):
        if deadline is not None and time.perf_counter() > deadline:
            break
        world = determinise("haggis", view, rng, round_only=True)
        event = round_end(world, policy, rng)
        if event is not None:
            outcomes.append((event, world))
    if len(outcomes) < min(worlds, MIN_BET_WORLDS):
        return None

    def mean_value(value: int) -> float:
        total = 0.0
        for event, world in outcomes:
            total += (
                evaluate([with_bet(event, seat, value) if value else event], seat, world) or 0.0
            )
        return total / len(outcomes)

    no_bet = mean_value(0)
    best = max(bets, key=lambda a: (mean_value(_bet_value(a)), -_bet_value(a)))
    return best if mean_value(_bet_value(best)) > no_bet else None
