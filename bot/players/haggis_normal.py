"""``normal`` for Haggis: shed cards efficiently, keep wilds and bombs, bet only on strong hands.

Leads favour long, low combinations without face cards; follows beat as cheaply as possible and
pass rather than spend a wild on a trick worth nothing; bombs are kept to stop an opponent who is
about to go out or to take the lead for going out ourselves (a bomb's trick goes to an opponent,
G-13, so bombing never pays in card points). Bets only when the hand sheds in few plays.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from bot.games.base import Action

from .base import View, seat_of
from .haggis_cards import FACES, Combo, card_points, classify, split_play

PRESSURE = 4  # an opponent with this many cards or fewer may go out next


def _suits(view: View) -> int:
    return 4 if int(view.get("num_players", 2)) == 2 else 5


def _top_shape(view: View) -> tuple[str, int, int] | None:
    top = view.get("top")
    if not top or not top.get("combination"):
        return None
    c = top["combination"]
    return (str(c["kind"]), int(c["size"]), int(c["width"]))


def plays_needed(hand: Sequence[str]) -> int:
    """A rough count of plays to shed ``hand``: one per number rank, runs of 3+ ranks as one."""
    ranks = sorted({int(c[:-1]) for c in hand if c not in FACES})
    plays, run = 0, 0
    for i, r in enumerate(ranks):
        run = run + 1 if i and r == ranks[i - 1] + 1 else 1
        plays += 1
        if run == 3:
            plays -= 2  # three consecutive ranks shed together
        elif run > 3:
            plays -= 1
    return max(plays, 1 if hand else 0)


def has_number_bomb(hand: Sequence[str]) -> bool:
    """3-5-7-9 in one suit or in four different suits (G-8)."""
    by_rank = {
        r: {c[-1] for c in hand if c not in FACES and int(c[:-1]) == r} for r in (3, 5, 7, 9)
    }
    if any(not suits for suits in by_rank.values()):
        return False
    if set.intersection(*by_rank.values()):
        return True

    # four different suits: a system of distinct representatives over 4 ranks
    def pick(i: int, used: frozenset[str]) -> bool:
        if i == 4:
            return True
        return any(pick(i + 1, used | {s}) for s in by_rank[(3, 5, 7, 9)[i]] if s not in used)

    return pick(0, frozenset())


def bet_choice(view: View, hand: Sequence[str]) -> int:
    """0 (no bet), 15 or 30: only a hand that sheds in few plays and holds a bomb bets."""
    need = plays_needed(hand)
    bombs = int(has_number_bomb(hand)) + sum(1 for c in hand if c in FACES) // 2
    high = sum(1 for c in hand if c not in FACES and int(c[:-1]) >= 9)
    if need <= 3 and bombs >= 2 and high >= 3:
        return 30
    if need <= 4 and bombs >= 1 and high >= 2:
        return 15
    return 0


def _lead_score(c: Combo, hand: Sequence[str], counts: Counter[int], others_min: int) -> float:
    if c.size == len(hand):
        return 1000.0
    score = 1.2 * c.size - 0.12 * c.rank - 2.5 * c.wilds
    if c.is_bomb:
        score -= 12.0
    if c.kind == "set":
        natural = sum(1 for x in c.cards if x not in FACES)
        rank = c.rank
        if natural and counts[rank] > natural:
            score -= 1.0  # splitting a set
    if others_min <= PRESSURE:
        if c.size > others_min:
            score += 6.0  # they cannot answer in kind with so few cards
        elif c.kind == "set" and c.size == 1:
            score += 0.4 * c.rank  # a high single is hard to beat
    return score


def haggis_normal(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    seat = seat_of(view)
    texts = [str(a) for a in legal]
    by_text = dict(zip(texts, legal, strict=True))
    hand = list(view.get("hand") or ())
    n = int(view.get("num_players", 2))
    sizes = list(view.get("hand_sizes") or [0] * n)
    out = set(view.get("out") or ())
    others = [sizes[s] for s in range(n) if s != seat and s not in out and sizes[s] > 0]
    others_min = min(others) if others else 99

    gives = [t for t in texts if t.startswith("give")]
    if gives:
        scores = list(view.get("scores") or [0] * n)
        return by_text[min(gives, key=lambda t: (scores[int(t.split()[1])], t))]

    if any(t.startswith("bet") for t in texts):
        amount = bet_choice(view, hand)
        if amount and f"bet {amount}" in by_text:
            return by_text[f"bet {amount}"]

    suits = _suits(view)
    shape = _top_shape(view)
    plays: list[tuple[Combo, str]] = []
    for t in texts:
        if t.startswith(("bet", "pass", "give")):
            continue
        combo = classify(t, suits, shape)
        if combo is not None:
            plays.append((combo, t))
    can_pass = "pass" in by_text
    if not plays:
        if can_pass:
            return by_text["pass"]
        return legal[0]

    if shape is None:  # a lead
        counts = Counter(int(c[:-1]) for c in hand if c not in FACES)
        scored = [(_lead_score(c, hand, counts, others_min), -i) for i, (c, _) in enumerate(plays)]
        best = max(range(len(plays)), key=lambda i: scored[i])
        return by_text[plays[best][1]]

    trick_points = 0
    for entry in view.get("trick") or ():
        cards, _ = split_play(str(entry.get("play", "")))
        if entry.get("play") != "pass":
            trick_points += sum(card_points(c) for c in cards)
    plain = [(c, t) for c, t in plays if not c.is_bomb]
    bombs = [(c, t) for c, t in plays if c.is_bomb]
    finishing = [t for c, t in plays if c.size == len(hand)]
    if finishing:
        return by_text[finishing[0]]
    if plain:
        cost, text, combo = min(
            (c.rank + 5 * c.wilds + 0.01 * i, t, c) for i, (c, t) in enumerate(plain)
        )
        if combo.wilds == 0 or others_min <= PRESSURE or trick_points >= 4 or not can_pass:
            return by_text[text]
    elif bombs:
        rest = [x for x in hand if x not in bombs[0][0].cards]
        if others_min <= 3 or plays_needed(rest) <= 2 or not can_pass:
            return by_text[min(bombs, key=lambda ct: ct[0].rank)[1]]
    return by_text["pass"] if can_pass else legal[0]
