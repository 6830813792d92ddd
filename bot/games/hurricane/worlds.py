"""Worlds for computer players: a full Hurricane/Hurikan position consistent with one seat's
``view``, the cards it cannot see dealt at random, or partly as the caller inferred them.

``load_game`` accepts the result, so a search can sample the worlds a seat cannot tell apart
without ever seeing the real hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.checks import is_seat
from bot.games.errors import InvalidState

from ..quote import quote
from .cards import INDEX, NAMES


def unseen_cards(view: dict[str, Any]) -> list[str]:
    """Cards a seat cannot see: other hands, face-down cards and the stock (canonical order)."""
    seen: set[str] = set(view.get("table") or [])
    for pile in view.get("piles") or []:
        seen.update(pile)
    seen.update(view.get("hand") or [])
    for hand in view.get("open_hands") or []:
        seen.update(hand)
    return [c for c in NAMES if c not in seen]


def _hidden_count(view: dict[str, Any], seat: int) -> int:
    """How many of ``seat``'s cards the view does not show (face-down ones when hands are open)."""
    down_counts = view.get("down_counts")
    if view.get("open_hands") is not None and down_counts is not None:
        return int(down_counts[seat])
    return int(view["hand_sizes"][seat])


def inferred_hands(
    view: dict[str, Any], hands: Mapping[int, Sequence[str]], unseen: Sequence[str]
) -> dict[int, list[str]]:
    """``hands`` checked against the view: other seats only, unseen cards, each once, and as
    many as the seat holds hidden. Raises ``ValueError`` naming the first problem."""
    if not isinstance(hands, Mapping):
        raise ValueError(
            f'hands must map seats to lists of cards, e.g. {{1: ["7H", "QS"]}}, not {quote(hands)}'
        )
    n = view["num_players"]
    own = view.get("seat")
    hidden = set(unseen)
    listed: set[str] = set()
    out: dict[int, list[str]] = {}
    for seat, cards in hands.items():
        if not is_seat(seat, n):
            raise ValueError(f"hands: {quote(seat)} is not a seat of this game (0..{n - 1})")
        if seat == own:
            raise ValueError(
                f"hands: seat {seat} is the view's own seat; only other seats' hands are inferred"
            )
        if isinstance(cards, str) or not isinstance(cards, Sequence):
            raise ValueError(
                f'hands: seat {seat}\'s cards must be a list such as ["7H", "QS"], not {quote(cards)}'
            )
        names = []
        for item in cards:
            card = INDEX.get(item.strip().upper()) if isinstance(item, str) else None
            if card is None:
                raise ValueError(
                    f"hands: seat {seat}: {quote(item)} is not a card of the 40-card pack"
                )
            name = NAMES[card]
            if name not in hidden:
                raise ValueError(f"hands: seat {seat}: {name} is not unseen (the view shows it)")
            if name in listed:
                raise ValueError(f"hands: {name} is listed twice")
            listed.add(name)
            names.append(name)
        want = _hidden_count(view, seat)
        if len(names) != want:
            raise ValueError(
                f"hands: seat {seat} is given {len(names)} cards but holds {want} hidden"
            )
        out[seat] = names
    return out


def determinise(
    view: dict[str, Any],
    rng: random.Random,
    seed: int = 0,
    hands: Mapping[int, Sequence[str]] | None = None,
) -> dict[str, Any]:
    """A position consistent with ``view``: the unseen cards dealt at random to the hidden places.

    ``hands`` (optional) gives other seats' hidden cards as the caller inferred them (the face-down
    cards when hands are open); the rest of the unseen cards are dealt at random as usual. Without
    it the draws from ``rng`` are the same as they always were (seeded searches rely on it).
    """
    unseen = unseen_cards(view)
    fixed = {} if hands is None else inferred_hands(view, hands, unseen)
    if fixed:
        given = {c for cards in fixed.values() for c in cards}
        unseen = [c for c in unseen if c not in given]
    rng.shuffle(unseen)
    seat = view.get("seat")
    n = view["num_players"]
    sizes = view["hand_sizes"]
    open_hands = view.get("open_hands")
    down_counts = view.get("down_counts")
    pos = 0

    def take(k: int) -> list[str]:
        nonlocal pos
        cards = unseen[pos : pos + k]
        pos += k
        return cards

    dealt: list[Any] = []
    for q in range(n):
        if open_hands is not None and down_counts is not None:
            down = fixed[q] if q in fixed else take(down_counts[q])
            dealt.append({"open": list(open_hands[q]), "down": down})
        elif q == seat:
            dealt.append(list(view.get("hand") or []))
        else:
            dealt.append(fixed[q] if q in fixed else take(sizes[q]))
    stock = take(view["stock_count"])
    if pos != len(unseen):
        raise InvalidState("the view's counts do not match the unseen cards")
    position: dict[str, Any] = {
        "game": view["game"],
        "options": dict(view["options"]),
        "seed": seed,
        "deal": view.get("deal", 1),
        "dealer": view["dealer"],
        "turn": view["current_player"],
        "hands": dealt,
        "table": list(view["table"]),
        "stock": stock,
        "piles": [list(p) for p in view["piles"]],
        "last_player": view.get("last_player"),
        "last_deal": view.get("last_deal"),
        "result": view.get("result"),
    }
    if "history" in view:  # Hurikan: public, so the world's views show it too
        position["history"] = [list(play) for play in view["history"]]
    if view["game"] == "hurricane":
        position.update(
            sweeps=list(view["sweeps"]),
            scores=list(view["scores"]),
            last_capturer=view.get("last_capturer"),
        )
    return position
