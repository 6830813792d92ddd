"""The poker expert's model of its rivals' moves, counted from hard's own play (issue 29).

Hard reads a rival's bets, calls, checks and pat stands through ``poker_range``: curves set by
hand, a fair read heads-up. Into a crowd hard plays otherwise: before the draw it bets about a
quarter of its weak hands besides nearly all of its top third, folds every hand below its top
third to a bet, and never checks a top hand. The expert weighs each rival's hand by how often
hard, holding a hand of that rank, made that move in that spot: a table of frequencies by spot
(betting round or draw, rivals still in) and the hand's tenth by rank, counted from hard's
self-play by ``python -m bot.players.poker_rivals_fit`` and shipped as ``data/poker_rivals.json``.

It is counted from six-handed hands of the draw game and read only in such hands (``covers``):
four-handed it lost to hard's curves (docs/players.md), and a spot that six-handed play never
reaches (an opening bet into two or three rivals) would read as nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .base import View
from .poker_cards import Seen, Weigher, draw_indexes, share_table

TABLE_FILE = "poker_rivals.json"
#: hands dealt to at least this many players are read with the table (the draw game only)
MIN_DEALT = 6
#: the chance a move is given where the counts never saw it (a rival is never ruled out)
FLOOR = 0.02
#: spots by the rivals still in besides the mover
CROWDS = ((1, "1"), (3, "2-3"), (99, "4+"))

#: spot -> for each tenth of rank, each move's chance
RivalTable = dict[str, list[dict[str, float]]]


def crowd(others: int) -> str:
    return next(name for top, name in CROWDS if others <= top)


def spot(phase: str, street: int, others: int) -> str:
    """A table key: ``bet|1|4+`` is the betting before the draw with four or more rivals in."""
    return f"{phase}|{street}|{crowd(others)}"


def tenth(rank: float) -> int:
    return min(9, int(rank * 10))


def covers(view: View) -> bool:
    """Whether the table reads this hand's rivals: the draw game, dealt to ``MIN_DEALT`` or more."""
    dealt = sum(1 for dealt_in in view["in_hand"] if dealt_in)
    return view["options"]["draw"] == "on" and dealt >= MIN_DEALT


@cache
def shipped_rivals() -> RivalTable:
    raw = resources.files("bot.players").joinpath("data").joinpath(TABLE_FILE).read_text("utf-8")
    table: RivalTable = json.loads(raw)["spots"]
    return table


@dataclass(frozen=True)
class Move:
    """A rival's move that speaks of the hand it holds now."""

    spot: str
    others: int  # the mover's rivals then: its hand's rank is read against that many
    drawing: bool  # made before its draw: its hand's rank counts the draw to come
    word: str


def rival_moves(seen: Seen) -> dict[int, list[Move]]:
    """Each rival's moves from the public log. A rival that has drawn a card holds another hand
    than it bet on before: only its moves after the draw count (as in ``poker_range``)."""
    log = seen.log
    drew_at = draw_indexes(log)
    first_draw = min(drew_at.values(), default=len(log))
    in_hand = set(seen.opponents) | {seen.seat} | {seat for seat, a in log if a == "fold"}
    moves: dict[int, list[Move]] = {seat: [] for seat in seen.opponents}
    for index, (seat, action) in enumerate(log):
        word = action.split()[0]
        others = len(in_hand) - 1
        if word == "fold":
            in_hand.discard(seat)
        if seat not in moves or word in ("draw", "declare"):
            continue
        before_own_draw = seat not in drew_at or index <= drew_at[seat]
        if before_own_draw and seat in drew_at and log[drew_at[seat]][1] != "stand":
            continue  # a move on the hand it threw a card of
        phase = "draw" if word == "stand" else "bet"
        street = 2 if phase == "bet" and index > first_draw else 1
        drawing = before_own_draw and street == 1
        moves[seat].append(Move(spot(phase, street, others), others, drawing, word))
    return moves


def rival_model(seen: Seen, table: RivalTable | None = None) -> Weigher:
    """The weigher of ``deal_rivals``: a rival's sampled hand by the chance that hard, holding a
    hand of its rank, made each of that rival's moves."""
    table = shipped_rivals() if table is None else table
    moves = rival_moves(seen)

    def weigh(seat: int, hand: tuple[int, int], high: float, low: float) -> float:
        weight = 1.0
        for move in moves[seat]:
            chances = table.get(move.spot)
            if chances is None:
                continue
            rank = share_table(seen.wild, max(1, move.others), move.drawing)[hand]
            weight *= chances[tenth(rank)].get(move.word, FLOOR)
        return weight

    return weigh
