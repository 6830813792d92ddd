"""Hurikan worlds that believe what the opponent's plays say about its hand.

A Hurikan hand is played out before the next refill (K-4), so everything the opponent held in an
earlier packet is on the table or in a pile; only its hand of the current packet is hidden. Its
plays since the refill say much about that hand: a player who lays a card rather than taking one
usually had no cards that sum to any table card, and one who takes usually took the best it
could. Uniform worlds ignore that, and a search over them lays cards the real opponent is known
to be unable to take — or walks into takes it is known to hold (an opponent whose whole hand is
known loses to hard nine games in ten, docs/players.md).

Each hand the opponent may hold is weighed by the chance that a reasonable player (normal's
choice, ``hurikan_normal.moves``) with that hand, then, made the plays it made since the refill:
``1 - SURPRISE`` shared among normal's equally good moves, ``SURPRISE`` among all its moves, so a
player who plays otherwise (a person, hard) only flattens the belief, it never rules a world
out. Expert's worlds give other moves twice that share (``EXPERT_SURPRISE``): hard, its opponent
in the arena, leaves normal's choice at about a fifth of its moves. Worlds are drawn by
rejection: a uniform hand, kept with its weight. The weight depends on the hand's values only
(suits never matter in Hurikan), so a search computes each once.

Everything comes from the seat's view (its ``history`` of public plays): no hidden card is read.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.games import GameState, determinise

from .base import View, seat_of
from .hurikan_normal import normal_choices
from .hurricane_cards import PACK, VALUE, parse_play, unseen_in

HAND_SIZE = 6  # K-1, K-4: a packet is 6 cards each (the last 2)
#: the share of the belief for plays other than normal's choice
SURPRISE = 0.1
#: expert's share: hard, the opponent expert is measured against, plays another move than
#: normal's choice at about a fifth of its moves (39 of 185 in 6 games of hard against hard)
EXPERT_SURPRISE = 0.2
#: draws of a uniform hand before the most likely one drawn is used anyway
MAX_DRAWS = 400

Values = tuple[int, ...]
#: a play by values: (laid values sorted, the taken value or 0 for a lay)
Signature = tuple[Values, int]


@dataclass(frozen=True)
class PastPlay:
    """One of the opponent's plays in the current packet, and what it could see then."""

    table: tuple[str, ...]
    hand_sizes: tuple[int, int]
    stock_count: int
    opening: bool
    played: tuple[str, ...]  # cards the opponent laid in this play and its later ones
    signature: Signature


def _signature(laid: Sequence[str], taken: str | None) -> Signature:
    return tuple(sorted(VALUE[c] for c in laid)), VALUE[taken] if taken else 0


