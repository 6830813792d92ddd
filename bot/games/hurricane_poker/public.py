"""Hurricane poker's cards and ranking for the floors above the engine (``bot.games.poker_pack``,
``poker_strength``; docs/engine-api.md): computer players simulate thousands of showdowns a move,
so they get the engine's own small card ids and key tables rather than re-deriving P-7..P-9."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from ..errors import IllegalAction
from ..types import PokerMove
from .actions import SIDES, Kind, PokerAction, parse_action
from .cards import BY_LABEL, LABELS, NUM_IDS, WILD_CARDS, deck, labels, parse_card
from .ranking import describe_high, describe_low, strengths, tables

WILDS = tuple(WILD_CARDS)


@dataclass(frozen=True)
class PokerPack:
    """The cards of one ``wild`` option as ids, with High/Low keys for every pair of ids.

    ``high[a * stride + b]`` / ``low[a * stride + b]``: the keys of the hand ``a, b`` (a bigger
    key is the better hand on that side, P-7..P-9); ``strength(a, b)``: the share of all two-card
    hands of the pack that hand beats, per side (ties count half).
    """

    wild: str
    labels: tuple[str, ...]  # id -> card text
    ids: Mapping[str, int]  # card text -> id
    cards: tuple[int, ...]  # the ids in this option's pack, in order
    wilds: frozenset[int]  # the wild cards' ids (P-1)
    stride: int
    high: tuple[int, ...]
    low: tuple[int, ...]

    def strength(self, a: int, b: int) -> tuple[float, float]:
        return strengths(sorted((a, b)), self.wild)


@cache
def poker_pack(wild: str = "none") -> PokerPack:
    """Hurricane poker's pack under ``wild`` (``none``, ``jokers``, ``deuces``, ``one_eyes``)."""
    if wild not in WILD_CARDS:
        raise ValueError(f"wild is one of {' | '.join(WILDS)}, not {wild!r}")
    high, low = tables(wild)
    return PokerPack(
        wild=wild,
        labels=tuple(LABELS),
        ids=MappingProxyType(dict(BY_LABEL)),
        cards=tuple(deck(wild)),
        wilds=WILD_CARDS[wild],
        stride=NUM_IDS,
        high=high,
        low=low,
    )


def poker_strength(cards: Iterable[str], wild: str = "none") -> tuple[float, float]:
    """(High, Low) strength in 0..1 of a two-card hand written as text (``["AS", "2D"]``)."""
    pack = poker_pack(wild)
    ids = [parse_card(c) for c in cards]
    if len(ids) != 2 or ids[0] == ids[1] or any(c not in pack.cards for c in ids):
        raise IllegalAction(f"a hand is two different cards of the {wild} pack")
    return pack.strength(ids[0], ids[1])


def poker_ranks(cards: Iterable[str], wild: str = "none") -> tuple[str, str]:
    """What a two-card hand is worth on each side, as the showdown words it (``("J–5", "5–J")``):
    a player sees it before the showdown too (P-7..P-9)."""
    pack = poker_pack(wild)
    ids = sorted(parse_card(c) for c in cards)
    if len(ids) != 2 or ids[0] == ids[1] or any(c not in pack.cards for c in ids):
        raise IllegalAction(f"a hand is two different cards of the {wild} pack")
    index = ids[0] * pack.stride + ids[1]
    return describe_high(pack.high[index]), describe_low(pack.low[index])


