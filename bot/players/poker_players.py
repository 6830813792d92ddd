"""The three Hurricane poker levels, each a policy of the seat's view only.

- ``easy`` plays its cards roughly: a quick strength of its two cards (the share of all hands it
  beats on its better side) decides — bet strong hands, fold weak ones, call in between.
- ``normal`` estimates its expected share of the pot against the players still in by Monte Carlo
  over the unseen cards (their draws simulated, each of its own draw choices scored), each sampled
  opponent hand weighed by how likely it is to have bet, called, checked or stood pat as that
  opponent did this hand (``poker_range``), and compares it with the pot odds; it draws and
  declares the choice with the best share. Facing a bet it still calls with the best
  ``pot / (pot + bet)`` of all hands, and heads-up it bluffs with weak hands, so that neither
  folding weak hands to its bets nor betting only strong ones exploits it (issue 29).
- ``hard`` samples twice as many hands and, heads-up, values each bet size, the check or call
  and the fold: a bet or raise against the rivals that would stay in (one that bet or raised
  this round always stays), the strongest of them raising back, answered by the better of a
  call and a fold; before the draw a raise, like a call, faces the bettor's second bet after it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

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
)
from .poker_range import range_model, share_table

NORMAL_SAMPLES = 160
HARD_SAMPLES = 320
#: what a rival's expected share must exceed beyond the price it is offered to stay in
STAY_BASE = 0.0
#: the one-step value model decides bets against at most this many rivals
EV_MAX_RIVALS = 1
#: facing a bet, a rival that has not bet or raised this round folds a hand in this weakest share
#: of all hands (by ``share_table``), besides those whose share does not pay the price: hard's bets
#: then count more pots won at once. 0.3 beat ``tag`` by more but also beat the poker expert, whose
#: margin over hard is an issue 29 goal (docs/players.md), so it is off
FOLD_BELOW = 0.0
#: facing a bet or raise, a rival raises back with a hand at or above this percentile of all
#: hands (when a raise is left): a bet's value then counts the seat's best answer, call or fold
RAISE_FROM = 0.7
#: heads-up, where its values say check, hard still bluffs like normal (``_bluffs``); without
#: these bluffs hard did better still against ``tag`` and beat the expert more (docs/players.md)
HARD_BLUFFS = True


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
#: heads-up, a hand in this bottom share of all hands (by its own rough pot share) bets as a bluff
#: with this chance when nothing is owed: a player who folds its weak hands to every bet then
#: loses the antes, and one who reads every bet as strength folds too much
BLUFF_BELOW, BLUFF_CHANCE = 0.7, 0.9
#: bet when the expected share reaches fair + (1 - fair) * BET_AT (a third before issue 29: only
#: aces bet heads-up, where almost every other hand shares about half the pot)
BET_AT = 0.05


def _bluffs(seen: Seen, rng: random.Random) -> bool:
    """A deterministic (seeded) draw: does this weak hand bet as a bluff?"""
    if len(seen.opponents) != 1:
        return False  # a bluff into several players rarely finds them all folding
    table = share_table(seen.wild, 1, seen.i_draw)
    return table[seen.hand] < BLUFF_BELOW and rng.random() < BLUFF_CHANCE


def _defends(seen: Seen) -> bool:
    """Whether the hand is among those that call whatever the read of the bettor says: the best
    ``pot / (pot + bet)`` of the hands that got here (a bettor's bluff of any size then never
    pays; shared out among the opponents when several are in)."""
    before = seen.pot - seen.to_call
    defend = before / (before + seen.to_call) / max(1, len(seen.opponents))
    # the defence is owed by the hands that are still here: each bet called before left about
    # half of them
    called = sum(1 for seat, action in seen.log if seat == seen.seat and action == "call")
    defend *= 0.5**called
    table = share_table(seen.wild, max(1, len(seen.opponents)), seen.i_draw)
    return table[seen.hand] >= 1.0 - defend


def _price(seen: Seen) -> float:
    """The share of the final pot a call must win. Before the draw a bettor who holds what it
    showed bets again after it: a call then counts that second bet too (one of the size now
    owed), on both sides, so that hands which cannot stand two bets fold to the first."""
    ahead = seen.to_call if seen.i_draw else 0
    return (seen.to_call + ahead) / (seen.pot + seen.to_call + 2 * ahead)


def _choose(
    seen: Seen,
    outcome: Outcome,
    legal: Sequence[Action],
    aggression: float = 0.0,
    rng: random.Random | None = None,
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
    bet_at = fair + (1 - fair) * (BET_AT - aggression)
    raise_at = fair + (1 - fair) * (0.52 - aggression)
    bets, raises = _sized(legal, "bet"), _sized(legal, "raise")
    if seen.to_call == 0:
        if bets and (share >= bet_at or (rng is not None and _bluffs(seen, rng))):
            return bets[-1]
        return _find(legal, "check") or legal[0]
    odds = _price(seen)
    if raises and share >= raise_at:
        return raises[-1]
    if share >= odds or _defends(seen):
        return _find(legal, "call") or legal[0]
    return _find(legal, "fold") or legal[0]


def poker_normal(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    seen = read_view(view)
    rivals = deal_rivals(seen, rng, NORMAL_SAMPLES, range_model(seen))
    if not rivals:
        rivals = deal_rivals(seen, rng, NORMAL_SAMPLES)
    return _choose(seen, outcome_of(seen, rivals), legal, rng=rng)


# ---------------------------------------------------------------------- hard
def _amount(action: Action) -> int:
    return int(str(action).split()[1])


def _this_round(seen: Seen) -> tuple[tuple[int, str], ...]:
    """The public actions of the current betting round."""
    start = 0
    for index, (_, action) in enumerate(seen.log):
        if action.split()[0] in ("draw", "stand"):
            start = index + 1
    return seen.log[start:]


def _committed(seen: Seen) -> list[int]:
    """Indexes (in ``seen.opponents``) of the rivals that bet or raised in this betting round:
    they do not fold to a raise."""
    aggressors = {
        seat for seat, action in _this_round(seen) if action.split()[0] in ("bet", "raise")
    }
    return [i for i, seat in enumerate(seen.opponents) if seat in aggressors]


def poker_hard(
    view: View,
    legal: Sequence[Action],
    rng: random.Random,
    model: Callable[[Seen], Weigher] = range_model,
) -> Action:
    """Normal's estimate under the opponent model, and for bets the value of each move: a bet or
    raise (smallest and largest) against the rivals that would stay in, a check or call, a fold.
    ``model`` reads the rivals' moves (the expert brings its own, ``poker_rivals``)."""
    seen = read_view(view)
    rivals = deal_rivals(seen, rng, HARD_SAMPLES, model(seen))
    if not rivals:  # the model rules out every sample: fall back to plain sampling
        rivals = deal_rivals(seen, rng, HARD_SAMPLES)
    if seen.phase != "bet" or len(seen.opponents) > EV_MAX_RIVALS:
        # several rivals: their answers to a bet are too entangled for the one-step model
        passive_play = not any(
            a.split()[0] in ("bet", "raise") for s, a in seen.log if s != seen.seat
        )
        aggression = 0.06 if passive_play and seen.log else 0.0
        return _choose(seen, outcome_of(seen, rivals), legal, aggression, rng)
    passive = _find(legal, "call" if seen.to_call else "check")
    if not (passive is not None):
        raise RuntimeError("internal error: expected passive is not None")
    sized = _sized(legal, "raise" if seen.to_call else "bet")
    candidates = sorted({_amount(sized[0]), _amount(sized[-1])}) if sized else [0]
    choices: list[tuple[float, int, Action]] = []
    committed = _committed(seen)
    made = sum(1 for _, action in _this_round(seen) if action.split()[0] in ("bet", "raise"))
    # the rival may raise back when a raise is left after ours (one bet and ``raises`` raises)
    can_reraise = made + 1 < 1 + int(view["options"].get("raises", 2))
    for size in candidates:
        # a rival stays in when its expected share pays for the price it is offered
        price = size / (seen.pot + seen.to_call + 2 * size)
        values = bet_values(
            seen,
            rivals,
            max(size, 1),
            STAY_BASE + price,
            FOLD_BELOW,
            committed,
            RAISE_FROM,
            candidates[-1] if can_reraise else 0,
        )
        if size:
            choices.append((values.aggressive, 0, next(a for a in sized if _amount(a) == size)))
    choices.append((values.passive, 1, passive))
    fold = _find(legal, "fold")
    if fold is not None:
        choices.append((0.0, 2, fold))
    best = max(choices, key=lambda c: (c[0], c[1]))[2]
    if HARD_BLUFFS and best == passive and not seen.to_call and sized and _bluffs(seen, rng):
        return sized[-1]
    return best
