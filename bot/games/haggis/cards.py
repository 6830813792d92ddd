"""Haggis cards as small integers, so hands and plays are bit masks (G-1..G-3).

Number card ``(rank, suit)`` has id ``(rank - 2) * 5 + suit`` (0..44); the face cards J, Q, K have ids
45, 46, 47. Ascending ids are the canonical order: by rank, then suit R O Y G B, then J Q K. A hand is
an ``int`` whose bit ``id`` is set for each card held; a seat holds only its own J, Q and K, so one bit
per face rank is enough for a hand or a single play. Captured piles may hold several J (one per owner)
and are therefore kept as lists of ids.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import IllegalAction
from ..quote import quote

SUITS = "ROYGB"
SUIT_NAMES = ("red", "orange", "yellow", "green", "blue")
JACK, QUEEN, KING = 11, 12, 13
FACE_RANKS = (JACK, QUEEN, KING)
FACE_LETTERS = {JACK: "J", QUEEN: "Q", KING: "K"}
FACE_ID = {JACK: 45, QUEEN: 46, KING: 47}
NUM_IDS = 45
ALL_IDS = 48

NUMBER_MASK = (1 << NUM_IDS) - 1
FACE_MASK = 0b111 << NUM_IDS
FACE_BIT = {rank: 1 << FACE_ID[rank] for rank in FACE_RANKS}
HAND_SIZE_NUMBERS = 14


def card_id(rank: int, suit: int) -> int:
    return (rank - 2) * 5 + suit


def rank_of(cid: int) -> int:
    return cid // 5 + 2 if cid < NUM_IDS else cid - 34


def suit_of(cid: int) -> int:
    return cid % 5


def _label(cid: int) -> str:
    if cid >= NUM_IDS:
        return FACE_LETTERS[cid - 34]
    return f"{rank_of(cid)}{SUITS[suit_of(cid)]}"


LABELS: tuple[str, ...] = tuple(_label(c) for c in range(ALL_IDS))
RANK_ONLY: tuple[str, ...] = tuple(
    FACE_LETTERS[rank_of(c)] if c >= NUM_IDS else str(rank_of(c)) for c in range(ALL_IDS)
)
BY_LABEL: dict[str, int] = {label: cid for cid, label in enumerate(LABELS)}


def _points(cid: int) -> int:
    rank = rank_of(cid)
    if rank == JACK:
        return 2
    if rank == QUEEN:
        return 3
    if rank == KING:
        return 5
    return 1 if rank % 2 == 1 else 0


POINTS: tuple[int, ...] = tuple(_points(c) for c in range(ALL_IDS))


def label(cid: int) -> str:
    return LABELS[cid]


def num_suits(num_players: int) -> int:
    """Two players leave out the blue suit (G-1)."""
    return 4 if num_players == 2 else 5


def number_deck(num_players: int) -> list[int]:
    """The number cards in play, in canonical order (G-1)."""
    suits = num_suits(num_players)
    return [card_id(r, s) for r in range(2, 11) for s in range(suits)]


def deck_mask(num_players: int) -> int:
    return mask_of(number_deck(num_players))


#: ``_BYTE_IDS[k][b]``: the card ids of byte value ``b`` at byte ``k`` of a mask.
_BYTE_IDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(6)
)
#: The same as labels, for ``labels_of``.
_BYTE_LABELS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(LABELS[c] for c in ids if c < ALL_IDS) for ids in row) for row in _BYTE_IDS
)


def ids_of(mask: int) -> list[int]:
    """Card ids of a mask, ascending (canonical order); a byte at a time, by table."""
    out: list[int] = []
    k = 0
    while mask:
        byte = mask & 255
        if byte:
            out += _BYTE_IDS[k][byte]
        mask >>= 8
        k += 1
    return out


def labels_of(mask: int) -> list[str]:
    """The labels of a mask's cards, canonical order."""
    out: list[str] = []
    k = 0
    while mask:
        byte = mask & 255
        if byte:
            out += _BYTE_LABELS[k][byte]
        mask >>= 8
        k += 1
    return out


def mask_of(ids: Iterable[int]) -> int:
    mask = 0
    for cid in ids:
        mask |= 1 << cid
    return mask


def parse_card(token: str) -> int:
    """One card token (``7R``, ``10g``, ``J``) to its id; anything else is an ``IllegalAction``."""
    text = token.strip().upper()
    cid = BY_LABEL.get(text)
    if cid is None:
        raise IllegalAction(
            f"{quote(token)} is not a Haggis card: write a rank 2-10 and a suit letter "
            f"({', '.join(f'{s}={n}' for s, n in zip(SUITS, SUIT_NAMES, strict=True))}), "
            "like 7R or 10G, or J, Q, K for your face cards"
        )
    return cid


def parse_cards(tokens: Iterable[str]) -> int:
    """Several card tokens to a mask; a card listed twice is refused."""
    mask = 0
    for token in tokens:
        cid = parse_card(token)
        bit = 1 << cid
        if mask & bit:
            if cid >= NUM_IDS:
                raise IllegalAction(
                    f"{LABELS[cid]} is listed twice: each seat has only one {LABELS[cid]}"
                )
            raise IllegalAction(f"{LABELS[cid]} is listed twice")
        mask |= bit
    return mask
