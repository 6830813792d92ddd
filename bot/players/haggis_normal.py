"""``normal`` for Haggis: shed cards efficiently, keep wilds and bombs, bet only on strong hands.

Leads favour long, low combinations without face cards; follows beat as cheaply as possible and
pass rather than spend a wild on a trick worth nothing; bombs are kept to stop an opponent who is
about to go out or to take the lead for going out ourselves (a bomb's trick goes to an opponent,
G-13, so bombing never pays in card points). It counts the unseen cards (``haggis_count``): near
the end it leads what nobody can beat, keeping the lead to go out. It bets when its estimated
chance of going out first makes the bet pay (``bet_choice``). The plan's weights are a ``Plan``:
``NORMAL``'s were set by hand, ``TUNED``'s (expert's rollouts) in self-play.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from bot.games import Action

from .base import Policy, View, seat_of
from .haggis_cards import FACES, Combo, card_points, classify, split_play
from .haggis_count import can_be_beaten, outstanding, sure_ranks


def _suits(view: View) -> int:
    return 4 if int(view.get("num_players", 2)) == 2 else 5


def _top_shape(view: View) -> tuple[str, int, int] | None:
    top = view.get("top")
    if not top or not top.get("combination"):
        return None
    c = top["combination"]
    return (str(c["kind"]), int(c["size"]), int(c["width"]))


def plays_needed(hand: Sequence[str]) -> int:
    """A rough count of plays to shed ``hand``: single-suit runs of 3+ ranks first (G-7), then
    one play per remaining rank; face cards ride along as wilds."""
    return _plays_needed(_sorted_numbers(hand), len(hand) > 0)


def _sorted_numbers(hand: Sequence[str]) -> tuple[str, ...]:
    """The hand's number cards in ``_plays_needed``'s key order."""
    return tuple(sorted(c for c in hand if c not in FACES))


@lru_cache(maxsize=1 << 16)
def _plays_needed(numbers: tuple[str, ...], any_cards: bool) -> int:
    cards = {(int(c[:-1]), c[-1]) for c in numbers}
    plays = 0
    while True:
        best: list[tuple[int, str]] = []
        for suit in {s for _, s in cards}:
            ranks = sorted(r for r, s in cards if s == suit)
            run: list[int] = []
            for r in ranks:
                run = [*run, r] if run and r == run[-1] + 1 else [r]
                if len(run) >= 3 and len(run) > len(best):
                    best = [(x, suit) for x in run]
        if not best:
            break
        cards -= set(best)
        plays += 1
    plays += len({r for r, _ in cards})
    return max(plays, 1 if any_cards else 0)


def number_bomb(hand: Sequence[str]) -> list[str] | None:
    """Cards of a 3-5-7-9 bomb in the hand (one suit preferred, else four suits; G-8), or None."""
    numbers = [c for c in hand if c not in FACES]
    by_rank = {r: [c for c in numbers if int(c[:-1]) == r] for r in (3, 5, 7, 9)}
    if any(not cards for cards in by_rank.values()):
        return None
    for suit in "ROYGB":
        suited = [f"{r}{suit}" for r in (3, 5, 7, 9)]
        if all(c in numbers for c in suited):
            return suited

    def pick(i: int, chosen: list[str]) -> list[str] | None:
        if i == 4:
            return chosen
        for card in by_rank[(3, 5, 7, 9)[i]]:
            if all(card[-1] != c[-1] for c in chosen):
                found = pick(i + 1, [*chosen, card])
                if found:
                    return found
        return None

    return pick(0, [])


#: Chance to go out first from the hand before its first card: a logistic fit over 2,000 hands of
#: normal against normal per table size (plays still needed, number cards 9 and 10, leading the
#: first trick, ranks nobody can beat). Weak evidence at best: a bet needs a clear edge.
OUT_FIRST_FIT = {
    2: (0.783, -0.198, 0.114, 0.649, 0.138),
    3: (1.077, -0.357, 0.255, 0.44, 0.0),
}
BIG_BET_FROM = 0.62  # chance of going out first for a big bet
LITTLE_BET_FROM = 0.56


def out_first_chance(view: View, hand: Sequence[str]) -> float:
    """Estimated chance that this seat goes out first this round (before it has played)."""
    n = 2 if int(view.get("num_players", 2)) == 2 else 3
    bias, w_need, w_high, w_lead, w_sure = OUT_FIRST_FIT[n]
    high = sum(1 for c in hand if c not in FACES and int(c[:-1]) >= 9)
    leading = not view.get("trick")
    sure = sure_ranks(hand, outstanding(view)) if w_sure else 0
    logit = bias + w_need * plays_needed(hand) + w_high * high + w_lead * leading + w_sure * sure
    return 1.0 / (1.0 + math.exp(-logit))


def bet_choice(view: View, hand: Sequence[str]) -> int:
    """0 (no bet), 15 or 30. A bet pays its value to the bettor who goes out first and the same
    to the others otherwise (G-18): worth ``value × (2p − 1)`` against the others, so it is
    made only when the hand is likely to go out first (``out_first_chance``)."""
    chance = out_first_chance(view, hand)
    if chance >= BIG_BET_FROM:
        return 30
    if chance >= LITTLE_BET_FROM:
        return 15
    return 0


@dataclass(frozen=True)
class Plan:
    """The weights of normal's plan (``score_actions``). ``NORMAL``'s were set by hand in the
    arena against ``greedy``; expert's rollouts play a set tuned in self-play (``TUNED``)."""

    plays: float = 3.0  # per play still needed to shed the rest of the hand
    rank: float = 0.25  # per rank of the combination spent (high cards are kept to win tricks)
    wild: float = 2.5  # per wild face card spent
    split: float = 1.5  # a set split: some of a rank left behind
    size: float = 0.3  # per card of the play
    follow: float = 4.0  # following (and keeping the lead) rather than passing
    follow_points: float = 0.5  # per card point in the trick, for following
    sure_lead: float = 8.0  # a lead nobody can beat without a bomb, near the end
    pressure: int = 4  # an opponent with this many cards or fewer may go out next
    pressure_size: float = 6.0  # a play longer than the pressing opponent's hand
    pressure_single: float = 0.5  # per rank of a single, under pressure
    bomb_near_out: int = 3  # bombs are for an opponent holding this many cards or fewer


