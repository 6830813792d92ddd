"""The Hurikan game state (RULES.md Part 2, K-1..K-5): lay cards, or lay a sum and take one card.

Same card ints and per-deal RNG scheme as Hurricane; a Hurikan game is one deal long.
"""

from __future__ import annotations

import functools
import json
import random
from itertools import repeat
from typing import Any

from bot.games.errors import IllegalAction
from bot.games.fair import FairSeed, snapshot_fields

from ..quote import quote
from .actions import POSITIONS, HurricaneAction, Lay, Take, parse_hurikan
from .cards import NAMES, PACK_SIZE, VALUE, names
from .turns import TurnBasedState

HAND_SIZE = 6
OPENING_MAX = 3


def hurikan_rng(seed: int, deal_no: int) -> random.Random:
    return random.Random(f"hurikan:{seed}:{deal_no}")


#: Position masks of the non-empty subsets of an n-card hand, in binary-counting order (the
#: order of ``legal_actions``), and those the opening may lay (K-2: at most 3 cards).
_MASKS: tuple[tuple[int, ...], ...] = tuple(tuple(range(1, 1 << n)) for n in range(HAND_SIZE + 1))
_OPENING_MASKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(m for m in masks if m.bit_count() <= OPENING_MAX) for masks in _MASKS
)


