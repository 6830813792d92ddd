"""Helpers for the Haggis tests: hand-written positions and scans of views (no tests here)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from bot.games.haggis import HaggisState, load_game
from bot.games.haggis.cards import LABELS, POINTS, number_deck

FACES = ("J", "Q", "K")


def points(labels: list[str]) -> int:
    by_label = {label: POINTS[i] for i, label in enumerate(LABELS)}
    return sum(by_label[c] for c in labels)


def position(
    hands: list[list[str]],
    *,
    turn: int = 0,
    dealer: int | None = None,
    trick: list[tuple[int, str]] | None = None,
    piles: list[list[str]] | None = None,
    haggis: list[str] | None = None,
    rest_to: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A position dict. Face cards not in hands, trick or piles go to seat ``rest_to``'s pile
    (default seat 0); number cards not placed go to ``rest_to``'s pile when it is given (the Haggis
    is then ``haggis`` or a full Haggis of 0-point cards), otherwise to the Haggis."""
    n = len(hands)
    trick = trick or []
    piles = [list(p) for p in piles] if piles is not None else [[] for _ in range(n)]
    placed = Counter(c for h in hands for c in h)
    for _, play in trick:
        if play != "pass":
            placed.update(w for w in play.split() if not w.startswith("="))
    for p in piles:
        placed.update(p)
    for c in haggis or []:
        placed[c] += 1
    face_seat = rest_to if rest_to is not None else 0
    rest_to = face_seat
    for f in FACES:
        piles[face_seat].extend([f] * (n - placed[f]))
    if rest_to is not None:
        numbers = [LABELS[c] for c in number_deck(n)]
        if haggis is None:  # a full Haggis (G-3) of 0-point cards, so piles keep their points
            size = len(numbers) - 14 * n
            haggis = [c for c in numbers if not placed[c] and points([c]) == 0][:size]
            placed.update(haggis)
        piles[rest_to].extend(c for c in numbers if not placed[c])
    data: dict[str, Any] = {
        "game": "haggis",
        "seed": 7,
        "dealer": dealer if dealer is not None else (turn - 1) % n,
        "turn": turn,
        "hands": hands,
        "piles": piles,
        "trick": [{"player": p, "play": play} for p, play in trick],
    }
    if haggis is not None:
        data["haggis"] = haggis
    data.update(extra)
    return data


def load(hands: list[list[str]], **kw: Any) -> HaggisState:
    return load_game(position(hands, **kw))


def events_of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def tokens(data: Any) -> set[str]:
    """Every whitespace/plus-separated word of every string in a JSON value."""
    text = json.dumps(data)
    out: set[str] = set()
    found = json.loads(text)

    def walk(v: Any) -> None:
        if isinstance(v, str):
            out.update(v.replace("+", " ").split())
        elif isinstance(v, dict):
            for k, x in v.items():
                out.add(k)
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(found)
    return out


def hidden_number_cards(state: HaggisState, seat: int | None) -> set[str]:
    """Cards ``seat`` must not see: other seats' number cards and the Haggis."""
    data = state.to_dict()
    hidden = set(data["haggis"])
    for s, hand in enumerate(data["hands"]):
        if s != seat:
            hidden.update(c for c in hand if c not in FACES)
    return hidden
