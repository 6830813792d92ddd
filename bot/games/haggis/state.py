"""The Haggis game state: trick flow, going out, captures, bets, rounds (G-10..G-21)."""

from __future__ import annotations

import gc
import json
import random
from functools import lru_cache
from itertools import compress
from typing import Any, NamedTuple

from ..base import Action, GameState
from ..checks import check_seat
from ..errors import IllegalAction
from ..fair import FairSeed, snapshot_fields
from .actions import (
    BET_AMOUNTS,
    BetAction,
    GiveAction,
    HaggisAction,
    PassAction,
    PlayAction,
    parse_action,
)
from .cards import (
    FACE_MASK,
    HAND_SIZE_NUMBERS,
    LABELS,
    NUMBER_MASK,
    POINTS,
    RANK_ONLY,
    ids_of,
    labels_of,
    mask_of,
    num_suits,
    number_deck,
)
from .combinations import Combination, analyse, reading_name, why_not
from .options import Options
from .plays import Found, follow_plays, lead_plays
from .scoring import RoundScore, bet_points, game_winner, going_out_points, next_dealer_and_leader


class Entry(NamedTuple):
    """One turn of the current trick: a play (``combo`` set) or a pass (``combo`` None)."""

    player: int
    mask: int
    combo: Combination | None


def play_text(mask: int, combo: Combination | None, suits: int) -> str:
    """Canonical text of a play; the reading suffix is added only when the cards have several."""
    if combo is None:
        return "pass"
    return _play_text(mask, combo.code, suits)


@lru_cache(maxsize=1 << 14)
def _play_text(mask: int, code: int, suits: int) -> str:
    text = " ".join(labels_of(mask))
    if len(analyse(mask, suits)) > 1:
        text += f" ={reading_name(code)}"
    return text


def _labels(ids: list[int]) -> list[str]:
    return list(map(LABELS.__getitem__, sorted(ids)))


