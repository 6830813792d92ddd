"""Minitrick, a game that exists only for the tests: it proves a new game needs only its own
modules and one registration (docs/adding-a-game.md).

Rules: a pack of six spades, 2S to 7S; two players get three cards each. The player after the
dealer leads a card, the other plays any card; the higher card wins the trick and leads the next.
After three tricks the deal is scored: the seat with more tricks gets a point. The first to
``target`` points wins; the deal passes to the other seat. Keeps to ENGINE.md: seeded (or fair)
deals, views that hide the other hand, ``to_dict`` / ``load_game`` that continue exactly."""

from __future__ import annotations

import random
from typing import Any

from bot.games import (
    Action,
    Deal,
    FairSeed,
    GameInfo,
    GameState,
    IllegalAction,
    InvalidState,
    OptionInfo,
)
from bot.games.fair import load_fair, snapshot_fields

NAME = "minitrick"
PACK: tuple[str, ...] = ("2S", "3S", "4S", "5S", "6S", "7S")
HAND = 3

INFO = GameInfo(
    name=NAME,
    title="Minitrick",
    summary="two players, six cards, three tricks a deal; the higher card takes the trick",
    players=(2,),
    options=(OptionInfo("target", 2, "the points that win the game", bounds=(1, 9)),),
)


def rank(card: str) -> int:
    return int(card[:-1])


class Play(Action):
    """A card put down: its canonical text is the card (``5S``)."""

    __slots__ = ("card",)

    def __init__(self, card: str) -> None:
        self.card = card

    def __str__(self) -> str:
        return self.card


def parse_action(text: str) -> Play:
    if not isinstance(text, str):
        raise IllegalAction("a move is a card such as 5S")
    card = text.strip().upper()
    if card not in PACK:
        raise IllegalAction(f"{text.strip()[:20]!r} is not a card of this pack (2S to 7S)")
    return Play(card)


class Minitrick(GameState):
    def __init__(
        self, *, seed: int, target: int, fair: FairSeed | None, dealer: int, deal: int
    ) -> None:
        self.name = NAME
        self.options: dict[str, Any] = {"target": target}
        self.num_players = 2
        self.seed = seed
        self.fair = fair
        self.dealer = dealer
        self.deal = deal
        self.hands: list[list[str]] = [[], []]
        self.trick: list[tuple[int, str]] = []  # (seat, card), the lead first
        self.played: list[str] = []  # cards of the tricks done this deal
        self.tricks = [0, 0]
        self.scores = [0, 0]
        self.turn: int | None = 1 - dealer
        self.winner: int | None = None
        self.last_trick: list[tuple[int, str]] = []

    # --- dealing ------------------------------------------------------------------------------
    def deal_cards(self) -> dict[str, Any]:
        if self.fair is not None:
            pack = self.fair.shuffle(PACK, self.deal)
        else:
            pack = list(PACK)
            random.Random(f"{self.seed}:{self.deal}").shuffle(pack)
        self.hands = [sorted(pack[:HAND], key=rank), sorted(pack[HAND:], key=rank)]
        self.trick, self.played, self.tricks, self.last_trick = [], [], [0, 0], []
        self.turn = 1 - self.dealer
        return {"type": "deal", "deal": self.deal, "dealer": self.dealer}

    # --- the contract -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def _seat(self, player: Any) -> int:
        if player is None:
            if self.turn is None:
                raise IllegalAction("the game is over")
            return self.turn
        if type(player) is not int or not 0 <= player < 2:
            raise IllegalAction(f"there is no seat {player!r}: seats are 0..1 or None")
        return player

    def legal_actions(self, player: int | None = None) -> list[Any]:
        seat = self._seat(player)
        if seat != self.turn:
            return []
        return [Play(c) for c in self.hands[seat]]

    def apply(self, action: Any, player: int | None = None) -> list[dict[str, Any]]:
        play = parse_action(str(action))
        seat = self._seat(player)
        if self.turn is None:
            raise IllegalAction("the game is over")
        if seat != self.turn:
            raise IllegalAction(f"it is not your turn: seat {self.turn} is to play")
        if play.card not in self.hands[seat]:
            raise IllegalAction(f"{play.card} is not in your hand")
        self.hands[seat].remove(play.card)
        self.trick.append((seat, play.card))
        events: list[dict[str, Any]] = [{"type": "play", "player": seat, "card": play.card}]
        if len(self.trick) < 2:
            self.turn = 1 - seat
            return events
        taker = max(self.trick, key=lambda t: rank(t[1]))[0]
        self.tricks[taker] += 1
        self.played += [c for _s, c in self.trick]
        self.last_trick, self.trick = self.trick, []
        events.append({"type": "trick_won", "winner": taker, "cards": list(self.played[-2:])})
        self.turn = taker
        if self.hands[0] or self.hands[1]:
            return events
        scorer = 0 if self.tricks[0] > self.tricks[1] else 1
        self.scores[scorer] += 1
        events.append(
            {
                "type": "deal_scored",
                "deal": self.deal,
                "tricks": list(self.tricks),
                "points": [int(s == scorer) for s in range(2)],
                "totals": list(self.scores),
            }
        )
        if self.scores[scorer] >= self.options["target"]:
            self.winner, self.turn = scorer, None
            events.append({"type": "game_over", "winner": scorer, "scores": list(self.scores)})
            return events
        self.dealer, self.deal = 1 - self.dealer, self.deal + 1
        events.append(self.deal_cards())
        return events

    def result(self) -> dict[str, Any]:
        return {"winner": self.winner, "double": False, "scores": list(self.scores)}

    def view(self, player: int | None) -> dict[str, Any]:
        if player is not None:
            self._seat(player)
        view: dict[str, Any] = {
            "game": NAME,
            "seat": player,
            "num_players": 2,
            "options": dict(self.options),
            "deal": self.deal,
            "dealer": self.dealer,
            "current_player": self.turn,
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [{"player": s, "card": c} for s, c in self.trick],
            "last_trick": [{"player": s, "card": c} for s, c in self.last_trick],
            "tricks": list(self.tricks),
            "scores": list(self.scores),
        }
        if player is not None:
            view["hand"] = list(self.hands[player])
        if self.winner is not None:
            view["result"] = self.result()
        return view

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": NAME,
            "options": dict(self.options),
            "seed": self.seed,
            "dealer": self.dealer,
            "deal": self.deal,
            "turn": self.turn,
            "hands": [list(h) for h in self.hands],
            "trick": [[s, c] for s, c in self.trick],
            "last_trick": [[s, c] for s, c in self.last_trick],
            "played": list(self.played),
            "tricks": list(self.tricks),
            "scores": list(self.scores),
            "winner": self.winner,
            **snapshot_fields(self.fair),
        }

    def clone(self) -> GameState:
        return load_game(self.to_dict())