def past_plays(view: View) -> tuple[PastPlay, ...] | None:
    """The opponent's plays since the last refill, replayed from the view's public history; None
    when the history does not lead to the view's table and counts (e.g. a game stored before
    there was a history), so that nothing is inferred from it."""
    history = view.get("history")
    if history is None:
        return None
    opponent = 1 - seat_of(view)
    table: list[str] = []
    sizes = [HAND_SIZE, HAND_SIZE]
    stock = len(PACK) - 2 * HAND_SIZE
    packet: list[tuple[int, PastPlay]] = []  # (mover, the play with its own cards only)
    for index, (mover, action) in enumerate(history):
        play = parse_play(str(action))
        taken = play.taken[0] if play.taken else None
        signature = _signature(play.played, taken)
        then = PastPlay(
            tuple(table), (sizes[0], sizes[1]), stock, index == 0, play.played, signature
        )
        packet.append((int(mover), then))
        if taken is None:
            table.extend(play.played)
        elif taken in table:
            table.remove(taken)
        else:
            return None
        sizes[int(mover)] -= len(play.played)
        if sizes[int(mover)] < 0:
            return None
        if sizes == [0, 0] and stock:
            total = min(stock, 2 * HAND_SIZE)
            sizes = [total // 2, total // 2]
            stock -= total
            packet = []
    if (
        sorted(table) != sorted(view.get("table") or ())
        or sizes != list(view.get("hand_sizes") or ())
        or stock != int(view.get("stock_count") or 0)
    ):
        return None
    out: list[PastPlay] = []
    later: tuple[str, ...] = ()
    for mover, then in reversed(packet):
        if mover == opponent:
            later = then.played + later
            out.append(replace(then, played=later))
    return tuple(reversed(out))


def _chance(play: PastPlay, hand: Sequence[str], opponent: int, surprise: float) -> float:
    """How likely a player with ``hand`` at that time was to make ``play``: ``surprise`` shared
    among all normal's moves, the rest among its equally good ones."""
    seen = {
        "seat": opponent,
        "hand": sorted(hand, key=VALUE.__getitem__),  # by value, as views hold hands
        "table": list(play.table),
        "hand_sizes": list(play.hand_sizes),
        "stock_count": play.stock_count,
        "opening": play.opening,
    }
    found, ties = normal_choices(seen)
    chance = surprise / len(found)
    for move in ties:
        parsed = parse_play(move.text)
        taken = parsed.taken[0] if parsed.taken else None
        if _signature(parsed.played, taken) == play.signature:
            chance += (1.0 - surprise) / len(ties)
            break
    return chance


class Belief:
    """The opponent hands of one position, drawn in proportion to how well they explain its
    plays since the refill."""

    def __init__(self, view: View, surprise: float = SURPRISE) -> None:
        self.surprise = surprise
        seat = seat_of(view)
        self.opponent = 1 - seat
        self.unseen = unseen_in(view)
        self.size = int((view.get("hand_sizes") or [0, 0])[self.opponent])
        self.plays = past_plays(view) if self.size else None
        self.weights: dict[Values, float] = {}

    @property
    def informed(self) -> bool:
        return bool(self.plays) and 0 < self.size < len(self.unseen)

    def weight(self, hand: Sequence[str]) -> float:
        key = tuple(sorted(VALUE[c] for c in hand))
        found = self.weights.get(key)
        if found is None:
            found = 1.0
            for play in self.plays or ():
                found *= _chance(play, [*hand, *play.played], self.opponent, self.surprise)
            self.weights[key] = found
        return found

    def draw(self, rng: random.Random) -> list[str]:
        """A hand for the opponent: uniform hands kept with their weight (the most likely of
        ``MAX_DRAWS`` if none is kept)."""
        best: tuple[float, list[str]] | None = None
        for _ in range(MAX_DRAWS):
            hand = rng.sample(self.unseen, self.size)
            weight = self.weight(hand)
            if rng.random() < weight:
                return hand
            if best is None or weight > best[0]:
                best = (weight, hand)
        return best[1] if best is not None else []


def _key(view: View) -> tuple[object, ...]:
    return (
        seat_of(view),
        tuple(view.get("hand") or ()),
        tuple(view.get("table") or ()),
        tuple(tuple(p) for p in view.get("piles") or ()),
        tuple(tuple(h) for h in view.get("history") or ()),
        tuple(view.get("hand_sizes") or ()),
        view.get("stock_count"),
    )


#: the last positions' beliefs: a search draws hundreds of worlds from one position
_BELIEFS: dict[tuple[object, ...], Belief] = {}


def belief_of(view: View, surprise: float = SURPRISE) -> Belief:
    key = (*_key(view), surprise)
    found = _BELIEFS.get(key)
    if found is None:
        if len(_BELIEFS) >= 8:
            _BELIEFS.clear()
        found = _BELIEFS[key] = Belief(view, surprise)
    return found


def opponent_hand(view: View, rng: random.Random, surprise: float = SURPRISE) -> list[str]:
    """The opponent's hand in one world: drawn from the belief once its plays say something,
    else uniformly from the unseen cards."""
    belief = belief_of(view, surprise)
    if not belief.informed:
        return rng.sample(belief.unseen, belief.size)
    return belief.draw(rng)


def hurikan_world(view: View, rng: random.Random, surprise: float = SURPRISE) -> GameState:
    """A full position for the search: the opponent's hand drawn from the belief, the stock
    from the rest."""
    belief = belief_of(view, surprise)
    if not belief.informed:
        return determinise("hurikan", view, rng)
    return determinise("hurikan", view, rng, hands={belief.opponent: belief.draw(rng)})
