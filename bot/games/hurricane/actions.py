"""Actions of Hurricane and Hurikan and their canonical notation (ENGINE.md).

Actions keep cards as ints for speed and build their text lazily: ``str()`` is canonical, sorted,
and is what equality and hashing use (``bot.games.base.Action``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import repeat

from bot.games.base import Action
from bot.games.checks import action_text
from bot.games.errors import IllegalAction

from ..quote import quote
from .captures import set_cards, set_mask
from .cards import NAMES, PACK_SIZE, parse_card


class HurricaneAction(Action):
    """Common base: ``str()`` is the canonical text that ``_render`` builds."""

    __slots__ = ()

    def _render(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self._render()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


class _Cached(HurricaneAction):
    """A slot for the cached text (``Capture`` keeps it in its ``__dict__`` instead)."""

    __slots__ = ("_text",)

    _text: str

    def __str__(self) -> str:
        try:
            return self._text
        except AttributeError:
            text = self._text = self._render()
            return text


class Trail(_Cached):
    """Lay one hand card face up on the table (H-4)."""

    __slots__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card = card

    def _render(self) -> str:
        return NAMES[self.card]


class _TupleAction(tuple, HurricaneAction):  # type: ignore[type-arg,unused-ignore]
    """An action that is a plain tuple underneath, so that a batch of thousands is built by
    ``tuple`` itself with no Python code per action. Use one as an ``Action`` only: equal and
    hashed by its canonical text, never by tuple contents, and not ordered."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and str(self) == str(other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(str(self))

    def __lt__(self, other: object) -> bool:
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__

    def __repr__(self) -> str:
        return f"{type(self).__name__}({quote(str(self))})"


class Capture(_TupleAction):  # noqa: SLOT001
    """Play ``card`` and take ``captured`` (table card ints) from the table (H-4..H-6).

    A crowded table gives thousands of captures, so one must be cheap to build: a Capture is a
    ``(card, mask)`` tuple underneath, the taken cards a bitmask (``captures.BIT``), built by
    ``tuple`` itself with no Python code per action (hence no ``__new__`` of its own: write
    ``Capture.of(card, captured)``, or ``Capture.many`` for a batch)."""

    _text: str  # the canonical text, cached in the instance dict once rendered

    @classmethod
    def of(cls, card: int, captured: Iterable[int]) -> Capture:
        """Play ``card`` and take the table cards ``captured`` (checked to be cards, once each)."""
        taken = tuple(captured)
        for c in (card, *taken):
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < PACK_SIZE:
                raise IllegalAction(f"{quote(c)} is not a card of this pack")
        if len(set(taken)) != len(taken):
            raise IllegalAction("a table card is listed twice")
        return cls((card, set_mask(taken)))

    @classmethod
    def many(cls, card: int, masks: Iterable[int]) -> Iterator[Capture]:
        """A capture with ``card`` for every card-set mask of ``masks`` (see ``captures``)."""
        return map(cls, zip(repeat(card), masks))

    @property
    def card(self) -> int:
        return self[0]

    @property
    def captured(self) -> tuple[int, ...]:
        """The taken cards in canonical order."""
        return tuple(set_cards(self[1]))

    def _render(self) -> str:
        return NAMES[self[0]] + ":" + "+".join([NAMES[c] for c in set_cards(self[1])])

    __str__ = _Cached.__str__  # the same lazy, cached text (kept in the instance __dict__ here)

    def __eq__(self, other: object) -> bool:
        if type(other) is Capture:  # the same text exactly when the same card and set
            return tuple.__eq__(self, other)
        return _TupleAction.__eq__(self, other)

    __hash__ = _TupleAction.__hash__  # defining __eq__ would otherwise unset it


