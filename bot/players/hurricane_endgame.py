"""The end of a Hurricane deal with every hand known, solved exactly.

In the last round of a two-player deal nothing is hidden any more: the opponent holds every card
the seat has not seen (not in its hand, on the table or in a pile). The rest of the deal is then a
small perfect-information game, which an alpha-beta search with a table of solved positions plays
perfectly: every capture set, the hurricanes (never with the last card, H-11), the leftover
(H-13) and the deal's categories (H-14, H-15), scored like the search's ``match_value`` (the
match equity after the deal plus a tenth of its margin). ``hard`` samples this round with
normal's greedy rollouts; ``expert`` plays the solved move (``solved_move``). In the search's
worlds every hand is known, so its rollouts end with the solved value once few cards are left
(``endgame_value``, two players or the teams of ``pairs``).

Options it does not model (open hands, ``after_sweep``, primiera by sets, ``min_cards``) leave
the decision to the search; so does a position too large to solve in time (``MAX_CARDS``,
``MAX_NODES``, or the search's deadline: a solve reads the clock, so the move keeps hard's caps).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from bot.games import Action, GameState

from .base import View, seat_of
from .hard import match_equity
from .hurricane_cards import VALUE, WORTH, parse_play, unseen_in
from .solve_budget import GaveUp, PositionBudget

#: the most cards in hand (both players together) the solver takes on; more are left to search
MAX_CARDS = 12
#: positions one solve may visit (about 20 µs each) before it gives up and the search decides
MAX_NODES = 25_000
#: a solve with a deadline reads the clock once every this many positions (about 5 ms)
CLOCK_EVERY = 256
#: a Hurricane deal: about 2.5 points a side, its margin spread about 2.5 (the search's
#: ``match_value`` in ``hurricane_search`` uses the same)
PER_DEAL = 2.5
SPREAD = 2.5
MARGIN_SHARE = 0.1

PRIMIERA: dict[str, int] = {
    "7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "K": 10, "Q": 9, "J": 8,
}  # fmt: skip
SUITS = "HDCS"

#: a side's captures so far: (cards, hearts, the 7♥, best primiera value per suit, hurricanes)
Pile = tuple[int, int, bool, tuple[int, int, int, int], int]


@dataclass(frozen=True)
class Rules:
    equal_first: bool
    trail_free: bool
    last_play_sweep: bool
    leftover_to_last_player: bool
    primiera: bool  # by suits (False: ``none``)
    missing_sum: bool
    target: float
    double_below: float


def rules_of(view: View) -> Rules | None:
    """The options the solver models, or None when the deal is not one it can solve."""
    o = view.get("options") or {}
    if (
        view.get("num_players") not in (2, 4)
        or view.get("open_hands") is not None
        or o.get("after_sweep", "nothing") != "nothing"
        or o.get("min_cards", "off") != "off"
        or o.get("primiera", "suits") not in ("suits", "none")
    ):
        return None
    return Rules(
        equal_first=o.get("precedence", "equal_first") == "equal_first",
        trail_free=o.get("trail", "only_if_no_capture") == "free",
        last_play_sweep=o.get("last_play_sweep", "no") == "yes",
        leftover_to_last_player=o.get("leftover", "last_capturer") == "last_player",
        primiera=o.get("primiera", "suits") == "suits",
        missing_sum=o.get("missing_suit", "cannot_compete") == "sum_present",
        target=float(o.get("target") or 0),
        double_below=float(o.get("double_below") or 0),
    )


def captures(card: str, table: Sequence[str], equal_first: bool) -> list[tuple[str, ...]]:
    """The sets ``card`` may capture from ``table`` (H-4–H-6)."""
    v = VALUE[card]
    found: list[tuple[str, ...]] = [(t,) for t in table if VALUE[t] == v]
    if not found or not equal_first:
        for size in range(2, len(table) + 1):
            for subset in combinations(table, size):
                if sum(VALUE[t] for t in subset) == v:
                    found.append(subset)
    return found


def _add(pile: Pile, cards: Sequence[str], sweep: bool) -> Pile:
    count, hearts, seven, best, sweeps = pile
    suits = list(best)
    for c in cards:
        s = SUITS.index(c[1])
        if PRIMIERA[c[0]] > suits[s]:
            suits[s] = PRIMIERA[c[0]]
    return (
        count + len(cards),
        hearts + sum(1 for c in cards if c[1] == "H"),
        seven or "7H" in cards,
        (suits[0], suits[1], suits[2], suits[3]),
        sweeps + sweep,
    )


def pile_of(cards: Sequence[str], sweeps: int) -> Pile:
    return _add((0, 0, False, (0, 0, 0, 0), sweeps), cards, False)


def _most(a: int, b: int) -> tuple[int, int]:
    return (1, 0) if a > b else (0, 1) if b > a else (0, 0)


def deal_points(piles: tuple[Pile, Pile], rules: Rules) -> tuple[int, int]:
    """H-14, H-15 for two sides' captures."""
    (c0, h0, s0, p0, w0), (c1, h1, s1, p1, w1) = piles
    a, b = w0, w1
    for x, y in (_most(c0, c1), _most(h0, h1)):
        a, b = a + x, b + y
    a, b = a + s0, b + s1
    if rules.primiera:
        values = []
        for best in (p0, p1):
            present = [v for v in best if v]
            ok = len(present) == 4 or (rules.missing_sum and present)
            values.append(sum(present) if ok else None)
        if values[0] is not None and (values[1] is None or values[0] > values[1]):
            a += 1
        elif values[1] is not None and (values[0] is None or values[1] > values[0]):
            b += 1
    return a, b


