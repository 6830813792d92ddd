"""The Hurricane game state: deals, plays, hurricanes, deal scoring and game end (H-2..H-20).

Cards are ints (see ``cards``); hands are kept sorted, the table in the order cards were laid,
the stock top card first. Randomness: every deal is shuffled by a private ``random.Random``
seeded from ``(seed, deal number)``, so ``seed`` + ``deal`` is the complete RNG state: a state
rebuilt by ``load_game(to_dict())`` deals exactly the same future cards.
"""

from __future__ import annotations

import gc
import json
import random
from typing import Any

from bot.games.errors import IllegalAction
from bot.games.fair import FairSeed, snapshot_fields

from ..quote import quote
from .actions import Capture, Flip, HurricaneAction, Trail, parse_hurricane
from .captures import (
    BIT,
    TableSums,
    can_capture,
    captures,
    set_cards,
    small_table_sums,
    sum_sets,
)
from .cards import NAMES, PACK_SIZE, VALUE, names
from .options import Rules
from .scoring import score_deal
from .turns import TurnBasedState

TABLE_START = 4
#: Tables longer than this use the pruned per-value search instead of all subset sums.
SMALL_TABLE = 8


def deal_rng(seed: int, deal_no: int) -> random.Random:
    """The private RNG of one deal (deal 0 picks the first dealer, H-2)."""
    return random.Random(f"hurricane:{seed}:{deal_no}")


def _article(card: int) -> str:
    rank = NAMES[card][0]
    return f"an {rank}" if rank == "A" else f"a {rank}"


