"""The abstract heads-up Hurricane poker of the expert's strategy table (issue 29), shared by the
trainer (``poker_cfr_train``) and the player (``poker_expert``).

Cards: in the plain pack a hand is worth only its two ranks (suits never matter, P-7), so the 91
rank pairs ("classes") describe every hand exactly; each class is a point of (High strength, Low
strength), the share of all two-card hands it beats on each side. The trainer groups the classes
into a few dozen *buckets* of hands that fare alike at the showdown, now and after a draw; under a
wild option a hand plays as the plain class nearest to its own (High, Low) strength in that pack.

Draws: stand, or draw *for High* (keep the card that makes the better High on average with a new
card) or *for Low* (likewise for Low); the other card is thrown. The public log shows only who drew.

Betting: every bet or raise is one size, ``bet_max`` (a bet of any size by the opponent reads as a
bet). A history is a string: the first round's actions (``k`` check, ``b`` bet, ``r`` raise,
``c`` call, ``f`` fold), then ``/``, both draws in turn order (``s`` stood, ``d`` drew), ``/`` and
the second round's actions. Player 0 is the seat on the dealer's left (it acts and draws first).
"""

from __future__ import annotations

import gzip
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from bot.games import poker_pack

#: the draw choices of the abstraction
DRAWS = ("stand", "high", "low")
DECLARES = ("high", "low", "both")
TABLE_FILE = "poker_cfr.json.gz"
RANKS = tuple(range(2, 15))


def rank_of(card: int) -> int:
    return card // 4 + 2


@cache
def classes() -> tuple[tuple[int, int], ...]:
    """The 91 rank pairs (low rank first) of the plain pack."""
    return tuple((a, b) for a in RANKS for b in RANKS if a <= b)


@cache
def class_index() -> dict[tuple[int, int], int]:
    return {c: i for i, c in enumerate(classes())}


def class_count(c: tuple[int, int]) -> int:
    """How many two-card hands of the plain pack have these ranks."""
    return 6 if c[0] == c[1] else 16


def _card_of(rank: int) -> int:
    return (rank - 2) * 4


@cache
def class_keys() -> tuple[tuple[int, int], ...]:
    """(High key, Low key) of each class in the plain pack."""
    pack = poker_pack("none")
    out = []
    for a, b in classes():
        x, y = _card_of(a), _card_of(b) + (1 if a == b else 0)
        out.append((pack.high[x * pack.stride + y], pack.low[x * pack.stride + y]))
    return tuple(out)


@cache
def class_points() -> tuple[tuple[float, float], ...]:
    """(High strength, Low strength) of each class in the plain pack."""
    pack = poker_pack("none")
    out = []
    for a, b in classes():
        x, y = _card_of(a), _card_of(b) + (1 if a == b else 0)
        out.append(pack.strength(x, y))
    return tuple(out)


@cache
def _nearest_class(wild: str) -> dict[tuple[int, int], int]:
    """Every hand of a wild option's pack -> the plain class nearest in (High, Low) strength."""
    pack = poker_pack(wild)
    points = class_points()
    out: dict[tuple[int, int], int] = {}
    for i, a in enumerate(pack.cards):
        for b in pack.cards[i + 1 :]:
            h, lo = pack.strength(a, b)
            out[(a, b)] = min(
                range(len(points)),
                key=lambda k: ((points[k][0] - h) ** 2 + (points[k][1] - lo) ** 2, k),
            )
    return out


def hand_class(hand: Sequence[int], wild: str) -> int:
    """The class a hand of ``wild``'s pack plays as."""
    a, b = sorted(hand)
    if wild == "none":
        return class_index()[tuple(sorted((rank_of(a), rank_of(b))))]  # type: ignore[index]
    return _nearest_class(wild)[(a, b)]


