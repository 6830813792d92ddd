"""The Hurricane poker game state: antes, deal, spread-limit betting, the draw, declarations,
showdown with side pots, and the next hand (P-1..P-12)."""

from __future__ import annotations

import random
from enum import Enum
from typing import Any

from ..base import GameState
from ..checks import check_seat
from ..errors import IllegalAction
from ..fair import FairSeed, snapshot_fields
from ..quote import quote
from .actions import (
    BETS,
    CALL,
    CHECK,
    DECLARES,
    DRAWS,
    FOLD,
    RAISES,
    STAND,
    Kind,
    PokerAction,
    parse_action,
)
from .cards import LABELS, deck, labels
from .options import Rules
from .pots import Pot, build_pots, split_pot, uncalled
from .ranking import describe_high, describe_low, tables

Events = list[dict[str, Any]]


class Phase(Enum):
    BET = "bet"
    DRAW = "draw"
    DECLARE = "declare"
    OVER = "over"


class PokerState(GameState):
    """A game of Hurricane poker for 2..8 seats. Cards are ints (``cards``); ``stock`` is kept
    with its top card last so that drawing is ``pop()``."""

    name = "hurricane_poker"

    def __init__(self, num_players: int, rules: Rules, seed: int) -> None:
        n = num_players
        self.num_players = n
        self.rules = rules
        self.options = rules.to_dict()
        self.seed = seed
        self.rng = random.Random(seed)  # legacy games' deals
        self.fair: FairSeed | None = None  # set: deals by the fair derivation (bot.games.fair)
        self._high, self._low = tables(rules.wild)
        self.hand_no = 1
        self.dealer = 0
        self.chips = [rules.stack] * n
        self.hands: list[list[int] | None] = [None] * n
        self.stock: list[int] = []
        self.discards: list[int] = []
        self.in_hand = [False] * n
        self.folded = [False] * n
        self.committed = [0] * n
        self.round_bets = [0] * n
        self.acted = [False] * n
        self.drawn: list[int | None] = [None] * n
        self.declared: list[str | None] = [None] * n
        self.log: list[list[Any]] = []
        self.bets_made = 0
        self.street = 1
        self.phase = Phase.BET
        self.turn: int | None = None
        self.last_showdown: dict[str, Any] | None = None

    # ------------------------------------------------------------------ dealing
    def start(self) -> Events:
        """P-2: a random first dealer, then the first hand."""
        if self.fair is not None:
            self.dealer = self.fair.first_dealer(self.num_players)
        else:
            self.dealer = self.rng.randrange(self.num_players)
        return self._new_hand()

    def order(self) -> list[int]:
        """Seats from the dealer's left round to the dealer."""
        n = self.num_players
        return [(self.dealer + 1 + i) % n for i in range(n)]

    def _new_hand(self) -> Events:
        """Shuffle and deal two cards one at a time from the dealer's left (P-3), then begin."""
        cards = deck(self.rules.wild)
        if self.fair is not None:
            cards = self.fair.shuffle(cards, self.hand_no)
        else:
            self.rng.shuffle(cards)
        cards.reverse()  # top of the stock last
        playing = [s for s in self.order() if self.chips[s] > 0]
        hands: list[list[int] | None] = [None] * self.num_players
        for s in playing:
            hands[s] = [cards.pop()]
        for s in playing:
            hand = hands[s]
            if not (hand is not None):
                raise RuntimeError("internal error: expected hand is not None")
            hand.append(cards.pop())
            hand.sort()
        self.hands = hands
        self.stock = cards
        return self.begin_hand()

    def begin_hand(self) -> Events:
        """Antes (P-2) and the first betting round, from the dealt hands and the stock."""
        n = self.num_players
        ante = self.rules.ante
        self.discards = []
        self.in_hand = [self.hands[s] is not None for s in range(n)]
        self.folded = [False] * n
        self.drawn = [None] * n
        self.declared = [None] * n
        self.log = []
        antes = [0] * n
        for s in range(n):
            if self.in_hand[s]:
                antes[s] = min(ante, self.chips[s])
                self.chips[s] -= antes[s]
        self.committed = antes
        self.street = 1
        events: Events = [
            {
                "type": "deal",
                "hand_no": self.hand_no,
                "dealer": self.dealer,
                "players": [s for s in self.order() if self.in_hand[s]],
                "antes": list(antes),
                "chips": list(self.chips),
            }
        ]
        self._start_round(events)
        return events

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def result(self) -> dict[str, Any]:
        """P-12: the most chips wins; a tie for first is a draw."""
        top = max(self.chips)
        leaders = [s for s, c in enumerate(self.chips) if c == top]
        return {
            "winner": leaders[0] if len(leaders) == 1 else None,
            "double": False,
            "scores": list(self.chips),
        }

    def live(self, seat: int) -> bool:
        """Still in this hand (dealt in and not folded)."""
        return self.in_hand[seat] and not self.folded[seat]

    def live_seats(self) -> list[int]:
        return [s for s in range(self.num_players) if self.in_hand[s] and not self.folded[s]]

    def _actors(self) -> int:
        """Seats still in that are not all-in."""
        return sum(
            1
            for s in range(self.num_players)
            if self.in_hand[s] and not self.folded[s] and self.chips[s]
        )

    def to_call(self, seat: int) -> int:
        return max(self.round_bets) - self.round_bets[seat]

    def pots(self) -> list[Pot]:
        return build_pots(self.committed, [self.live(s) for s in range(self.num_players)])

    # ------------------------------------------------------------- legal moves
    def legal_actions(self, player: int | None = None) -> list[Any]:
        check_seat(player, self.num_players)  # an int seat of this table, or None
        p = self.turn if player is None else player
        if p is None or p != self.turn:
            return []
        phase = self.phase
        if phase is Phase.BET:
            chips = self.chips[p]
            owed = max(self.round_bets) - self.round_bets[p]
            others = self._actors() - 1  # seats that could answer a bet or raise
            bet_max = self.rules.bet_max
            if owed == 0:
                if self.bets_made == 0 and others > 0:
                    return [CHECK, *BETS[1 : min(bet_max, chips) + 1]]
                return [CHECK]
            if self.bets_made <= self.rules.raises and others > 0 and chips > owed:
                return [FOLD, CALL, *RAISES[1 : min(bet_max, chips - owed) + 1]]
            return [FOLD, CALL]
        hand = self.hands[p]
        if not (hand is not None):
            raise RuntimeError("internal error: expected hand is not None")
        if phase is Phase.DRAW:
            return [STAND, DRAWS[hand[0]], DRAWS[hand[1]]]
        if phase is Phase.DECLARE:
            return list(DECLARES.values())
        return []

    def _check(self, action: Any, player: int | None) -> tuple[PokerAction, int]:
        if isinstance(action, str):
            action = parse_action(action)
        if not isinstance(action, PokerAction):
            raise IllegalAction(f"{quote(action, 40)} is not a Hurricane poker action")
        if self.phase is Phase.OVER:
            raise IllegalAction("the game is over")
        check_seat(player, self.num_players)
        p = self.turn if player is None else player
        if p is None:
            raise IllegalAction("the game is over")
        if p != self.turn:
            raise IllegalAction(f"it is not your turn: seat {self.turn} is to act")
        legal = self.legal_actions(p)
        if action not in legal:
            raise IllegalAction(self._why_not(action, p))
        return action, p

    def _why_not(self, action: PokerAction, p: int) -> str:
        kind = action.kind
        phase = self.phase
        if phase is Phase.DRAW:
            if kind is Kind.DRAW:
                return f"you do not hold {LABELS[action.card]}: draw one of your own cards"
            return "it is the draw: 'stand' or 'draw CARD' (the card you discard)"
        if phase is Phase.DECLARE:
            return "declare your side: 'declare high', 'declare low' or 'declare both'"
        owed = self.to_call(p)
        if kind in (Kind.DRAW, Kind.STAND, Kind.DECLARE):
            return self._betting_choices(p, owed)
        if kind is Kind.FOLD:
            return "there is nothing to call: check instead of folding"
        if kind is Kind.CHECK:
            return f"you cannot check: {owed} to call (call, raise or fold)"
        if kind is Kind.CALL:
            return "there is nothing to call: check or bet"
        if kind is Kind.BET and owed:
            return f"there is already a bet: call {owed}, raise or fold"
        if kind is Kind.RAISE and not owed:
            return "there is no bet to raise: bet instead"
        if self._actors() <= 1:
            return "nobody left can answer a bet: no further bets this hand"
        if kind is Kind.RAISE and self.bets_made > self.rules.raises:
            return f"the raises are capped at {self.rules.raises} this round: call or fold"
        room = min(self.rules.bet_max, self.chips[p] - owed)
        if room <= 0:
            return "you do not have the chips to raise: call or fold"
        return f"a {kind.value} is 1 to {room} chips here"

    def _betting_choices(self, p: int, owed: int) -> str:
        """What this seat may do in this betting round, named from its legal moves."""
        kinds = {a.kind for a in self.legal_actions(p)}
        if owed:
            if Kind.RAISE in kinds:
                return f"this is a betting round: call {owed}, raise or fold"
            return f"this is a betting round: call {owed} or fold"
        if Kind.BET in kinds:
            return "this is a betting round: check or bet"
        return "this is a betting round: check"

    def validate(self, action: Any, player: int | None = None) -> PokerAction:
        """The parsed action if it is legal now, else ``IllegalAction`` with the reason."""
        return self._check(action, player)[0]

    # -------------------------------------------------------------------- apply
    def apply(self, action: Any, player: int | None = None) -> Events:
        action, p = self._check(action, player)
        events: Events = []
        kind = action.kind
        if self.phase is Phase.BET:
            self._bet(p, action, events)
        elif kind is Kind.DRAW or kind is Kind.STAND:
            self._draw(p, action, events)
        else:
            self._declare(p, action, events)
        return events

    def _put(self, p: int, chips: int) -> None:
        self.chips[p] -= chips
        self.round_bets[p] += chips
        self.committed[p] += chips

    def _bet(self, p: int, action: PokerAction, events: Events) -> None:
        kind = action.kind
        put = 0
        if kind is Kind.FOLD:
            self.folded[p] = True
            events.append({"type": "fold", "player": p})
        else:
            owed = max(self.round_bets) - self.round_bets[p]
            if kind is Kind.CALL:
                put = min(owed, self.chips[p])
            elif kind is Kind.BET or kind is Kind.RAISE:
                put = owed + action.amount
                self.bets_made += 1
                self.acted = [False] * self.num_players
            self._put(p, put)
            events.append(
                {
                    "type": "bet",
                    "player": p,
                    "action": str(action),
                    "chips": put,
                    "all_in": self.chips[p] == 0,
                }
            )
        self.acted[p] = True
        self.log.append([p, str(action)])
        live = self.live_seats()
        if len(live) == 1:
            self._finish_hand(events, folds=True)
            return
        nxt = self._next_to_bet(p)
        if nxt is None:
            self._end_round(events)
        else:
            self.turn = nxt

    def _next_to_bet(self, p: int) -> int | None:
        """The next seat on the left that must still act this round (P-4), or None."""
        n = self.num_players
        top = max(self.round_bets)
        open_betting = self._actors() > 1
        for i in range(1, n + 1):
            s = (p + i) % n
            if not self.in_hand[s] or self.folded[s] or not self.chips[s]:
                continue
            if self.round_bets[s] < top or (open_betting and not self.acted[s]):
                return s
        return None

    def _start_round(self, events: Events) -> None:
        n = self.num_players
        self.round_bets = [0] * n
        self.acted = [False] * n
        self.bets_made = 0
        self.phase = Phase.BET
        if self._actors() <= 1:  # nobody could answer a bet: no betting (P-4)
            self._end_round(events)
            return
        self.turn = self._next_to_bet(self.dealer)

    def _end_round(self, events: Events) -> None:
        """Return an uncalled bet (P-4), then the draw, the declarations or the showdown."""
        seat, chips = uncalled(self.committed)
        if chips:
            self.committed[seat] -= chips
            # the part this round's bets hold; the rest is ante a short-stacked seat never matched
            self.round_bets[seat] -= min(chips, self.round_bets[seat])
            self.chips[seat] += chips
            events.append({"type": "uncalled", "player": seat, "chips": chips})
        if self.street == 1 and self.rules.draw:
            self.phase = Phase.DRAW
            self.turn = self._first_live()
        elif self.rules.declare:
            self.phase = Phase.DECLARE
            self.turn = self._first_live()
        else:
            self._finish_hand(events, folds=False)

    def _first_live(self) -> int:
        return next(s for s in self.order() if self.live(s))

    def _next_live(self, p: int) -> int | None:
        """The next seat still in after ``p`` in order from the dealer's left, None after the last."""
        order = self.order()
        for s in order[order.index(p) + 1 :]:
            if self.live(s):
                return s
        return None

    def _draw(self, p: int, action: PokerAction, events: Events) -> None:
        """P-5: stand pat, or discard one card and take the top card of the stock."""
        hand = self.hands[p]
        if not (hand is not None):
            raise RuntimeError("internal error: expected hand is not None")
        if action.kind is Kind.DRAW:
            hand.remove(action.card)
            self.discards.append(action.card)
            hand.append(self.stock.pop())
            hand.sort()
            self.drawn[p] = 1
        else:
            self.drawn[p] = 0
        events.append({"type": "draw", "player": p, "cards": self.drawn[p]})
        self.log.append([p, "draw" if self.drawn[p] else "stand"])
        nxt = self._next_live(p)
        if nxt is not None:
            self.turn = nxt
            return
        self.street = 2
        self._start_round(events)

    def _declare(self, p: int, action: PokerAction, events: Events) -> None:
        """P-11: declarations are secret until every player still in has declared."""
        self.declared[p] = action.side
        events.append({"type": "declared", "player": p})
        nxt = self._next_live(p)
        if nxt is not None:
            self.turn = nxt
            return
        self._finish_hand(events, folds=False)

    # ---------------------------------------------------------------- showdown
    def _finish_hand(self, events: Events, folds: bool) -> None:
        """P-6, P-10, P-11: pay every pot, show the hands still in, then the next hand or the end."""
        n = self.num_players
        seat, chips = uncalled(self.committed)
        if chips:
            self.committed[seat] -= chips
            self.chips[seat] += chips
            events.append({"type": "uncalled", "player": seat, "chips": chips})
        pots = self.pots()
        order = self.order()
        shown: dict[str, list[str]] = {}
        ranks: dict[str, dict[str, str]] = {}
        if folds:
            winner = self.live_seats()[0]
            for pot in pots:
                pot.shares = {winner: pot.amount}
        else:
            highs = [0] * n
            lows = [0] * n
            for s in self.live_seats():
                hand = self.hands[s]
                if not (hand is not None):
                    raise RuntimeError("internal error: expected hand is not None")
                index = hand[0] * 54 + hand[1]
                highs[s], lows[s] = self._high[index], self._low[index]
                shown[str(s)] = labels(hand)
                ranks[str(s)] = {"high": describe_high(highs[s]), "low": describe_low(lows[s])}
            declarations = self.declared if self.rules.declare else None
            for pot in pots:
                split_pot(pot, highs, lows, order, declarations)
        for pot in pots:
            for s, won in pot.shares.items():
                self.chips[s] += won
        showdown: dict[str, Any] = {
            "type": "showdown",
            "hand_no": self.hand_no,
            "shown": shown,
            "ranks": ranks,
            "pots": [pot.to_dict() for pot in pots],
            "chips": list(self.chips),
        }
        if self.rules.declare and not folds:
            showdown["declarations"] = {str(s): self.declared[s] for s in self.live_seats()}
        events.append(showdown)
        self.last_showdown = {k: v for k, v in showdown.items() if k != "type"}
        self.committed = [0] * n
        self.round_bets = [0] * n
        self._next_hand(events)

    def _next_hand(self, events: Events) -> None:
        """P-2, P-12: the deal passes left to a seat still in the game; the game may end."""
        n = self.num_players
        holding = [s for s in range(n) if self.chips[s] > 0]
        if self.hand_no >= self.rules.hands or len(holding) <= 1:
            self.phase = Phase.OVER
            self.turn = None
            self.in_hand = [False] * n  # the last hands stay in ``to_dict`` only
            result = self.result()
            events.append(
                {"type": "game_over", "winner": result["winner"], "scores": result["scores"]}
            )
            return
        self.hand_no += 1
        self.dealer = next(s for s in self.order() if self.chips[s] > 0)
        events.extend(self._new_hand())

    # ----------------------------------------------------------------- pictures
    def _public(self) -> dict[str, Any]:
        """What every seat and every spectator may know."""
        n = self.num_players
        return {
            "game": "hurricane_poker",
            "options": dict(self.options),
            "num_players": n,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "turn": self.turn,
            "current_player": self.turn,
            "phase": self.phase.value,
            "street": self.street,
            "chips": list(self.chips),
            "committed": list(self.committed),
            "round_bets": list(self.round_bets),
            "in_hand": list(self.in_hand),
            "folded": list(self.folded),
            "all_in": [self.live(s) and self.chips[s] == 0 for s in range(n)],
            "out": [self.chips[s] == 0 and not self.in_hand[s] for s in range(n)],
            "pots": [{"amount": p.amount, "eligible": p.eligible} for p in self.pots()],
            "pot_total": sum(self.committed),
            "bets_made": self.bets_made,
            "acted": list(self.acted),  # who has acted since the last bet or raise (public)
            "drawn": list(self.drawn),
            "has_declared": [d is not None for d in self.declared],
            "log": [list(entry) for entry in self.log],
            "stock_size": len(self.stock),
            "last_showdown": _copy(self.last_showdown),
            "is_over": self.phase is Phase.OVER,
            "winner": self.result()["winner"] if self.phase is Phase.OVER else None,
        }

    def view(self, player: int | None) -> dict[str, Any]:
        """One seat's picture: the public table plus its own two cards while it is in the hand.
        Never another hand, a folded hand, the stock, the discards or a secret declaration."""
        n = self.num_players
        seat = check_seat(player, n, spectator=True)
        data = self._public()
        data["seat"] = seat
        hand = None
        if seat is not None and self.live(seat):
            own = self.hands[seat]
            if not (own is not None):
                raise RuntimeError("internal error: expected own is not None")
            hand = labels(own)
        data["hand"] = hand
        data["to_call"] = 0
        if seat is not None and self.phase is Phase.BET and self.live(seat):
            data["to_call"] = self.to_call(seat)
        data["my_declaration"] = self.declared[seat] if seat is not None else None
        return data

    def to_dict(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            "game": "hurricane_poker",
            "options": dict(self.options),
            "players": self.num_players,
            "seed": self.seed,
            "rng": [version, list(internal), gauss],
            **snapshot_fields(self.fair),
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "chips": list(self.chips),
            "hands": [None if h is None else labels(h) for h in self.hands],
            "stock": [LABELS[c] for c in reversed(self.stock)],
            "discards": [LABELS[c] for c in self.discards],
            "phase": self.phase.value,
            "street": self.street,
            "turn": self.turn,
            "in_hand": list(self.in_hand),
            "folded": list(self.folded),
            "committed": list(self.committed),
            "round_bets": list(self.round_bets),
            "acted": list(self.acted),
            "bets_made": self.bets_made,
            "drawn": list(self.drawn),
            "declared": list(self.declared),
            "log": [list(entry) for entry in self.log],
            "last_showdown": _copy(self.last_showdown),
        }

    def clone(self) -> PokerState:
        new = PokerState.__new__(PokerState)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random(0)  # a fixed seed, then overwritten: no OS entropy read per clone
        new.rng.setstate(self.rng.getstate())
        new.options = dict(self.options)
        new.chips = list(self.chips)
        new.hands = [None if h is None else list(h) for h in self.hands]
        new.stock = list(self.stock)
        new.discards = list(self.discards)
        new.in_hand = list(self.in_hand)
        new.folded = list(self.folded)
        new.committed = list(self.committed)
        new.round_bets = list(self.round_bets)
        new.acted = list(self.acted)
        new.drawn = list(self.drawn)
        new.declared = list(self.declared)
        new.log = [list(e) for e in self.log]
        return new


def _copy(data: dict[str, Any] | None) -> dict[str, Any] | None:
    """A deep copy of a showdown record (JSON data only)."""
    if data is None:
        return None
    import json

    copied: dict[str, Any] = json.loads(json.dumps(data))
    return copied
