"""The deals of a fair game re-derived from its seed alone (``bot.verify``, the table layer's
``/verify``): the engines' own dealing code run on a scratch state, so a checker and the game
can never disagree. See docs/fair-deals.md."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypedDict

from .fair import FairSeed
from .registry import GAMES, engine_module, new_game


class Deal(TypedDict):
    """One deal (Hurricane deal, Haggis round, poker hand) as the seed makes it."""

    deal: int
    #: the shuffled pack, top (first dealt) first
    pack: list[str]
    #: who deals; None when it depends on play and was not given (then ``hands`` may be None)
    dealer: int | None
    #: per seat; Haggis: the 14 number cards plus J, Q, K; poker: None for a seat not dealt in
    hands: list[list[str] | None] | None
    #: Hurricane ``open``: each seat's face-down cards (also in ``hands``); otherwise None
    down: list[list[str]] | None
    #: Hurricane: the 4 table cards; otherwise []
    table: list[str]
    #: the undealt cards, top first (Hurricane, Hurikan, poker); Haggis: the Haggis
    rest: list[str]


def deals_of(
    name: str,
    server_seed: bytes,
    table_id: str,
    *,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    deal_nos: Iterable[int] = (1,),
    dealers: Mapping[int, int] | None = None,
    seats_in: Mapping[int, Sequence[int]] | None = None,
) -> list[Deal]:
    """The deals ``deal_nos`` of a fair game (``players`` and ``options`` as in ``new_game``).

    The first dealer comes from the seed; Hurricane's later dealers follow it (H-2). Haggis's
    and poker's later dealers depend on play: pass them in ``dealers`` (deal number -> seat),
    else the pack is given without hands for poker (a Haggis hand does not depend on the dealer).
    ``seats_in`` (poker): the seats still holding chips at that hand (default: all).
    """
    if name not in GAMES:
        raise ValueError(f"unknown game: choose one of {', '.join(GAMES)}")
    fair = FairSeed(server_seed, table_id)
    first: Any = new_game(name, seed=0, players=players, options=options, fair=fair)
    given = dict(dealers or {})
    out: list[Deal] = []
    for k in deal_nos:
        if type(k) is not int or not 1 <= k <= 10_000:
            raise ValueError(f"deal numbers are 1..10000, not {k!r}")
        if name == "hurikan" and k != 1:
            raise ValueError("a Hurikan game is one deal")
        dealer = given.get(k)
        if dealer is None and k == 1:
            dealer = first.dealer
        if dealer is None and name == "hurricane":
            dealer = first.dealer
            for _ in range(k - 1):
                dealer = first.next_seat(dealer)
        out.append(_deal(name, first, k, dealer, (seats_in or {}).get(k)))
    return out


def _deal(name: str, first: Any, k: int, dealer: int | None, seats: Sequence[int] | None) -> Deal:
    own = getattr(engine_module(name), "deal_of", None)  # a game that says how it deals
    if own is not None:
        deal: Deal = own(first, k, dealer)
        return deal
    if name not in ("hurricane", "hurikan", "haggis", "hurricane_poker"):
        raise ValueError(f"{name} does not say how it deals (deal_of)")
    state = first.clone()
    fair: FairSeed = first.fair
    if name in ("hurricane", "hurikan"):
        from .hurricane.cards import NAMES, PACK_SIZE

        pack = [NAMES[c] for c in fair.shuffle(range(PACK_SIZE), k)]
        if name == "hurricane":
            state.deal_no, state.dealer = k, dealer
            state._deal()
        data = state.to_dict()
        hands = [h if isinstance(h, list) else h["open"] + h["down"] for h in data["hands"]]
        opened = any(isinstance(h, dict) for h in data["hands"])
        return Deal(
            deal=k,
            pack=pack,
            dealer=dealer,
            hands=hands,
            down=[h["down"] for h in data["hands"]] if opened else None,
            table=data.get("table", []),
            rest=data["stock"],
        )
    if name == "haggis":
        from .haggis.cards import LABELS, number_deck

        pack = [LABELS[c] for c in fair.shuffle(number_deck(first.num_players), k)]
        state.round_no = k - 1
        n = state.num_players
        seat = 0 if dealer is None else dealer
        state._deal(seat, (seat + 1) % n)
        data = state.to_dict()
        return Deal(
            deal=k,
            pack=pack,
            dealer=dealer,
            hands=data["hands"],
            down=None,
            table=[],
            rest=data["haggis"],
        )
    from .hurricane_poker.cards import LABELS as POKER
    from .hurricane_poker.cards import deck

    pack = [POKER[c] for c in fair.shuffle(deck(first.rules.wild), k)]
    if dealer is None:
        return Deal(deal=k, pack=pack, dealer=None, hands=None, down=None, table=[], rest=pack)
    n = state.num_players
    live = set(range(n) if seats is None else seats)
    state.hand_no, state.dealer = k, dealer
    state.chips = [state.rules.stack if s in live else 0 for s in range(n)]
    state._new_hand()
    data = state.to_dict()
    return Deal(
        deal=k,
        pack=pack,
        dealer=dealer,
        hands=data["hands"],
        down=None,
        table=[],
        rest=data["stock"],
    )
