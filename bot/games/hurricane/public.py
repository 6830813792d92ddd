"""What a Hurricane or Hurikan move does, from one seat's view only (docs/engine-api.md).

A hand interface asks this instead of trying moves on a copy of the full state: the answer uses
the view's table, hand sizes, stock count and options, the same facts the engine decides with
(H-10, H-11: a capture that clears the table is a hurricane unless it is the deal's last card).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Action
from ..errors import IllegalAction
from ..quote import quote
from ..types import HurikanMove, HurricaneMove
from .actions import Capture, Flip, Lay, Take, Trail, parse_hurikan, parse_hurricane
from .captures import can_capture
from .cards import INDEX, NAMES, VALUE


def card_value(card: str) -> int:
    """A card's capture value (H-1, K-1): A=1, 2-7 face value, J=8, Q=9, K=10."""
    index = INDEX.get(card.strip().upper()) if isinstance(card, str) else None
    if index is None:
        raise IllegalAction(f"{quote(card)} is not a card of the 40-card pack")
    return VALUE[index]


def _table(view: Mapping[str, Any]) -> list[int]:
    try:
        return [INDEX[c] for c in view["table"]]
    except (KeyError, TypeError):
        raise IllegalAction("this is not a Hurricane view") from None


def _last_play(view: Mapping[str, Any]) -> bool:
    """This play is the last card of the deal: no stock and one card left in all hands."""
    try:
        return not view["stock_count"] and sum(view["hand_sizes"]) == 1
    except (KeyError, TypeError):
        raise IllegalAction("this is not a Hurricane view") from None


def describe_hurricane(view: Mapping[str, Any], action: Action | str) -> HurricaneMove:
    """What a Hurricane move does for the view's seat; the move is not checked to be legal."""
    act = parse_hurricane(str(action))
    table = _table(view)
    options = view.get("options") or {}
    last = _last_play(view)
    move: HurricaneMove = {
        "kind": "trail",
        "card": None,
        "captured": [],
        "hurricane": False,
        "last_play": last,
        "forced": False,
        "reason": "",
        "index": None,
    }
    if isinstance(act, Flip):
        move["kind"] = "flip"
        move["index"] = act.index
        move["forced"] = True
        move["reason"] = "turns up a face-down card; it must be played at once (H-19)"
        return move
    if isinstance(act, Trail):
        card = act.card
        can = can_capture(table, VALUE[card])
        move["card"] = NAMES[card]
        move["forced"] = not can
        reason = f"lays {NAMES[card]} on the table"
        if not can:
            reason += f": nothing on the table takes a {VALUE[card]}"
        elif options.get("trail") != "free":
            reason += ": not allowed, it can capture (H-7)"
        move["reason"] = reason
        return move
    if not (isinstance(act, Capture)):
        raise RuntimeError("internal error: expected isinstance(act, Capture)")
    card, captured = act.card, list(act.captured)
    clears = bool(table) and sorted(captured) == sorted(table)
    sweep = clears and (options.get("last_play_sweep") == "yes" or not last)
    taken = "+".join(NAMES[c] for c in captured)
    reason = f"{NAMES[card]} takes {taken}"
    if sweep:
        reason += ": a hurricane (the table is cleared)"
        if options.get("after_sweep") == "opponent_lays_hand":
            reason += "; the opponents lay their hands on the table (H-12)"
    elif clears:
        reason += ": clears the table, but the deal's last card makes no hurricane (H-11)"
    move["kind"] = "capture"
    move["card"] = NAMES[card]
    move["captured"] = [NAMES[c] for c in captured]
    move["hurricane"] = sweep
    move["reason"] = reason
    return move


def describe_hurikan(view: Mapping[str, Any], action: Action | str) -> HurikanMove:
    """What a Hurikan move does for the view's seat; the move is not checked to be legal."""
    act = parse_hurikan(str(action))
    opening = bool(view.get("opening"))
    if isinstance(act, Take):
        cards = sorted(act.cards)
        total = sum(VALUE[c] for c in cards)
        laid = "+".join(NAMES[c] for c in cards)
        return {
            "kind": "take",
            "cards": [NAMES[c] for c in cards],
            "taken": NAMES[act.target],
            "sum": total,
            "opening": opening,
            "reason": f"{laid} ({total}) take {NAMES[act.target]} ({VALUE[act.target]})",
        }
    if not (isinstance(act, Lay)):
        raise RuntimeError("internal error: expected isinstance(act, Lay)")
    cards = sorted(act.cards)
    total = sum(VALUE[c] for c in cards)
    return {
        "kind": "lay",
        "cards": [NAMES[c] for c in cards],
        "taken": None,
        "sum": total,
        "opening": opening,
        "reason": "lays " + "+".join(NAMES[c] for c in cards) + " on the table",
    }