@functools.cache
def _masks_by_sum(values: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """For a hand's capture values (ascending), the position masks of the subsets that can take
    a card (sum 1-10) by sum, each in ``_MASKS`` order. It depends on the values only, so it is
    cached: at most a few thousand value patterns exist (5005 of six cards)."""
    sums = [0]  # sums[mask], doubled per card like the masks themselves
    for v in values:
        sums += [s + v for s in sums]
    by_sum: dict[int, list[int]] = {}
    for mask in _MASKS[len(values)]:
        total = sums[mask]
        if total <= 10:
            by_sum.setdefault(total, []).append(mask)
    return {total: tuple(masks) for total, masks in by_sum.items()}


class HurikanState(TurnBasedState):
    """One Hurikan game for two players."""

    name = "hurikan"
    num_players = 2

    options: dict[str, Any]
    seed: int
    fair: FairSeed | None  # set: deals by the fair derivation (bot.games.fair)
    dealer: int
    turn: int | None
    hands: list[list[int]]
    table: list[int]
    stock: list[int]
    piles: list[list[int]]
    last_player: int | None
    final_json: str | None  # the deal_scored event as JSON: copied cheaply per view
    # (pile names 0, pile names 1, pile values) for views; None when the piles changed. Replaced,
    # never changed in place, so clones may share it.
    pile_cache: tuple[list[str], list[str], list[int]] | None
    # every play of the deal, in order: (seat, the play event's action text). Public (a hard
    # player reads the opponent's hand from it); a tuple rebound per play, so clones share it.
    history: tuple[tuple[int, str], ...]
    outcome: dict[str, Any] | None

    @classmethod
    def blank(cls, seed: int) -> HurikanState:
        s = cls.__new__(cls)
        s.options = {"preset": "hurikan"}
        s.seed = seed
        s.fair = None
        s.dealer = 0
        s.turn = None
        s.hands = [[], []]
        s.table = []
        s.stock = []
        s.piles = [[], []]
        s.last_player = None
        s.final_json = None
        s.pile_cache = None
        s.history = ()
        s.outcome = None
        return s

    @classmethod
    def start(cls, seed: int, fair: FairSeed | None = None) -> HurikanState:
        """K-1 / K-2: random dealer, 6 cards each, no table; the dealer's left opens."""
        s = cls.blank(seed)
        s.fair = fair
        if fair is not None:
            s.dealer = fair.first_dealer(2)
            pack = fair.shuffle(range(PACK_SIZE), 1)
        else:
            s.dealer = hurikan_rng(seed, 0).randrange(2)
            pack = list(range(PACK_SIZE))
            hurikan_rng(seed, 1).shuffle(pack)
        s.stock = pack
        s.turn = 1 - s.dealer
        s._give(s.turn)
        return s

    def _give(self, first: int) -> None:
        total = min(len(self.stock), 2 * HAND_SIZE)
        counts = [total - total // 2, total // 2]
        stock = self.stock
        self.hands[first] = sorted(stock[: counts[0]])
        self.hands[1 - first] = sorted(stock[counts[0] : total])
        self.stock = stock[total:]

    # ------------------------------------------------------------------ queries
    def last_deal(self) -> dict[str, Any] | None:
        """A fresh copy of the ``deal_scored`` event (None while the game goes on)."""
        text = self.final_json
        return None if text is None else json.loads(text)

    def running_scores(self) -> list[int]:
        return self.pile_values()

    def pile_values(self) -> list[int]:
        return [sum(map(VALUE.__getitem__, p)) for p in self.piles]

    @property
    def opening(self) -> bool:
        """The first play of the game (K-2): nothing laid or taken yet."""
        return not self.table and not self.piles[0] and not self.piles[1]

    def legal_actions(self, player: int | None = None) -> list[Any]:
        p = self.turn if player is None else self.acting_seat(player)
        if p is None:
            return []
        hand = tuple(self.hands[p])
        table = self.table
        if not table and not self.piles[0] and not self.piles[1]:  # the opening (K-2)
            return list(map(Lay, zip(repeat(hand), _OPENING_MASKS[len(hand)])))
        out: list[Any] = list(map(Lay, zip(repeat(hand), _MASKS[len(hand)])))  # Lay.many, inlined
        if table:
            get = _masks_by_sum(tuple(map(VALUE.__getitem__, hand))).get
            out += map(Take, [(t, hand, m) for t in table for m in get(VALUE[t], ())])
        return out

    # ------------------------------------------------------------------ moves
    def apply(self, action: Any, player: int | None = None) -> list[dict[str, Any]]:
        p = self.turn
        if p is None or player is not None:
            p = self.mover(player)
        act = action if isinstance(action, HurricaneAction) else parse_hurikan(action)
        hand = self.hands[p]
        if type(act) is Lay:
            if act[1] and act[0] == tuple(hand):  # from legal_actions: held, distinct, sorted
                cards = tuple(map(hand.__getitem__, POSITIONS[act[1]]))  # act.cards, inlined
            else:
                cards = self._check_cards(p, act.cards)
            if len(cards) > OPENING_MAX and self.opening:
                raise IllegalAction(f"the opening lays 1, 2 or 3 cards, not {len(cards)}")
            return self._lay(p, cards)
        if type(act) is Take:
            cards = (
                act.cards if act[2] and act[1] == tuple(hand) else self._check_cards(p, act.cards)
            )
            target = act.target
            if target not in self.table:
                if not isinstance(target, int) or not 0 <= target < PACK_SIZE:
                    raise IllegalAction(f"{quote(target)} is not a card of this pack")
                raise IllegalAction(f"{NAMES[target]} is not on the table")
            total = sum(VALUE[c] for c in cards)
            if total != VALUE[target]:
                raise IllegalAction(
                    f"{'+'.join(names(cards))} cannot take {NAMES[target]}: "
                    f"they add up to {total}, not {VALUE[target]}"
                )
            return self._take(p, cards, target)
        raise IllegalAction(f"{act} is not a Hurikan move: lay cards (2H+5D) or take (4S+2H:6C)")

    def _check_cards(self, p: int, cards: tuple[int, ...]) -> tuple[int, ...]:
        if not cards:
            raise IllegalAction("lay at least one card")
        if len(set(cards)) != len(cards):
            raise IllegalAction("a card is listed twice")
        hand = self.hands[p]
        for c in cards:
            if c not in hand:
                if not isinstance(c, int) or not 0 <= c < PACK_SIZE:
                    raise IllegalAction(f"{quote(c)} is not a card of this pack")
                raise IllegalAction(f"{NAMES[c]} is not in your hand")
        return tuple(sorted(cards))

    def _lay(self, p: int, cards: tuple[int, ...]) -> list[dict[str, Any]]:
        hand = self.hands[p]
        for c in cards:
            hand.remove(c)
        self.table += cards
        laid = list(map(NAMES.__getitem__, cards))
        text = "+".join(laid)
        self.history = self.history + ((p, text),)
        events: list[dict[str, Any]] = [
            {"type": "play", "seat": p, "action": text, "cards": laid},
            {"type": "trail", "seat": p, "cards": laid},
        ]
        if self.hands[1 - p]:  # the usual case of _advance, inlined: the other seat plays
            self.last_player = p
            self.turn = 1 - p
        else:
            self._advance(p, events)
        return events

    def _take(self, p: int, cards: tuple[int, ...], target: int) -> list[dict[str, Any]]:
        hand = self.hands[p]
        for c in cards:
            hand.remove(c)
        self.table.remove(target)
        self.piles[p].extend(cards)
        self.piles[p].append(target)
        self.pile_cache = None
        laid = list(map(NAMES.__getitem__, cards))
        text = "+".join(laid) + ":" + NAMES[target]
        self.history = self.history + ((p, text),)
        events: list[dict[str, Any]] = [
            {"type": "play", "seat": p, "action": text, "cards": laid},
            {"type": "capture", "seat": p, "cards": laid, "captured": [NAMES[target]]},
        ]
        if self.hands[1 - p]:  # the usual case of _advance, inlined: the other seat plays
            self.last_player = p
            self.turn = 1 - p
        else:
            self._advance(p, events)
        return events

    def _advance(self, p: int, events: list[dict[str, Any]]) -> None:
        """K-4: alternate, skip an empty hand, refill when both are empty; K-5 at the end."""
        self.last_player = p
        q = 1 - p
        if self.hands[q]:
            self.turn = q
            return
        if self.hands[p]:
            self.turn = p
            return
        if self.stock:
            self._give(1 - self.dealer)  # K-4: the non-dealer's packet first, whoever leads
            self.turn = q
            events.append(
                {
                    "type": "deal",
                    "deal": 1,
                    "dealer": self.dealer,
                    "refill": True,
                    "first": q,
                    "hand_sizes": [len(h) for h in self.hands],
                    "table": [NAMES[c] for c in self.table],
                    "stock_count": len(self.stock),
                }
            )
            return
        points = self.pile_values()
        final = {
            "type": "deal_scored",
            "points": points,
            "totals": list(points),
            "table_left": [NAMES[c] for c in self.table],
        }
        self.final_json = json.dumps(final)  # the event itself is the caller's
        events.append(final)
        winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
        self.outcome = {"winner": winner, "double": False, "scores": list(points), "over": True}
        self.turn = None
        events.append({"type": "game_over", **self.result()})

    # ------------------------------------------------------------------ pictures
    def view(self, player: int | None) -> dict[str, Any]:
        if player is not None and (type(player) is not int or not 0 <= player < 2):
            self.check_viewer(player)  # refuses it (inlined test: every move asks for a view)
        piles = self.piles
        over = self.outcome is not None
        cache = self.pile_cache
        if cache is None:
            cache = self.pile_cache = (names(piles[0]), names(piles[1]), self.pile_values())
        return {
            "game": self.name,
            "options": dict(self.options),
            "num_players": 2,
            "seat": player,
            "deal": 1,
            "dealer": self.dealer,
            "current_player": self.turn,
            "opening": self.turn is not None and not self.table and not piles[0] and not piles[1],
            # hands are kept sorted (dealt sorted, cards only removed)
            "hand": list(map(NAMES.__getitem__, self.hands[player]))
            if player is not None
            else None,
            "hand_sizes": [len(self.hands[0]), len(self.hands[1])],
            "table": list(map(NAMES.__getitem__, self.table)),
            "stock_count": len(self.stock),
            "piles": [cache[0][:], cache[1][:]],
            "pile_values": cache[2][:],
            "last_player": self.last_player,
            "last_deal": None if self.final_json is None else json.loads(self.final_json),
            # (seat, action) tuples: immutable, so the view may share them with the state (fresh
            # [seat, action] lists would cost every search rollout move ~7%); JSON writes lists
            "history": list(self.history),
            "is_over": over,
            "result": self.result() if over else None,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "options": dict(self.options),
            "seed": self.seed,
            "rng": {"kind": "per-deal", "seed": self.seed, "deal": 1},
            **snapshot_fields(self.fair),
            "deal": 1,
            "dealer": self.dealer,
            "turn": self.turn,
            "hands": [names(h) for h in self.hands],
            "table": [NAMES[c] for c in self.table],
            "stock": [NAMES[c] for c in self.stock],
            "piles": [names(p) for p in self.piles],
            "last_player": self.last_player,
            "last_deal": self.last_deal(),
            "history": [[q, a] for q, a in self.history],
            "result": self.result() if self.outcome is not None else None,
        }

    def clone(self) -> HurikanState:
        s = HurikanState.__new__(HurikanState)
        s.__dict__.update(self.__dict__)
        s.hands = [h[:] for h in self.hands]
        s.table = self.table[:]
        s.stock = self.stock[:]
        s.piles = [p[:] for p in self.piles]
        return s
