"""Hurricane poker's ``expert`` (issue 29): the CFR+ strategy table heads-up, hard beyond it.

Heads-up (a hand dealt to two players, stacks deep enough for every bet of the abstraction, the
table trained for the options' betting) it plays the shipped table's average strategy
(``poker_abstraction``, ``poker_cfr_train``): its hand's bucket and the hand's public history
pick a mix of actions, and the seeded ``rng`` draws one (actions below ``PURIFY`` of the mix are
dropped, the usual cure for the noise of an unconverged average). Its bets and raises are the
largest legal; an opponent's bet of any size reads as the abstraction's one size. Draws keep the
card that is better for the side the table draws for; declarations follow the table's mix.

Multi-way it plays ``multiway``: hard's move (in six-handed hands reading the rivals' moves by
how hard itself plays there, ``poker_rivals``, instead of by hard's own curves), except
the betting once a single rival is left, which the table plays from the hand's history folded
into a heads-up one (``field_history``), and a bet faced with several rivals still in, where hard
raises too little with strong hands and, before the draw, folds some it should call
(``crowd_action``).
In any state the table does not cover (other bet structures, short stacks, a history it never
saw) it plays hard's move. It decides from the view only, like every level.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence

from bot.games import Action, poker_pack

from .base import View
from .poker_abstraction import (
    DECLARES,
    DRAWS,
    Strategy,
    class_points,
    config_key,
    draw_card,
    hand_class,
    shipped_table,
)
from .poker_cards import read_view, share_table
from .poker_players import poker_hard
from .poker_range import range_model
from .poker_rivals import covers, rival_model

log = logging.getLogger(__name__)

#: a share of the table's mix below which an action is not played
PURIFY = 0.05
_LETTERS = {"check": "k", "bet": "b", "raise": "r", "call": "c", "fold": "f"}


def _find(legal: Sequence[Action], text: str) -> Action | None:
    return next((a for a in legal if str(a) == text), None)


def _largest(legal: Sequence[Action], verb: str) -> Action | None:
    sized = [a for a in legal if str(a).startswith(verb + " ")]
    return max(sized, key=lambda a: int(str(a).split()[1])) if sized else None


def history(view: View) -> str | None:
    """The abstraction's history of this hand from the public log; None when the log holds
    what the abstraction has no word for."""
    line: list[str] = []
    draws = 0
    for _seat, action in view["log"]:
        word = str(action).split()[0]
        if word in ("draw", "stand"):
            if draws == 0:
                line.append("/")
            line.append("d" if word == "draw" else "s")
            draws += 1
            if draws == 2:
                line.append("/")
        elif word in _LETTERS:
            line.append(_LETTERS[word])
        elif word != "declare":
            return None
    if view["phase"] == "draw" and draws == 0:
        line.append("/")
    return "".join(line)


def _pick(probs: list[float], rng: random.Random) -> int:
    kept = [p if p >= PURIFY else 0.0 for p in probs]
    total = sum(kept)
    if total <= 0:
        kept, total = probs, sum(probs)
    x = rng.random() * total
    for i, p in enumerate(kept):
        x -= p
        if x < 0 and p > 0:
            return i
    return max(range(len(kept)), key=lambda i: kept[i])


def _strategy(view: View) -> Strategy | None:
    """The table's strategy for this hand's options, None when it lacks them or a stack is too
    short for every bet of the abstraction."""
    options = view["options"]
    key = config_key(
        options["declare"] == "yes",
        options["draw"] == "on",
        int(options["bet_max"]),
        int(options["raises"]),
        int(options["ante"]),
    )
    strategy = shipped_table().get(key)
    if strategy is None:
        return None
    n = int(view["num_players"])
    need = int(options["ante"]) + 2 * (1 + int(options["raises"])) * int(options["bet_max"])
    for s in range(n):
        if view["in_hand"][s] and int(view["chips"][s]) + int(view["committed"][s]) < need:
            return None  # a short stack: all-ins the abstraction does not know
    return strategy


def _bet(
    probs: list[float], to_call: int, legal: Sequence[Action], rng: random.Random
) -> Action | None:
    # a node's moves in this order, the last ones absent where the limit forbids them
    letters = ("kb" if to_call == 0 else "fcr")[: len(probs)]
    if not probs or len(probs) != len(letters):  # a node of the other kind: not covered
        return None
    letter = letters[_pick(probs, rng)]
    if letter == "k":
        return _find(legal, "check")
    if letter == "c":
        return _find(legal, "call")
    if letter == "f":
        return _find(legal, "fold")
    return _largest(legal, "bet" if letter == "b" else "raise")


def table_action(view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
    """The table's move in a hand dealt to two players, or None when the table does not cover
    this state."""
    strategy = _strategy(view)
    if strategy is None:
        return None
    n = int(view["num_players"])
    seats = [s for s in range(n) if view["in_hand"][s]]
    if len(seats) != 2:
        return None
    dealer = int(view["dealer"])
    first = next(s for s in ((dealer + 1 + i) % n for i in range(n)) if s in seats)
    seat = int(view["seat"])
    me = 0 if seat == first else 1
    line = history(view)
    if line is None:
        return None
    seen = read_view(view)
    bucket = strategy.bucket_of_class[hand_class(seen.hand, seen.wild)]
    phase = view["phase"]
    if phase == "declare":
        probs = strategy.probs(line + "#" + str(me), bucket)
        if probs is None or len(probs) != 3:
            return None
        return _find(legal, "declare " + DECLARES[_pick(probs, rng)])
    probs = strategy.probs(line, bucket)
    if probs is None:
        return None
    if phase == "draw":
        if len(probs) != 3:
            return None
        choice = DRAWS[_pick(probs, rng)]
        if choice == "stand":
            return _find(legal, "stand")
        throw = draw_card(seen.hand, seen.wild, choice)
        return _find(legal, "draw " + poker_pack(seen.wild).labels[throw])
    if phase != "bet":
        return None
    return _bet(probs, seen.to_call, legal, rng)


# ------------------------------------------------------------------ multi-way
def _closed(aggressive: int, last_mine: bool, role: int) -> str:
    """A finished heads-up round with ``aggressive`` bets and raises whose last one is the seat's
    (``last_mine``) when the seat plays ``role``."""
    if aggressive == 0:
        return "kk"
    plain = "b" + "r" * (aggressive - 1) + "c"  # player 0 opened: it made the odd ones
    last_by_0 = aggressive % 2 == 1
    wanted = role if last_mine else 1 - role
    return plain if (0 if last_by_0 else 1) == wanted else "k" + plain


def _open(aggressive: int, role: int) -> str:
    """The current round up to the seat's turn (facing the field's last bet when any)."""
    if aggressive == 0:
        return "" if role == 0 else "k"
    plain = "b" + "r" * (aggressive - 1)
    return plain if len(plain) % 2 == role else "k" + plain


def field_history(view: View, seat: int) -> str | None:
    """The heads-up history of the seat against the field (the other players still in): each
    finished round as the heads-up round with as many bets and raises and the same last bettor
    (the seat or the field), the field drawing when any of it drew, the seat as player 0 when it
    acted first in the current round."""
    rounds: list[list[tuple[int, str]]] = [[]]
    draws: dict[int, str] = {}
    for who, action in view["log"]:
        word = str(action).split()[0]
        if word in ("draw", "stand"):
            draws[int(who)] = word
            if len(rounds) == 1:
                rounds.append([])
        elif word == "declare":
            continue
        else:
            rounds[-1].append((int(who), word))
    if view["phase"] != "bet":
        return None
    current = rounds[-1]
    role = 0 if not current or current[0][0] == seat else 1
    aggressive = sum(1 for _, w in current if w in ("bet", "raise"))
    if (int(view["to_call"]) > 0) != (aggressive > 0):
        return None
    line = ""
    if len(rounds) == 2:
        first = rounds[0]
        bets = [w for w in first if w[1] in ("bet", "raise")]
        line = _closed(len(bets), bool(bets) and bets[-1][0] == seat, role) + "/"
        live = [
            s
            for s in range(int(view["num_players"]))
            if view["in_hand"][s] and not view["folded"][s] and s != seat
        ]
        mine = "d" if draws.get(seat) == "draw" else "s"
        field = "d" if any(draws.get(s) == "draw" for s in live) else "s"
        line += (mine + field if role == 0 else field + mine) + "/"
    return line + _open(aggressive, role)


def field_action(view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
    """Multi-way betting from the table: the seat's hand as the heads-up hand that beats as
    many hands as it beats sets of ``k`` hands on each side (its strengths to the power ``k``,
    the rivals still in), against the field's betting as one player's."""
    strategy = _strategy(view)
    if strategy is None or view["phase"] != "bet":
        return None
    seen = read_view(view)
    rivals = len(seen.opponents)
    if rivals < 1:
        return None
    line = field_history(view, seen.seat)
    if line is None:
        return None
    high, low = poker_pack(seen.wild).strength(*seen.hand)
    points = class_points()
    h, lo = high**rivals, low**rivals
    nearest = min(
        range(len(points)), key=lambda k: ((points[k][0] - h) ** 2 + (points[k][1] - lo) ** 2, k)
    )
    probs = strategy.probs(line, strategy.bucket_of_class[nearest])
    if probs is None:
        return None
    return _bet(probs, seen.to_call, legal, rng)


#: multi-way betting from the table against the field when at most this many rivals are still in
#: (0: hard's betting throughout). Against every rival still in it lost heavily six-handed
#: (docs/players.md): only a hand narrowed to one rival is tried.
FIELD_RIVALS = 1


#: facing a bet into a crowd, hard's measured misplays are mended (docs/players.md,
#: ``bench/poker_branches.py``); a hand's rank is its place among all hands (``share_table``
#: against the rivals still in). Before the draw, with at least ``CROWD`` rivals, hard only calls
#: with hands ranked ``CROWD_RAISE_FROM`` or better (the top tenth), where a raise wins about a
#: chip more, and folds some ranked ``CROWD_CALL_FROM`` or better (the top fifth), where a call
#: won 3.8 chips more. After the draw, with two rivals or more, it only calls with hands ranked
#: ``LATE_RAISE_FROM`` or better, where a raise wins 0.6 to 1 chip more.
CROWD = 4
CROWD_RAISE_FROM, CROWD_CALL_FROM = 0.9, 0.8
LATE_RAISE_FROM = 0.8


def crowd_action(view: View, legal: Sequence[Action], hard: Action) -> Action:
    """Hard's move ``hard``, or the raise or call a strong hand owes a bet into a crowd."""
    seen = read_view(view)
    rivals = len(seen.opponents)
    if seen.phase != "bet" or not seen.to_call or rivals < 2:
        return hard
    rank = share_table(seen.wild, rivals, seen.i_draw)[seen.hand]
    raise_ = _largest(legal, "raise")
    if seen.i_draw and rivals >= CROWD:
        if rank >= CROWD_RAISE_FROM and raise_ is not None:
            return raise_
        if rank >= CROWD_CALL_FROM and str(hard) == "fold":
            return _find(legal, "call") or hard
    elif view["street"] == 2 and rank >= LATE_RAISE_FROM and str(hard) == "call":
        return raise_ or hard
    return hard


def multiway(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """Beyond the heads-up table: betting from the table against the field (``field_action``),
    hard's betting into a crowd mended (``crowd_action``), draws, declarations and whatever the
    table lacks from hard, whose read of the rivals is the counted one in six-handed hands of the
    draw game."""
    if FIELD_RIVALS and len(read_view(view).opponents) <= FIELD_RIVALS:
        action = field_action(view, legal, rng)
        if action is not None and action in legal:
            return action
    model = rival_model if covers(view) else range_model
    return crowd_action(view, legal, poker_hard(view, legal, rng, model))


def poker_expert(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """The table's move where it covers the state, else hard's (see the module's text). An odd
    state must never cost a move: whatever goes wrong, hard decides it (logged)."""
    try:
        action = table_action(view, legal, rng)
        if action is not None and action in legal:
            return action
        return multiway(view, legal, rng)
    except Exception:
        log.exception("the poker expert failed; hard plays")
        return poker_hard(view, legal, rng)