Hands = tuple[tuple[str, ...], ...]
Piles = tuple[Pile, Pile]


def _adding(piles: Piles, side: int, cards: Sequence[str], sweep: bool) -> Piles:
    """The two sides' captures once ``side`` adds ``cards``."""
    pile = _add(piles[side], cards, sweep)
    return (pile, piles[1]) if side == 0 else (piles[0], pile)


class Position(NamedTuple):
    """A position of the solve (hashable: the key of the table of solved positions)."""

    hands: Hands
    table: tuple[str, ...]
    mover: int
    piles: Piles
    last_capturer: int | None


class Solver:
    """Perfect play of the rest of a deal with every hand known; values are for the side of the
    player to move (sides: seat % 2; two players, or ``pairs``, counter-clockwise, H-20)."""

    def __init__(
        self, rules: Rules, scores: tuple[int, int], players: int, deadline: float | None = None
    ) -> None:
        self.rules = rules
        self.scores = scores
        self.players = players
        self.budget = PositionBudget(MAX_NODES, deadline, CLOCK_EVERY)
        self.table_of: dict[Position, tuple[float, int]] = {}

    def next_seat(self, seat: int) -> int:
        return (seat - 1) % 4 if self.players == 4 else 1 - seat

    def leaf(self, side: int, piles: Piles) -> float:
        points = deal_points(piles, self.rules)
        totals = [float(self.scores[0] + points[0]), float(self.scores[1] + points[1])]
        over = max(totals) >= self.rules.target and totals[0] != totals[1]
        equity = match_equity(
            totals, side, self.rules.target, PER_DEAL, SPREAD, self.rules.double_below, over=over
        )
        return equity + MARGIN_SHARE * (points[side] - points[1 - side]) / SPREAD

    def moves(
        self, hand: tuple[str, ...], table: tuple[str, ...]
    ) -> list[tuple[str, tuple[str, ...] | None]]:
        """(card, captured set or None for a trail), the likely best first."""
        found: list[tuple[float, str, tuple[str, ...] | None]] = []
        for card in hand:
            sets = captures(card, table, self.rules.equal_first)
            for taken in sets:
                found.append((-WORTH[card] - sum(WORTH[t] for t in taken), card, taken))
            if not sets or self.rules.trail_free:
                found.append((WORTH[card], card, None))
        found.sort()
        return [(card, taken) for _, card, taken in found]

    def value(self, pos: Position, alpha: float = -math.inf, beta: float = math.inf) -> float:
        """The value of the position for its mover's side with perfect play by all."""
        self.budget.spend()
        known = self.table_of.get(pos)
        if known is not None:
            v, flag = known
            if flag == 0 or (flag > 0 and v >= beta) or (flag < 0 and v <= alpha):
                return v
        start_alpha = alpha
        best = -math.inf
        for card, taken in self.moves(pos.hands[pos.mover], pos.table):
            v = self.after(pos, card, taken, alpha, beta)
            if v > best:
                best = v
            if v > alpha:
                alpha = v
            if alpha >= beta:
                break
        flag = 1 if best >= beta else -1 if best <= start_alpha else 0
        self.table_of[pos] = (best, flag)
        return best

    def after(
        self,
        pos: Position,
        card: str,
        taken: tuple[str, ...] | None,
        alpha: float = -math.inf,
        beta: float = math.inf,
    ) -> float:
        """The value for the mover's side once it plays ``card`` (capturing ``taken``)."""
        hands, table, mover, piles, last_capturer = pos
        new_hands = tuple(
            tuple(c for c in hand if c != card) if seat == mover else hand
            for seat, hand in enumerate(hands)
        )
        last = not any(new_hands)
        side = mover % 2
        if taken is None:
            new_table = tuple(sorted((*table, card)))
        else:
            new_table = tuple(c for c in table if c not in taken)
            sweep = not new_table and (not last or self.rules.last_play_sweep)
            piles = _adding(piles, side, (card, *taken), sweep)
            last_capturer = mover
        if last:
            gets = mover if self.rules.leftover_to_last_player else last_capturer
            if new_table and gets is not None:
                piles = _adding(piles, gets % 2, new_table, False)
            return self.leaf(side, piles)
        nxt = self.next_seat(mover)
        while not new_hands[nxt]:  # a seat with no cards left is skipped
            nxt = self.next_seat(nxt)
        child = Position(new_hands, new_table, nxt, piles, last_capturer)
        if nxt % 2 == side:
            return self.value(child, alpha, beta)
        return -self.value(child, -beta, -alpha)