class Flip(_Cached):
    """Turn up face-down hand card number ``index`` (preset ``open``, H-19)."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index

    def _render(self) -> str:
        return f"flip {self.index}"


#: The hand positions of each position mask of a hand of at most 6 cards (Hurikan, K-1).
POSITIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(6) if mask >> i & 1) for mask in range(64)
)


def _some(hand: tuple[int, ...], mask: int) -> tuple[int, ...]:
    """The cards at the positions of ``mask`` (any length of hand: a parsed action may list
    more cards than a hand holds)."""
    if mask < 64:
        return tuple(map(hand.__getitem__, POSITIONS[mask]))
    return tuple(c for i, c in enumerate(hand) if mask >> i & 1)


class _HandCards(_TupleAction):
    """Hurikan actions are tuples ending ``(hand, mask)``: the (sorted) hand the cards came from
    and a mask of positions in it. A fresh hand has 63 lays, and building each one's card tuple
    dominated Hurikan's move time; this way ``legal_actions`` makes one object per action, built
    by ``tuple`` from ``zip``, and the cards are read only for the action played or printed."""

    __slots__ = ()  # no instance dict: 40% cheaper to build; the text is rendered per str()

    @property
    def cards(self) -> tuple[int, ...]:
        """The laid cards, ascending."""
        return _some(self[-2], self[-1])


class Lay(_HandCards):
    """Hurikan: lay one or more hand cards face up without taking (K-2, K-3).

    ``(hand, mask)`` underneath: ``Lay.of(cards)``, or ``Lay.many(hand, masks)`` for a batch."""

    __slots__ = ()

    @classmethod
    def of(cls, cards: Iterable[int]) -> Lay:
        hand = tuple(sorted(cards))
        return cls((hand, (1 << len(hand)) - 1))

    @classmethod
    def many(cls, hand: tuple[int, ...], masks: Iterable[int]) -> Iterator[Lay]:
        return map(cls, zip(repeat(hand), masks))

    def _render(self) -> str:
        return "+".join([NAMES[c] for c in self.cards])


class Take(_HandCards):
    """Hurikan: lay ``cards`` whose values sum to ``target``'s value and take it (K-3).

    ``(target, hand, mask)`` underneath: ``Take.of(cards, target)``, or ``Take.many(target,
    hand, masks)`` for a batch."""

    __slots__ = ()

    @classmethod
    def of(cls, cards: Iterable[int], target: int) -> Take:
        hand = tuple(sorted(cards))
        return cls((target, hand, (1 << len(hand)) - 1))

    @classmethod
    def many(cls, target: int, hand: tuple[int, ...], masks: Iterable[int]) -> Iterator[Take]:
        return map(cls, zip(repeat(target), repeat(hand), masks))

    @property
    def target(self) -> int:
        return int(self[0])

    def _render(self) -> str:
        return "+".join([NAMES[c] for c in self.cards]) + ":" + NAMES[self[0]]


_HURRICANE_HINT = "a card such as 7H, or a capture such as 7H:3C+4D"
_HURIKAN_HINT = "cards to lay such as 2H+5D, or cards and the table card they take such as 4S+2H:6C"


def _text_of(text: object, hint: str = _HURRICANE_HINT) -> str:
    return action_text(text, hint)


def _card_list(
    text: str, missing: str = "no cards given after ':'; write e.g. 7H:3C+4D"
) -> tuple[int, ...]:
    """Cards separated by ``+`` or spaces, each at most once."""
    parts = [p for p in text.replace("+", " ").split(" ") if p]
    if not parts:
        raise IllegalAction(missing)
    cards = tuple(parse_card(p) for p in parts)
    if len(set(cards)) != len(cards):
        dup = next(NAMES[c] for c in cards if cards.count(c) > 1)
        raise IllegalAction(f"{dup} is listed twice")
    return tuple(sorted(cards))


def parse_hurricane(text: object) -> HurricaneAction:
    """``7H`` (trail), ``7H:3C+4D`` (capture) or ``flip 0`` (open preset)."""
    s = _text_of(text)
    low = s.lower()
    if low.startswith("flip"):
        rest = low[4:].strip()
        # ASCII digits only, and short: str.isdigit() accepts "²", which int() refuses
        if not (rest.isascii() and rest.isdigit() and len(rest) <= 3):
            raise IllegalAction("write flip 0 or flip 1 to turn up a face-down card")
        return Flip(int(rest))
    if ":" in s:
        played, _, taken = s.partition(":")
        if ":" in taken:
            raise IllegalAction(f"{quote(s)} has more than one ':'; write e.g. 7H:3C+4D")
        card = parse_card(played)
        captured = _card_list(taken)
        if card in captured:
            raise IllegalAction(f"{NAMES[card]} cannot take itself")
        return Capture.of(card, captured)
    if "+" in s or " " in s:
        raise IllegalAction(
            f"{quote(s)}: play one card (e.g. 7H) or a capture with a colon (e.g. 7H:3C+4D)"
        )
    return Trail(parse_card(s))


def parse_hurikan(text: object) -> HurricaneAction:
    """``2H+5D+KC`` (lay) or ``4S+2H:6C`` (lay and take)."""
    s = _text_of(text, _HURIKAN_HINT)
    missing = f"no cards to lay: write {_HURIKAN_HINT}"
    if ":" in s:
        laid, _, target = s.partition(":")
        if ":" in target or not laid.strip():
            raise IllegalAction(
                f"{quote(s)}: write the laid cards, a colon and one table card, e.g. 4S+2H:6C"
            )
        cards = _card_list(laid, missing)
        if len(target.replace("+", " ").split()) != 1:
            raise IllegalAction("one play takes exactly one table card")
        taken = parse_card(target)
        if taken in cards:
            raise IllegalAction(f"{NAMES[taken]} cannot take itself")
        return Take.of(cards, taken)
    return Lay.of(_card_list(s, missing))
