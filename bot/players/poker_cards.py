"""What the Hurricane poker players read from a seat's view, and the Monte Carlo they share.

Everything comes from ``view`` (the seat's own two cards, the public betting and draws), never from
a game state. Unseen cards are the pack less the seat's own hand; opponents' hands are dealt from
them at random, opponents who still draw draw by a simple rule, and each of the seat's own draw
choices is scored on the same samples (common random numbers).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

from bot.games import poker_pack

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
    cards = sorted(poker_pack().ids[c] for c in view["hand"])
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


def draw_indexes(log: Sequence[tuple[int, str]]) -> dict[int, int]:
    """Each seat that has drawn or stood pat: the index of that move in the public log."""
    return {
        seat: index
        for index, (seat, action) in enumerate(log)
        if action.split()[0] in ("draw", "stand")
    }


def quick_strength(hand: Sequence[int], wild: str) -> tuple[float, float]:
    """(High, Low) strength in 0..1: the share of all two-card hands this one beats."""
    return poker_pack(wild).strength(hand[0], hand[1])


def rule_discard(hand: Sequence[int], wild: str) -> int | None:
    """The simple draw: stand on a strong hand, else throw the card that hurts the better side
    (the higher card for Low, the lower card for High); never a wild card."""
    high, low = quick_strength(hand, wild)
    if max(high, low) >= PAT:
        return None
    wilds = poker_pack(wild).wilds
    natural = [c for c in hand if c not in wilds]
    if len(natural) < 2:
        return natural[0] if natural and max(high, low) < 0.5 else None

    def low_value(card: int) -> int:
        rank = card // 4 + 2
        return 1 if rank == 14 else rank

    if low > high:
        return max(natural, key=low_value)
    return min(natural, key=lambda c: c // 4)


@cache
def after_draw(wild: str) -> dict[tuple[int, int], tuple[float, float]]:
    """Each hand's expected (High, Low) strength once it has drawn by ``rule_discard``, averaged
    over the card it could draw: what a player still to draw can count on."""
    pack = list(poker_pack(wild).cards)
    table: dict[tuple[int, int], tuple[float, float]] = {}
    for i, a in enumerate(pack):
        for b in pack[i + 1 :]:
            throw = rule_discard((a, b), wild)
            if throw is None:
                table[(a, b)] = quick_strength((a, b), wild)
                continue
            keep = b if throw == a else a
            highs = lows = 0.0
            count = 0
            for c in pack:
                if c not in (a, b):
                    h, lo = quick_strength((keep, c), wild)
                    highs += h
                    lows += lo
                    count += 1
            table[(a, b)] = (highs / count, lows / count)
    return table


@cache
def share_table(wild: str, others: int, drawing: bool) -> dict[tuple[int, int], float]:
    """Each hand's percentile (0..1) by rough pot share against ``others`` other players."""
    pack = poker_pack(wild)
    drawn = after_draw(wild) if drawing else None
    shares: dict[tuple[int, int], float] = {}
    for i, a in enumerate(pack.cards):
        for b in pack.cards[i + 1 :]:
            h, lo = drawn[(a, b)] if drawn is not None else quick_strength((a, b), wild)
            shares[(a, b)] = 0.5 * (h**others + lo**others)
    ordered = sorted(shares.values())
    n = len(ordered)
    return {hand: bisect_left(ordered, s) / n for hand, s in shares.items()}


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


@dataclass
class Rivals:
    """One sample of the players still in: final High/Low keys, the side each would declare,
    and the strength each holds now (what it bets on)."""

    weight: float
    high: list[int]
    low: list[int]
    side: list[str]
    now: list[float]  # each rival's rough pot share as it sees its hand now
    spare: int  # the card the seat would draw
    #: each rival's hand as a percentile (0..1) of all hands by that rough share
    rank: list[float] = field(default_factory=list)


def deal_rivals(
    seen: Seen, rng: random.Random, samples: int, weigher: Weigher | None = None
) -> list[Rivals]:
    """Deal the unseen cards to the players still in, ``samples`` times; opponents still to draw
    draw by ``rule_discard``; ``weigher`` (hard) weights each sample by the opponents' actions."""
    pack = poker_pack(seen.wild)
    high_t, low_t = pack.high, pack.low
    own = set(seen.hand)
    unseen = [c for c in pack.cards if c not in own]
    opps = seen.opponents
    need = 2 * len(opps) + len(seen.to_draw) + 1
    to_draw = set(seen.to_draw)
    others = len(opps)  # each rival faces the seat and the other rivals
    drawn_table = after_draw(seen.wild) if to_draw else {}
    ranks = share_table(seen.wild, max(1, others), False)
    drawing_ranks = share_table(seen.wild, max(1, others), True) if to_draw else ranks
    out: list[Rivals] = []
    for _ in range(samples):
        cards = rng.sample(unseen, need)
        pos = 0
        rivals = Rivals(1.0, [], [], [], [], 0)
        for s in opps:
            hand = [cards[pos], cards[pos + 1]]
            pos += 2
            hs, ls = quick_strength(hand, seen.wild)
            # its own rough share: beating each of the others on a side, half the pot a side
            eh, el = drawn_table[(min(hand), max(hand))] if s in to_draw else (hs, ls)
            rivals.now.append(0.5 * (eh**others + el**others))
            key = (min(hand), max(hand))
            rivals.rank.append((drawing_ranks if s in to_draw else ranks)[key])
            if weigher is not None:
                rivals.weight *= weigher(s, (min(hand), max(hand)), hs, ls)
            if s in to_draw:
                throw = rule_discard(hand, seen.wild)
                if throw is not None:
                    hand.remove(throw)
                    hand.append(cards[pos])
                    hs, ls = quick_strength(hand, seen.wild)
                pos += 1
            index = hand[0] * 54 + hand[1]
            rivals.high.append(high_t[index])
            rivals.low.append(low_t[index])
            rivals.side.append("low" if ls > hs else "high")
        rivals.spare = cards[pos]
        if rivals.weight > 0.0:
            out.append(rivals)
    return out


