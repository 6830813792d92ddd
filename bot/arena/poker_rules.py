"""Fixed rule players of Hurricane poker: arena yardsticks, independent of the bot's levels.

They read one seat's view and the legal actions, and decide by a single number: the hand's
*score*, its expected share of a heads-up pot against a random hand (cards speak: half of its
High strength plus half of its Low strength, ``bot.games.poker_pack``), taken as a percentile of
all two-card hands. No Monte Carlo, no opponent model, no randomness: the same view always gives
the same move. Each is a classic kind of human player the computers must not be exploitable by:

- ``foldbet``: folds weak hands to a bet, bets its strong ones, checks and calls in between
  (the player of issue 29 that won 0.18 chips a hand from normal and hard);
- ``tag`` (tight-aggressive): plays few hands, and those hard: bets and raises the most, folds
  everything but strong hands to a bet;
- ``lp`` (loose-passive, a "calling station"): calls every bet, bets only its very best hands,
  and then the least, never raises;
- ``maniac`` (always-raise): raises the most whenever it may, else bets the most, else calls;
  never folds.

All draw the same way: stand on a hand in the top 40%, else throw the card whose replacement
gives the better average score. They declare the side where the hand is stronger.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from bot.games import Action, poker_pack
from bot.players.base import View

RULE_PLAYERS: tuple[str, ...] = ("foldbet", "tag", "lp", "maniac")


@cache
def _scores(wild: str) -> tuple[dict[tuple[int, int], float], list[float]]:
    """Each hand's score, and all scores sorted (for percentiles)."""
    pack = poker_pack(wild)
    scores: dict[tuple[int, int], float] = {}
    for i, a in enumerate(pack.cards):
        for b in pack.cards[i + 1 :]:
            high, low = pack.strength(a, b)
            scores[(a, b)] = 0.5 * (high + low)
    return scores, sorted(scores.values())


def percentile(cards: Sequence[int], wild: str) -> float:
    """The share of two-card hands with a lower score (0..1)."""
    scores, ordered = _scores(wild)
    score = scores[(min(cards), max(cards))]
    return bisect_left(ordered, score) / len(ordered)


@dataclass(frozen=True)
class Style:
    """Percentile thresholds of one rule player (above 1: never)."""

    bet: float  # bets when nothing is owed from this percentile
    fold_below: float  # folds to a bet below this percentile
    raise_at: float  # raises a bet from this percentile
    big: bool  # bets and raises the most (else the least)


STYLES: dict[str, Style] = {
    "foldbet": Style(bet=0.75, fold_below=0.5, raise_at=2.0, big=True),
    "tag": Style(bet=0.6, fold_below=0.6, raise_at=0.8, big=True),
    "lp": Style(bet=0.95, fold_below=0.0, raise_at=2.0, big=False),
    "maniac": Style(bet=0.0, fold_below=0.0, raise_at=0.0, big=True),
}


def _find(legal: Sequence[Action], text: str) -> Action | None:
    return next((a for a in legal if str(a) == text), None)


def _sized(legal: Sequence[Action], verb: str, big: bool) -> Action | None:
    sized = [a for a in legal if str(a).startswith(verb + " ")]
    if not sized:
        return None
    return max(sized, key=lambda a: int(str(a).split()[1])) if big else sized[0]


def _draw(view: View, hand: list[int], legal: Sequence[Action], wild: str) -> Action:
    stand = _find(legal, "stand")
    if stand is not None and percentile(hand, wild) >= 0.6:
        return stand
    pack = poker_pack(wild)
    scores, _ = _scores(wild)
    unseen = [c for c in pack.cards if c not in hand]

    def kept_mean(throw: int) -> float:
        keep = hand[1] if throw == hand[0] else hand[0]
        return sum(scores[(min(keep, c), max(keep, c))] for c in unseen) / len(unseen)

    best = max(((kept_mean(throw), throw) for throw in hand), key=lambda pair: pair[0])
    now = scores[(min(hand), max(hand))]
    if stand is not None and now >= best[0]:
        return stand
    return _find(legal, f"draw {pack.labels[best[1]]}") or legal[0]


def rule_action(name: str, view: View, legal: Sequence[Action]) -> Action:
    """The move of the rule player ``name`` (one of ``RULE_PLAYERS``)."""
    style = STYLES[name]
    wild = str(view["options"]["wild"])
    pack = poker_pack(wild)
    hand = sorted(pack.ids[c] for c in view["hand"])
    phase = view["phase"]
    if phase == "declare":
        high, low = pack.strength(hand[0], hand[1])
        return _find(legal, "declare " + ("low" if low > high else "high")) or legal[0]
    if phase == "draw":
        return _draw(view, hand, legal, wild)
    strength = percentile(hand, wild)
    if int(view["to_call"]) == 0:
        bet = _sized(legal, "bet", style.big)
        if bet is not None and strength >= style.bet:
            return bet
        return _find(legal, "check") or legal[0]
    fold = _find(legal, "fold")
    if fold is not None and strength < style.fold_below:
        return fold
    raised = _sized(legal, "raise", style.big)
    if raised is not None and strength >= style.raise_at:
        return raised
    return _find(legal, "call") or legal[0]


def rule_player(name: str) -> Callable[[View, Sequence[Action]], Action]:
    if name not in STYLES:
        raise ValueError(f"no rule player {name!r}: choose one of {', '.join(RULE_PLAYERS)}")
    return lambda view, legal: rule_action(name, view, legal)
