"""Typed shapes of what the engines hand out: views (``state.view(seat)``), events (``apply``) and
``describe`` results, per game. Render, cogs and players type their code against these instead of
reading engine internals; the engines' tests check every key (``tests/games/test_public_api.py``).

Cards are canonical strings (``7H``, ``10G``, ``J``); seats are ints; ``None`` means "nobody" or
"not known to this seat".
"""

from typing import Literal, NotRequired, TypedDict


class GameResult(TypedDict):
    """``result()`` and the ``result`` of a finished Hurricane/Hurikan view."""

    winner: int | None
    double: bool
    scores: list[int]
    over: NotRequired[bool]


# ---------------------------------------------------------------- Hurricane


class HurricaneCategories(TypedDict):
    """Winners per scoring category (side index or None for a tie / nobody), H-14."""

    sweeps: list[int]
    cards: int | None
    hearts: int | None
    seven: int | None
    primiera: int | None


class HurricaneDealScored(TypedDict):
    type: Literal["deal_scored"]
    deal: int
    points: list[int]
    categories: HurricaneCategories
    totals: list[int]
    details: dict[str, object]  # H-16 breakdown: counts, primiera cards, leftover


class HurricaneView(TypedDict):
    """``view(seat)`` of Hurricane (presets standard, open, pairs). Sides are ``seat % 2``."""

    game: Literal["hurricane"]
    options: dict[str, str | int]
    num_players: int
    seat: int | None
    teams: list[list[int]]
    deal: int
    dealer: int
    current_player: int | None
    hand: list[str] | None  # own cards (``open``: own open cards); None for a spectator
    hand_sizes: list[int]  # every card a seat holds, face-down ones included
    open_hands: list[list[str]] | None  # ``open`` preset: everyone's open cards
    down_counts: list[int] | None  # ``open`` preset: face-down cards per seat
    table: list[str]  # in the order laid
    stock_count: int
    piles: list[list[str]]
    sweeps: list[int]  # per side
    scores: list[int]  # per side, before this deal
    last_capturer: int | None
    last_player: int | None
    last_deal: HurricaneDealScored | None
    is_over: bool
    result: GameResult | None


class HurricaneDeal(TypedDict):
    type: Literal["deal"]
    deal: int
    dealer: int
    refill: bool
    first: int | None
    hand_sizes: list[int]
    table: list[str]
    stock_count: int
    open: NotRequired[list[list[str]]]  # ``open`` preset


class HurricanePlay(TypedDict):
    type: Literal["play"]
    seat: int
    card: str
    action: str


class HurricaneCapture(TypedDict):
    type: Literal["capture"]
    seat: int
    card: str
    captured: list[str]
    hurricane: bool


class HurricaneTrail(TypedDict):
    type: Literal["trail"]
    seat: int
    card: str


class HurricaneSweep(TypedDict):
    type: Literal["sweep"]
    seat: int
    side: int
    sweeps: list[int]


class HurricaneFlip(TypedDict):
    type: Literal["flip"]
    seat: int
    index: int
    card: str


class HurricaneLayHand(TypedDict):
    type: Literal["lay_hand"]
    seat: int
    cards: list[str]


class HurricaneLeftover(TypedDict):
    type: Literal["leftover"]
    seat: int | None
    side: int | None
    cards: list[str]


class GameOver(TypedDict):
    """Hurricane and Hurikan ``game_over``."""

    type: Literal["game_over"]
    winner: int | None
    double: bool
    scores: list[int]
    over: bool


HurricaneEvent = (
    HurricaneDeal
    | HurricanePlay
    | HurricaneCapture
    | HurricaneTrail
    | HurricaneSweep
    | HurricaneFlip
    | HurricaneLayHand
    | HurricaneLeftover
    | HurricaneDealScored
    | GameOver
)


class HurricaneMove(TypedDict):
    """``describe("hurricane", view, action)``: what one move does, from the seat's view."""

    kind: Literal["capture", "trail", "flip"]
    card: str | None  # the played card (None for a flip: it is not known yet)
    captured: list[str]  # taken table cards, canonical order
    hurricane: bool  # the capture clears the table and counts as a hurricane (H-10, H-11)
    last_play: bool  # the last card of the deal (H-11, H-13)
    forced: bool  # trail: the card can take nothing; flip: the card must be played at once
    reason: str  # the move in a few words, with why it is forced where it is
    index: int | None  # flip: which face-down card