def _solver(view: View, hands: Hands, deadline: float | None = None) -> tuple[Solver, Piles] | None:
    rules = rules_of(view)
    if rules is None or int(view.get("stock_count") or 0) != 0:
        return None
    piles_seen = view.get("piles") or []
    sweeps = view.get("sweeps") or [0, 0]
    sides: list[list[str]] = [[], []]
    for seat, pile in enumerate(piles_seen):
        sides[seat % 2].extend(pile)
    piles = (pile_of(sides[0], int(sweeps[0])), pile_of(sides[1], int(sweeps[1])))
    scores = view.get("scores") or [0, 0]
    return Solver(rules, (int(scores[0]), int(scores[1])), len(hands), deadline), piles


def _open_hands(view: View) -> Hands | None:
    """Both hands of a two-player last round: the seat's, and every card it has not seen."""
    seat = seat_of(view)
    sizes = [int(s) for s in view.get("hand_sizes") or ()]
    theirs = unseen_in(view)
    if len(sizes) != 2 or len(theirs) != sizes[1 - seat] or sum(sizes) > MAX_CARDS:
        return None
    mine = tuple(sorted(view.get("hand") or ()))
    return (mine, tuple(sorted(theirs))) if seat == 0 else (tuple(sorted(theirs)), mine)


def _mover(view: View) -> int:
    mover = view.get("current_player")
    return seat_of(view) if mover is None else int(mover)


def solved_move(
    view: View,
    legal: Sequence[Action],
    *,
    deadline: float | None = None,
    rng: random.Random | None = None,
) -> Action | None:
    """The best move of a two-player last round from the seat's view, or None when it is not
    solved (before ``deadline``, a ``time.perf_counter()`` reading, if one is given). Nothing is
    hidden in a last round, so ``rng`` is not used."""
    hands = _open_hands(view)
    found = None if hands is None or len(legal) < 2 else _solver(view, hands, deadline)
    if found is None or hands is None:
        return None
    solver, piles = found
    seat = seat_of(view)
    table = tuple(sorted(view.get("table") or ()))
    by_play: dict[tuple[str, frozenset[str]], Action] = {}
    for action in legal:
        play = parse_play(str(action))
        if play.flip is not None or len(play.played) != 1:
            return None
        by_play[(play.played[0], frozenset(play.taken))] = action
    pos = Position(hands, table, seat, piles, view.get("last_capturer"))
    moves = solver.moves(hands[seat], table)
    if {(card, frozenset(taken or ())) for card, taken in moves} != set(by_play):
        return None  # the solver's rules and the engine's disagree: leave it to search
    best: Action | None = None
    best_value = -math.inf
    try:
        for card, taken in moves:
            v = solver.after(pos, card, taken, best_value)
            if v > best_value:
                best, best_value = by_play[(card, frozenset(taken or ()))], v
    except GaveUp:
        return None
    return best


def _value(view: View, hands: Hands) -> float | None:
    """The value for the seat of ``view`` with perfect play, ``hands`` known."""
    found = _solver(view, hands)
    if found is None:
        return None
    solver, piles = found
    mover = _mover(view)
    table = tuple(sorted(view.get("table") or ()))
    try:
        value = solver.value(Position(hands, table, mover, piles, view.get("last_capturer")))
    except GaveUp:
        return None
    return value if mover % 2 == seat_of(view) % 2 else -value


def solved_value(view: View) -> float | None:
    """The value of a two-player last round for the seat of ``view`` with perfect play, if
    solved."""
    hands = _open_hands(view)
    return None if hands is None else _value(view, hands)


#: rollouts stop with the solved value once this many cards are left in the hands (by players)
ROLLOUT_CARDS = {2: 6, 4: 8}


def endgame_value(state: GameState, view: View, seat: int) -> float | None:
    """A rollout's value for ``seat`` once the rest of the deal in this world (every hand of
    ``state`` known) is small enough to solve (the mover's ``view`` given), else None."""
    sizes = view.get("hand_sizes") or ()
    most = ROLLOUT_CARDS.get(len(sizes))
    if most is None or int(view.get("stock_count") or 0) != 0 or sum(sizes) > most:
        return None
    hands = tuple(tuple(sorted(state.view(p)["hand"])) for p in range(len(sizes)))
    value = _value(view, hands)
    if value is None:
        return None
    return value if seat_of(view) % 2 == seat % 2 else -value
