"""What the Hurricane poker players read from a seat's view, and the Monte Carlo they share.

Everything comes from ``view`` (the seat's own two cards, the public betting and draws), never from
a game state. Unseen cards are the pack less the seat's own hand; opponents' hands are dealt from
them at random, opponents who still draw draw by a simple rule, and each of the seat's own draw
choices is scored on the same samples (common random numbers).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.games.hurricane_poker.cards import BY_LABEL, WILD_CARDS, deck
from bot.games.hurricane_poker.ranking import strengths, tables

from .base import View

SIDES = ("high", "low", "both")
#: a hand this strong on its better side stands pat (the rule easy players and modelled
#: opponents follow)
PAT = 0.72


@dataclass(frozen=True)
class Seen:
    """The facts of a view the players use."""

    seat: int
    hand: tuple[int, int]
    wild: str
    declare: bool
    phase: str
    opponents: tuple[int, ...]
    #: opponents that will still draw (the draw is still to come or under way)
    to_draw: tuple[int, ...]
    #: the seat itself still draws
    i_draw: bool
    pot: int
    to_call: int
    log: tuple[tuple[int, str], ...]
    drawn: tuple[int | None, ...]

    @property
    def players(self) -> int:
        return len(self.opponents) + 1


def read_view(view: View) -> Seen:
    seat = int(view["seat"])
    cards = sorted(BY_LABEL[c] for c in view["hand"])
    n = int(view["num_players"])
    live = [s for s in range(n) if view["in_hand"][s] and not view["folded"][s] and s != seat]
    draw_on = view["options"]["draw"] == "on"
    drawing = draw_on and (view["street"] == 1)
    drawn = tuple(view["drawn"])
    return Seen(
        seat=seat,
        hand=(cards[0], cards[1]),
        wild=str(view["options"]["wild"]),
        declare=view["options"]["declare"] == "yes",
        phase=str(view["phase"]),
        opponents=tuple(live),
        to_draw=tuple(s for s in live if drawing and drawn[s] is None),
        i_draw=drawing and drawn[seat] is None,
        pot=int(view["pot_total"]),
        to_call=int(view["to_call"]),
        log=tuple((int(p), str(a)) for p, a in view["log"]),
        drawn=drawn,
    )


def quick_strength(hand: Sequence[int], wild: str) -> tuple[float, float]:
    """(High, Low) strength in 0..1: the share of all two-card hands this one beats."""
    return strengths(sorted(hand), wild)


def rule_discard(hand: Sequence[int], wild: str) -> int | None:
    """The simple draw: stand on a strong hand, else throw the card that hurts the better side
    (the higher card for Low, the lower card for High); never a wild card."""
    high, low = quick_strength(hand, wild)
    if max(high, low) >= PAT:
        return None
    wilds = WILD_CARDS[wild]
    natural = [c for c in hand if c not in wilds]
    if len(natural) < 2:
        return natural[0] if natural and max(high, low) < 0.5 else None

    def low_value(card: int) -> int:
        rank = card // 4 + 2
        return 1 if rank == 14 else rank

    if low > high:
        return max(natural, key=low_value)
    return min(natural, key=lambda c: c // 4)


#: weight of one opponent's sampled hand given its public actions (hard's opponent model)
Weigher = Callable[[int, tuple[int, int], float, float], float]


@dataclass
class Outcome:
    """Expected pot share (0..1) of each own option, per declaration when declarations count."""

    options: list[int | None]  # None = stand (or no draw ahead); else the card discarded
    speak: list[float]  # cards speak
    declared: list[list[float]]  # [high, low, both] per option
    weight: float

    def best_share(self, declare: bool) -> float:
        if declare:
            return max(max(d) for d in self.declared) / self.weight if self.weight else 0.0
        return max(self.speak) / self.weight if self.weight else 0.0

    def share(self, index: int, declare: bool) -> float:
        if not self.weight:
            return 0.0
        if declare:
            return max(self.declared[index]) / self.weight
        return self.speak[index] / self.weight


def _side_share(mine: int, others: list[int]) -> float:
    top = max(others) if others else -1
    if mine > top:
        return 1.0
    if mine < top:
        return 0.0
    return 1.0 / (1 + others.count(top))


def simulate(
    seen: Seen, rng: random.Random, samples: int, weigher: Weigher | None = None
) -> Outcome:
    """Monte Carlo over the unseen cards: each own draw choice against the players still in."""
    high_t, low_t = tables(seen.wild)
    own = set(seen.hand)
    unseen = [c for c in deck(seen.wild) if c not in own]
    options: list[int | None] = [None]
    if seen.i_draw:
        options += [seen.hand[0], seen.hand[1]]
    opps = seen.opponents
    need = 2 * len(opps) + len(seen.to_draw) + 1
    to_draw = set(seen.to_draw)
    speak = [0.0] * len(options)
    declared = [[0.0, 0.0, 0.0] for _ in options]
    total_weight = 0.0
    for _ in range(samples):
        cards = rng.sample(unseen, need)
        pos = 0
        opp_high: list[int] = []
        opp_low: list[int] = []
        opp_side: list[str] = []
        weight = 1.0
        for s in opps:
            hand = [cards[pos], cards[pos + 1]]
            pos += 2
            hs, ls = quick_strength(hand, seen.wild)
            if weigher is not None:
                weight *= weigher(s, (min(hand), max(hand)), hs, ls)
            if s in to_draw:
                throw = rule_discard(hand, seen.wild)
                if throw is not None:
                    hand.remove(throw)
                    hand.append(cards[pos])
                    hs, ls = quick_strength(hand, seen.wild)
                pos += 1
            index = hand[0] * 54 + hand[1]
            opp_high.append(high_t[index])
            opp_low.append(low_t[index])
            opp_side.append("low" if ls > hs else "high")
        if weight <= 0.0:
            continue
        total_weight += weight
        spare = cards[pos]
        for i, throw in enumerate(options):
            if throw is None:
                mine = seen.hand
                index = mine[0] * 54 + mine[1]
            else:
                keep = seen.hand[1] if throw == seen.hand[0] else seen.hand[0]
                index = keep * 54 + spare
            my_high, my_low = high_t[index], low_t[index]
            if not seen.declare:
                speak[i] += (
                    weight * 0.5 * (_side_share(my_high, opp_high) + _side_share(my_low, opp_low))
                )
                continue
            highs = [k for k, side in zip(opp_high, opp_side, strict=True) if side == "high"]
            lows = [k for k, side in zip(opp_low, opp_side, strict=True) if side == "low"]
            # declare high: High half (all if nobody is on Low); declare low likewise
            declared[i][0] += weight * _side_share(my_high, highs) * (0.5 if lows else 1.0)
            declared[i][1] += weight * _side_share(my_low, lows) * (0.5 if highs else 1.0)
            outright = (not highs or my_high > max(highs)) and (not lows or my_low > max(lows))
            declared[i][2] += weight * (1.0 if outright else 0.0)
    return Outcome(options, speak, declared, total_weight)