class HurricaneState(TurnBasedState):
    """One Hurricane game (presets standard, open, pairs)."""

    name = "hurricane"

    options: dict[str, Any]
    rules: Rules
    num_players: int
    seed: int
    fair: FairSeed | None  # set: deals by the fair derivation (bot.games.fair)
    deal_no: int
    dealer: int
    turn: int | None
    hands: list[list[int]]
    down: list[list[int]]
    table: list[int]
    stock: list[int]
    piles: list[list[int]]
    sweeps: list[int]
    scores: list[int]
    last_capturer: int | None
    last_player: int | None
    last_deal_json: str | None  # the last deal_scored event as JSON: copied cheaply per view
    outcome: dict[str, Any] | None

    # ------------------------------------------------------------------ set-up
    @classmethod
    def blank(cls, options: dict[str, Any], rules: Rules, seed: int) -> HurricaneState:
        s = cls.__new__(cls)
        s.options = options
        s.rules = rules
        s.num_players = n = rules.players
        s.seed = seed
        s.fair = None
        s.deal_no = 1
        s.dealer = 0
        s.turn = None
        s.hands = [[] for _ in range(n)]
        s.down = [[] for _ in range(n)]
        s.table = []
        s.stock = []
        s.piles = [[] for _ in range(n)]
        s.sweeps = [0, 0]
        s.scores = [0, 0]
        s.last_capturer = None
        s.last_player = None
        s.last_deal_json = None
        s.outcome = None
        return s

    @classmethod
    def start(
        cls, options: dict[str, Any], rules: Rules, seed: int, fair: FairSeed | None = None
    ) -> HurricaneState:
        s = cls.blank(options, rules, seed)
        s.fair = fair
        if fair is not None:
            s.dealer = fair.first_dealer(s.num_players)
        else:
            s.dealer = deal_rng(seed, 0).randrange(s.num_players)
        s._deal()
        return s

    def next_seat(self, seat: int) -> int:
        """Play order: 2 players alternate; pairs go counter-clockwise (s -> s-1)."""
        if self.num_players == 2:
            return 1 - seat
        return (seat - 1) % self.num_players

    def _deal(self) -> list[dict[str, Any]]:
        """Shuffle and deal a fresh deal (H-2, H-19, H-20); the eldest hand leads."""
        n = self.num_players
        if self.fair is not None:
            pack = self.fair.shuffle(range(PACK_SIZE), self.deal_no)
        else:
            pack = list(range(PACK_SIZE))
            deal_rng(self.seed, self.deal_no).shuffle(pack)
        self.stock = pack
        self.table = []
        self.piles = [[] for _ in range(n)]
        self.hands = [[] for _ in range(n)]
        self.down = [[] for _ in range(n)]
        self.sweeps = [0, 0]
        self.last_capturer = None
        self.last_player = None
        leader = self.next_seat(self.dealer)
        self._give(leader)
        self.table = self.stock[:TABLE_START]
        self.stock = self.stock[TABLE_START:]
        self.turn = leader
        return [self._deal_event(refill=False)]

    def _give(self, first: int) -> None:
        """Deal hands from the stock, ``first`` first; a short stock is shared out evenly."""
        n = self.num_players
        size = self.rules.hand_size
        total = min(len(self.stock), size * n)
        counts = [total // n + (1 if i < total % n else 0) for i in range(n)]
        pos = 0
        seat = first
        stock = self.stock
        for k in counts:
            cards = stock[pos : pos + k]
            pos += k
            if self.rules.open_hands:
                self.hands[seat] = sorted(cards[:4])
                self.down[seat] = cards[4:]
            else:
                self.hands[seat] = sorted(cards)
            seat = self.next_seat(seat)
        self.stock = stock[pos:]

    def _deal_event(self, refill: bool) -> dict[str, Any]:
        event: dict[str, Any] = {
            "type": "deal",
            "deal": self.deal_no,
            "dealer": self.dealer,
            "refill": refill,
            "first": self.turn,
            "hand_sizes": self.hand_sizes(),
            "table": [NAMES[c] for c in self.table],
            "stock_count": len(self.stock),
        }
        if self.rules.open_hands:
            event["open"] = [names(h) for h in self.hands]
        return event

    # ------------------------------------------------------------------ queries
    def last_deal(self) -> dict[str, Any] | None:
        """A fresh copy of the last ``deal_scored`` event (None before the first is scored)."""
        text = self.last_deal_json
        return None if text is None else json.loads(text)

    def running_scores(self) -> list[int]:
        return list(self.scores)

    def hand_sizes(self) -> list[int]:
        return [len(h) + len(d) for h, d in zip(self.hands, self.down, strict=True)]

    def side_piles(self) -> list[list[int]]:
        """Captured cards per side (pairs: a team's members' piles together)."""
        if self.num_players == 2:
            return [self.piles[0], self.piles[1]]
        return [self.piles[0] + self.piles[2], self.piles[1] + self.piles[3]]

    def legal_actions(self, player: int | None = None) -> list[Any]:
        p = self.acting_seat(player)
        if p is None:
            return []
        hand = self.hands[p]
        if not hand:
            return [Flip(i) for i in range(len(self.down[p]))]
        rules = self.rules
        table = self.table
        if len(table) > SMALL_TABLE:
            return self._crowded_legal(hand)
        equal: dict[int, list[int]] = {}  # value -> masks of the single table cards
        for c in table:
            v = VALUE[c]
            if v in equal:
                equal[v].append(BIT[c])
            else:
                equal[v] = [BIT[c]]
        sums = small_table_sums(table) if len(table) > 1 else {}
        equal_first = rules.equal_first
        trail_free = rules.trail_free
        min_cards = rules.min_cards
        out: list[Any] = []
        append = out.append
        for card in hand:
            v = VALUE[card]
            eq = equal.get(v)
            can = False
            if eq:
                can = True
                for m in eq:
                    append(Capture((card, m)))
            if not (eq and equal_first):
                sets = sums.get(v)
                if sets:
                    can = True
                    if min_cards:
                        fewest = min(t.bit_count() for t in sets)
                        sets = [t for t in sets if t.bit_count() == fewest]
                    for m in sets:
                        append(Capture((card, m)))
            if trail_free or not can:
                append(Trail(card))
        return out

    def _crowded_legal(self, hand: list[int]) -> list[Any]:
        """Long tables: per-value search with pruning (see ``captures``).

        A crowded table can give thousands of captures. They hold no reference cycles, yet each
        700 new objects start a garbage-collector pass over the young objects, and every tenth a
        deeper one: half the time of the worst position (8,582 captures) went there. So the
        collector waits while the list is built; it runs once afterwards, as it would anyway.
        """
        rules = self.rules
        out: list[Any] = []
        seen: dict[int, list[int]] = {}
        sums = TableSums(self.table)
        paused = gc.isenabled()
        if paused:
            gc.disable()
        try:
            for card in hand:
                v = VALUE[card]
                caps = seen.get(v)
                if caps is None:
                    caps = seen[v] = sums.captures(v, rules.equal_first, rules.min_cards)
                out += Capture.many(card, caps)
                if rules.trail_free or not caps:
                    out.append(Trail(card))
        finally:
            if paused:
                gc.enable()
        return out

    # ------------------------------------------------------------------ moves
    def apply(self, action: Any, player: int | None = None) -> list[dict[str, Any]]:
        p = self.mover(player)
        act = action if isinstance(action, HurricaneAction) else parse_hurricane(action)
        if type(act) is Capture:
            card, taken = act[0], set_cards(act[1])
            self._check_capture(p, card, taken)
            return self._play(p, card, taken)
        if type(act) is Trail:
            self._check_trail(p, act.card)
            return self._play(p, act.card, None)
        if type(act) is Flip:
            return self._flip(p, act.index)
        raise IllegalAction(f"{act} is not a Hurricane move")

    def _check_in_hand(self, p: int, card: int) -> None:
        if card in self.hands[p]:
            return
        if not isinstance(card, int) or not 0 <= card < PACK_SIZE:
            raise IllegalAction(f"{quote(card)} is not a card of this pack")
        if self.down[p] and not self.hands[p]:
            raise IllegalAction("turn up a face-down card first: flip 0 or flip 1")
        raise IllegalAction(f"{NAMES[card]} is not in your hand")

    def _check_capture(self, p: int, card: int, taken: list[int]) -> None:
        self._check_in_hand(p, card)
        table = self.table
        if not taken:
            raise IllegalAction(f"{NAMES[card]}: name the cards to take after the colon")
        if len(set(taken)) != len(taken):
            raise IllegalAction("a table card is listed twice")
        for c in taken:
            if c not in table:
                if not isinstance(c, int) or not 0 <= c < PACK_SIZE:
                    raise IllegalAction(f"{quote(c)} is not a card of this pack")
                raise IllegalAction(f"{NAMES[c]} is not on the table")
        v = VALUE[card]
        what = "+".join(names(taken))
        head = f"{NAMES[card]} cannot take {what}"
        if len(taken) == 1:
            if VALUE[taken[0]] != v:
                raise IllegalAction(
                    f"{head}: one card is taken only by a card of equal value "
                    f"({VALUE[taken[0]]}, not {v}); to take a sum, name two or more cards"
                )
            return
        if any(VALUE[c] == v for c in taken):
            raise IllegalAction(
                f"{head}: a card takes one set only — one equal card or a sum, never both"
            )
        total = sum(VALUE[c] for c in taken)
        if total != v:
            raise IllegalAction(f"{head}: they add up to {total}, not {v}")
        rules = self.rules
        if rules.equal_first:
            equal = next((c for c in table if VALUE[c] == v), None)
            if equal is not None:
                raise IllegalAction(f"{head}: {_article(card)} on the table must be taken first")
        if rules.min_cards:
            fewest = min(s.bit_count() for s in sum_sets(table, v))
            if len(taken) > fewest:
                raise IllegalAction(
                    f"{head}: with min_cards on, a sum capture must use the fewest cards ({fewest})"
                )

    def _check_trail(self, p: int, card: int) -> None:
        self._check_in_hand(p, card)
        if self.rules.trail_free or not can_capture(self.table, VALUE[card]):
            return
        example = captures(self.table, VALUE[card], self.rules.equal_first, self.rules.min_cards)
        raise IllegalAction(
            f"{NAMES[card]} can capture ({next(Capture.many(card, example))}), "
            "so it may not be trailed"
        )

    def _flip(self, p: int, index: int) -> list[dict[str, Any]]:
        if not self.rules.open_hands:
            raise IllegalAction("there are no face-down hand cards in this game")
        if self.hands[p]:
            raise IllegalAction("play your open cards first; a face-down card is turned up last")
        down = self.down[p]
        if not 0 <= index < len(down):
            choices = " or ".join(f"flip {i}" for i in range(len(down)))
            raise IllegalAction(f"there is no face-down card {index}: choose {choices}")
        card = down.pop(index)
        self.hands[p].append(card)
        return [{"type": "flip", "seat": p, "index": index, "card": NAMES[card]}]

    def _play(self, p: int, card: int, taken: list[int] | None) -> list[dict[str, Any]]:
        self.hands[p].remove(card)
        name = NAMES[card]
        events: list[dict[str, Any]] = []
        sweep = False
        if taken:
            table = self.table
            for c in taken:
                table.remove(c)
            pile = self.piles[p]
            pile.append(card)
            pile.extend(taken)
            self.last_capturer = p
            if not table:
                sweep = self.rules.last_play_sweep or not self._deal_exhausted()
            captured = [NAMES[c] for c in sorted(taken)]
            text = name + ":" + "+".join(captured)
            events.append({"type": "play", "seat": p, "card": name, "action": text})
            events.append(
                {
                    "type": "capture",
                    "seat": p,
                    "card": name,
                    "captured": captured,
                    "hurricane": sweep,
                }
            )
            if sweep:
                side = p % 2
                self.sweeps[side] += 1
                events.append(
                    {"type": "sweep", "seat": p, "side": side, "sweeps": list(self.sweeps)}
                )
        else:
            self.table.append(card)
            events.append({"type": "play", "seat": p, "card": name, "action": name})
            events.append({"type": "trail", "seat": p, "card": name})
        self.last_player = p
        if sweep and self.rules.lays_hand:
            self._opponents_lay(p, events)
        self._advance(p, events)
        return events

    def _deal_exhausted(self) -> bool:
        if self.stock:
            return False
        for h in self.hands:
            if h:
                return False
        return not any(self.down)

    def _opponents_lay(self, p: int, events: list[dict[str, Any]]) -> None:
        """H-12 ``opponent_lays_hand``: every opponent lays all hand cards face up."""
        for q in range(self.num_players):
            if q % 2 != p % 2 and (self.hands[q] or self.down[q]):
                cards = self.hands[q] + self.down[q]
                self.hands[q] = []
                self.down[q] = []
                self.table.extend(cards)
                events.append({"type": "lay_hand", "seat": q, "cards": [NAMES[c] for c in cards]})

    def _advance(self, p: int, events: list[dict[str, Any]]) -> None:
        """Pass the turn, refill (H-3), or end the deal (H-13)."""
        hands, down = self.hands, self.down
        q = self.next_seat(p)
        for _ in range(self.num_players):
            if hands[q] or down[q]:
                self.turn = q
                return
            q = self.next_seat(q)
        if self.stock:
            # H-3: the packets go to the non-dealer first whoever leads the round
            eldest = self.next_seat(self.dealer)
            self._give(eldest)
            self.turn = p if self.rules.lead_last_player else eldest
            events.append(self._deal_event(refill=True))
            return
        self._end_deal(events)

    def _end_deal(self, events: list[dict[str, Any]]) -> None:
        rules = self.rules
        taker = self.last_player if rules.leftover_last_player else self.last_capturer
        leftover = self.table
        self.table = []
        if leftover:
            if taker is not None:
                self.piles[taker].extend(leftover)
            else:  # nobody's (H-13): they stay on the table, so a final snapshot holds all 40
                self.table = leftover
            events.append(
                {
                    "type": "leftover",
                    "seat": taker,
                    "side": None if taker is None else taker % 2,
                    "cards": [NAMES[c] for c in leftover],
                }
            )
        points, categories, details = score_deal(self.side_piles(), self.sweeps, rules)
        for i in range(2):
            self.scores[i] += points[i]
        if leftover:
            details["leftover"] = {
                "side": None if taker is None else taker % 2,
                "cards": [NAMES[c] for c in leftover],
            }
        scored = {
            "type": "deal_scored",
            "deal": self.deal_no,
            "points": points,
            "categories": categories,
            "totals": list(self.scores),
            "details": details,
        }
        self.last_deal_json = json.dumps(scored)  # the event itself is the caller's
        events.append(scored)
        if self._check_game_over(events):
            return
        self.deal_no += 1
        self.dealer = self.next_seat(self.dealer)
        events.extend(self._deal())

    def _check_game_over(self, events: list[dict[str, Any]]) -> bool:
        """H-17 / H-18: a side at the target with the higher total wins (double below a mark)."""
        a, b = self.scores
        target = self.rules.target
        if (a < target and b < target) or a == b:
            return False
        winner = 0 if a > b else 1
        loser_score = b if winner == 0 else a
        double = self.rules.double_below > 0 and loser_score < self.rules.double_below
        self.outcome = {"winner": winner, "double": double, "scores": [a, b], "over": True}
        self.turn = None
        events.append({"type": "game_over", **self.result()})
        return True

    # ------------------------------------------------------------------ pictures
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (None: a spectator); see the package docstring for keys."""
        n = self.num_players
        self.check_viewer(player)
        open_hands = self.rules.open_hands
        own: list[str] | None = None
        if player is not None:
            own = names(self.hands[player])
        return {
            "game": self.name,
            "options": dict(self.options),
            "num_players": n,
            "seat": player,
            "teams": [[s for s in range(n) if s % 2 == t] for t in range(2)],
            "deal": self.deal_no,
            "dealer": self.dealer,
            "current_player": self.turn,
            "hand": own,
            "hand_sizes": self.hand_sizes(),
            "open_hands": [names(h) for h in self.hands] if open_hands else None,
            "down_counts": [len(d) for d in self.down] if open_hands else None,
            "table": [NAMES[c] for c in self.table],
            "stock_count": len(self.stock),
            "piles": [names(p) for p in self.piles],
            "sweeps": list(self.sweeps),
            "scores": list(self.scores),
            "last_capturer": self.last_capturer,
            "last_player": self.last_player,
            "last_deal": self.last_deal(),
            "is_over": self.outcome is not None,
            "result": self.result() if self.outcome is not None else None,
        }

    def to_dict(self) -> dict[str, Any]:
        if self.rules.open_hands:
            hands: list[Any] = [
                {"open": names(h), "down": [NAMES[c] for c in d]}
                for h, d in zip(self.hands, self.down, strict=True)
            ]
        else:
            hands = [names(h) for h in self.hands]
        return {
            "game": self.name,
            "options": dict(self.options),
            "seed": self.seed,
            "rng": {"kind": "per-deal", "seed": self.seed, "deal": self.deal_no},
            **snapshot_fields(self.fair),
            "deal": self.deal_no,
            "dealer": self.dealer,
            "turn": self.turn,
            "hands": hands,
            "table": [NAMES[c] for c in self.table],
            "stock": [NAMES[c] for c in self.stock],
            "piles": [names(p) for p in self.piles],
            "sweeps": list(self.sweeps),
            "last_capturer": self.last_capturer,
            "last_player": self.last_player,
            "scores": list(self.scores),
            "last_deal": self.last_deal(),
            "result": self.result() if self.outcome is not None else None,
        }

    def clone(self) -> HurricaneState:
        s = HurricaneState.__new__(HurricaneState)
        s.__dict__.update(self.__dict__)
        s.hands = [h[:] for h in self.hands]
        s.down = [d[:] for d in self.down]
        s.table = self.table[:]
        s.stock = self.stock[:]
        s.piles = [p[:] for p in self.piles]
        s.sweeps = self.sweeps[:]
        s.scores = self.scores[:]
        return s