NORMAL = Plan()
#: Expert's rollouts: ``NORMAL`` tuned in self-play (``python -m bot.players.haggis_plan_tune``).
TUNED = Plan(wild=3.75, split=0.9, follow=2.4, follow_points=0.75, sure_lead=18.0)
ENDGAME_PLAYS = 3  # with this few plays left, leads count what can still beat them
WILD_LEADS_FROM = 6  # with more number cards than this, leads spend no wild


def _others_min(view: View, seat: int) -> int:
    n = int(view.get("num_players", 2))
    sizes = list(view.get("hand_sizes") or [0] * n)
    out = set(view.get("out") or ())
    others = [sizes[s] for s in range(n) if s != seat and s not in out and sizes[s] > 0]
    return min(others) if others else 99


def _trick_points(view: View) -> int:
    points = 0
    for entry in view.get("trick") or ():
        if entry.get("play") != "pass":
            cards, _ = split_play(str(entry.get("play", "")))
            points += sum(card_points(c) for c in cards)
    return points


def _play_value(
    c: Combo,
    numbers: tuple[str, ...],
    faces: int,
    need_now: int,
    counts: Counter[int],
    others_min: int,
    plan: Plan,
) -> float:
    """What a (non-bomb) play does to the plan: plays saved, ranks and wilds spent. ``numbers``:
    the hand's number cards, sorted (``plays_needed``'s key); ``faces``: its face cards."""
    rest = tuple(x for x in numbers if x not in c.cards)
    faces_left = faces - c.wilds
    need = _plays_needed(rest, bool(rest) or faces_left > 0)
    score = -plan.plays * (need - (need_now - 1)) - plan.rank * min(c.rank, 13)
    score += plan.size * c.size - plan.wild * c.wilds
    if c.kind == "set":
        natural = len(c.cards) - c.wilds
        if natural and counts[c.rank] > natural:
            score -= plan.split
    if need <= 1 and not faces_left:
        score += 20.0  # one play left: we go out next turn unless beaten
    if others_min <= plan.pressure:
        if c.size > others_min:
            score += plan.pressure_size  # they cannot answer in kind with so few cards
        elif c.kind == "set" and c.size == 1:
            score += plan.pressure_single * c.rank  # a high single is hard to beat
    return score


