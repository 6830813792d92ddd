"""Hurikan's last cards, solved exactly.

Once the stock is empty nothing is hidden any more: the opponent's hand is every card the seat
has not seen (not in its hand, on the table or in a pile). Both hands then hold at most 2 cards
(the last refill, K-4), so the rest of the deal is a tiny perfect-information game that a
minimax over card values (suits never matter) solves outright. ``hard`` plays the solved move
there instead of sampling, and its rollouts stop at the empty stock with the solved value rather
than playing normal's last moves: that is exactly what two perfect players would score.

A position is scored like the search's ``match_value`` for a one-deal match: +1 for a win, −1
for a loss, 0 for a draw, plus ``share`` × the final margin / ``spread``.
``Solver`` also takes a stock still to be dealt (the last refill, a chance node): expert's solve
of the third packet's tail (``hurikan_tail``) uses it in each world it deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations

from bot.games import Action, GameState

from .base import View, seat_of
from .hurricane_cards import VALUE, parse_play, unseen_in
from .solve_budget import PositionBudget

Hand = tuple[int, ...]
#: a move by values: (cards laid, table value taken or 0 for a lay)
Move = tuple[Hand, int]


def _sub_multisets(hand: Hand) -> set[Hand]:
    found: set[Hand] = set()
    n = len(hand)
    for mask in range(1, 1 << n):
        found.add(tuple(hand[i] for i in range(n) if mask >> i & 1))
    return found


def _without(values: Hand, removed: Sequence[int]) -> Hand:
    rest = list(values)
    for v in removed:
        rest.remove(v)
    return tuple(rest)


def _moves(hand: Hand, table: Hand) -> list[Move]:
    """Every lay and take by values (K-3)."""
    out: list[Move] = []
    targets = set(table)
    for laid in sorted(_sub_multisets(hand)):
        out.append((laid, 0))
        total = sum(laid)
        if total in targets:
            out.append((laid, total))
    return out


@lru_cache(maxsize=100_000)
def _children(hand: Hand, table: Hand) -> tuple[tuple[Hand, Hand, int], ...]:
    """Every move of ``hand`` as (the hand left, the table after, the points captured)."""
    out = []
    for laid, taken in _moves(hand, table):
        after, gain = _played(table, laid, taken)
        out.append((_without(hand, laid), after, gain))
    return tuple(out)


@dataclass
class Solver:
    """Perfect play over card values from a position with both hands known (hands, table and
    stock sorted); a stock left is the last refill (K-4), a chance node over its packets, since
    neither player can see its order. Values are for "me": ``sign(margin) + share × margin /
    spread`` at the end. ``budget`` counts the positions solved; ``memo`` keeps them."""

    spread: float
    share: float
    budget: PositionBudget | None = None
    memo: dict[tuple[object, ...], float] = field(default_factory=dict)

    def value(
        self, mine: Hand, theirs: Hand, table: Hand, my_turn: bool, margin: int, stock: Hand = ()
    ) -> float:
        key = (mine, theirs, table, my_turn, margin, stock)
        found = self.memo.get(key)
        if found is not None:
            return found
        if self.budget is not None:
            self.budget.spend()
        found = self._search(mine, theirs, table, my_turn, margin, stock)
        if len(self.memo) >= MEMO_SIZE:
            self.memo.clear()
        self.memo[key] = found
        return found

    def after(
        self, mine: Hand, theirs: Hand, table: Hand, move: Move, margin: int, stock: Hand = ()
    ) -> float:
        """The value of "my" ``move`` (it is my turn)."""
        laid, taken = move
        after, gain = _played(table, laid, taken)
        return self.value(_without(mine, laid), theirs, after, False, margin + gain, stock)

    def _search(
        self, mine: Hand, theirs: Hand, table: Hand, my_turn: bool, margin: int, stock: Hand
    ) -> float:
        mover, other = (mine, theirs) if my_turn else (theirs, mine)
        if not mover:
            if not other:
                if stock:  # the last refill; the one who did not play last leads
                    packets = _packets(stock)
                    total = sum(self.value(a, b, table, my_turn, margin) for a, b in packets)
                    return total / len(packets)
                sign = 1.0 if margin > 0 else -1.0 if margin < 0 else 0.0
                return sign + self.share * margin / self.spread
            # a seat with an empty hand is skipped while the other still has cards (K-4)
            return self.value(mine, theirs, table, not my_turn, margin, stock)
        # a non-empty hand always has a lay
        value = self.value
        if my_turn:
            return max(
                value(rest, theirs, after, False, margin + gain, stock)
                for rest, after, gain in _children(mine, table)
            )
        return min(
            value(mine, rest, after, True, margin - gain, stock)
            for rest, after, gain in _children(theirs, table)
        )


#: positions a solver keeps (hard's rollouts meet the same ends again and again)
MEMO_SIZE = 200_000


@cache
def shared_solver(spread: float, share: float) -> Solver:
    """One solver per scoring, its memo kept between calls (no budget: these ends are tiny)."""
    return Solver(spread, share)


def _packets(stock: Hand) -> list[tuple[Hand, Hand]]:
    """The last refill's equally likely packets (K-4: half the shuffled stock each)."""
    out: list[tuple[Hand, Hand]] = []
    for chosen in combinations(range(len(stock)), len(stock) // 2):
        mine = tuple(stock[i] for i in chosen)
        out.append((mine, tuple(v for i, v in enumerate(stock) if i not in chosen)))
    return out


def _played(table: Hand, laid: Hand, taken: int) -> tuple[Hand, int]:
    """The table after a move, and the points it captures."""
    if taken:
        return _without(table, (taken,)), taken + sum(laid)
    return tuple(sorted(table + laid)), 0


def move_of(action: Action) -> Move:
    """An action text by values (suits never matter in Hurikan)."""
    play = parse_play(str(action))
    return values_of(play.played), VALUE[play.taken[0]] if play.taken else 0


def values_of(cards: Sequence[str]) -> Hand:
    """Cards by their values, sorted (suits never matter in Hurikan)."""
    return tuple(sorted(VALUE[c] for c in cards))


def solved_value(
    hands: Sequence[Sequence[str]],
    table: Sequence[str],
    pile_values: Sequence[int],
    mover: int,
    seat: int,
    spread: float,
    share: float,
) -> float:
    """The value for ``seat`` of an empty-stock position with both hands known."""
    margin = int(pile_values[seat]) - int(pile_values[1 - seat])
    return shared_solver(spread, share).value(
        values_of(hands[seat]), values_of(hands[1 - seat]), values_of(table), mover == seat, margin
    )


def endgame_value(
    state: GameState, view: View, seat: int, spread: float, share: float
) -> float | None:
    """In a rollout (a determinised world, so both hands are there): the solved value for
    ``seat`` once the stock is empty, else None. ``view`` is the mover's view."""
    if view.get("opening") or int(view.get("stock_count") or 0) or view.get("game") != "hurikan":
        return None
    mover = seat_of(view)
    other = state.view(1 - mover)
    hands: list[Sequence[str]] = [(), ()]
    hands[mover] = list(view.get("hand") or ())
    hands[1 - mover] = list(other.get("hand") or ())
    return solved_value(
        hands, view.get("table") or (), view["pile_values"], mover, seat, spread, share
    )


def margin_of(view: View) -> int:
    seat = seat_of(view)
    return int(view["pile_values"][seat]) - int(view["pile_values"][1 - seat])


def best_of(legal: Sequence[Action], values: Sequence[float]) -> Action:
    """The best value's action; ties go to the earlier legal action (deterministic)."""
    return legal[max(range(len(legal)), key=lambda i: (values[i], -i))]


def solved_move(view: View, legal: Sequence[Action], spread: float, share: float) -> Action | None:
    """The exact best move from the seat's own view once the stock is empty (the opponent's hand
    is then every unseen card), or None before that."""
    if view.get("opening") or int(view.get("stock_count") or 0) or view.get("game") != "hurikan":
        return None
    seat = seat_of(view)
    hand = list(view.get("hand") or ())
    theirs = unseen_in(view)
    sizes = view.get("hand_sizes") or [0, 0]
    if len(theirs) != int(sizes[1 - seat]) or not hand:
        return None  # not the picture expected (e.g. a variant): let the search decide
    solver = shared_solver(spread, share)
    mine, table, margin = values_of(hand), values_of(view.get("table") or ()), margin_of(view)
    values = [solver.after(mine, values_of(theirs), table, move_of(a), margin) for a in legal]
    return best_of(legal, values)