# ---------------------------------------------------------------- describe / determinise
def describe(view: Mapping[str, Any], action: Any) -> PokerMove:
    """What ``action`` does for the view's seat: the chips it puts in now, against what the call
    costs (P-4), the card a draw throws (P-5), the side declared (P-11). Described, not judged."""
    act = action if isinstance(action, PokerAction) else parse_action(action)
    seat = view.get("seat")
    if seat is None:
        raise IllegalAction("a spectator makes no moves: describe a seat's view")
    chips = int(view["chips"][seat])
    to_call = int(view.get("to_call") or 0)
    kind = act.kind
    cost = 0
    amount = act.amount if kind in (Kind.BET, Kind.RAISE) else 0
    card = LABELS[act.card] if kind is Kind.DRAW else None
    side = act.side if kind is Kind.DECLARE else None
    if kind is Kind.CHECK:
        reason = "checks: nothing to call" if to_call == 0 else f"cannot check: {to_call} to call"
    elif kind is Kind.CALL:
        cost = min(to_call, chips)
        reason = f"calls {cost}" + (" (all-in)" if cost == chips and cost else "")
        if cost < to_call:
            reason += f": {to_call} to call, {chips} left"
    elif kind is Kind.FOLD:
        pot = int(view.get("pot_total") or 0)
        reason = f"folds, giving up the pot of {pot}"
    elif kind is Kind.BET:
        cost = to_call + amount
        reason = f"bets {amount}"
    elif kind is Kind.RAISE:
        cost = to_call + amount
        reason = f"raises {amount}: {cost} in ({to_call} to call + {amount})"
    elif kind is Kind.DRAW:
        reason = f"throws {card} and draws one from the stock"
    elif kind is Kind.STAND:
        reason = "stands pat: keeps both cards"
    else:
        reason = f"declares {side}" + (": must win both sides outright" if side == "both" else "")
    all_in = cost > 0 and cost >= chips
    if all_in and kind in (Kind.BET, Kind.RAISE):
        reason += " (all-in)"
    return PokerMove(
        kind=kind.value,
        amount=amount,
        to_call=to_call,
        cost=cost,
        all_in=all_in,
        card=card,
        side=side,
        reason=reason,
    )


def determinise(view: Mapping[str, Any], rng: random.Random, seed: int = 0) -> dict[str, Any]:
    """A position consistent with ``view``: every card the seat cannot see - other hands, folded
    hands (never shown), the discards (never shown), the stock - dealt at random from ``rng``;
    other seats' secret declarations drawn at random too. Loads with ``load_game``."""
    if view.get("is_over"):
        raise IllegalAction("the game is over: nothing is hidden any more")
    n = int(view["num_players"])
    seat = view.get("seat")
    wild = str(view["options"]["wild"])
    own = [parse_card(c) for c in view.get("hand") or []]
    unseen = [c for c in deck(wild) if c not in own]
    rng.shuffle(unseen)
    hands: list[list[str] | None] = []
    pos = 0
    for s in range(n):
        if not view["in_hand"][s]:
            hands.append(None)
        elif s == seat and own:
            hands.append(labels(own))
        else:
            hands.append(labels(unseen[pos : pos + 2]))
            pos += 2
    discards = sum(1 for d in view["drawn"] if d == 1)
    thrown = [LABELS[c] for c in unseen[pos : pos + discards]]
    stock = [LABELS[c] for c in unseen[pos + discards :]]
    if len(stock) != int(view["stock_size"]):
        raise IllegalAction("this view's card counts do not add up")
    declared = [
        (view.get("my_declaration") if s == seat else rng.choice(SIDES)) if done else None
        for s, done in enumerate(view["has_declared"])
    ]
    return {
        "game": "hurricane_poker",
        "options": dict(view["options"]),
        "players": n,
        "seed": seed,
        "dealer": view["dealer"],
        "hand_no": view["hand_no"],
        "chips": list(view["chips"]),
        "hands": hands,
        "stock": stock,
        "discards": thrown,
        "phase": view["phase"],
        "street": view["street"],
        "turn": view["turn"],
        "in_hand": list(view["in_hand"]),
        "folded": list(view["folded"]),
        "committed": list(view["committed"]),
        "round_bets": list(view["round_bets"]),
        "acted": list(view["acted"]),
        "bets_made": view["bets_made"],
        "drawn": list(view["drawn"]),
        "declared": declared,
        "log": [list(e) for e in view["log"]],
        "last_showdown": view.get("last_showdown"),
    }