def score_actions(view: View, legal: Sequence[Action], plan: Plan = NORMAL) -> list[float]:
    """A score per legal action; ``normal`` plays the best, ``hard`` searches the best few.

    The plan: how many plays the rest of the hand needs (runs, then sets; ``plays_needed``),
    ranks and wild cards spent. A lead sheds what the plan sheds best; a follow beats as cheaply
    as the plan allows and passes only when beating costs more than the trick is worth; bombs
    are kept to stop an opponent about to go out, to take a rich trick (3 players) or to go out.
    """
    seat = seat_of(view)
    texts = [str(a) for a in legal]
    hand = list(view.get("hand") or ())
    n = int(view.get("num_players", 2))
    others_min = _others_min(view, seat)
    scores_now = list(view.get("scores") or [0] * n)
    suits = _suits(view)
    shape = _top_shape(view)
    bet = bet_choice(view, hand) if any(t.startswith("bet") for t in texts) else 0
    numbers = _sorted_numbers(hand)
    faces = len(hand) - len(numbers)
    counts = Counter(int(c[:-1]) for c in numbers)
    need_now = _plays_needed(numbers, bool(hand))
    trick_points = _trick_points(view)
    # near the end a lead nobody can beat (but by a bomb) keeps the lead for the next one
    unseen = outstanding(view) if shape is None and need_now <= ENDGAME_PLAYS else None
    wild_leads_skipped = shape is None and len(numbers) > WILD_LEADS_FROM

    result: list[float] = []
    for i, t in enumerate(texts):
        if t.startswith("give"):
            result.append(-float(scores_now[int(t.split()[1])]))
            continue
        if t.startswith("bet"):
            result.append(1e6 if bet and t == f"bet {bet}" else -1e6 - int(t.split()[1]))
            continue
        if t == "pass":
            result.append(0.0)
            continue
        body = t.partition(" =")[0]
        if body.count(" ") + 1 == len(hand):
            result.append(1000.0)
            continue
        if wild_leads_skipped and ("J" in body or "Q" in body or "K" in body):
            # early in a round a wild is not spent on a lead (and the hundreds of wild
            # variants of each lead are not worth reading): kept for follows and going out.
            # (A face card is the only token holding J, Q or K: read without splitting.)
            result.append(-200.0 - 1e-4 * i)
            continue
        c = classify(t, suits, shape)
        if c is None:
            result.append(-1e5)
            continue
        if c.is_bomb:
            rest = [x for x in hand if x not in c.cards]
            wanted = others_min <= plan.bomb_near_out or plays_needed(rest) <= 1
            if shape is None:
                result.append((-5.0 - c.rank) if wanted else -60.0 - c.rank)
            else:
                rich = n == 3 and trick_points >= 8
                result.append((1.0 - 0.1 * c.rank) if wanted or rich else -30.0 - c.rank)
            continue
        value = _play_value(c, numbers, faces, need_now, counts, others_min, plan) - 1e-4 * i
        if shape is None:
            if unseen is not None and not c.wilds and not can_be_beaten(c, unseen):
                value += plan.sure_lead
            result.append(50.0 + value)
        else:
            # a follow keeps the lead and takes the trick; worth it unless it wrecks the plan
            result.append(plan.follow + plan.follow_points * trick_points + value + plan.rank * 7)
    return result


def ranked_candidates(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """Legal actions, normal's favourite first; bets only when the hand might justify one."""
    scores = score_actions(view, legal)
    order = sorted(range(len(legal)), key=lambda i: -scores[i])
    hand = list(view.get("hand") or ())
    ranked = []
    for i in order:
        text = str(legal[i])
        if (
            text.startswith("bet")
            and scores[i] < 0
            and (text != "bet 15" or plays_needed(hand) > 6)
        ):
            continue
        ranked.append(legal[i])
    return ranked or list(legal)


def _best(scores: list[float], legal: Sequence[Action], rng: random.Random) -> Action:
    best = max(scores)
    ties = [i for i, s in enumerate(scores) if s >= best - 1e-9]
    return legal[ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]]


def haggis_normal(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    return _best(score_actions(view, legal), legal, rng)


def plan_player(plan: Plan) -> Policy:
    """Normal's player with other weights (expert's rollouts play ``TUNED``)."""

    def play(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return _best(score_actions(view, legal, plan), legal, rng)

    return play


haggis_rollout = haggis_normal