@cache
def _mean_strength(wild: str, keep: int, other: int) -> tuple[float, float]:
    pack = poker_pack(wild)
    highs = lows = 0.0
    count = 0
    for c in pack.cards:
        if c in (keep, other):
            continue
        h, lo = pack.strength(keep, c)
        highs += h
        lows += lo
        count += 1
    return highs / count, lows / count


def kept_card(hand: Sequence[int], wild: str, side: str) -> int:
    """The card a draw for ``side`` (``high`` or ``low``) keeps: the one whose average strength on
    that side with a new card is the better (ties: the lower card id)."""
    a, b = sorted(hand)
    k = 0 if side == "high" else 1
    sa = _mean_strength(wild, a, b)[k]
    sb = _mean_strength(wild, b, a)[k]
    return b if sb > sa else a


def draw_card(hand: Sequence[int], wild: str, side: str) -> int:
    """The card thrown by a draw for ``side``."""
    keep = kept_card(hand, wild, side)
    a, b = sorted(hand)
    return b if keep == a else a


def declared_share(h0: int, l0: int, d0: str, h1: int, l1: int, d1: str) -> float:
    """Player 0's share of a heads-up pot under declarations (P-11; odd chips aside)."""
    keys = ((h0, l0), (h1, l1))
    decl = (d0, d1)
    high = [s for s in (0, 1) if decl[s] in ("high", "both")]
    low = [s for s in (0, 1) if decl[s] in ("low", "both")]

    def best(side: list[int], k: int) -> list[int]:
        if not side:
            return []
        top = max(keys[s][k] for s in side)
        return [s for s in side if keys[s][k] == top]

    bh, bl = best(high, 0), best(low, 1)
    failed = {s for s in (0, 1) if decl[s] == "both" and not (bh == [s] and bl == [s])}
    high = [s for s in high if s not in failed]
    low = [s for s in low if s not in failed]
    wh, wl = best(high, 0), best(low, 1)
    if wh and wl:
        return 0.5 * wh.count(0) / len(wh) + 0.5 * wl.count(0) / len(wl)
    if wh or wl:
        w = wh or wl
        return w.count(0) / len(w)
    return 0.5


def speak_share(h0: int, l0: int, h1: int, l1: int) -> float:
    """Player 0's share of a heads-up pot when cards speak (P-10)."""
    high = 1.0 if h0 > h1 else 0.5 if h0 == h1 else 0.0
    low = 1.0 if l0 > l1 else 0.5 if l0 == l1 else 0.0
    return 0.5 * (high + low)


# ------------------------------------------------------------------ the table
def config_key(declare: bool, draw: bool, bet_max: int, raises: int, ante: int) -> str:
    return f"{'declare' if declare else 'speak'}-{'draw' if draw else 'nodraw'}-{bet_max}-{raises}-{ante}"


@dataclass(frozen=True)
class Strategy:
    """One configuration's average strategy: per history, per bucket, the action weights."""

    bucket_of_class: tuple[int, ...]
    nodes: dict[str, list[list[float]]]

    def probs(self, history: str, bucket: int) -> list[float] | None:
        row = self.nodes.get(history)
        if row is None:
            return None
        probs = row[bucket]
        total = sum(probs)
        if total <= 0 or not math.isfinite(total):
            return None
        return [p / total for p in probs]


def decode(payload: dict[str, Any]) -> dict[str, Strategy]:
    out: dict[str, Strategy] = {}
    for key, data in payload["configs"].items():
        actions = data["nodes"]
        nodes = {
            h: [[float(x) for x in cell.split(",")] for cell in text.split(";")]
            for h, text in actions.items()
        }
        out[key] = Strategy(tuple(data["bucket_of_class"]), nodes)
    return out


@cache
def shipped_table() -> dict[str, Strategy]:
    """The table shipped in the package (loaded on first use)."""
    raw = resources.files("bot.players").joinpath("data").joinpath(TABLE_FILE).read_bytes()
    return decode(json.loads(gzip.decompress(raw).decode("utf-8")))
