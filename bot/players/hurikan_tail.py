"""The tail of Hurikan's third packet, solved in every world (``expert``).

With 4 cards left in the stock only the last refill (2 each, K-4) is still to come, and the
unseen cards are the opponent's hand and those 4. Once a world fixes the opponent's hand (drawn
from hard's belief, ``hurikan_worlds``), the rest of the deal is a game of perfect information
but for the refill, whose packets are equally likely whatever either player does (neither can
see the stock's order): ``hurikan_endgame.Solver`` plays it perfectly over card values, the
refill a chance node. Expert plays the move with the best mean over ``WORLDS`` worlds once both
hands together hold at most ``TAIL_CARDS``; hard samples those moves with normal's rollouts.

Work is bounded by positions (``NODE_CAP``), so a seed gives the same move on any machine; a
tail too big for it, or the clock (``SOLVE_SHARE`` of the time left), leaves the move to the
search. Everything comes from the seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games import Action

from .base import View, seat_of
from .hurikan_endgame import Solver, best_of, margin_of, move_of, values_of
from .hurikan_worlds import SURPRISE, opponent_hand
from .hurricane_cards import unseen_in
from .solve_budget import GaveUp, PositionBudget, share_of_time_left

#: the stock before the last refill (40 = 3 × 12 + 4, K-4)
LAST_STOCK = 4
#: the most cards both hands may hold together for the tail to be solved
TAIL_CARDS = 8
#: worlds per move, and the fewest that still decide one
WORLDS = 16
MIN_WORLDS = 8
#: positions a move may solve (the memo is the move's own, so the count depends on the view alone)
NODE_CAP = 40_000
CLOCK_EVERY = 256
#: with a clock, the share of the time left the solve may take (the search has the rest)
SOLVE_SHARE = 0.6


def tail_reached(view: View) -> bool:
    """The seat's turn in the last packet before the final refill, both hands small."""
    if view.get("game") != "hurikan" or view.get("opening"):
        return False
    if int(view.get("stock_count") or 0) != LAST_STOCK:
        return False
    seat = seat_of(view)
    sizes = [int(n) for n in view.get("hand_sizes") or (0, 0)]
    return sizes[seat] > 0 and sum(sizes) <= TAIL_CARDS


def tail_move(
    view: View,
    legal: Sequence[Action],
    *,
    spread: float,
    share: float,
    rng: random.Random,
    deadline: float | None = None,
    worlds: int = WORLDS,
    node_cap: int = NODE_CAP,
    surprise: float = SURPRISE,
) -> Action | None:
    """The move with the best mean solved value over worlds dealt from ``view``, or None where
    the tail is not reached or the bound comes first."""
    if not tail_reached(view) or len(legal) < 2:
        return None
    seat = seat_of(view)
    unseen = unseen_in(view)
    if len(unseen) != int(view["hand_sizes"][1 - seat]) + LAST_STOCK:
        return None  # not the picture expected: let the search decide
    budget = PositionBudget(node_cap, share_of_time_left(deadline, SOLVE_SHARE), CLOCK_EVERY)
    solver = Solver(spread, share, budget)
    mine, table, margin = (
        values_of(view["hand"]),
        values_of(view.get("table") or ()),
        margin_of(view),
    )
    moves = [move_of(a) for a in legal]
    totals = [0.0] * len(legal)
    done = 0
    try:
        for _ in range(worlds):
            theirs = opponent_hand(view, rng, surprise)
            stock = list(unseen)
            for card in theirs:
                stock.remove(card)
            solved = {
                move: solver.after(mine, values_of(theirs), table, move, margin, values_of(stock))
                for move in dict.fromkeys(moves)
            }
            totals = [t + solved[m] for t, m in zip(totals, moves, strict=True)]
            done += 1
            if done == 1 and budget.nodes * MIN_WORLDS > node_cap:
                return None  # too big: hard's search decides, at the cost of one world
    except GaveUp:
        if done < MIN_WORLDS:
            return None
    return best_of(legal, totals)
