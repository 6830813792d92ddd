"""The combination analyser: every reading of a selection of cards (G-4..G-9, G-11).

A *reading* is a way to play a selection: a set, a sequence of some width, or a bomb. Readings of one
selection never share a (kind, width); within one (kind, width) a selection may fit several ranks
(``9 10 Q`` is 8-9-10 or 9-10-J) and the highest is always taken, because a higher combination of the
same shape is never worse for the player. So a reading is named by its suffix alone: ``set``,
``seq1``, ``seq2``, ... ; bombs have exactly one reading.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache

from ..errors import IllegalAction
from ..quote import quote
from .cards import (
    FACE_BIT,
    FACE_LETTERS,
    JACK,
    KING,
    NUM_IDS,
    NUMBER_MASK,
    QUEEN,
    RANK_ONLY,
    ids_of,
    parse_card,
)


class Kind(Enum):
    SET = "set"
    SEQ = "seq"
    BOMB = "bomb"

    # members are singletons compared by identity: hash them so too (Enum's own hash is a
    # Python-level call, and the play enumerator hashes kinds tens of thousands of times)
    __hash__ = object.__hash__


BOMB_NAMES = {
    1: "rainbow bomb 3-5-7-9",
    2: "J-Q bomb",
    3: "J-K bomb",
    4: "Q-K bomb",
    5: "J-Q-K bomb",
    6: "suited bomb 3-5-7-9",
}
FACE_BOMB_LEVEL = {
    FACE_BIT[JACK] | FACE_BIT[QUEEN]: 2,
    FACE_BIT[JACK] | FACE_BIT[KING]: 3,
    FACE_BIT[QUEEN] | FACE_BIT[KING]: 4,
    FACE_BIT[JACK] | FACE_BIT[QUEEN] | FACE_BIT[KING]: 5,
}
SEQ_MIN_LENGTH = {1: 3}  # width 1 needs 3 ranks; wider sequences need 2 (G-7)
BOMB_RANKS = (3, 5, 7, 9)
NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def rank_word(rank: int) -> str:
    return FACE_LETTERS.get(rank, str(rank))


@dataclass(frozen=True, slots=True)
class Combination:
    """One reading. ``rank`` is the set rank, the sequence's top rank or the bomb level (1..6)."""

    kind: Kind
    size: int
    width: int
    rank: int

    @property
    def is_bomb(self) -> bool:
        return self.kind is Kind.BOMB

    @property
    def length(self) -> int:
        return self.size // self.width if self.kind is Kind.SEQ else 1

    @property
    def code(self) -> int:
        """0 for a set, the width for a sequence, -1 for a bomb."""
        if self.kind is Kind.SET:
            return 0
        return self.width if self.kind is Kind.SEQ else -1

    @property
    def suffix(self) -> str | None:
        """The declared-reading suffix of the notation (``set``/``seqW``), ``None`` for bombs."""
        return reading_name(self.code)

    def beats(self, other: Combination) -> bool:
        """G-11: same shape and a strictly higher rank, or a bomb over a non-bomb / lower bomb."""
        if self.kind is Kind.BOMB:
            return other.kind is not Kind.BOMB or self.rank > other.rank
        return (
            other.kind is self.kind
            and other.size == self.size
            and other.width == self.width
            and self.rank > other.rank
        )

    def same_shape(self, other: Combination) -> bool:
        return self.kind is other.kind and self.size == other.size and self.width == other.width

    def describe(self) -> str:
        """``a pair of 10s``, ``a sequence 5-6-7``, ``a J-Q bomb``."""
        if self.kind is Kind.BOMB:
            return "a " + BOMB_NAMES[self.rank]
        if self.kind is Kind.SET:
            word = rank_word(self.rank)
            if self.size == 1:
                return f"a single {word}"
            if self.size == 2:
                return f"a pair of {word}s"
            return f"{NUMBER_WORDS[self.size]} {word}s"
        low = self.rank - self.length + 1
        ranks = "-".join("-".join([rank_word(r)] * self.width) for r in range(low, self.rank + 1))
        return f"a sequence {ranks}" if self.width == 1 else f"a {self.width}-wide sequence {ranks}"

    def shape(self) -> str:
        """The shape a follower must match, in words."""
        if self.kind is Kind.BOMB:
            return "a higher bomb"
        if self.kind is Kind.SET:
            if self.size == 1:
                return "a single card"
            if self.size == 2:
                return "a pair"
            return f"a set of {NUMBER_WORDS[self.size]}"
        if self.width == 1:
            return f"a sequence of {self.length}"
        return f"a {self.width}-wide sequence of {self.length} ranks"

    def to_dict(self) -> dict[str, object]:
        """The ``combination`` of views and events (a fresh dict: the words are built once)."""
        data = _AS_DICT.get(self)
        if data is None:
            data = _AS_DICT[self] = self._as_dict()
        return dict(data)

    def _as_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind.value,
            "size": self.size,
            "width": self.width,
            "length": self.length,
            "rank": self.rank,
            "reading": self.suffix,
            "text": self.describe(),
            "bomb_level": self.rank if self.kind is Kind.BOMB else None,
        }


_AS_DICT: dict[Combination, dict[str, object]] = {}


@cache
def combo(kind: Kind, size: int, width: int, rank: int) -> Combination:
    """Interned combinations: the enumerator makes thousands, most equal (a C-level cache)."""
    return Combination(kind, size, width, rank)


def reading_name(code: int) -> str | None:
    if code == 0:
        return "set"
    if code > 0:
        return f"seq{code}"
    return None


