"""What an opponent's public betting says about its hand: the range model of normal and hard.

Heads-up Hurricane poker splits most pots (a non-pair wins one side, its rival the other); what
wins whole pots is an ace or a pair against the right hand. A player who bets mostly such hands
and folds the rest (issue 29's rule player) beat normal and hard, which weighed every unseen hand
alike and so called every bet. Here each sampled opponent hand is weighed by the chance that a
player holding it would have acted as this one did *this hand* (the view's public log only):

- the hand is placed by its percentile among all two-card hands of its rough pot share against
  the players in the hand (``Seen``'s rivals' ``now``: half its High and half its Low strength,
  each to the power of the number of other players; before its draw, what it expects after a
  rule draw);
- a bet or raise is likelier the stronger the hand, but never ruled out for weak ones (a floor
  for bluffs: against a player who raises everything the model only flattens, it never folds
  every hand); only the first aggressive action of a betting round counts, so that a raising war does
  not make every hand but the nuts impossible;
- a call hints at a middling hand or better, a check at a hand short of the best, standing pat
  at a made hand, drawing at a weaker one;
- betting before the opponent's draw is read against the hand it held then: for an opponent
  that has drawn a card since, the sampled hand is the one after the draw, so only what it did
  after its draw is weighed.
"""

from __future__ import annotations

import math
from functools import cache

from .poker_cards import Seen, Weigher, draw_indexes, share_table

__all__ = ["range_model", "share_table"]

#: the chance, relative to the strongest hands, that the weakest hand bets or raises
BLUFF_FLOOR = 0.1
#: percentile around which betting becomes likely, and the width of that step
BET_CENTRE, BET_WIDTH = 0.72, 0.08
#: aggressive actions of one opponent in one betting round that count (a raise war says little
#: more than the first bet: a player who raises everything must not fold us out of every pot)
MAX_AGGRESSION = 1


def _step(q: float, centre: float, width: float) -> float:
    return 1.0 / (1.0 + math.exp(-(q - centre) / width))


@cache
def _likelihoods(
    wild: str, others: int, drawing: bool, counts: tuple[int, int, int, int, int]
) -> dict[tuple[int, int], float]:
    """Weight of every hand given ``(aggressive, calls, checks, stood, drew)`` counts."""
    aggressive, calls, checks, stood, drew = counts
    out: dict[tuple[int, int], float] = {}
    for hand, q in share_table(wild, others, drawing).items():
        weight = 1.0
        if aggressive:
            bet = BLUFF_FLOOR + (1 - BLUFF_FLOOR) * _step(q, BET_CENTRE, BET_WIDTH)
            weight *= bet**aggressive
        if calls:
            weight *= (0.4 + 0.6 * _step(q, 0.35, 0.1)) ** calls
        if checks:
            weight *= (1.0 - 0.6 * _step(q, 0.85, 0.06)) ** checks
        if stood:
            weight *= 0.1 + 0.9 * _step(q, 0.5, 0.1)
        if drew:
            weight *= 1.0 - 0.8 * _step(q, 0.6, 0.1)
        out[hand] = weight
    return out


def range_model(seen: Seen) -> Weigher:
    """The weigher of ``deal_rivals``: each opponent's sampled hand by its public actions."""
    drew_at = draw_indexes(seen.log)
    others = len(seen.opponents)
    tables: dict[int, dict[tuple[int, int], float]] = {}
    for seat in seen.opponents:
        counts = [0, 0, 0, 0, 0]
        per_round = [0, 0]
        drawn = seen.drawn[seat] is not None or seat in drew_at
        stood = seat in drew_at and seen.log[drew_at[seat]][1] == "stand"
        for index, (who, action) in enumerate(seen.log):
            if who != seat:
                continue
            word = action.split()[0]
            after = seat in drew_at and index > drew_at[seat]
            if drawn and not stood and not after and word not in ("draw", "stand"):
                continue  # a bet on the hand it held before drawing: not the sampled hand
            if word in ("bet", "raise"):
                street = 1 if after else 0
                if per_round[street] < MAX_AGGRESSION:
                    per_round[street] += 1
                    counts[0] += 1
            elif word == "call":
                counts[1] += 1
            elif word == "check":
                counts[2] += 1
            elif word == "stand":
                counts[3] += 1
            # a draw is not weighed: the sampled hand is the one after it (kept card + new card)
        # before its draw an opponent bets on what it expects after drawing
        drawing = seat in seen.to_draw
        tables[seat] = _likelihoods(seen.wild, max(1, others), drawing, tuple(counts))

    def weigh(seat: int, hand: tuple[int, int], high: float, low: float) -> float:
        return tables[seat][hand]

    return weigh
