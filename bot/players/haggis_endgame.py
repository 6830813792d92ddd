"""Haggis endgames of two players, solved in every world (``expert``).

Near the end of a two-player round few cards are left, and the rest of the round is a
perfect-information game once the hidden cards are dealt: the opponent's hand and the Haggis
(which goes to the first player out, G-16). Hard values its candidates by letting normal play
both sides to the end, and there normal's slips (a lead the opponent can beat, a pass that lets
it go out) decide the value. Expert instead deals worlds from its view and, in each, solves every
candidate exactly with an alpha-beta search over the engine's own moves (positions met again by
plays in another order read from a table, ``bot.games.position_key``), then plays the best mean
(perfect-information Monte Carlo). On the 117 endgame positions of normal-v-normal rounds of
seeds 300–359 the move so chosen lost 2.6 points of the round on average against the best with
every card known, hard's 4.5 and normal's 3.0 (``bench/haggis_endgame.py``, docs/players.md).

With three players the same holds once the first player is out and two play on; the other one
is taken to play against this seat. On 108 such positions (the same seeds) the solved move lost
0.24 points against the best with every card known, hard's 0.56 and normal's 0.81.

Up to ``SELECTIVE_CARDS`` (9–12 cards between the two hands) a whole solve is too big, so it is
selective: every move at the root, and past it only the tuned plan's two best plays and the pass
(the plays a strong player weighs). On 345 such positions of seeds 390–569 its move lost 6.45
points of the round against the best with every card known, expert's search 9.89 (3.4 ± 1.2
better, paired), hard's 9.91 (docs/players.md).

The work is bounded by positions searched (``NODE_CAP``, ``SELECTIVE_NODE_CAP``: inside the
0.65 s of CPU a move plans on an idle core), so the same seed gives the same move on any machine;
the clock, when there is one, only stops it sooner (``SOLVE_SHARE``). A position too big for the
bound is left to hard's search after one world's cost.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any

from bot.games import Action, GameState, determinise, position_key

from .base import View, seat_of
from .haggis_normal import TUNED, score_actions
from .hard import Evaluate
from .solve_budget import GaveUp, PositionBudget, share_of_time_left

#: Solved when both hands together hold this many cards or fewer.
ENDGAME_CARDS = 8
#: Above ``ENDGAME_CARDS`` and up to this many, a selective solve: past the root, each position
#: weighs only the tuned plan's ``SELECTIVE_WIDTH`` best plays and the pass.
SELECTIVE_CARDS = 12
SELECTIVE_WIDTH = 2
#: Positions a selective solve may search per move: at most about 0.6 s of CPU at the 60 µs a
#: selective position costs (it lists and scores its plays); the median move uses half of it.
SELECTIVE_NODE_CAP = 10_000
#: Worlds dealt per move; a move is decided on at least ``MIN_WORLDS`` of them.
WORLDS = 16
MIN_WORLDS = 8
#: Positions searched per move, all worlds together: about 0.3 s of CPU at the 30 µs a position
#: costs (``bench/haggis_endgame.py``; 61 µs before worlds ended with their round and kept a
#: table), well inside the 0.65 s a move plans.
NODE_CAP = 10_000
#: The clock is read every this many positions.
CLOCK_EVERY = 64
#: With a clock, the solve stops at this share of the time left to the search's hard cap, so
#: that a solve given up still leaves hard's search time for some samples.
SOLVE_SHARE = 0.6


def _cards_in(action: Action) -> int:
    text = str(action)
    if text == "pass":
        return 0
    return sum(1 for token in text.split() if not token.startswith("="))


def _ordered(legal: Sequence[Action]) -> list[Action]:
    """The plays shedding most cards first (going out, if it can, is the largest), pass last:
    good moves early make alpha-beta cut more."""
    return sorted(legal, key=lambda a: -_cards_in(a))


def _selected(state: GameState, mover: int, legal: list[Action], width: int | None) -> list[Action]:
    """All of ``legal`` (``width`` None: the exact solve), else the tuned plan's ``width`` best
    plays from the mover's view and the pass, if it may pass."""
    if width is None or len(legal) <= width + 1:
        return _ordered(legal)
    scores = score_actions(state.view(mover), legal, TUNED)
    best = sorted(range(len(legal)), key=lambda i: -scores[i])[:width]
    kept = [legal[i] for i in best]
    kept += [a for a in legal if str(a) == "pass" and a not in kept]
    return _ordered(kept)


