"""Cards of Hurricane poker (P-1) as small ints, so hands and the stock are cheap to copy.

A card id is ``(rank - 2) * 4 + suit`` for ranks 2..14 (A = 14) and suits H D C S; the two jokers
are 52 and 53. Sorting ids sorts cards by rank, then suit, which is the canonical output order.
"""

from __future__ import annotations

from ..errors import IllegalAction

SUITS = "HDCS"
RANK_TEXT = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10"}
RANK_TEXT.update({11: "J", 12: "Q", 13: "K", 14: "A"})
JOKERS = (52, 53)
NUM_IDS = 54

LABELS: list[str] = [RANK_TEXT[i // 4 + 2] + SUITS[i % 4] for i in range(52)] + ["X1", "X2"]
BY_LABEL: dict[str, int] = {label: i for i, label in enumerate(LABELS)}

#: Wild cards of each ``wild`` option (P-1, P-9).
WILD_CARDS: dict[str, frozenset[int]] = {
    "none": frozenset(),
    "jokers": frozenset(JOKERS),
    "deuces": frozenset({0, 1, 2, 3}),
    "one_eyes": frozenset({BY_LABEL["JS"], BY_LABEL["JH"], BY_LABEL["KD"]}),
}


def rank_of(card: int) -> int:
    """2..14 for a French card (jokers have no rank: they are always wild)."""
    return card // 4 + 2


def deck(wild: str) -> list[int]:
    """The pack in id order: 52 cards, 54 with ``wild=jokers``."""
    return list(range(54 if wild == "jokers" else 52))


def parse_card(text: str) -> int:
    """``7H``, ``10h``, ``X1`` -> id; anything else is ``IllegalAction``."""
    if not isinstance(text, str) or len(text) > 3:
        raise IllegalAction(f"{_short(text)} is not a card: write cards like 7H, 10D, AS or X1")
    card = BY_LABEL.get(text.strip().upper())
    if card is None:
        raise IllegalAction(f"{_short(text)} is not a card: write cards like 7H, 10D, AS or X1")
    return card


def _short(text: object) -> str:
    shown = text if isinstance(text, str) else type(text).__name__
    shown = "".join(c if c.isprintable() else "?" for c in shown)
    return repr(shown[:20] + ("…" if len(shown) > 20 else ""))


def labels(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [LABELS[c] for c in sorted(cards)]
