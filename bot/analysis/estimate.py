"""The value of a move from one seat's view: what the analysis measures moves with.

A move is valued in the unit the deal is scored in (``Estimator.unit``): the deal's points for
the Hurricane family and Haggis — the mover's side's points less the mean of the other sides'
(``margin``), at the end of the deal or round the move belongs to — and chips in Hurricane
poker — the mover's stack at the end of the hand less its stack at the hand's start. Only the
view is read: each sample deals the cards the seat cannot see at random, consistently with the
view (the players' own ``determinise``; in poker the opponents' hands are also weighed by their
betting this hand, as normal and hard read it), and plays the deal out with the normal players
(hard's rollouts). Every move compared in a sample is played in the same world with the same
rollout seed (common random numbers), so the difference between two moves is the moves' own,
not the luck of the deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import Any

from bot.games import GameState, determinise
from bot.players import View
from bot.players.game_policies import normal_policy, search_profile
from bot.players.hard import SearchProfile, margin_when, rollout

Determinize = Callable[[View, random.Random], GameState]
#: finish the deal from ``state`` (``events``: those of the move just made); its value for ``seat``
Finish = Callable[[GameState, list[dict[str, Any]], int, random.Random], float]

POKER_MAX_MOVES = 200
#: Poker: deals of the unseen cards drawn per world, one kept by the opponents' betting
POKER_CANDIDATES = 8


@dataclass(frozen=True)
class Estimator:
    """How one game's moves are valued from a view."""

    game: str
    unit: str  # "points" or "chips"
    determinize: Determinize
    #: the rollout to the end of the deal, for moves made from ``view``
    finisher: Callable[[View], Finish]


def _side(state: GameState, seat: int) -> int:
    """Hurricane ``pairs`` scores teams (seat % 2); every other game scores seats."""
    return seat % 2 if state.name == "hurricane" and state.num_players == 4 else seat


def _profile_estimator(game: str) -> Estimator:
    profile: SearchProfile = search_profile(game)
    event = "round_scored" if game == "haggis" else "deal_scored"
    # hard ranks finished deals by their effect on the match; the analysis counts the deal's
    # points, and plays every deal to its end (no solved endgame in match units)
    points = replace(profile, evaluate=margin_when(event, _side), endgame=None, exact=None)

    def finish(
        state: GameState, events: list[dict[str, Any]], seat: int, rng: random.Random
    ) -> float:
        return rollout(points, state, events, seat, rng)

    return Estimator(game, "points", profile.determinize, lambda view: finish)


def _poker_finish(
    state: GameState, events: list[dict[str, Any]], seat: int, rng: random.Random, *, start: int
) -> float:
    policy = normal_policy("hurricane_poker")
    for _ in range(POKER_MAX_MOVES):
        for event in events:
            if event["type"] == "showdown":
                return float(event["chips"][seat] - start)
        player = state.current_player
        if player is None:
            break
        legal = state.legal_actions(player)
        action = legal[0] if len(legal) == 1 else policy(state.view(player), legal, rng)
        events = state.apply(action, player)
    return 0.0


def poker_world(view: View, rng: random.Random) -> GameState:
    """A poker world as normal and hard believe in it: ``POKER_CANDIDATES`` deals of the unseen
    cards, one of them drawn with a chance proportional to how likely the opponents' hands in it
    make their betting this hand (``poker_range.range_model``: a bet hints at strength)."""
    from bot.games import poker_pack
    from bot.players.poker_cards import quick_strength, read_view
    from bot.players.poker_range import range_model

    seen = read_view(view)
    weigh = range_model(seen)
    ids = poker_pack(seen.wild).ids
    worlds: list[GameState] = []
    weights: list[float] = []
    for _ in range(POKER_CANDIDATES):
        world = determinise("hurricane_poker", view, rng)
        hands = world.to_dict()["hands"]
        weight = 1.0
        for seat in seen.opponents:
            a, b = sorted(ids[c] for c in hands[seat])
            high, low = quick_strength((a, b), seen.wild)
            weight *= weigh(seat, (a, b), high, low)
        worlds.append(world)
        weights.append(weight)
    total = sum(weights)
    if total <= 0:
        return worlds[0]
    pick = rng.random() * total
    for world, weight in zip(worlds, weights, strict=True):
        pick -= weight
        if pick <= 0:
            return world
    return worlds[-1]


def _poker_estimator() -> Estimator:
    def finisher(view: View) -> Finish:
        return partial(_poker_finish, start=hand_start(view))

    return Estimator("hurricane_poker", "chips", poker_world, finisher)


@cache
def estimator(game: str) -> Estimator:
    """The estimator of ``game`` (``hurikan`` has its own, the Hurricane preset reaches it)."""
    if game == "hurricane_poker":
        return _poker_estimator()
    return _profile_estimator(game)


def hand_start(view: View) -> int:
    """Poker: the seat's stack at the start of the hand in ``view`` (before its ante)."""
    seat = int(view["seat"])
    return int(view["chips"][seat]) + int(view["committed"][seat])


def values(
    est: Estimator,
    view: View,
    seat: int,
    moves: Sequence[str],
    samples: int,
    rng: random.Random,
) -> list[float]:
    """The mean value of each of ``moves`` (canonical texts, legal for ``seat``) over ``samples``
    worlds consistent with ``view``, every move played in the same world with the same seed."""
    finish = est.finisher(view)
    totals = [0.0] * len(moves)
    for _ in range(samples):
        world = est.determinize(view, rng)
        rollout_seed = rng.getrandbits(64)
        for i, move in enumerate(moves):
            state = world.clone()
            events = state.apply(move, seat)
            totals[i] += finish(state, events, seat, random.Random(rollout_seed))
    return [t / samples for t in totals] if samples else totals