#: A transposition table: per position (``position_key``), bounds on its value for the seat.
Table = dict[Hashable, tuple[float, float]]
_UNKNOWN = (-math.inf, math.inf)


def _value(
    state: GameState,
    events: list[dict[str, Any]],
    seat: int,
    evaluate: Evaluate,
    alpha: float,
    beta: float,
    budget: PositionBudget,
    table: Table,
    width: int | None = None,
) -> float:
    """The value for ``seat`` with perfect play from ``state`` (``events``: the last move's):
    fail-soft alpha-beta, a position met again (its plays in another order) read from ``table``;
    with a ``width``, only the plays ``_selected`` keeps."""
    budget.spend()
    done = evaluate(events, seat, state)
    if done is not None:
        return done
    mover = state.current_player
    if mover is None:
        return 0.0
    key = position_key(state)
    low, high = table.get(key, _UNKNOWN)
    if low >= beta or low == high:
        return low
    if high <= alpha:
        return high
    alpha, beta = max(alpha, low), min(beta, high)
    window_low, window_high = alpha, beta
    legal = [a for a in state.legal_actions(mover) if not str(a).startswith("bet")]
    maximising = mover == seat
    best = -math.inf if maximising else math.inf
    for action in _selected(state, mover, legal, width):
        child = state.clone()
        events = child.apply(action, mover)
        value = _value(child, events, seat, evaluate, alpha, beta, budget, table, width)
        if maximising:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    if best <= window_low:
        table[key] = (low, best)  # all below the window: an upper bound
    elif best >= window_high:
        table[key] = (best, high)  # cut off above it: a lower bound
    else:
        table[key] = (best, best)
    return best


def solved_value(
    state: GameState,
    seat: int,
    evaluate: Evaluate,
    node_cap: int = NODE_CAP,
    width: int | None = None,
) -> float | None:
    """The value for ``seat`` of a world with perfect play by both (with a ``width``, among the
    plays ``_selected`` keeps), or None past ``node_cap``."""
    try:
        return _value(
            state,
            [],
            seat,
            evaluate,
            -math.inf,
            math.inf,
            PositionBudget(node_cap, None, CLOCK_EVERY),
            {},
            width,
        )
    except GaveUp:
        return None


def endgame_reached(view: View, most_cards: int = ENDGAME_CARDS) -> bool:
    """Two players left holding cards, this seat one of them (with three players, after the
    first went out), and ``most_cards`` or fewer between them."""
    sizes = [int(n) for n in view.get("hand_sizes") or ()]
    holding = [n for n in sizes if n > 0]
    return (
        len(holding) == 2
        and bool(sizes)
        and sizes[seat_of(view)] > 0
        and sum(holding) <= most_cards
    )


def solved_move(
    view: View,
    legal: Sequence[Action],
    *,
    evaluate: Evaluate,
    rng: random.Random,
    deadline: float | None = None,
    node_cap: int | None = None,
) -> Action | None:
    """The move with the best mean solved value over worlds dealt from ``view``: exact in a
    small endgame of two (``endgame_reached``), selective up to ``SELECTIVE_CARDS``; None
    elsewhere or where the bound (``node_cap``, else the solve's own) comes first."""
    if len(legal) < 2 or any(str(a).startswith(("bet", "give")) for a in legal):
        return None
    if endgame_reached(view):
        width, own_cap = None, NODE_CAP
    elif endgame_reached(view, SELECTIVE_CARDS):
        width, own_cap = SELECTIVE_WIDTH, SELECTIVE_NODE_CAP
    else:
        return None
    cap = own_cap if node_cap is None else node_cap
    seat = seat_of(view)
    budget = PositionBudget(cap, share_of_time_left(deadline, SOLVE_SHARE), CLOCK_EVERY)
    totals = [0.0] * len(legal)
    table: Table = {}  # shared by every world and move: a key holds the hidden cards too
    worlds = 0
    try:
        for _ in range(WORLDS):
            world = determinise("haggis", view, rng, round_only=True)
            values = []
            for action in legal:
                child = world.clone()
                events = child.apply(action, seat)
                values.append(
                    _value(child, events, seat, evaluate, -math.inf, math.inf, budget, table, width)
                )
            worlds += 1
            if worlds == 1 and budget.nodes * MIN_WORLDS > cap:
                return None  # too big: hard's search decides, at the cost of one world
            totals = [t + v for t, v in zip(totals, values, strict=True)]
    except GaveUp:
        if worlds < MIN_WORLDS:
            return None
    best = max(range(len(legal)), key=lambda i: (totals[i], -i))
    return legal[best]