def _target(options: dict[str, Any] | None) -> int:
    chosen = dict(options or {})
    target = chosen.pop("target", INFO.option("target").default)
    if chosen:
        raise ValueError(f"Unknown option {next(iter(chosen))!r}: the only option is target.")
    return int(INFO.option("target").check(target))


def new_game(
    *,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    fair: FairSeed | None = None,
) -> GameState:
    if players not in (None, 2):
        raise ValueError(f"Minitrick is for 2 players, not {players}.")
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise ValueError("a seed is a whole number 0 <= seed < 2**64")
    dealer = fair.first_dealer(2) if fair is not None else random.Random(seed).randrange(2)
    state = Minitrick(seed=seed, target=_target(options), fair=fair, dealer=dealer, deal=1)
    state.deal_cards()
    return state


def load_game(data: dict[str, Any]) -> GameState:
    try:
        state = Minitrick(
            seed=int(data["seed"]),
            target=_target(data.get("options")),
            fair=load_fair(data),
            dealer=int(data["dealer"]),
            deal=int(data.get("deal", 1)),
        )
        state.hands = [[parse_action(c).card for c in h] for h in data["hands"]]
        state.trick = [(int(s), parse_action(c).card) for s, c in data.get("trick", [])]
        state.last_trick = [(int(s), str(c)) for s, c in data.get("last_trick", [])]
        state.played = [parse_action(c).card for c in data.get("played", [])]
        state.tricks = [int(t) for t in data.get("tricks", [0, 0])]
        state.scores = [int(s) for s in data.get("scores", [0, 0])]
        state.turn = data.get("turn")
        state.winner = data.get("winner")
    except (KeyError, TypeError, ValueError, IllegalAction) as exc:
        raise InvalidState(f"not a Minitrick position: {exc}") from None
    cards = [c for h in state.hands for c in h] + [c for _s, c in state.trick] + state.played
    if sorted(cards) != sorted(PACK):
        raise InvalidState("every card of the pack must be somewhere exactly once")
    return state


def deal_of(first: Minitrick, deal_no: int, dealer: int | None) -> Deal:
    """Deal ``deal_no`` of a fair game as its seed makes it (``/verify``: ``bot.games.deals_of``)."""
    assert first.fair is not None
    state = Minitrick(
        seed=first.seed,
        target=first.options["target"],
        fair=first.fair,
        dealer=first.dealer if dealer is None else dealer,
        deal=deal_no,
    )
    state.deal_cards()
    return Deal(
        deal=deal_no,
        pack=first.fair.shuffle(PACK, deal_no),
        dealer=state.dealer,
        hands=[list(h) for h in state.hands],
        down=None,
        table=[],
        rest=[],
    )
