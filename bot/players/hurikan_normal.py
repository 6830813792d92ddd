"""``normal`` for Hurikan: take the most capture value, lay as little as possible, low cards first.

Every card laid to take ends in this seat's pile; every card laid without taking is exposed to
the opponent, who can take any table card they can sum to. So: prefer the take that banks most,
and when laying, lay one low card (hardest to sum to exactly) and leave no big card up for grabs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games import Action

from .base import View
from .hurricane_cards import VALUE, parse_play

BANKED = 0.7  # a hand card laid in a take: banked now rather than maybe later
THREAT = 0.8
CARD_SPENT = 0.5  # per hand card laid in a take


def _threat(table: list[str], opponent_cards: int) -> float:
    if not table or opponent_cards <= 0:
        return 0.0
    top = sorted((VALUE[c] for c in table), reverse=True)
    # The opponent takes one card a turn, most likely the best one it can sum to.
    return THREAT * top[0] + (0.2 * top[1] if len(top) > 1 else 0.0)


def score_hurikan(text: str, table: Sequence[str], opponent_cards: int) -> float:
    play = parse_play(text)
    laid = [VALUE[c] for c in play.played]
    after = list(table)
    if play.taken:
        after.remove(play.taken[0])
        # one card a take keeps the others for later turns (a seat with an empty hand is
        # skipped until both are refilled, K-4): of equal takes, the one laying fewest cards
        return (
            VALUE[play.taken[0]]
            + BANKED * sum(laid)
            - CARD_SPENT * len(laid)
            - _threat(after, opponent_cards)
        )
    after.extend(play.played)
    return -0.3 * sum(laid) - 0.5 * len(laid) - _threat(after, opponent_cards)


def hurikan_normal(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    seat = int(view["seat"])
    sizes = view.get("hand_sizes") or [0, 0]
    opponent_cards = int(sizes[1 - seat]) + (6 if int(view.get("stock_count") or 0) else 0)
    table = list(view.get("table") or ())
    scored = [(score_hurikan(str(a), table, opponent_cards), i) for i, a in enumerate(legal)]
    best = max(s for s, _ in scored)
    ties = [i for s, i in scored if s >= best - 1e-9]
    return legal[ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]]
