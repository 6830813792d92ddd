"""Loading saved games and hand-written positions (ENGINE.md "Positions"), checking everything.

A position without ``phase`` is the start of a hand before the antes; a ``to_dict()`` carries the
hand in progress (``phase``, ``committed``, ``round_bets`` …) and the RNG state.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import IllegalAction, InvalidState
from ..fair import load_fair
from .actions import Kind, PokerAction, parse_action
from .cards import BY_LABEL, LABELS, deck, parse_card
from .options import SEED_LIMIT, parse_options, parse_players
from .state import Phase, PokerState

MAX_CHIPS = 10**9
SIDES = ("high", "low", "both")


def _quote(value: Any) -> str:
    text = value if isinstance(value, str) else type(value).__name__
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value) if abs(value) < 10**12 else "a huge number"
    shown = "".join(c if c.isprintable() else "?" for c in text)
    return repr(shown[:80] + ("…" if len(shown) > 80 else ""))


def _int(value: Any, what: str, low: int = 0, high: int = MAX_CHIPS) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(f"{what} must be a whole number, not {_quote(value)}")
    if not low <= value <= high:
        raise InvalidState(f"{what} must be from {low} to {high}, not {_quote(value)}")
    return value


def _seat_list(data: dict[str, Any], key: str, n: int) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list) or len(value) != n:
        raise InvalidState(f"'{key}' must list one entry per seat ({n} seats)")
    return list(value)


def _flags(data: dict[str, Any], key: str, n: int) -> list[bool]:
    values = _seat_list(data, key, n)
    for v in values:
        if not isinstance(v, bool):
            raise InvalidState(f"'{key}' must hold true or false per seat, not {_quote(v)}")
    return values


def _cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise InvalidState(f"{where} must be a list of cards")
    if len(value) > 60:
        raise InvalidState(f"{where} holds too many cards")
    out = []
    for label in value:
        if not isinstance(label, str):
            raise InvalidState(f"{where}: {_quote(label)} is not a card")
        try:
            out.append(parse_card(label))
        except IllegalAction:
            raise InvalidState(f"{where}: {_quote(label)} is not a card") from None
    return out


def load_game(data: dict[str, Any]) -> PokerState:
    """A ``to_dict()`` or a start-of-hand position -> a state; anything inconsistent is
    ``InvalidState`` with a short reason."""
    if not isinstance(data, dict):
        raise InvalidState("a position must be a JSON object")
    if data.get("game", "hurricane_poker") != "hurricane_poker":
        raise InvalidState(
            f"this is not a Hurricane poker position (game {_quote(data.get('game'))})"
        )
    try:
        rules = parse_options(data.get("options"))
    except ValueError as exc:
        raise InvalidState(str(exc)[:160]) from None
    chips_raw = data.get("chips")
    if not isinstance(chips_raw, list):
        raise InvalidState("'chips' must list each seat's chips")
    try:
        n = parse_players(data.get("players", len(chips_raw)))
    except ValueError as exc:
        raise InvalidState(str(exc)) from None
    if len(chips_raw) != n:
        raise InvalidState(f"'chips' lists {len(chips_raw)} seats, expected {n}")
    chips = [_int(c, "a seat's chips") for c in chips_raw]
    seed = _int(data.get("seed", 0), "'seed'", 0, SEED_LIMIT - 1)
    state = PokerState(n, rules, seed)
    state.chips = chips
    state.hand_no = _int(data.get("hand_no", 1), "'hand_no'", 1, rules.hands)
    state.dealer = _int(data.get("dealer", 0), "'dealer'", 0, n - 1)
    in_progress = "phase" in data
    hands_raw = _seat_list(data, "hands", n)
    hands: list[list[int] | None] = []
    for s, raw in enumerate(hands_raw):
        if raw is None:
            hands.append(None)
            continue
        hand = _cards(raw, f"seat {s}'s hand")
        if len(hand) != 2:
            raise InvalidState(f"seat {s}'s hand must hold two cards, not {len(hand)}")
        hands.append(sorted(hand))
    pack = deck(rules.wild)
    seen: dict[int, str] = {}

    def place(card: int, where: str) -> None:
        if card not in pack:
            raise InvalidState(f"{LABELS[card]} is not in the pack (wild={rules.wild})")
        if card in seen:
            raise InvalidState(f"{LABELS[card]} appears twice: in {seen[card]} and in {where}")
        seen[card] = where

    for s, held in enumerate(hands):
        for card in held or ():
            place(card, f"seat {s}'s hand")
    discards = _cards(data.get("discards", []), "'discards'")
    for card in discards:
        place(card, "the discards")
    if "stock" in data:
        stock = _cards(data["stock"], "'stock'")
        for card in stock:
            place(card, "the stock")
        missing = [LABELS[c] for c in pack if c not in seen]
        if missing:
            raise InvalidState(f"missing from the position: {', '.join(missing)}"[:120])
    else:  # the rest of the pack, shuffled by the seed
        stock = [c for c in pack if c not in seen]
        random.Random(seed).shuffle(stock)
    state.hands = hands
    state.stock = list(reversed(stock))
    state.discards = discards
    if in_progress:
        _load_progress(state, data)
    else:
        _check_start(state)
        state.begin_hand()
    rng = data.get("rng")
    if rng is not None:
        try:
            version, internal, gauss = rng
            if not isinstance(internal, list) or len(internal) != 625:
                raise ValueError("wrong size")
            state.rng = random.Random()
            state.rng.setstate((version, tuple(internal), gauss))
        except (TypeError, ValueError, OverflowError):
            raise InvalidState("'rng' is not a saved random state") from None
    state.fair = load_fair(data)
    return state


def _check_start(state: PokerState) -> None:
    n = state.num_players
    for s in range(n):
        if (state.chips[s] > 0) != (state.hands[s] is not None):
            if state.chips[s] > 0:
                raise InvalidState(f"seat {s} has chips, so it needs a hand of two cards")
            raise InvalidState(f"seat {s} has no chips: it is out of the game and has no hand")
    if sum(1 for c in state.chips if c > 0) < 2:
        raise InvalidState("at least two seats need chips to play a hand")
    if state.chips[state.dealer] == 0:
        raise InvalidState(f"the dealer (seat {state.dealer}) is out of the game")
    if state.discards:
        raise InvalidState("there are no discards before a hand starts")


def _load_progress(state: PokerState, data: dict[str, Any]) -> None:
    """A hand in progress, as ``to_dict()`` writes it."""
    n = state.num_players
    try:
        phase = Phase(data["phase"])
    except (ValueError, TypeError):
        raise InvalidState(
            f"'phase' must be bet, draw, declare or over, not {_quote(data['phase'])}"
        ) from None
    state.phase = phase
    state.street = _int(data.get("street", 1), "'street'", 1, 2)
    state.in_hand = _flags(data, "in_hand", n)
    state.folded = _flags(data, "folded", n)
    state.acted = _flags(data, "acted", n)
    state.committed = [_int(c, "'committed'") for c in _seat_list(data, "committed", n)]
    # before the fix of issue 23 a short ante's returned excess was taken from round_bets too,
    # saving -k for 0: such saves load as the state the fixed engine reaches (never below 0)
    state.round_bets = [
        max(0, _int(c, "'round_bets'", -MAX_CHIPS)) for c in _seat_list(data, "round_bets", n)
    ]
    state.bets_made = _int(data.get("bets_made", 0), "'bets_made'", 0, state.rules.raises + 1)
    drawn = _seat_list(data, "drawn", n)
    for d in drawn:
        if d not in (None, 0, 1) or isinstance(d, bool):
            raise InvalidState(f"'drawn' holds null, 0 or 1 per seat, not {_quote(d)}")
    state.drawn = drawn
    declared = _seat_list(data, "declared", n)
    for d in declared:
        if d is not None and d not in SIDES:
            raise InvalidState(f"'declared' holds null, high, low or both, not {_quote(d)}")
    state.declared = declared
    log = data.get("log", [])
    if not isinstance(log, list) or len(log) > 1000:
        raise InvalidState("'log' must be a list of [seat, action]")
    for entry in log:
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not isinstance(entry[0], int)
            or not isinstance(entry[1], str)
            or len(entry[1]) > 20
        ):
            raise InvalidState("'log' must be a list of [seat, action]")
    for seat, text in log:
        if isinstance(seat, bool) or not 0 <= seat < n:
            raise InvalidState(f"'log' names seat {_quote(seat)}: the seats are 0 to {n - 1}")
        if not state.in_hand[seat] and state.phase is not Phase.OVER:  # over: in_hand cleared
            raise InvalidState(f"'log' has a move of seat {seat}, which is not in this hand")
        if text not in LOG_WORDS and _log_action(text) is None:
            raise InvalidState(f"'log' holds {_quote(text)}, which is no betting move")
    state.log = [list(e) for e in log]
    last = data.get("last_showdown")
    if last is not None and not isinstance(last, dict):
        raise InvalidState("'last_showdown' must be an object or null")
    state.last_showdown = last
    for s in range(n):
        if phase is Phase.OVER:
            break
        if state.in_hand[s] != (state.hands[s] is not None):
            raise InvalidState(f"seat {s}: 'in_hand' and 'hands' disagree")
        if not state.in_hand[s] and (state.committed[s] or state.folded[s]):
            raise InvalidState(f"seat {s} is not in this hand but has chips in it or folded")
        if state.round_bets[s] > state.committed[s]:
            raise InvalidState(f"seat {s} bet more this round than in the whole hand")
    _check_reachable(state, phase)
    turn = data.get("turn")
    if phase is Phase.OVER:
        if turn is not None:
            raise InvalidState("the game is over: nobody is to act")
        state.turn = None
        return
    turn = _int(turn, "'turn'", 0, n - 1)
    if not state.live(turn):
        raise InvalidState(f"seat {turn} is to act but is not in the hand")
    if phase is Phase.BET and state.chips[turn] == 0:
        raise InvalidState(f"seat {turn} is all-in and cannot bet")
    if len(state.live_seats()) < 2:
        raise InvalidState("a hand in progress needs two players still in")
    state.turn = turn
    if phase is Phase.BET and not state.legal_actions(turn):
        raise InvalidState("the seat to act has no legal move")


BETTING = (Kind.CHECK, Kind.CALL, Kind.FOLD, Kind.BET, Kind.RAISE)
#: what ``log`` records for the draw (the card discarded stays secret)
LOG_WORDS = ("draw", "stand")


def _log_action(text: str) -> PokerAction | None:
    """A betting move of the log (check, call, fold, bet N, raise N), or None."""
    try:
        action = parse_action(text)
    except IllegalAction:
        return None
    return action if action.kind in BETTING else None


def _check_reachable(state: PokerState, phase: Phase) -> None:
    """Refuse a hand in progress that no game reaches (issue 23): more chips than the game has,
    chips committed beyond what the antes and the betting caps allow, a phase the options do not
    have, draws that do not match the discards, a seat with chips left out of the hand."""
    n = state.num_players
    rules = state.rules
    if sum(state.chips) + sum(state.committed) > n * rules.stack:
        raise InvalidState(
            f"the seats hold {sum(state.chips) + sum(state.committed)} chips with the pot; "
            f"the game has {n} × {rules.stack}"
        )
    if phase is Phase.OVER:
        holding = sum(1 for c in state.chips if c > 0)
        if state.hand_no < rules.hands and holding > 1:
            raise InvalidState(
                f"the game is over after hand {state.hand_no} of {rules.hands} "
                "with two seats still holding chips"
            )
        return
    if phase is Phase.DRAW and not rules.draw:
        raise InvalidState("there is no draw with draw=off")
    if phase is Phase.DECLARE and not rules.declare:
        raise InvalidState("there are no declarations with declare=no")
    if state.street == 2 and not rules.draw:
        raise InvalidState("there is no second betting round with draw=off")
    round_cap = (rules.raises + 1) * rules.bet_max
    if max(state.round_bets) > state.bets_made * rules.bet_max:
        raise InvalidState(
            f"this round's bets reach {max(state.round_bets)} chips after "
            f"{state.bets_made} bets and raises of at most {rules.bet_max}"
        )
    earlier = rules.ante + (round_cap if state.street == 2 else 0)
    for s in range(n):
        if state.committed[s] - state.round_bets[s] > earlier:
            raise InvalidState(
                f"seat {s} has {state.committed[s]} chips in the pot; "
                f"the ante and the earlier rounds allow at most {earlier + state.round_bets[s]}"
            )
        if not state.in_hand[s] and state.chips[s] > 0:
            raise InvalidState(f"seat {s} has chips but was not dealt into this hand")
        if not state.in_hand[s] and (state.drawn[s] is not None or state.declared[s]):
            raise InvalidState(f"seat {s} is not in this hand but drew or declared")
    if not state.in_hand[state.dealer]:
        raise InvalidState(f"the dealer (seat {state.dealer}) is not in this hand")
    draws = sum(1 for d in state.drawn if d == 1)
    if draws != len(state.discards):
        raise InvalidState(f"{draws} seats drew a card but the discards hold {len(state.discards)}")
    if phase is Phase.BET and state.street == 1 and any(d is not None for d in state.drawn):
        raise InvalidState("a seat has drawn before the first betting round is over")
    if phase is not Phase.DECLARE and any(d is not None for d in state.declared):
        raise InvalidState("a seat has declared outside the declarations")


__all__ = ["BY_LABEL", "load_game"]
