"""Hurikan's last cards, solved exactly.

Once the stock is empty nothing is hidden any more: the opponent's hand is every card the seat
has not seen (not in its hand, on the table or in a pile). Both hands then hold at most 2 cards
(the last refill, K-4), so the rest of the deal is a tiny perfect-information game that a
minimax over card values (suits never matter) solves outright. ``hard`` plays the solved move
there instead of sampling, and its rollouts stop at the empty stock with the solved value rather
than playing normal's last moves: that is exactly what two perfect players would score.

A position is scored like the search's ``match_value`` for a one-deal match: +1 for a win, −1
for a loss, 0 for a draw, plus ``share`` × the final margin / ``spread``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.games import Action, GameState

from .base import View, seat_of
from .hurricane_cards import VALUE, parse_play, unseen_in

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


def _moves(hand: Hand, table: Hand, may_take: bool) -> list[Move]:
    out: list[Move] = []
    subsets = _sub_multisets(hand)
    targets = set(table) if may_take else set()
    for laid in sorted(subsets):
        out.append((laid, 0))
        total = sum(laid)
        if total in targets:
            out.append((laid, total))
    return out


@lru_cache(maxsize=200_000)
def _solve(
    mine: Hand, theirs: Hand, table: Hand, my_turn: bool, margin: int, spread: float, share: float
) -> float:
    """The value for "me" with perfect play from here (hands and table sorted)."""
    mover, other = (mine, theirs) if my_turn else (theirs, mine)
    if not mover:
        if not other:
            sign = 1.0 if margin > 0 else -1.0 if margin < 0 else 0.0
            return sign + share * margin / spread
        # a seat with an empty hand is skipped while the other still has cards (K-4)
        return _solve(mine, theirs, table, not my_turn, margin, spread, share)
    values: list[float] = []
    for laid, taken in _moves(mover, table, True):
        rest = _without(mover, laid)
        if taken:
            after = _without(table, (taken,))
            gain = taken + sum(laid)
        else:
            after = tuple(sorted(table + laid))
            gain = 0
        m = margin + gain if my_turn else margin - gain
        if my_turn:
            values.append(_solve(rest, theirs, after, False, m, spread, share))
        else:
            values.append(_solve(mine, rest, after, True, m, spread, share))
    return max(values) if my_turn else min(values)  # a non-empty hand always has a lay


def _values(cards: Sequence[str]) -> Hand:
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
    return _solve(
        _values(hands[seat]),
        _values(hands[1 - seat]),
        _values(table),
        mover == seat,
        margin,
        spread,
        share,
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


def solved_move(view: View, legal: Sequence[Action], spread: float, share: float) -> Action | None:
    """The exact best move from the seat's own view once the stock is empty (the opponent's hand
    is then every unseen card), or None before that."""
    if view.get("opening") or int(view.get("stock_count") or 0) or view.get("game") != "hurikan":
        return None
    seat = seat_of(view)
    hand = list(view.get("hand") or ())
    table = list(view.get("table") or ())
    theirs = unseen_in(view)
    sizes = view.get("hand_sizes") or [0, 0]
    if len(theirs) != int(sizes[1 - seat]) or not hand:
        return None  # not the picture expected (e.g. a variant): let the search decide
    mine_v, theirs_v, table_v = _values(hand), _values(theirs), _values(table)
    margin = int(view["pile_values"][seat]) - int(view["pile_values"][1 - seat])
    best: tuple[float, int] | None = None
    choice: Action | None = None
    for index, action in enumerate(legal):
        play = parse_play(str(action))
        laid = _values(play.played)
        if play.taken:
            taken = VALUE[play.taken[0]]
            after = _without(table_v, (taken,))
            gain = taken + sum(laid)
        else:
            after = tuple(sorted(table_v + laid))
            gain = 0
        value = _solve(_without(mine_v, laid), theirs_v, after, False, margin + gain, spread, share)
        # ties go to the earlier legal action: deterministic
        if best is None or value > best[0]:
            best, choice = (value, index), action
    return choice
