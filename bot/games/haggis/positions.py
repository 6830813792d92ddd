"""Loading saved games and hand-written positions (ENGINE.md "Positions"), checking every card."""

from __future__ import annotations

import json
import random
from typing import Any

from ..base import GameState
from ..checks import count_problem, load_seed, plain_json
from ..errors import IllegalAction, InvalidState
from ..fair import load_fair
from ..quote import quote
from .actions import BET_AMOUNTS, PassAction, PlayAction, parse_action
from .cards import (
    BY_LABEL,
    FACE_BIT,
    FACE_LETTERS,
    FACE_MASK,
    FACE_RANKS,
    HAND_SIZE_NUMBERS,
    LABELS,
    NUM_IDS,
    deck_mask,
    ids_of,
    parse_card,
)
from .combinations import Combination, analyse
from .options import parse_options, parse_players
from .scoring import bet_points
from .state import Entry, HaggisState


def _seat_list(data: dict[str, Any], key: str, n: int, default: Any) -> list[Any]:
    value = data.get(key)
    if value is None:
        return [default] * n
    if not isinstance(value, list) or len(value) != n:
        raise InvalidState(f"'{key}' must list one entry per seat ({n} seats)")
    return list(value)


def _int(value: Any, what: str, minimum: int = 0) -> int:
    problem = count_problem(value, minimum)
    if problem is not None:
        raise InvalidState(f"{what} {problem}")
    return int(value)


def _seat_int(value: Any, what: str) -> int:
    if type(value) is not int:
        raise InvalidState(f"{what} must be a seat number, not {quote(value)}")
    return value


def _rng(raw: Any) -> random.Random:
    """A saved ``random.Random`` state (``to_dict()["rng"]``), checked before it is used:
    ``setstate`` itself fails with ``OverflowError`` or ``TypeError`` on some bad input."""
    ok = isinstance(raw, list | tuple) and len(raw) == 3
    if ok:
        version, internal, gauss = raw
        ok = (
            version == 3
            and type(version) is int
            and isinstance(internal, list | tuple)
            and len(internal) == 625
            and all(type(x) is int and 0 <= x < 2**32 for x in internal)
            and internal[-1] <= 624
            and (gauss is None or type(gauss) is float)
        )
    if not ok:
        raise InvalidState("'rng' is not a saved random state: [3, [625 whole numbers], null]")
    rng = random.Random()
    rng.setstate((3, tuple(internal), gauss))
    return rng


def _seat(value: Any, what: str, n: int) -> int:
    seat = _seat_int(value, what)
    if not 0 <= seat < n:
        raise InvalidState(f"{what} must be a seat 0..{n - 1}, not {seat}")
    return seat


def _cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise InvalidState(f"{where} must be a list of cards")
    if len(value) > 54:
        raise InvalidState(f"{where} lists {len(value)} cards; the whole pack has 54")
    out = []
    for label in value:
        if not isinstance(label, str):
            raise InvalidState(f"{where}: {quote(label)} is not a card")
        try:
            out.append(parse_card(label))
        except IllegalAction as exc:
            raise InvalidState(f"{where}: {exc}") from None
    return out


def _hand_mask(ids: list[int], seat: int) -> int:
    mask = 0
    for cid in ids:
        if mask >> cid & 1:
            if cid >= NUM_IDS:
                raise InvalidState(f"seat {seat}'s hand holds {LABELS[cid]} twice")
            raise InvalidState(f"{LABELS[cid]} is doubled in seat {seat}'s hand")
        mask |= 1 << cid
    return mask


def _load_trick(raw: Any, n: int, suits: int) -> list[Entry]:
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > 200:
        raise InvalidState("'trick' must be a list of {'player': seat, 'play': text}")
    trick: list[Entry] = []
    top: Combination | None = None
    for i, item in enumerate(raw):
        if not isinstance(item, dict) or "player" not in item or "play" not in item:
            raise InvalidState(f"trick entry {i} must be {{'player': seat, 'play': text}}")
        seat = _seat(item["player"], f"trick entry {i}'s player", n)
        try:
            action = parse_action(item["play"])
        except IllegalAction as exc:
            raise InvalidState(f"trick entry {i}: {exc}") from None
        if isinstance(action, PassAction):
            if top is None:
                raise InvalidState("a trick cannot start with a pass: the leader must play")
            trick.append(Entry(seat, 0, None))
            continue
        if not isinstance(action, PlayAction):
            raise InvalidState(f"trick entry {i} must be a play or 'pass'")
        reads = list(analyse(action.mask, suits))
        if not reads:
            raise InvalidState(f"trick entry {i} ({action}) is no combination")
        if action.reading is not None:
            reads = [c for c in reads if c.code == action.reading]
        if top is None:
            if len(reads) != 1:
                raise InvalidState(
                    f"trick entry {i} ({action}) needs exactly one reading: add =set or =seqW"
                )
            combo = reads[0]
        else:
            good = [c for c in reads if c.beats(top)]
            if not good:
                raise InvalidState(f"trick entry {i} ({action}) does not beat {top.describe()}")
            combo = max(good, key=lambda c: c.rank)
        trick.append(Entry(seat, action.mask, combo))
        top = combo
    return trick