# ---------------------------------------------------------------- Hurikan


class HurikanDealScored(TypedDict):
    type: Literal["deal_scored"]
    points: list[int]
    totals: list[int]
    table_left: list[str]


class HurikanView(TypedDict):
    game: Literal["hurikan"]
    options: dict[str, str | int]
    num_players: int
    seat: int | None
    deal: int
    dealer: int
    current_player: int | None
    opening: bool  # the first play of the game: lay 1-3 cards (K-2)
    hand: list[str] | None
    hand_sizes: list[int]
    table: list[str]
    stock_count: int
    piles: list[list[str]]
    pile_values: list[int]
    last_player: int | None
    last_deal: HurikanDealScored | None
    # every play of the game in order: (seat, the play event's action text); JSON: [seat, action]
    history: list[tuple[int, str]]
    is_over: bool
    result: GameResult | None


class HurikanPlay(TypedDict):
    type: Literal["play"]
    seat: int
    action: str
    cards: list[str]


class HurikanTrail(TypedDict):
    type: Literal["trail"]
    seat: int
    cards: list[str]


class HurikanCapture(TypedDict):
    type: Literal["capture"]
    seat: int
    cards: list[str]
    captured: list[str]


class HurikanDeal(TypedDict):
    type: Literal["deal"]
    deal: int
    dealer: int
    refill: bool
    first: int
    hand_sizes: list[int]
    table: list[str]
    stock_count: int


HurikanEvent = (
    HurikanPlay | HurikanTrail | HurikanCapture | HurikanDeal | HurikanDealScored | GameOver
)


class HurikanMove(TypedDict):
    """``describe("hurikan", view, action)``."""

    kind: Literal["take", "lay"]
    cards: list[str]  # the hand cards laid, canonical order
    taken: str | None  # the table card taken
    sum: int  # capture values of the laid cards added up (K-3)
    opening: bool  # the opening lay (1-3 cards, K-2)
    reason: str


# ---------------------------------------------------------------- Haggis


class HaggisCombination(TypedDict):
    """One reading of a Haggis play (``Reading.to_dict()``, the ``combination`` of events)."""

    kind: Literal["set", "seq", "bomb"]
    size: int
    width: int  # sequences: cards per rank; 0 otherwise
    length: int  # sequences: ranks; 1 otherwise
    rank: int  # set rank, sequence top rank (11-13 = J, Q, K) or bomb level 1-6
    reading: str | None  # the notation suffix: "set", "seqW"; None for bombs
    text: str  # "three 5s", "a sequence 9-10-J", "a J-Q bomb"
    bomb_level: int | None  # 1 (rainbow 3-5-7-9) .. 6 (suited 3-5-7-9); None if no bomb


class HaggisTrickEntry(TypedDict):
    player: int
    play: str
    combination: HaggisCombination | None  # None for a pass


class HaggisRoundParts(TypedDict):
    out: list[int]
    bonus: list[int]
    bets: list[int]


class HaggisRoundScoredParts(TypedDict):
    out: list[int]
    bonus: list[int]
    cards: list[int]
    bets: list[int]


class HaggisLastRound(TypedDict):
    round: int
    points: list[int]
    parts: HaggisRoundScoredParts
    totals: list[int]
    first_out: int
    out: list[int]
    bets: list[int]
    haggis_points: int
    leftover_cards: int


class HaggisView(TypedDict):
    game: Literal["haggis"]
    options: dict[str, str | int]
    num_players: int
    seat: int | None
    round: int
    dealer: int
    leader: int
    turn: int | None
    current_player: int | None
    hand: list[str] | None
    hand_sizes: list[int]
    faces: list[list[str]]  # each seat's face cards still in hand (public, G-3)
    haggis_size: int
    trick: list[HaggisTrickEntry]
    top: HaggisTrickEntry | None  # the play to beat
    passes: int
    piles: list[list[str]]
    card_points: list[int]
    played_cards: list[str]  # every card played this round (piles and trick)
    may_bet: list[bool]
    bets: list[int | None]
    played: list[bool]
    out: list[int]
    scores: list[int]
    round_points: list[int]  # going out + bonus + bets decided so far
    round_parts: HaggisRoundParts
    pending_give: int | None  # chooser: the bomber who must give the trick away
    last_round: HaggisLastRound | None
    last_first_out: int | None
    is_over: bool
    winner: int | None


