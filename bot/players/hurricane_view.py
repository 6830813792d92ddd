"""What a Hurricane seat knows, read from its view (``bot.games.HurricaneView``, docs/engine-api.md)."""

from __future__ import annotations

from dataclasses import dataclass

from .base import View, seat_of
from .hurricane_cards import unseen_in


@dataclass(frozen=True)
class HurricaneInfo:
    seat: int
    hand: tuple[str, ...]
    table: tuple[str, ...]
    unseen: tuple[str, ...]  # cards this seat cannot see: other hands, face-down cards, stock
    next_seat: int
    next_hand_size: int
    next_known: tuple[str, ...] | None  # ``open`` preset: the next player's open cards
    is_last_play: bool  # this play is the last of the deal
    next_is_last_play: bool
    equal_first: bool


def next_seat(view: View, seat: int) -> int:
    n = int(view["num_players"])
    if view.get("options", {}).get("preset") == "pairs":
        return (seat - 1) % n  # pairs play counter-clockwise (H-20)
    return (seat + 1) % n


def hurricane_info(view: View) -> HurricaneInfo:
    seat = seat_of(view)
    hand = tuple(view.get("hand") or ())
    table = tuple(view.get("table") or ())
    open_hands = view.get("open_hands")
    nxt = next_seat(view, seat)
    sizes = list(view.get("hand_sizes") or ())
    in_hands = sum(sizes)
    stock = int(view.get("stock_count") or 0)
    next_known = None
    if open_hands is not None and open_hands[nxt]:
        next_known = tuple(open_hands[nxt])
    return HurricaneInfo(
        seat=seat,
        hand=hand,
        table=table,
        unseen=tuple(unseen_in(view)),
        next_seat=nxt,
        next_hand_size=sizes[nxt] if sizes else 0,
        next_known=next_known,
        is_last_play=stock == 0 and in_hands <= 1,
        next_is_last_play=stock == 0 and in_hands == 2,
        equal_first=view.get("options", {}).get("precedence", "equal_first") == "equal_first",
    )