def load_game(data: dict[str, Any]) -> HaggisState:
    """A ``to_dict()`` or a hand-written position -> a state; anything inconsistent is InvalidState."""
    if not isinstance(data, dict):
        raise InvalidState("a position must be a JSON object")
    if data.get("game", "haggis") != "haggis":
        raise InvalidState(f"this is not a Haggis position (game {quote(data.get('game'))})")
    try:
        opts = parse_options(data.get("options"))
    except ValueError as exc:
        raise InvalidState(str(exc)) from None
    hands_raw = data.get("hands")
    if not isinstance(hands_raw, list):
        raise InvalidState("'hands' must list each seat's cards")
    try:
        n = parse_players(data.get("players", len(hands_raw)))
    except ValueError as exc:
        raise InvalidState(str(exc)) from None
    if len(hands_raw) != n:
        raise InvalidState(f"'hands' lists {len(hands_raw)} seats, expected {n}")
    seed = load_seed(data.get("seed", 0))
    state = HaggisState(n, opts, seed)
    suits = state.suits
    hands = [_hand_mask(_cards(h, f"seat {s}'s hand"), s) for s, h in enumerate(hands_raw)]
    for s, h in enumerate(hands):
        numbers = (h & ~FACE_MASK).bit_count()
        if numbers > HAND_SIZE_NUMBERS:
            raise InvalidState(
                f"seat {s}'s hand holds {numbers} number cards; a hand is dealt "
                f"{HAND_SIZE_NUMBERS} plus its J, Q and K (G-3)"
            )
    trick = _load_trick(data.get("trick"), n, suits)
    piles_raw = _seat_list(data, "piles", n, [])
    piles = [_cards(p, f"seat {s}'s pile") for s, p in enumerate(piles_raw)]

    # every number card exactly once; face cards counted per owner
    deck = deck_mask(n)
    seen: dict[int, str] = {}

    def place(cid: int, where: str) -> None:
        if cid < NUM_IDS:
            if not deck >> cid & 1:
                raise InvalidState(f"{LABELS[cid]} is not in a {n}-player pack")
            if cid in seen:
                raise InvalidState(f"{LABELS[cid]} is doubled: in {seen[cid]} and in {where}")
            seen[cid] = where

    face_count = dict.fromkeys(FACE_RANKS, 0)
    for s, h in enumerate(hands):
        for cid in ids_of(h):
            place(cid, f"seat {s}'s hand")
        for r in FACE_RANKS:
            if h & FACE_BIT[r]:
                face_count[r] += 1
    for i, entry in enumerate(trick):
        for cid in ids_of(entry.mask):
            place(cid, f"trick entry {i}")
        for r in FACE_RANKS:
            if entry.mask & FACE_BIT[r]:
                face_count[r] += 1
                if hands[entry.player] & FACE_BIT[r]:
                    raise InvalidState(
                        f"seat {entry.player}'s {FACE_LETTERS[r]} is both in their hand and in "
                        "the trick"
                    )
    for r in FACE_RANKS:
        players = [e.player for e in trick if e.mask & FACE_BIT[r]]
        if len(players) != len(set(players)):
            raise InvalidState(f"seat {players[0]} played their {FACE_LETTERS[r]} twice")
    for s, pile in enumerate(piles):
        for cid in pile:
            place(cid, f"seat {s}'s pile")
            if cid >= NUM_IDS:
                face_count[cid - 34] += 1
    if "haggis" in data and data["haggis"] is not None:
        haggis_ids = _cards(data["haggis"], "the Haggis")
        for cid in haggis_ids:
            if cid >= NUM_IDS:
                raise InvalidState(f"the Haggis holds only number cards, not {LABELS[cid]}")
            place(cid, "the Haggis")
        haggis = 0
        for cid in haggis_ids:
            haggis |= 1 << cid
        missing = [LABELS[c] for c in ids_of(deck) if c not in seen]
        if missing:
            raise InvalidState(f"missing from the position: {', '.join(missing)}")
    else:  # the number cards placed nowhere else
        haggis = 0
        for cid in ids_of(deck):
            if cid not in seen:
                haggis |= 1 << cid
    # G-3 deals the Haggis 8 cards (2 players) or 3 (3 players) and nobody touches it before the
    # round is scored; a hand-written position may leave more cards in it (those placed nowhere)
    size = deck.bit_count() - n * HAND_SIZE_NUMBERS
    if haggis.bit_count() < size and not data.get("over"):
        raise InvalidState(
            f"the Haggis holds {haggis.bit_count()} cards; it is dealt {size} with {n} players "
            "(G-3) and stays whole until the round is scored"
        )
    for r, count in face_count.items():
        if count != n:
            raise InvalidState(
                f"there must be {n} {FACE_LETTERS[r]}s (one per seat) in hands, trick and piles; "
                f"found {count}"
            )

    out = data.get("out") or []
    if not isinstance(out, list):
        raise InvalidState("'out' must list the seats that went out, in order")
    out = [_seat(s, "'out'", n) for s in out]
    if len(set(out)) != len(out):
        raise InvalidState("a seat appears twice in 'out'")
    over = data.get("over", False)
    if not isinstance(over, bool):
        raise InvalidState(f"'over' must be true or false, not {quote(over)}")
    for s in range(n):
        if not over and (s in out) != (hands[s] == 0):
            if s in out:
                raise InvalidState(f"seat {s} is listed as out but still holds cards")
            raise InvalidState(f"seat {s} has no cards but is not listed in 'out'")

    bets = _seat_list(data, "bets", n, None)
    for s, b in enumerate(bets):
        if b is not None and (isinstance(b, bool) or b not in BET_AMOUNTS):
            raise InvalidState(f"seat {s}'s bet must be null, 0, 15 or 30, not {quote(b)}")
    in_trick = {e.player for e in trick if e.combo is not None}
    played_raw = data.get("played")
    if played_raw is None:
        played = [s in in_trick or s in out for s in range(n)]
    else:
        played = _seat_list(data, "played", n, False)
        for s, flag in enumerate(played):
            if not isinstance(flag, bool):
                raise InvalidState(f"played[{s}] must be true or false")
            if not flag and (s in in_trick or s in out):
                raise InvalidState(f"seat {s} has played cards this round, so played[{s}] is true")
    scores = [_int(v, "a score") for v in _seat_list(data, "scores", n, 0)]
    round_points = [_int(v, "round_points") for v in _seat_list(data, "round_points", n, 0)]

    pending = data.get("pending_give")
    top = next((e for e in reversed(trick) if e.combo is not None), None)
    if pending is not None:
        pending = _seat(pending, "'pending_give'", n)
        if n != 3 or opts.bomb_capture != "chooser":
            raise InvalidState("'pending_give' exists only with 3 players and bomb_capture=chooser")
        if top is None or top.player != pending or top.combo is None or not top.combo.is_bomb:
            raise InvalidState("'pending_give' needs a trick won by that seat's bomb")
    elif len(out) >= n - 1 and not over:
        raise InvalidState(f"{len(out)} seats are out: the round should already be scored")

    dealer = _seat(data.get("dealer", 0), "'dealer'", n)
    turn_raw = data.get("turn", (dealer + 1) % n)
    if over:
        turn = None
    elif pending is not None:
        turn = pending
    else:
        if turn_raw is None:
            raise InvalidState("'turn' is null but the game is not over: name the seat to play")
        turn = _seat(turn_raw, "'turn'", n)
        if not hands[turn]:
            raise InvalidState(f"seat {turn} is to play but has no cards")
    passes = 0
    for entry in reversed(trick):
        if entry.combo is not None:
            break
        passes += 1
    for i in range(1, len(trick)):
        if trick[i].player == trick[i - 1].player:
            raise InvalidState(f"trick entries {i - 1} and {i} are both seat {trick[i].player}'s")
    if trick and pending is None and not over and turn is not None:
        after = trick[-1].player
        nxt = next((after + k) % n for k in range(1, n + 1) if hands[(after + k) % n])
        if turn != nxt:
            raise InvalidState(
                f"seat {after} made the last move of the trick, so seat {nxt} is to play, "
                f"not seat {turn} (G-10: play goes to the left)"
            )
    if top is not None and pending is None and not over:
        needed = sum(1 for s in range(n) if hands[s] and s != top.player)
        if passes >= needed:
            raise InvalidState("everyone has passed: that trick is already over")
        if turn == top.player and hands[top.player] and passes == 0:
            raise InvalidState(f"seat {turn} cannot answer their own play")

    state.hands = hands
    state.haggis = haggis
    state.piles = piles
    state.trick = trick
    state.passes = passes
    state.bets = bets
    state.played = played
    state.out = out
    state.scores = scores
    best = max(scores)
    if not over and best >= opts.target and scores.count(best) == 1:
        raise InvalidState(
            f"a seat has {best} points, at least the target {opts.target}, with no tie: "
            "the game is over (G-20)"
        )
    # round_points = going-out points + the first-out bonus (G-14) + the bets decided so far
    # (all of them once someone is out, G-18), so a bet is never counted twice
    decided = bet_points(bets, out[0]) if out else [0] * n
    parts = data.get("round_parts")
    if isinstance(parts, dict) and "out" in parts and "bonus" in parts:
        out_points = [_int(v, "round_parts") for v in _seat_list(parts, "out", n, 0)]
        bonus = [_int(v, "round_parts") for v in _seat_list(parts, "bonus", n, 0)]
        if "bets" in parts and _seat_list(parts, "bets", n, 0) != decided:
            raise InvalidState("'round_parts' bets do not match the bets and the first out")
        # a snapshot saved before round_points counted decided bets has no round_parts bets:
        # its round_points are going out and bonus only
        counted = decided if "bets" in parts else [0] * n
        total = [a + b + c for a, b, c in zip(out_points, bonus, counted, strict=True)]
        if total != round_points:
            raise InvalidState("'round_parts' do not add up to 'round_points'")
    else:
        bonus = [0] * n
        rest = [rp - d for rp, d in zip(round_points, decided, strict=True)]
        if n == 3 and out and opts.first_out_bonus and rest[out[0]] >= 5:
            bonus[out[0]] = 5
        out_points = [r - b for r, b in zip(rest, bonus, strict=True)]
    if any(v < 0 for v in out_points + bonus):
        raise InvalidState(
            f"round_points {quote(round_points)} are less than the bets already decided "
            f"{quote(decided)} (round_points include going out, bonus and decided bets)"
        )
    state.bonus_points = bonus
    state.out_points = out_points
    state.pending_give = pending
    state.dealer = dealer
    state.leader = _seat(data.get("leader", turn if turn is not None else 0), "'leader'", n)
    state.turn = turn
    state.round_no = _int(data.get("round", 1), "'round'", 1)
    state.over = over
    winner = data.get("winner")
    state.winner = None if winner is None else _seat(winner, "'winner'", n)
    last = data.get("last_round")
    if last is not None and not isinstance(last, dict):
        raise InvalidState("'last_round' must be null or the last round's breakdown")
    try:
        state.last_round_json = (
            json.dumps(plain_json(last, "'last_round'"), allow_nan=False) if last else None
        )
    except ValueError:
        raise InvalidState("'last_round' holds a number JSON cannot write") from None
    lfo = data.get("last_first_out")
    state.last_first_out = None if lfo is None else _seat(lfo, "'last_first_out'", n)
    rng = data.get("rng")
    if rng is not None:
        state.rng = _rng(rng)
    state.fair = load_fair(data)
    return state


