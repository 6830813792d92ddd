"""Positions: building states from ``to_dict()`` output or hand-written dicts (ENGINE.md); the
reverse for computer players (a position from one seat's ``view``) is in ``worlds``.

Every check names what is wrong (a missing or doubled card, a count that is off) in an
``InvalidState`` message.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

from bot.games.checks import COUNT_LIMIT, count_problem, is_seat, load_seed, plain_json
from bot.games.errors import IllegalAction, InvalidState
from bot.games.fair import load_fair

from ..quote import quote
from .actions import parse_hurikan
from .cards import INDEX, NAMES, PACK_SIZE
from .hurikan_state import HAND_SIZE, HurikanState
from .options import resolve, rules_from
from .state import TABLE_START, HurricaneState

_WHERE_HELP = (
    "every card of the 40-card pack must be in a hand, on the table, in the stock or in a pile"
)


def _cards(value: Any, where: str) -> list[int]:
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise InvalidState(f'{where} must be a list of cards such as ["7H", "QS"]')
    if len(value) > PACK_SIZE:
        raise InvalidState(f"{where} lists {len(value)} cards; the pack has {PACK_SIZE}")
    out = []
    for item in value:
        card = INDEX.get(item.strip().upper()) if isinstance(item, str) else None
        if card is None:
            raise InvalidState(f"{where}: {quote(item)} is not a card of the 40-card pack")
        out.append(card)
    return out


def _per_seat(value: Any, n: int, key: str) -> list[Any]:
    if not isinstance(value, list | tuple) or len(value) != n:
        got = len(value) if isinstance(value, list | tuple) else type(value).__name__
        raise InvalidState(f"{key} must list one entry per seat: expected {n}, got {got}")
    return list(value)


def _seat(value: Any, n: int, key: str, allow_none: bool) -> int | None:
    if value is None and allow_none:
        return None
    if not is_seat(value, n):
        extra = " or null" if allow_none else ""
        raise InvalidState(f"{key} must be a seat number 0..{n - 1}{extra}, not {quote(value)}")
    return value


def _counts(value: Any, key: str, default: list[int]) -> list[int]:
    if value is None:
        return list(default)
    if (
        not isinstance(value, list | tuple)
        or len(value) != len(default)
        or any(count_problem(v) for v in value)
    ):
        raise InvalidState(
            f"{key} must be {len(default)} whole numbers 0–{COUNT_LIMIT:,}, not {quote(value)}"
        )
    return list(value)


def _int(value: Any, key: str, default: int, minimum: int) -> int:
    if value is None:
        return default
    problem = count_problem(value, minimum)
    if problem is not None:
        raise InvalidState(f"{key} {problem}")
    return int(value)


def check_pack(zones: Sequence[tuple[str, Sequence[int]]]) -> None:
    """Every card exactly once across the zones, or say which is doubled or missing."""
    seen: dict[int, str] = {}
    for label, cards in zones:
        for c in cards:
            if c in seen:
                where = seen[c] if seen[c] == label else f"{seen[c]} and {label}"
                raise InvalidState(f"{NAMES[c]} appears twice ({where})")
            seen[c] = label
    missing = [NAMES[c] for c in range(PACK_SIZE) if c not in seen]
    if missing:
        raise InvalidState(f"missing cards: {', '.join(missing)} — {_WHERE_HELP}")


def _result(value: Any, sides: int) -> dict[str, Any] | None:
    if value is None or (isinstance(value, dict) and value.get("over") is False):
        return None
    if not isinstance(value, dict) or "winner" not in value:
        raise InvalidState("result must be null or a dict with winner, double and scores")
    winner = value["winner"]
    if winner is not None and not is_seat(winner, sides):
        raise InvalidState(f"result winner must be 0..{sides - 1} or null")
    scores = _counts(value.get("scores"), "result scores", [0] * sides)
    return {
        "winner": winner,
        "double": bool(value.get("double", False)),
        "scores": scores,
        "over": True,
    }


def _seed(data: dict[str, Any]) -> int:
    return load_seed(data.get("seed", 0))


def _layout(
    data: dict[str, Any], n: int, zones: list[tuple[str, list[int]]]
) -> tuple[list[int], list[int], list[list[int]]]:
    """Table, stock and piles of a position; with the hands already in ``zones``, the whole pack
    is then checked (every card exactly once)."""
    table = _cards(data.get("table"), "table")
    stock = _cards(data.get("stock"), "stock")
    zones += [("the table", table), ("the stock", stock)]
    piles = data.get("piles")
    raw_piles = _per_seat(piles, n, "piles") if piles is not None else [[] for _ in range(n)]
    loaded: list[list[int]] = []
    for seat, pile in enumerate(raw_piles):
        loaded.append(_cards(pile, f"seat {seat}'s pile"))
        zones.append((f"seat {seat}'s pile", loaded[seat]))
    check_pack(zones)
    return table, stock, loaded


def _last_deal(data: dict[str, Any]) -> str | None:
    """The last deal_scored breakdown as JSON text (how the state keeps it)."""
    last_deal = data.get("last_deal")
    if last_deal is None:
        return None
    if not isinstance(last_deal, dict):
        raise InvalidState("last_deal must be null or the last deal_scored breakdown")
    try:
        return json.dumps(plain_json(last_deal, "last_deal"), allow_nan=False)
    except ValueError:
        raise InvalidState("last_deal holds a number JSON cannot write") from None


_HISTORY_HELP = (
    'history must be a list of [seat, action] plays such as [[0, "2H+5D"], [1, "4S:4C"]]'
)


@functools.lru_cache(maxsize=4096)
def _play_text(action: str) -> str:
    """The canonical text of a Hurikan play (cached: searches load a position per sample)."""
    return str(parse_hurikan(action))


def _history(value: Any) -> tuple[tuple[int, str], ...]:
    """A Hurikan game's plays in order. Only their form is checked, not that they led to the
    position (positions written by hand have none)."""
    if value is None:
        return ()
    if not isinstance(value, list | tuple):
        raise InvalidState(f"{_HISTORY_HELP}, not {quote(value)}")
    if len(value) > PACK_SIZE:
        raise InvalidState(f"history lists {len(value)} plays; a game has at most {PACK_SIZE}")
    plays = []
    for i, item in enumerate(value):
        if not isinstance(item, list | tuple) or len(item) != 2:
            raise InvalidState(f"history play {i + 1}: {quote(item)} is not a [seat, action] pair")
        seat, action = item
        if not is_seat(seat, 2):
            raise InvalidState(f"history play {i + 1}: the seat must be 0 or 1, not {quote(seat)}")
        if not isinstance(action, str):
            raise InvalidState(
                f"history play {i + 1}: the action must be text, not {quote(action)}"
            )
        try:
            text = _play_text(action)
        except IllegalAction as exc:
            raise InvalidState(f"history play {i + 1}: {exc}") from None
        plays.append((seat, text))
    return tuple(plays)


def _turn(data: dict[str, Any], default: int, has_cards: list[bool]) -> int:
    """The seat to move in a game that is not over: it must hold cards."""
    turn = data.get("turn", default)
    if turn is None:
        raise InvalidState("turn is null but the game is not over (no result given)")
    seat = _seat(turn, len(has_cards), "turn", False) or 0
    if not has_cards[seat]:
        raise InvalidState(f"seat {seat} is to play but holds no cards")
    return seat


def load_hurricane(data: dict[str, Any]) -> HurricaneState:
    """A Hurricane state from a position or a ``to_dict()`` snapshot."""
    if not isinstance(data, dict):
        raise InvalidState("a position must be a JSON object")
    try:
        options = resolve(data.get("options") or {})
    except ValueError as exc:
        raise InvalidState(str(exc)) from None
    rules = rules_from(options)
    n = rules.players
    s = HurricaneState.blank(options, rules, _seed(data))
    s.fair = load_fair(data)
    s.deal_no = _int(data.get("deal"), "deal", 1, 1)
    s.dealer = _seat(data.get("dealer", 0), n, "dealer", False) or 0
    if "hands" not in data:
        raise InvalidState("the position has no hands")
    zones: list[tuple[str, list[int]]] = []
    for seat, hand in enumerate(_per_seat(data["hands"], n, "hands")):
        if rules.open_hands and isinstance(hand, dict):
            unknown = set(hand) - {"open", "down"}
            if unknown:
                raise InvalidState(f"seat {seat}'s hand has unknown parts {sorted(unknown)}")
            open_cards = _cards(hand.get("open"), f"seat {seat}'s open cards")
            down = _cards(hand.get("down"), f"seat {seat}'s face-down cards")
            if len(down) > 2:
                raise InvalidState(f"seat {seat} has {len(down)} face-down cards; at most 2")
        else:
            open_cards, down = _cards(hand, f"seat {seat}'s hand"), []
        if len(open_cards) + len(down) > rules.hand_size:
            raise InvalidState(
                f"seat {seat} holds {len(open_cards) + len(down)} cards; "
                f"at most {rules.hand_size} in {rules.preset}"
            )
        s.hands[seat] = sorted(open_cards)
        s.down[seat] = down
        zones.append((f"seat {seat}'s hand", open_cards + down))
    s.table, s.stock, s.piles = _layout(data, n, zones)
    if n == 4 and s.stock:
        raise InvalidState(
            f"pairs deals the whole pack: the stock must be empty, not {len(s.stock)}"
        )
    _check_stock(len(s.stock), rules.hand_size * n)
    s.sweeps = _counts(data.get("sweeps"), "sweeps", [0, 0])
    s.scores = _counts(data.get("scores"), "scores", [0, 0])
    s.last_capturer = _seat(data.get("last_capturer"), n, "last_capturer", True)
    _check_captures(s)
    s.last_player = _seat(data.get("last_player"), n, "last_player", True)
    s.last_deal_json = _last_deal(data)
    s.outcome = _result(data.get("result"), 2)
    if s.outcome is not None:
        s.turn = None
        return s
    if max(s.scores) >= rules.target and s.scores[0] != s.scores[1]:
        raise InvalidState(
            f"scores {s.scores} reach the target {rules.target} without a tie: the game "
            "is over (H-17)"
        )
    has_cards = [bool(h or d) for h, d in zip(s.hands, s.down, strict=True)]
    if not any(has_cards):
        raise InvalidState(
            "every hand is empty: a position must have a player to move (deal the stock into the hands)"
        )
    s.turn = _turn(data, s.next_seat(s.dealer), has_cards)
    _check_hand_sizes(s)
    return s


def _check_stock(size: int, per_round: int) -> None:
    """H-2, H-3: 4 cards to the table and ``per_round`` to the hands, then ``per_round`` more
    each round, so only those stock sizes exist (issue 23: 2 players 24, 12 or 0)."""
    sizes = range(PACK_SIZE - TABLE_START - per_round, -1, -per_round)
    if size not in sizes:
        shown = ", ".join(str(k) for k in sizes)
        raise InvalidState(f"the stock holds {size} cards; a deal leaves {shown}")


def _check_captures(s: HurricaneState) -> None:
    """A sweep is a capture and a capture takes at least two cards into a pile; the last
    capturer's side has a pile."""
    piles = s.side_piles()
    for side in (0, 1):
        if s.sweeps[side] and 2 * s.sweeps[side] > len(piles[side]):
            raise InvalidState(
                f"side {side} has {s.sweeps[side]} hurricanes but {len(piles[side])} cards "
                "in its pile; every hurricane captures at least two"
            )
    if s.last_capturer is not None and not piles[s.last_capturer % 2]:
        raise InvalidState(f"seat {s.last_capturer} captured last but its side's pile is empty")