class HaggisState(GameState):
    """A Haggis game for 2 or 3 seats. Hands are card masks (see ``cards``)."""

    name = "haggis"

    def __init__(self, num_players: int, opts: Options, seed: int) -> None:
        self.num_players = num_players
        self.opts = opts
        self.options = opts.to_dict()
        self.suits = num_suits(num_players)
        self.seed = seed
        self.rng = random.Random(seed)  # legacy games' deals
        #: the rng object is shared with a clone until one of them deals (``_own_rng``)
        self._rng_shared = False
        self.fair: FairSeed | None = None  # set: deals by the fair derivation (bot.games.fair)
        n = num_players
        self.round_no = 0
        self.dealer = 0
        self.leader = 1 % n
        self.turn: int | None = self.leader
        self.hands = [0] * n
        self.haggis = 0
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.trick: list[Entry] = []
        self.passes = 0
        self.bets: list[int | None] = [None] * n
        self.played = [False] * n
        self.out: list[int] = []
        self.scores = [0] * n
        self.out_points = [0] * n
        self.bonus_points = [0] * n
        self.pending_give: int | None = None
        #: per seat, (hand, leads) of its last lead enumeration (see ``_lead_plays``)
        self._leads: dict[int, tuple[int, list[Action]]] = {}
        self.last_round_json: str | None = None  # JSON: copied cheaply per view
        self.last_first_out: int | None = None
        self.winner: int | None = None
        self.over = False
        #: a search's world stops once this round is scored (``round_only`` worlds): no one is
        #: to move, and the next round, which the search would never see, is not dealt
        self.last_dealt_round: int | None = None

    # ----------------------------------------------------------------- dealing
    def start(self) -> list[dict[str, Any]]:
        """First round (G-21): a random dealer; the player on the dealer's left leads."""
        if self.fair is not None:
            dealer = self.fair.first_dealer(self.num_players)
        else:
            dealer = self._own_rng().randrange(self.num_players)
        return [self._deal(dealer, (dealer + 1) % self.num_players)]

    def _deal(self, dealer: int, leader: int) -> dict[str, Any]:
        """G-1..G-3: 14 number cards each plus the seat's own J, Q, K; the rest is the Haggis."""
        n = self.num_players
        deck = number_deck(n)
        if self.fair is not None:
            deck = self.fair.shuffle(deck, self.round_no + 1)
        else:
            self._own_rng().shuffle(deck)
        size = HAND_SIZE_NUMBERS
        self.hands = [mask_of(deck[i * size : (i + 1) * size]) | FACE_MASK for i in range(n)]
        self.haggis = mask_of(deck[n * size :])
        self.piles = [[] for _ in range(n)]
        self.trick = []
        self.passes = 0
        self.bets = [None] * n
        self.played = [False] * n
        self.out = []
        self.out_points = [0] * n
        self.bonus_points = [0] * n
        self.pending_give = None
        self.round_no += 1
        self.dealer = dealer
        self.leader = leader
        self.turn = leader
        return {
            "type": "deal",
            "round": self.round_no,
            "dealer": dealer,
            "leader": leader,
            "hand_sizes": self.hand_sizes(),
            "haggis_size": self.haggis.bit_count(),
        }

    # ---------------------------------------------------------------- queries
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    def result(self) -> dict[str, Any]:
        return {"winner": self.winner, "double": False, "scores": list(self.scores)}

    def last_round(self) -> dict[str, Any] | None:
        """A fresh copy of the last round's breakdown (None in the first round)."""
        text = self.last_round_json
        return None if text is None else json.loads(text)

    def hand_sizes(self) -> list[int]:
        return [h.bit_count() for h in self.hands]

    def top(self) -> Entry | None:
        for entry in reversed(self.trick):
            if entry.combo is not None:
                return entry
        return None

    def may_bet(self, seat: int) -> bool:
        """G-17: once per round, before the seat has played a card."""
        return not self.over and self.bets[seat] is None and not self.played[seat]

    def decided_bets(self) -> list[int]:
        """G-18 points of the bets decided so far: all of them once the first player is out
        (a bet made later is decided at once), none before."""
        if not self.out:
            return [0] * self.num_players
        return bet_points(self.bets, self.out[0])

    def round_points(self) -> list[int]:
        """Points scored this round so far (ENGINE.md Positions): going out, bonus, decided bets."""
        bets = self.decided_bets()
        return [a + b + c for a, b, c in zip(self.out_points, self.bonus_points, bets, strict=True)]

    def _next_with_cards(self, seat: int) -> int:
        n = self.num_players
        for i in range(1, n + 1):
            s = (seat + i) % n
            if self.hands[s]:
                return s
        return seat

    def _round_over(self) -> bool:
        return len(self.out) >= self.num_players - 1

    # ---------------------------------------------------------- legal actions
    def legal_actions(self, player: int | None = None) -> list[Any]:
        check_seat(player, self.num_players)
        if self.over:
            return []
        p = self.turn if player is None else player
        if p is None:
            return []
        actions: list[Action] = []
        if p == self.turn:
            paused = gc.isenabled()  # see HurricaneState._crowded_legal: no cycles are built
            if paused:
                gc.disable()
            try:
                self._turn_actions(p, actions)
            finally:
                if paused:
                    gc.enable()
        if self.may_bet(p):
            actions.extend(BetAction(a) for a in BET_AMOUNTS)
        return actions

    def _turn_actions(self, p: int, actions: list[Action]) -> None:
        """The plays (or gives) of the seat to move, added to ``actions``."""
        if self.pending_give is not None:
            actions.extend(GiveAction(s) for s in range(self.num_players) if s != p)
            return
        top = self.top()
        if top is None:
            actions.extend(self._lead_plays(p))
            return
        if not (top.combo is not None):
            raise RuntimeError("internal error: expected top.combo is not None")
        found = follow_plays(self.hands[p], self.suits, top.combo)
        actions.extend(self._plays(found, lead=False))
        actions.append(PassAction())

    def _lead_plays(self, p: int) -> list[Action]:
        """Every lead of seat ``p``. A hand only loses cards during a round, and the leads of a
        smaller hand are exactly the earlier leads that use none of the cards gone, in the same
        order; so the seat's last list is filtered instead of enumerated again (the first lead of
        a 17-card hand has about a thousand card sets)."""
        hand = self.hands[p]
        cached = self._leads.get(p)
        if cached is not None and not hand & ~cached[0]:
            if cached[0] == hand:
                return cached[1][:]
            gone = cached[0] & ~hand
            leads = [a for a in cached[1] if not a.mask & gone]  # type: ignore[attr-defined]
        else:
            leads = self._plays(lead_plays(hand, self.suits), lead=True)
        # a new mapping, never a change to the old one: clones share it
        self._leads = {**self._leads, p: (hand, leads)}
        return leads[:]

    @staticmethod
    def _plays(found: Found, lead: bool) -> list[Action]:
        plain: list[Action] = list(map(PlayAction, found))  # one action per card set, in C
        if not lead:  # a follow names no reading
            return plain
        # a lead lists a card set once per reading when it has several (found in C as well)
        several = list(compress(range(len(plain)), map((1).__lt__, map(len, found.values()))))
        if not several:
            return plain
        out: list[Action] = []
        start = 0
        for i in several:
            out += plain[start:i]
            mask = plain[i].mask  # type: ignore[attr-defined]
            out += [PlayAction(mask, code) for code in sorted(found[mask])]
            start = i + 1
        out += plain[start:]
        return out

    def play_options(self, cards: str, player: int | None = None) -> list[PlayAction]:
        """The legal plays of one selection of cards, one per reading that is legal now.

        For the interface: more than one item means "ask which reading?"; an illegal selection
        raises ``IllegalAction`` with the reason.
        """
        p = self.turn if player is None else player
        action = parse_action(cards)
        if not isinstance(action, PlayAction):
            raise IllegalAction("name the cards to play")
        self._check_turn(p, action)
        if not (p is not None):
            raise RuntimeError("internal error: expected p is not None")
        reads = analyse(action.mask, self.suits)
        if action.reading is None and self.top() is None and len(reads) > 1:
            options = [PlayAction(action.mask, c.code) for c in reads]
            for option in options:
                self._check_play(p, option)
            return options
        self._check_play(p, action)
        return [action]

    # ------------------------------------------------------------- validation
    def _check_turn(self, p: int | None, action: Action) -> None:
        check_seat(p, self.num_players)
        if self.over or p is None:
            raise IllegalAction("the game is over")
        if isinstance(action, BetAction):
            return
        if p != self.turn:
            raise IllegalAction(f"it is not your turn: seat {self.turn} is to play")

    def _check_play(self, p: int, action: PlayAction) -> Combination:
        """Validate one chosen play without enumerating anything; return the reading played."""
        if self.pending_give is not None:
            raise IllegalAction(
                "you won this trick with a bomb: first give it to an opponent ('give N')"
            )
        mask = action.mask
        hand = self.hands[p]
        missing = mask & ~hand
        if missing:
            names = [LABELS[c] for c in ids_of(missing)]
            if missing & FACE_MASK and not missing & NUMBER_MASK:
                raise IllegalAction(f"you do not hold {', '.join(names)} any more")
            raise IllegalAction(f"you do not hold {', '.join(names)}")
        reads = analyse(mask, self.suits)
        if not reads:
            raise IllegalAction(why_not(mask))
        text = "+".join(RANK_ONLY[c] for c in ids_of(mask))
        if action.reading is not None:
            chosen = [c for c in reads if c.code == action.reading]
            if not chosen:
                if not mask & NUMBER_MASK and mask.bit_count() >= 2:
                    if mask.bit_count() == 2:
                        raise IllegalAction("two face cards are a bomb, not a pair")
                    raise IllegalAction("three face cards are a bomb, not a set")
                options = " or ".join(c.describe() for c in reads)
                raise IllegalAction(
                    f"{text} cannot be played as ={reading_name(action.reading)}: it is {options}"
                )
            reads = tuple(chosen)
        top = self.top()
        if top is None:
            if len(reads) > 1:
                choices = ", ".join(f"{c.describe()} (={c.suffix})" for c in reads)
                raise IllegalAction(
                    f"{text} can be played several ways: {choices}; add the reading you mean, "
                    f"like '{PlayAction(mask, reads[0].code)}'"
                )
            return reads[0]
        current = top.combo
        if not (current is not None):
            raise RuntimeError("internal error: expected current is not None")
        good = [c for c in reads if c.beats(current)]
        if good:
            return max(good, key=lambda c: c.rank)
        if current.is_bomb:
            bombs = [c for c in reads if c.is_bomb]
            if bombs:
                raise IllegalAction(
                    f"{bombs[0].describe()} does not beat {current.describe()}: "
                    "only a higher bomb may be played on a bomb"
                )
            raise IllegalAction(f"only a higher bomb can beat {current.describe()}")
        if any(c.same_shape(current) for c in reads):
            raise IllegalAction(
                f"{current.describe()} cannot be beaten by {text}: it needs a higher rank"
            )
        raise IllegalAction(
            f"{current.describe()} can only be beaten by {current.shape()} of a higher rank, "
            "or by a bomb"
        )

    # ------------------------------------------------------------------ apply
    def validate(self, action: Any, player: int | None = None) -> Combination | None:
        """Check one action without applying it (cheap: nothing is enumerated).

        Returns the reading a play would be played as (``None`` for other actions); raises
        ``IllegalAction`` with the reason otherwise.
        """
        _, _, combo = self._validated(action, player)
        return combo

    def _validated(self, action: Any, player: int | None) -> tuple[Action, int, Combination | None]:
        check_seat(player, self.num_players)
        if isinstance(action, Action) and not isinstance(action, HaggisAction):
            action = str(action)  # another game's action object: judged by its text
        if isinstance(action, str) or not isinstance(action, HaggisAction):
            action = parse_action(action)
        p = self.turn if player is None else player
        self._check_turn(p, action)
        if not (p is not None):
            raise RuntimeError("internal error: expected p is not None")
        if isinstance(action, BetAction):
            if self.bets[p] is not None:
                raise IllegalAction(f"you already bet {self.bets[p]} this round: a bet is final")
            if self.played[p]:
                raise IllegalAction(
                    "bets are only allowed before you play your first card of the round"
                )
            return action, p, None
        if isinstance(action, GiveAction):
            if self.pending_give is None:
                raise IllegalAction("there is no bombed trick to give away")
            if not 0 <= action.seat < self.num_players or action.seat == p:
                choices = " or ".join(str(s) for s in range(self.num_players) if s != p)
                raise IllegalAction(f"give the trick to an opponent: seat {choices}")
            return action, p, None
        if self.pending_give is not None:
            raise IllegalAction(
                "you won this trick with a bomb: first give it to an opponent ('give N')"
            )
        if isinstance(action, PassAction):
            if not self.trick:
                raise IllegalAction(
                    "you lead this trick: play a combination (passing is not allowed on a lead)"
                )
            return action, p, None
        return action, p, self._check_play(p, action)

    def apply(self, action: Any, player: int | None = None) -> list[dict[str, Any]]:
        action, p, combo = self._validated(action, player)
        if isinstance(action, BetAction):
            self.bets[p] = action.amount
            return [{"type": "bet", "player": p, "amount": action.amount}]
        if isinstance(action, GiveAction):
            events: list[dict[str, Any]] = []
            self._capture(action.seat, events, given=True)
            return events
        if isinstance(action, PassAction):
            return self._pass(p)
        if not (isinstance(action, PlayAction) and combo is not None):
            raise RuntimeError(
                "internal error: expected isinstance(action, PlayAction) and combo is not None"
            )
        return self._play(p, action.mask, combo)

    def _play(self, p: int, mask: int, combo: Combination) -> list[dict[str, Any]]:
        lead = not self.trick
        self.hands[p] &= ~mask
        self.played[p] = True
        self.trick.append(Entry(p, mask, combo))
        self.passes = 0
        events: list[dict[str, Any]] = [
            {
                "type": "play",
                "player": p,
                "play": play_text(mask, combo, self.suits),
                "cards": [LABELS[c] for c in ids_of(mask)],
                "combination": combo.to_dict(),
                "lead": lead,
                "cards_left": self.hands[p].bit_count(),
            }
        ]
        if not self.hands[p]:
            self._go_out(p, events)
            if self._round_over():
                self._end_trick(events)
                return events
        self.turn = self._next_with_cards(p)
        return events

    def _go_out(self, p: int, events: list[dict[str, Any]]) -> None:
        """G-14/G-15: 5 x the largest other hand, +5 for the first out with 3 players."""
        self.out.append(p)
        points = going_out_points(self.hand_sizes(), p)
        bonus = 0
        if self.num_players == 3 and len(self.out) == 1 and self.opts.first_out_bonus:
            bonus = 5
        self.out_points[p] += points
        self.bonus_points[p] += bonus
        events.append(
            {
                "type": "went_out",
                "player": p,
                "place": len(self.out),
                "points": points,
                "bonus": bonus,
                "largest_hand": points // 5,
            }
        )

    def _pass(self, p: int) -> list[dict[str, Any]]:
        self.passes += 1
        events: list[dict[str, Any]] = [{"type": "pass", "player": p}]
        self.trick.append(Entry(p, 0, None))
        top = self.top()
        if not (top is not None):
            raise RuntimeError("internal error: expected top is not None")
        needed = sum(1 for s in range(self.num_players) if self.hands[s] and s != top.player)
        if self.passes >= needed:
            self._end_trick(events)
        else:
            self.turn = self._next_with_cards(p)
        return events

    def _end_trick(self, events: list[dict[str, Any]]) -> None:
        """G-12/G-13: the last player to play wins; a bomb's trick goes to someone else."""
        top = self.top()
        if not (top is not None and top.combo is not None):
            raise RuntimeError("internal error: expected top is not None and top.combo is not None")
        winner = top.player
        taker = winner
        if top.combo.is_bomb:
            if self.num_players == 2:
                taker = 1 - winner
            elif self.opts.bomb_capture == "chooser":
                self.pending_give = winner
                self.turn = winner
                events.append(
                    {
                        "type": "choose_taker",
                        "player": winner,
                        "choices": [s for s in range(self.num_players) if s != winner],
                    }
                )
                return
            else:
                plays = [e for e in self.trick if e.combo is not None]
                taker = plays[-2].player if len(plays) >= 2 else (winner - 1) % self.num_players
        self._capture(taker, events)

    def _capture(self, taker: int, events: list[dict[str, Any]], given: bool = False) -> None:
        top = self.top()
        if not (top is not None and top.combo is not None):
            raise RuntimeError("internal error: expected top is not None and top.combo is not None")
        winner = top.player
        ids: list[int] = []
        for entry in self.trick:
            ids.extend(ids_of(entry.mask))
        self.piles[taker].extend(ids)
        events.append(
            {
                "type": "trick_won",
                "winner": winner,
                "taker": taker,
                "bomb": top.combo.is_bomb,
                "given": given,
                "combination": top.combo.to_dict(),
                "cards": _labels(ids),
                "points": sum(POINTS[c] for c in ids),
            }
        )
        self.trick = []
        self.passes = 0
        self.pending_give = None
        if self._round_over():
            self._finish_round(events)
            return
        self.turn = winner if self.hands[winner] else self._next_with_cards(winner)

    def _finish_round(self, events: list[dict[str, Any]]) -> None:
        """G-16, G-19..G-21: leftovers and the Haggis to the first out, score, next round or end."""
        n = self.num_players
        first = self.out[0]
        leftover = 0
        for s in range(n):
            if self.hands[s]:
                leftover += self.hands[s].bit_count()
                self.piles[first].extend(ids_of(self.hands[s]))
                self.hands[s] = 0
        haggis_points = sum(POINTS[c] for c in ids_of(self.haggis))
        self.piles[first].extend(ids_of(self.haggis))
        self.haggis = 0
        bets = [b or 0 for b in self.bets]
        score = RoundScore(
            out=list(self.out_points),
            bonus=list(self.bonus_points),
            cards=[sum(POINTS[c] for c in pile) for pile in self.piles],
            bets=bet_points(list(self.bets), first),
        )
        points = score.points
        totals = [a + b for a, b in zip(self.scores, points, strict=True)]
        scored: dict[str, Any] = {
            "type": "round_scored",
            "round": self.round_no,
            "points": points,
            "parts": score.parts(),
            "totals": totals,
            "first_out": first,
            "out": list(self.out),
            "bets": bets,
            "haggis_points": haggis_points,
            "leftover_cards": leftover,
        }
        events.append(scored)
        self.last_round_json = json.dumps({k: v for k, v in scored.items() if k != "type"})
        self.last_first_out = first
        self.scores = totals
        winner = game_winner(totals, self.opts.target)
        if winner is not None:
            self.over = True
            self.winner = winner
            self.turn = None
            events.append({"type": "game_over", "winner": winner, "scores": list(totals)})
            return
        if self.last_dealt_round == self.round_no:
            self.turn = None
            return
        dealer, leader = next_dealer_and_leader(totals, first)
        events.append(self._deal(dealer, leader))

    # ------------------------------------------------------------- pictures
    def view(self, player: int | None) -> dict[str, Any]:
        """What one seat may know: everything public, its own hand; never others' numbers or the
        Haggis. Complete enough to rebuild a position (hands aside) for determinisation."""
        n = self.num_players
        seat = check_seat(player, n, spectator=True)
        trick = []
        for entry in self.trick:
            trick.append(
                {
                    "player": entry.player,
                    "play": play_text(entry.mask, entry.combo, self.suits),
                    "combination": entry.combo.to_dict() if entry.combo else None,
                }
            )
        top = self.top()
        played_ids: list[int] = []
        for pile in self.piles:
            played_ids.extend(pile)
        for entry in self.trick:
            played_ids.extend(ids_of(entry.mask))
        return {
            "game": "haggis",
            "options": dict(self.options),
            "num_players": n,
            "seat": seat,
            "round": self.round_no,
            "dealer": self.dealer,
            "leader": self.leader,
            "turn": self.turn,
            "current_player": self.current_player,
            "hand": labels_of(self.hands[seat]) if seat is not None else None,
            "hand_sizes": self.hand_sizes(),
            "faces": [labels_of(h & FACE_MASK) for h in self.hands],
            "haggis_size": self.haggis.bit_count(),
            "trick": trick,
            "top": (
                {
                    "player": top.player,
                    "play": play_text(top.mask, top.combo, self.suits),
                    "combination": top.combo.to_dict() if top.combo else None,
                }
                if top
                else None
            ),
            "passes": self.passes,
            "piles": [_labels(p) for p in self.piles],
            "card_points": [sum(map(POINTS.__getitem__, p)) for p in self.piles],
            "played_cards": _labels(played_ids),
            "may_bet": [self.may_bet(s) for s in range(n)],
            **self._round_record(),
            "is_over": self.over,
            "winner": self.winner,
        }

    def _round_record(self) -> dict[str, Any]:
        """The round's public record: the same keys in a view and in a snapshot."""
        return {
            "bets": list(self.bets),
            "played": list(self.played),
            "out": list(self.out),
            "scores": list(self.scores),
            "round_points": self.round_points(),
            "round_parts": {
                "out": list(self.out_points),
                "bonus": list(self.bonus_points),
                "bets": self.decided_bets(),
            },
            "pending_give": self.pending_give,
            "last_round": self.last_round(),
            "last_first_out": self.last_first_out,
        }

    def to_dict(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            "game": "haggis",
            "options": dict(self.options),
            "players": self.num_players,
            "seed": self.seed,
            "rng": [version, list(internal), gauss],
            **snapshot_fields(self.fair),
            "round": self.round_no,
            "dealer": self.dealer,
            "leader": self.leader,
            "turn": self.turn,
            "hands": [_labels(ids_of(h)) for h in self.hands],
            "haggis": _labels(ids_of(self.haggis)),
            "piles": [_labels(p) for p in self.piles],
            "trick": [
                {"player": e.player, "play": play_text(e.mask, e.combo, self.suits)}
                for e in self.trick
            ],
            **self._round_record(),
            "over": self.over,
            "winner": self.winner,
        }

    def position_key(self) -> tuple[Any, ...]:
        """Equal for two states of the same game whose rounds play on alike: the same moves are
        legal and score the same until the round in play is scored (a search's transposition
        key; captured cards count by their points, which is all scoring reads of them)."""
        return (
            self.round_no,
            self.dealer,
            self.leader,
            self.turn,
            tuple(self.hands),
            self.haggis,
            tuple(sum(map(POINTS.__getitem__, pile)) for pile in self.piles),
            tuple(self.trick),
            self.passes,
            tuple(self.bets),
            tuple(self.played),
            tuple(self.out),
            tuple(self.scores),
            tuple(self.out_points),
            tuple(self.bonus_points),
            self.pending_give,
            self.over,
        )

    def _own_rng(self) -> random.Random:
        """The rng to deal with, copied first if a clone shares it."""
        if self._rng_shared:
            rng = random.Random(0)  # a fixed seed, then overwritten: no OS entropy read
            rng.setstate(self.rng.getstate())
            self.rng = rng
            self._rng_shared = False
        return self.rng

    def clone(self) -> HaggisState:
        new = HaggisState.__new__(HaggisState)
        new.__dict__.update(self.__dict__)
        # the rng is copied only when one of the two deals with it (``_own_rng``): most clones
        # (a search's worlds and solves) never deal, and copying its state was a third of a clone
        self._rng_shared = new._rng_shared = True
        new.options = dict(self.options)
        new.hands = list(self.hands)
        new.piles = [list(p) for p in self.piles]
        new.trick = list(self.trick)
        new.bets = list(self.bets)
        new.played = list(self.played)
        new.out = list(self.out)
        new.scores = list(self.scores)
        new.out_points = list(self.out_points)
        new.bonus_points = list(self.bonus_points)
        return new