def own_options(seen: Seen) -> list[int | None]:
    """None = keep the hand; else the card discarded (when the seat still draws)."""
    return [None, seen.hand[0], seen.hand[1]] if seen.i_draw else [None]


def own_keys(seen: Seen, throw: int | None, spare: int) -> tuple[int, int]:
    pack = poker_pack(seen.wild)
    high_t, low_t = pack.high, pack.low
    if throw is None:
        index = seen.hand[0] * 54 + seen.hand[1]
    else:
        keep = seen.hand[1] if throw == seen.hand[0] else seen.hand[0]
        index = keep * 54 + spare
    return high_t[index], low_t[index]


def simulate(
    seen: Seen, rng: random.Random, samples: int, weigher: Weigher | None = None
) -> Outcome:
    """Monte Carlo over the unseen cards: each own draw choice against the players still in."""
    return outcome_of(seen, deal_rivals(seen, rng, samples, weigher))


def outcome_of(seen: Seen, rivals_list: list[Rivals]) -> Outcome:
    """Expected shares of each own option over dealt rivals."""
    options = own_options(seen)
    speak = [0.0] * len(options)
    declared = [[0.0, 0.0, 0.0] for _ in options]
    total_weight = 0.0
    for rivals in rivals_list:
        weight = rivals.weight
        total_weight += weight
        opp_high, opp_low, opp_side = rivals.high, rivals.low, rivals.side
        for i, throw in enumerate(options):
            my_high, my_low = own_keys(seen, throw, rivals.spare)
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


def share_against(
    seen: Seen, my_high: int, my_low: int, rivals: Rivals, keep: Sequence[int]
) -> float:
    """The seat's pot share against the rivals at indexes ``keep`` (cards speak; with
    declarations, declaring its own stronger side against theirs)."""
    highs = [rivals.high[i] for i in keep]
    lows = [rivals.low[i] for i in keep]
    if not seen.declare:
        return 0.5 * (_side_share(my_high, highs) + _side_share(my_low, lows))
    on_high = [rivals.high[i] for i in keep if rivals.side[i] == "high"]
    on_low = [rivals.low[i] for i in keep if rivals.side[i] == "low"]
    best_high = _side_share(my_high, on_high) * (0.5 if on_low else 1.0)
    best_low = _side_share(my_low, on_low) * (0.5 if on_high else 1.0)
    return max(best_high, best_low)


@dataclass(frozen=True)
class BetValues:
    """Expected chips won from here (sunk chips aside; folding is 0) of the passive move (check
    or call) and of an aggressive one (bet or raise of ``size``), with the best own draw."""

    passive: float
    aggressive: float


def bet_values(
    seen: Seen,
    rivals_list: list[Rivals],
    size: int,
    stay: float,
    fold_below: float = 0.0,
    committed: Sequence[int] = (),
    raise_from: float = 2.0,
    reraise: int = 0,
) -> BetValues:
    """Values from dealt rivals; a rival stays in against a bet or raise when the share it
    expects now is at least ``stay`` (the price it is offered) and its hand is not among the
    ``fold_below`` weakest of all hands (its calling threshold), else folds (so a bet can win
    the pot at once: the fold equity). Rivals at the indexes ``committed`` (they bet or raised
    this round) always stay. A staying rival whose hand is in the top ``1 - raise_from`` of all
    hands raises by ``reraise`` chips (when ``reraise``: another raise is allowed); the seat
    then calls or folds, whichever is worth more over all the samples where it was raised."""
    options = own_options(seen)
    pot, owed = seen.pot, seen.to_call
    # before the draw, a call faces the bettor's second bet after it (one of the size owed now)
    ahead = owed if seen.i_draw else 0
    passive = [0.0] * len(options)
    aggressive = [0.0] * len(options)
    raised_call = [0.0] * len(options)
    raised_put = 0.0  # the chips lost by folding to a raise, over the raised samples
    total = 0.0
    everyone = range(len(seen.opponents))
    put = owed + size + ahead  # a bettor raised stays a bettor after the draw
    for rivals in rivals_list:
        w = rivals.weight
        total += w
        staying = [
            i
            for i in everyone
            if i in committed or (rivals.now[i] >= stay and rivals.rank[i] >= fold_below)
        ]
        raised = reraise > 0 and any(rivals.rank[i] >= raise_from for i in staying)
        if raised:
            raised_put += w * put
        for j, throw in enumerate(options):
            my_high, my_low = own_keys(seen, throw, rivals.spare)
            share = share_against(seen, my_high, my_low, rivals, everyone)
            passive[j] += w * (share * (pot + owed + 2 * ahead) - owed - ahead)
            if not staying:
                aggressive[j] += w * pot
                continue
            kept = share_against(seen, my_high, my_low, rivals, staying)
            if raised:
                more = put + reraise
                raised_call[j] += w * (
                    kept * (pot + more + (size + ahead + reraise) * len(staying)) - more
                )
            else:
                aggressive[j] += w * (kept * (pot + put + (size + ahead) * len(staying)) - put)
    if not total:
        return BetValues(0.0, 0.0)
    best = max(a + max(c, -raised_put) for a, c in zip(aggressive, raised_call, strict=True))
    return BetValues(max(passive) / total, best / total)