class HaggisDeal(TypedDict):
    type: Literal["deal"]
    round: int
    dealer: int
    leader: int
    hand_sizes: list[int]
    haggis_size: int


class HaggisPlay(TypedDict):
    type: Literal["play"]
    player: int
    play: str
    cards: list[str]
    combination: HaggisCombination
    lead: bool
    cards_left: int


class HaggisPass(TypedDict):
    type: Literal["pass"]
    player: int


class HaggisBet(TypedDict):
    type: Literal["bet"]
    player: int
    amount: int


class HaggisWentOut(TypedDict):
    type: Literal["went_out"]
    player: int
    place: int
    points: int
    bonus: int
    largest_hand: int


class HaggisChooseTaker(TypedDict):
    type: Literal["choose_taker"]
    player: int
    choices: list[int]


class HaggisTrickWon(TypedDict):
    type: Literal["trick_won"]
    winner: int
    taker: int
    bomb: bool
    given: bool
    combination: HaggisCombination
    cards: list[str]
    points: int


class HaggisRoundScored(HaggisLastRound):
    """The view's ``last_round``, as an event."""

    type: Literal["round_scored"]


class HaggisGameOver(TypedDict):
    type: Literal["game_over"]
    winner: int
    scores: list[int]


HaggisEvent = (
    HaggisDeal
    | HaggisPlay
    | HaggisPass
    | HaggisBet
    | HaggisWentOut
    | HaggisChooseTaker
    | HaggisTrickWon
    | HaggisRoundScored
    | HaggisGameOver
)


class HaggisMove(TypedDict):
    """``describe("haggis", view, action)``."""

    kind: Literal["play", "pass", "bet", "give"]
    cards: list[str]  # play: the cards, canonical order
    readings: list[HaggisCombination]  # play: every reading of the cards
    combination: HaggisCombination | None  # play: the reading it is played as (None: ask)
    needs_reading: bool  # an undeclared lead with several readings: ask which (G-9)
    lead: bool  # play: it starts a trick
    to_beat: HaggisCombination | None  # the current trick's top combination
    beats: bool  # play: the reading beats the top (a lead beats nothing)
    amount: int | None  # bet
    seat: int | None  # give: who takes the bombed trick
    reason: str  # the move in a few words: "three 5s, beats a pair of 4s" / "bet 15"


__all__ = [
    "GameOver",
    "GameResult",
    "HaggisBet",
    "HaggisChooseTaker",
    "HaggisCombination",
    "HaggisDeal",
    "HaggisEvent",
    "HaggisGameOver",
    "HaggisLastRound",
    "HaggisMove",
    "HaggisPass",
    "HaggisPlay",
    "HaggisRoundParts",
    "HaggisRoundScored",
    "HaggisRoundScoredParts",
    "HaggisTrickEntry",
    "HaggisTrickWon",
    "HaggisView",
    "HaggisWentOut",
    "HurikanCapture",
    "HurikanDeal",
    "HurikanDealScored",
    "HurikanEvent",
    "HurikanMove",
    "HurikanPlay",
    "HurikanTrail",
    "HurikanView",
    "HurricaneCapture",
    "HurricaneCategories",
    "HurricaneDeal",
    "HurricaneDealScored",
    "HurricaneEvent",
    "HurricaneFlip",
    "HurricaneLayHand",
    "HurricaneLeftover",
    "HurricaneMove",
    "HurricanePlay",
    "HurricaneSweep",
    "HurricaneTrail",
    "HurricaneView",
]


class PokerMove(TypedDict):
    """``describe("hurricane_poker", view, action)``: what a move does (P-4, P-5, P-11)."""

    kind: str  # check, call, fold, bet, raise, draw, stand, declare
    amount: int  # bet / raise: chips beyond the amount to call; else 0
    to_call: int  # what calling costs now (the view's to_call)
    cost: int  # chips the move puts in now (a short call: what the seat has)
    all_in: bool  # the move puts in the seat's last chip
    card: str | None  # draw: the card thrown
    side: str | None  # declare: high, low or both
    reason: str  # "raises 3: 5 in (2 to call + 3)", "calls 2 (all-in)", "stands pat: ..."
