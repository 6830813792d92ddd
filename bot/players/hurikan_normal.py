"""``normal`` for Hurikan: take the most capture value, lay as little as possible, low cards first.

Every card laid to take ends in this seat's pile; every card laid without taking is exposed to
the opponent, who can take any table card they can sum to. So: prefer the take that banks most,
and when laying, lay one low card (hardest to sum to exactly) and leave no big card up for grabs.

Suits never matter in Hurikan (K-5 counts capture values), so the moves worth telling apart are
few: one card of each value to lay, and for each table value the ways to sum to it. They are
built from the view's hand and table directly (``moves``) rather than scored over the 63+ legal
lays one by one: the search plays thousands of these moves in its rollouts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from bot.games import Action

from .base import View
from .hurricane_cards import VALUE, parse_play

BANKED = 0.7  # a hand card laid in a take: banked now rather than maybe later
THREAT = 0.8
CARD_SPENT = 0.5  # per hand card laid in a take


@dataclass(frozen=True)
class Move:
    """A Hurikan move worth considering: its canonical text and normal's score."""

    text: str
    score: float
    laid: int  # cards laid
    takes: bool


def _threat(values: Sequence[int], opponent_cards: int) -> float:
    if not values or opponent_cards <= 0:
        return 0.0
    top = sorted(values, reverse=True)
    # The opponent takes one card a turn, most likely the best one it can sum to.
    return THREAT * top[0] + (0.2 * top[1] if len(top) > 1 else 0.0)


def score_hurikan(text: str, table: Sequence[str], opponent_cards: int) -> float:
    """Normal's score of one move (the slow path: any legal text, e.g. a many-card lay)."""
    play = parse_play(text)
    laid = [VALUE[c] for c in play.played]
    after = [VALUE[c] for c in table]
    if play.taken:
        after.remove(VALUE[play.taken[0]])
        return _take_score(VALUE[play.taken[0]], len(laid), after, opponent_cards)
    return -0.3 * sum(laid) - 0.5 * len(laid) - _threat([*after, *laid], opponent_cards)


def _take_score(target: int, laid: int, after: list[int], opponent_cards: int) -> float:
    # one card a take keeps the others for later turns (a seat with an empty hand is skipped
    # until both are refilled, K-4): of equal takes, the one laying fewest cards
    return target + BANKED * target - CARD_SPENT * laid - _threat(after, opponent_cards)


@cache
def _subsets(values: tuple[int, ...]) -> dict[int, tuple[tuple[int, ...], ...]]:
    """Hand positions of the subsets summing to each value 1..10, one per multiset of values
    (suits never matter), fewest cards first."""
    by_sum: dict[int, dict[tuple[int, ...], tuple[int, ...]]] = {}
    n = len(values)
    for mask in range(1, 1 << n):
        positions = tuple(i for i in range(n) if mask >> i & 1)
        total = sum(values[i] for i in positions)
        if total <= 10:
            key = tuple(values[i] for i in positions)
            by_sum.setdefault(total, {}).setdefault(key, positions)
    return {total: tuple(sorted(found.values(), key=len)) for total, found in by_sum.items()}


def opponent_cards(view: View) -> int:
    """Cards the opponent will still play (its hand, and the next refill while stock lasts)."""
    seat = int(view["seat"])
    sizes = view.get("hand_sizes") or [0, 0]
    return int(sizes[1 - seat]) + (6 if int(view.get("stock_count") or 0) else 0)


def moves(view: View, every_take: bool = True) -> list[Move]:
    """The distinct sensible moves, best first by normal's score: each value laid alone, and
    each way (by values) of taking each table value; ``every_take=False`` keeps only the
    fewest-card takes (all normal ever plays)."""
    hand: list[str] = list(view.get("hand") or ())
    table: list[str] = list(view.get("table") or ())
    threat_cards = opponent_cards(view)
    values = tuple(VALUE[c] for c in hand)
    table_values = [VALUE[c] for c in table]
    out: list[Move] = []
    seen: set[int] = set()
    for card, v in zip(hand, values, strict=True):
        if v not in seen:
            seen.add(v)
            score = -0.3 * v - 0.5 - _threat([*table_values, v], threat_cards)
            out.append(Move(card, score, 1, False))
    if table and not view.get("opening"):
        ways = _subsets(values)
        done: set[int] = set()
        for target, tv in zip(table, table_values, strict=True):
            if tv in done or tv not in ways:
                continue
            done.add(tv)
            after = list(table_values)
            after.remove(tv)
            options = ways[tv]
            fewest = len(options[0])
            for positions in options:
                if not every_take and len(positions) > fewest:
                    break
                text = "+".join(hand[i] for i in positions) + ":" + target
                score = _take_score(tv, len(positions), after, threat_cards)
                out.append(Move(text, score, len(positions), True))
    out.sort(key=lambda m: -m.score)
    return out


def normal_choices(view: View) -> tuple[list[Move], list[Move]]:
    """Every move normal considers, best first, and the equally best ones it picks among."""
    found = moves(view, every_take=False)
    best = found[0].score
    return found, [m for m in found if m.score >= best - 1e-9]


def normal_text(view: View, rng: random.Random) -> str:
    """Normal's move as text: the best-scored move, a random one of equally good ones."""
    ties = normal_choices(view)[1]
    return ties[0].text if len(ties) == 1 else ties[rng.randrange(len(ties))].text


def hurikan_normal(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    text = normal_text(view, rng)
    for action in legal:
        if str(action) == text:
            return action
    # not expected (every move built is legal); normal's slow path over the legal list
    table = list(view.get("table") or ())
    scored = [(score_hurikan(str(a), table, opponent_cards(view)), i) for i, a in enumerate(legal)]
    return legal[max(scored)[1]]
