"""Hurricane poker's cards and ranking for the floors above the engine (``bot.games.poker_pack``,
``poker_strength``; docs/engine-api.md): computer players simulate thousands of showdowns a move,
so they get the engine's own small card ids and key tables rather than re-deriving P-7..P-9."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from ..errors import IllegalAction
from .cards import BY_LABEL, LABELS, NUM_IDS, WILD_CARDS, deck, parse_card
from .ranking import strengths, tables

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
