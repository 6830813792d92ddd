"""Shared helpers for the Hurricane/Hurikan tests: positions with a full pack, event lookup."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.games.hurricane.cards import NAMES

ALL_CARDS: tuple[str, ...] = NAMES


def position(
    hands: Sequence[Any],
    table: Iterable[str] = (),
    *,
    game: str = "hurricane",
    options: dict[str, Any] | None = None,
    piles: Sequence[Sequence[str]] | None = None,
    stock: Sequence[str] | None = None,
    rest: str | int = "split",
    **extra: Any,
) -> dict[str, Any]:
    """A position holding every card once: cards not placed go to ``rest``.

    ``rest`` is ``"stock"``, a seat number (that seat's pile) or ``"split"`` (alternately to the
    piles of seat 0 and seat 1).
    """
    n = len(hands)
    used: set[str] = set(table)
    for hand in hands:
        if isinstance(hand, dict):
            used.update(hand.get("open", []))
            used.update(hand.get("down", []))
        else:
            used.update(hand)
    the_piles = [list(p) for p in piles] if piles is not None else [[] for _ in range(n)]
    for pile in the_piles:
        used.update(pile)
    the_stock = list(stock) if stock is not None else []
    used.update(the_stock)
    left = [c for c in ALL_CARDS if c not in used]
    if rest == "stock":  # as much as a real deal leaves in the stock; the rest to the piles
        room = max(k for k in _stock_sizes(game, options, n) if k <= len(the_stock) + len(left))
        keep = max(0, room - len(the_stock))
        the_stock += left[:keep]
        for i, c in enumerate(left[keep:]):
            the_piles[i % 2].append(c)
    elif rest == "split":
        for i, c in enumerate(left):
            the_piles[i % 2].append(c)
    else:
        assert isinstance(rest, int)
        the_piles[rest] += left
    data: dict[str, Any] = {
        "game": game,
        "options": dict(options or {}),
        "seed": 7,
        "dealer": 1,
        "turn": 0,
        "hands": [h if isinstance(h, dict) else list(h) for h in hands],
        "table": list(table),
        "stock": the_stock,
        "piles": the_piles,
    }
    data.update(extra)
    return data


def _stock_sizes(game: str, options: dict[str, Any] | None, n: int) -> tuple[int, ...]:
    """The stock sizes a deal leaves (H-2/H-3, K-1/K-4): a position must use one of them."""
    if game == "hurikan" or (options or {}).get("preset") == "hurikan":
        return (28, 16, 4, 0)
    if n == 4:
        return (0,)
    return (24, 12, 0)


def of_type(events: Iterable[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def one(events: Iterable[dict[str, Any]], kind: str) -> dict[str, Any]:
    found = of_type(events, kind)
    assert len(found) == 1, (kind, found)
    return found[0]


def legal(state: Any, player: int | None = None) -> set[str]:
    return {str(a) for a in state.legal_actions(player)}