def round_only_world(state: GameState) -> GameState:
    """``state``, ended with its round in play (``determinise(..., round_only=True)``)."""
    if not isinstance(state, HaggisState):
        raise TypeError("a Haggis state is needed")
    state.last_dealt_round = state.round_no
    return state


__all__ = ["load_game", "sample_position", "round_only_world", "BY_LABEL", "FACE_MASK"]


def sample_position(view: dict[str, Any], rng: random.Random, seed: int = 0) -> dict[str, Any]:
    """A full position consistent with one seat's ``view`` (determinisation for computer players).

    The unseen number cards (not in the seat's hand, not played this round) are dealt at random to
    the other seats (as many as each holds besides its public face cards) and the rest to the
    Haggis. Only the view is used, so nothing hidden can leak into the sample.
    """
    n = view["num_players"]
    seat = view["seat"]
    own = set(view["hand"] or [])
    played = set(view["played_cards"])
    unseen = [
        LABELS[c] for c in ids_of(deck_mask(n)) if LABELS[c] not in own and LABELS[c] not in played
    ]
    rng.shuffle(unseen)
    hands: list[list[str]] = []
    for s in range(n):
        if s == seat:
            hands.append(list(view["hand"]))
            continue
        count = view["hand_sizes"][s] - len(view["faces"][s])
        hands.append(unseen[:count] + list(view["faces"][s]))
        unseen = unseen[count:]
    if len(unseen) != view["haggis_size"]:
        raise InvalidState("the view's hand sizes do not add up with the cards played")
    return {
        "game": "haggis",
        "options": dict(view["options"]),
        "players": n,
        "seed": seed,
        "round": view["round"],
        "dealer": view["dealer"],
        "leader": view["leader"],
        "turn": view["turn"],
        "hands": hands,
        "haggis": unseen,
        "piles": [list(p) for p in view["piles"]],
        "trick": [{"player": e["player"], "play": e["play"]} for e in view["trick"]],
        "bets": list(view["bets"]),
        "played": list(view["played"]),
        "out": list(view["out"]),
        "scores": list(view["scores"]),
        "round_points": list(view["round_points"]),
        "round_parts": {k: list(v) for k, v in view["round_parts"].items()},
        "pending_give": view["pending_give"],
        "last_round": view["last_round"],
        "last_first_out": view["last_first_out"],
        "over": view["is_over"],
        "winner": view["winner"],
    }