def _check_hand_sizes(s: HurricaneState) -> None:
    """H-3: every seat plays one card a turn, so from the seat to play round the table the
    hands hold ``m`` cards, then ``m - 1`` (those who have played this round)."""
    sizes = s.hand_sizes()
    if s.rules.lays_hand:  # H-12: a laid hand is empty while the others play on
        sizes = [k if k else -1 for k in sizes]
    seat = s.turn
    if seat is None:
        return
    order = []
    for _ in range(s.num_players):
        if sizes[seat] >= 0:
            order.append(sizes[seat])
        seat = s.next_seat(seat)
    top = order[0]
    if any(k > top or k < top - 1 for k in order) or order != sorted(order, reverse=True):
        raise InvalidState(
            f"hands of {sizes} cards with seat {s.turn} to play: each seat plays one card "
            "a turn, so the seat to play holds the most and no hand is two cards shorter"
        )


#: K-1, K-4: 12 dealt, 12 and 12 more, then the last 4 (2 each)
HURIKAN_STOCKS = (28, 16, 4, 0)


def load_hurikan(data: dict[str, Any]) -> HurikanState:
    """A Hurikan state from a position or a ``to_dict()`` snapshot."""
    if not isinstance(data, dict):
        raise InvalidState("a position must be a JSON object")
    options = data.get("options") or {}
    if not isinstance(options, dict) or set(options) - {"preset"}:
        raise InvalidState("hurikan has no options besides preset=hurikan")
    if options.get("preset", "hurikan") != "hurikan":
        raise InvalidState(f"a hurikan position cannot have preset {quote(options.get('preset'))}")
    s = HurikanState.blank(_seed(data))
    s.fair = load_fair(data)
    s.pile_cache = None
    s.dealer = _seat(data.get("dealer", 0), 2, "dealer", False) or 0
    if "hands" not in data:
        raise InvalidState("the position has no hands")
    zones: list[tuple[str, list[int]]] = []
    for seat, hand in enumerate(_per_seat(data["hands"], 2, "hands")):
        cards = _cards(hand, f"seat {seat}'s hand")
        if len(cards) > HAND_SIZE:
            raise InvalidState(f"seat {seat} holds {len(cards)} cards; at most {HAND_SIZE}")
        s.hands[seat] = sorted(cards)
        zones.append((f"seat {seat}'s hand", cards))
    s.table, s.stock, s.piles = _layout(data, 2, zones)
    if len(s.stock) not in HURIKAN_STOCKS:
        shown = ", ".join(str(k) for k in HURIKAN_STOCKS)
        raise InvalidState(f"the stock holds {len(s.stock)} cards; a Hurikan deal leaves {shown}")
    s.last_player = _seat(data.get("last_player"), 2, "last_player", True)
    s.final_json = _last_deal(data)
    s.history = _history(data.get("history"))
    s.outcome = _result(data.get("result"), 2)
    if s.outcome is not None:
        s.turn = None
        return s
    if not s.hands[0] and not s.hands[1]:
        raise InvalidState("both hands are empty: a position must have a player to move")
    s.turn = _turn(data, 1 - s.dealer, [bool(h) for h in s.hands])
    return s
