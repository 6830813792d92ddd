"""The three Hurricane poker levels, each a policy of the seat's view only.

- ``easy`` plays its cards roughly: a quick strength of its two cards (the share of all hands it
  beats on its better side) decides — bet strong hands, fold weak ones, call in between.
- ``normal`` estimates its expected share of the pot against the players still in by Monte Carlo
  over the unseen cards (their draws simulated, each of its own draw choices scored), and compares
  it with the pot odds; it draws and declares the choice with the best share.
- ``hard`` is normal with an opponent model: each sampled opponent hand is weighted by how likely
  it is to have bet, called, checked, stood pat or drawn as that opponent did this hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games import Action, poker_pack

from .base import View
from .poker_cards import (
    SIDES,
    Outcome,
    Seen,
    Weigher,
    bet_values,
    deal_rivals,
    outcome_of,
    quick_strength,
    read_view,
    rule_discard,
    simulate,
)

NORMAL_SAMPLES = 160
HARD_SAMPLES = 320
#: what a rival's expected share must exceed beyond the price it is offered to stay in
STAY_BASE = 0.0
#: the one-step value model decides bets against at most this many rivals
EV_MAX_RIVALS = 1


def _find(legal: Sequence[Action], text: str) -> Action | None:
    for action in legal:
        if str(action) == text:
            return action
    return None


def _sized(legal: Sequence[Action], verb: str) -> list[Action]:
    return [a for a in legal if str(a).startswith(verb + " ")]


def _declare(legal: Sequence[Action], side: str) -> Action:
    action = _find(legal, f"declare {side}")
    if not (action is not None):
        raise RuntimeError("internal error: expected action is not None")
    return action


# ---------------------------------------------------------------------- easy
def poker_easy(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    seen = read_view(view)
    high, low = quick_strength(seen.hand, seen.wild)
    strength = max(high, low)
    if seen.phase == "declare":
        return _declare(legal, "low" if low > high else "high")
    if seen.phase == "draw":
        throw = rule_discard(seen.hand, seen.wild)
        if throw is None:
            return _find(legal, "stand") or legal[0]
        return _draw(legal, throw)
    bets, raises = _sized(legal, "bet"), _sized(legal, "raise")
    if seen.to_call == 0:
        if bets and strength > 0.75:
            return rng.choice(bets)
        return _find(legal, "check") or legal[0]
    if strength < 0.4 and rng.random() < 0.85:
        return _find(legal, "fold") or legal[0]
    if raises and strength > 0.85:
        return raises[0]
    return _find(legal, "call") or legal[0]


def _draw(legal: Sequence[Action], card: int) -> Action:
    return _find(legal, f"draw {poker_pack().labels[card]}") or legal[0]


# -------------------------------------------------------------------- normal
def _choose(
    seen: Seen, outcome: Outcome, legal: Sequence[Action], aggression: float = 0.0
) -> Action:
    """Draw, declare or bet from the estimated shares."""
    declare = seen.declare
    if seen.phase == "declare":
        shares = outcome.declared[0]
        best = max(range(3), key=lambda i: (shares[i], -i))
        return _declare(legal, SIDES[best])
    if seen.phase == "draw":
        best = max(range(len(outcome.options)), key=lambda i: (outcome.share(i, declare), -i))
        throw = outcome.options[best]
        return (_find(legal, "stand") or legal[0]) if throw is None else _draw(legal, throw)
    share = outcome.best_share(declare)
    fair = 1.0 / seen.players
    bet_at = fair + (1 - fair) * (0.33 - aggression)
    raise_at = fair + (1 - fair) * (0.52 - aggression)
    bets, raises = _sized(legal, "bet"), _sized(legal, "raise")
    if seen.to_call == 0:
        if bets and share >= bet_at:
            return bets[-1]
        return _find(legal, "check") or legal[0]
    odds = seen.to_call / (seen.pot + seen.to_call)
    if raises and share >= raise_at:
        return raises[-1]
    if share >= odds:
        return _find(legal, "call") or legal[0]
    return _find(legal, "fold") or legal[0]


def poker_normal(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    seen = read_view(view)
    outcome = simulate(seen, rng, NORMAL_SAMPLES)
    return _choose(seen, outcome, legal)


# ---------------------------------------------------------------------- hard
def opponent_model(seen: Seen) -> Weigher:
    """Likelihood of each opponent's public actions this hand given a sampled hand's strength:
    bets and raises come from strong hands, checks from weaker ones, standing pat from made
    hands. Only the public log of the view is read."""
    counts: dict[int, list[int]] = {s: [0, 0, 0, 0, 0] for s in seen.opponents}
    for seat, action in seen.log:
        if seat not in counts:
            continue
        word = action.split()[0]
        index = {"bet": 0, "raise": 0, "call": 1, "check": 2, "stand": 3, "draw": 4}.get(word)
        if index is not None:
            counts[seat][index] += 1

    def weigh(seat: int, hand: tuple[int, int], high: float, low: float) -> float:
        aggressive, calls, checks, stood, drew = counts[seat]
        s = max(high, low)
        weight = 1.0
        if aggressive:
            weight *= (0.12 + 1.8 * s * s) ** aggressive
        if calls:
            weight *= (0.45 + s) ** calls
        if checks:
            weight *= (1.35 - 0.7 * s) ** checks
        if stood:
            weight *= 0.08 + 1.6 * s * s
        if drew:
            weight *= 1.25 - 0.8 * s
        return weight

    return weigh


def _amount(action: Action) -> int:
    return int(str(action).split()[1])


def poker_hard(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """Normal's estimate under the opponent model, and for bets the value of each move: a bet or
    raise (smallest and largest) against the rivals that would stay in, a check or call, a fold."""
    seen = read_view(view)
    rivals = deal_rivals(seen, rng, HARD_SAMPLES, opponent_model(seen))
    if not rivals:  # the model rules out every sample: fall back to plain sampling
        rivals = deal_rivals(seen, rng, HARD_SAMPLES)
    if seen.phase != "bet" or len(seen.opponents) > EV_MAX_RIVALS:
        # several rivals: their answers to a bet are too entangled for the one-step model
        passive_play = not any(
            a.split()[0] in ("bet", "raise") for s, a in seen.log if s != seen.seat
        )
        aggression = 0.06 if passive_play and seen.log else 0.0
        return _choose(seen, outcome_of(seen, rivals), legal, aggression)
    passive = _find(legal, "call" if seen.to_call else "check")
    if not (passive is not None):
        raise RuntimeError("internal error: expected passive is not None")
    sized = _sized(legal, "raise" if seen.to_call else "bet")
    candidates = sorted({_amount(sized[0]), _amount(sized[-1])}) if sized else [0]
    choices: list[tuple[float, int, Action]] = []
    for size in candidates:
        # a rival stays in when its expected share pays for the price it is offered
        price = size / (seen.pot + seen.to_call + 2 * size)
        values = bet_values(seen, rivals, max(size, 1), STAY_BASE + price)
        if size:
            choices.append((values.aggressive, 0, next(a for a in sized if _amount(a) == size)))
    choices.append((values.passive, 1, passive))
    fold = _find(legal, "fold")
    if fold is not None:
        choices.append((0.0, 2, fold))
    return max(choices, key=lambda c: (c[0], c[1]))[2]