def parse_reading(text: str) -> int:
    """``set`` -> 0, ``seq2`` -> 2."""
    word = text.strip().lower()
    if word == "set":
        return 0
    digits = word[3:]
    if word.startswith("seq") and digits.isascii() and digits.isdigit() and 1 <= int(digits) <= 5:
        return int(word[3:])
    raise IllegalAction(
        f"{quote('=' + text, 20)} is not a reading: write =set or =seqW (W = the width, 1 to 5)"
    )


def _face_cover(faces: list[int], top: int, width: int) -> bool:
    """Can the faces fill ``width`` slots at every rank 11..top? (a face stands for itself or lower)"""
    for r in range(JACK, top + 1):
        need = width * (top - r + 1)
        have = sum(1 for f in faces if f >= r)
        if have < need:
            return False
    return True


@lru_cache(maxsize=1 << 16)
def analyse(mask: int, suits: int = 5) -> tuple[Combination, ...]:
    """All readings of one selection (a card mask), ordered set, seq1, seq2, ..., bomb.

    ``suits`` is the number of suits in play (4 with two players): no sequence is wider.
    An empty tuple means the selection is no combination; ``why_not`` says why.
    """
    if mask == 0:
        return ()
    num = mask & NUMBER_MASK
    faces = [r for r in (JACK, QUEEN, KING) if mask & FACE_BIT[r]]
    size = mask.bit_count()
    if num == 0:
        if size == 1:
            return (combo(Kind.SET, 1, 0, faces[0]),)
        return (combo(Kind.BOMB, size, 0, FACE_BOMB_LEVEL[mask]),)
    ids = ids_of(num)
    ranks = [c // 5 + 2 for c in ids]
    suit_set = {c % 5 for c in ids}
    if not faces and size == 4 and ranks == [3, 5, 7, 9]:
        if len(suit_set) == 1:
            return (combo(Kind.BOMB, 4, 0, 6),)
        if len(suit_set) == 4:
            return (combo(Kind.BOMB, 4, 0, 1),)
        return ()
    out: list[Combination] = []
    low, high = ranks[0], ranks[-1]
    if low == high and size <= 8:
        out.append(combo(Kind.SET, size, 0, low))
    for width in range(max(1, len(suit_set)), suits + 1):
        if size % width:
            continue
        length = size // width
        if length < SEQ_MIN_LENGTH.get(width, 2):
            continue
        if any(ranks.count(r) > width for r in set(ranks)):
            continue
        top = min(KING, low + length - 1)
        while top >= high and top - length + 1 >= 2:
            if top <= 10 or _face_cover(faces, top, width):
                out.append(combo(Kind.SEQ, size, width, top))
                break
            top -= 1
    return tuple(out)


def why_not(mask: int) -> str:
    """A player-readable reason why a selection with no reading is no combination."""
    num = mask & NUMBER_MASK
    ids = ids_of(num)
    ranks = sorted(c // 5 + 2 for c in ids)
    face_count = (mask & ~NUMBER_MASK).bit_count()
    text = "+".join(RANK_ONLY[c] for c in ids_of(mask))
    if ranks == [3, 5, 7, 9]:
        if face_count:
            return "a 3-5-7-9 bomb takes no face cards: a bomb with an extra card is no combination"
        n = len({c % 5 for c in ids})
        return f"3-5-7-9 in {NUMBER_WORDS[n]} suits is not a bomb"
    if mask.bit_count() > 8 and len(set(ranks)) == 1:
        return f"{text} is too many cards for one set"
    if len(set(ranks)) == 1:
        return f"{text} is no combination"
    return _why_no_sequence(text, ids, ranks, mask.bit_count()) or (
        f"{text} is not a set, a sequence or a bomb: a set is cards of one rank, a sequence needs "
        "consecutive ranks with the same suits at every rank (face cards fill gaps)"
    )


def _why_no_sequence(text: str, ids: list[int], ranks: list[int], size: int) -> str | None:
    """The one rule a selection of several ranks breaks as a sequence (G-7), when one names it:
    too few ranks, a rank short of a suit, or a gap the face cards cannot fill."""
    width = len({c % 5 for c in ids})
    if width == 1 and size < SEQ_MIN_LENGTH[1]:
        return f"{text} is too short: a sequence of single cards needs three or more ranks"
    if width > 1 and all(ranks.count(r) == 1 for r in ranks):
        return None  # single cards of several suits: the general reason says it (same suits)
    if width > 1 and (
        size % width
        or size // width < 2
        or any(ranks.count(r) > width for r in set(ranks))
        or len({c % 5 for c in ids if c // 5 + 2 == ranks[0]}) < width
    ):
        return (
            f"{text} is not a sequence: cards of {NUMBER_WORDS[width]} suits make a sequence only "
            "with one card of each of those suits at every rank, over two or more ranks (face "
            "cards fill in)"
        )
    if ranks[-1] - ranks[0] + 1 > size // width:
        return f"{text} is not a sequence: its ranks have gaps the face cards cannot fill"
    return None


def mask_of_cards(cards: Iterable[str | int]) -> int:
    mask = 0
    for card in cards:
        cid = card if isinstance(card, int) else parse_card(card)
        if mask >> cid & 1:
            raise IllegalAction(f"a card is listed twice: {card}")
        mask |= 1 << cid
    return mask


def readings(cards: Iterable[str | int], suits: int = 5) -> list[Combination]:
    """Public analyser: every reading of a selection (``["5G", "J", "Q"]`` -> three 5s, 5-6-7).

    The interface needs to ask "which reading?" only when this returns more than one.
    """
    return list(analyse(mask_of_cards(cards), suits))


__all__ = [
    "BOMB_RANKS",
    "Combination",
    "Kind",
    "NUM_IDS",
    "analyse",
    "combo",
    "parse_reading",
    "readings",
    "reading_name",
    "why_not",
]
