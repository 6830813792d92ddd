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


@dataclass(frozen=True)
class Plan:
    """The weights of normal's scores, set by hand (``NORMAL``). Self-play tuning
    (``python -m bot.players.hurikan_plan_tune``) finds nothing to change: no step of a weight
    (×0.6 or ×1.5) changes normal's choice at any of 10,914 positions (docs/players.md)."""

    take: float = 1.0  # per point of the table card taken
    banked: float = 0.7  # per point taken: banked now rather than maybe later
    card_spent: float = 0.5  # per hand card laid in a take
    lay_points: float = 0.3  # per point of a card laid without taking
    lay_card: float = 0.5  # a card laid without taking
    threat: float = 0.8  # per point of the best table card the opponent may take
    threat_second: float = 0.2  # per point of the second best


NORMAL = Plan()


@dataclass(frozen=True)
class Move:
    """A Hurikan move worth considering: its canonical text and normal's score."""

    text: str
    score: float
    laid: int  # cards laid
    takes: bool


def threat(values: Sequence[int], opponent_cards: int, plan: Plan = NORMAL) -> float:
    """What the table left (``values``) is worth to an opponent still holding cards, as if it
    could take any card on it (``bench/hurikan_information.py`` measures what knowing better is
    worth)."""
    if not values or opponent_cards <= 0:
        return 0.0
    top = sorted(values, reverse=True)
    # The opponent takes one card a turn, most likely the best one it can sum to.
    return plan.threat * top[0] + (plan.threat_second * top[1] if len(top) > 1 else 0.0)


def score_hurikan(
    text: str, table: Sequence[str], opponent_cards: int, plan: Plan = NORMAL
) -> float:
    """Normal's score of one move (the slow path: any legal text, e.g. a many-card lay)."""
    play = parse_play(text)
    laid = [VALUE[c] for c in play.played]
    after = [VALUE[c] for c in table]
    if play.taken:
        after.remove(VALUE[play.taken[0]])
        return _take_score(VALUE[play.taken[0]], len(laid), after, opponent_cards, plan)
    return _lay_score(laid, [*after, *laid], opponent_cards, plan)


def _lay_score(laid: Sequence[int], after: list[int], opponent_cards: int, plan: Plan) -> float:
    return (
        -plan.lay_points * sum(laid)
        - plan.lay_card * len(laid)
        - threat(after, opponent_cards, plan)
    )


def _take_score(target: int, laid: int, after: list[int], opponent_cards: int, plan: Plan) -> float:
    # one card a take keeps the others for later turns (a seat with an empty hand is skipped
    # until both are refilled, K-4): of equal takes, the one laying fewest cards
    return (
        plan.take * target
        + plan.banked * target
        - plan.card_spent * laid
        - threat(after, opponent_cards, plan)
    )


@cache
def subsets_by_sum(values: tuple[int, ...]) -> dict[int, tuple[tuple[int, ...], ...]]:
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


def moves(view: View, every_take: bool = True, plan: Plan = NORMAL) -> list[Move]:
    """The distinct sensible moves, best first by ``plan``'s score: each value laid alone, and
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
            score = _lay_score((v,), [*table_values, v], threat_cards, plan)
            out.append(Move(card, score, 1, False))
    if table and not view.get("opening"):
        ways = subsets_by_sum(values)
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
                score = _take_score(tv, len(positions), after, threat_cards, plan)
                out.append(Move(text, score, len(positions), True))
    out.sort(key=lambda m: -m.score)
    return out


def normal_choices(view: View, plan: Plan = NORMAL) -> tuple[list[Move], list[Move]]:
    """Every move normal considers, best first, and the equally best ones it picks among."""
    found = moves(view, every_take=False, plan=plan)
    best = found[0].score
    return found, [m for m in found if m.score >= best - 1e-9]


def normal_text(view: View, rng: random.Random, plan: Plan = NORMAL) -> str:
    """Normal's move as text: the best-scored move, a random one of equally good ones."""
    ties = normal_choices(view, plan)[1]
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
