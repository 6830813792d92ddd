"""``hard`` for Haggis: worlds from the view, candidate moves played out to the end of the round.

The unseen number cards — the deck less this seat's hand and every card played this round — are
dealt at random to the other seats' hidden hands (their face cards are public) and to the Haggis
by the engine's public ``bot.games.determinise``, which takes nothing but the view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from bot.games import Action, determinise

from .base import View, seat_of
from .haggis_bets import bet_move
from .haggis_cards import is_bomb_text
from .haggis_endgame import solved_move
from .haggis_normal import TUNED, haggis_rollout, plan_player, ranked_candidates
from .hard import SearchProfile, match_value
from .solve_budget import share_of_time_left

MAX_CANDIDATES = 12
#: While every opponent still holds more than this many cards, a bomb played where a plain
#: follow was legal is an early bomb (issue 29: hard spent them so, and lost to greedy where
#: normal did not).
EARLY_CARDS = 6
#: Bombs normal would not play are searched only while an opponent holds this many cards or
#: fewer (``bombs_searched``).
BOMBS_NEAR_OUT = 2


def _others_min(view: View) -> int:
    seat = seat_of(view)
    sizes = list(view.get("hand_sizes") or ())
    out = set(view.get("out") or ())
    others = [n for s, n in enumerate(sizes) if s != seat and s not in out and n > 0]
    return min(others) if others else 0


def too_early_for_bombs(view: View, legal: Sequence[Action]) -> bool:
    """A follow where a plain (non-bomb) play is legal, while every opponent still holds more
    than ``EARLY_CARDS`` cards: a bomb played here is an early bomb."""
    if not view.get("top") or _others_min(view) <= EARLY_CARDS:
        return False
    return any(
        not t.startswith(("bet", "pass", "give")) and not is_bomb_text(t) for t in map(str, legal)
    )


def early_bomb(view: View, legal: Sequence[Action], action: Action) -> bool:
    """``action`` is a bomb played too early (``too_early_for_bombs``)."""
    return is_bomb_text(str(action)) and too_early_for_bombs(view, legal)


def bombs_searched(view: View, ranked: Sequence[Action]) -> bool:
    """Whether the search may weigh bombs: when normal's first choice (``ranked[0]``) is one, or
    an opponent holds ``BOMBS_NEAR_OUT`` cards or fewer (it may go out with its next play).
    Issue 29: against greedy, on 100 deals of each seat (``bench/haggis_paired.py
    --seed 1``), the 19 rounds where hard played a bomb that normal would not have (early on a
    lead or over a king, or near the end instead of a plain follow) ended 31 points worse for
    hard than normal's rounds on the same cards (± 18): its worlds, played on by normal, do not
    see what a bomb kept is worth later, when an opponent is about to go out."""
    if ranked and is_bomb_text(str(ranked[0])):
        return True
    others = _others_min(view)
    return 0 < others <= BOMBS_NEAR_OUT


def candidates(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """Normal's best few plays, plus a bet when the hand might justify one (searched, not guessed).
    Bombs are searched only where normal's own choice is one (``bombs_searched``)."""
    ranked = ranked_candidates(view, legal, rng)
    if len(ranked) > 1 and not bombs_searched(view, ranked):
        ranked = [a for a in ranked if not is_bomb_text(str(a))] or ranked
    plays = [a for a in ranked if not str(a).startswith("bet")][:MAX_CANDIDATES]
    bets = [a for a in ranked if str(a).startswith("bet")]
    if bets and str(ranked[0]).startswith("bet"):
        return [bets[0], *plays]
    return [*plays, *bets]


PROFILE = SearchProfile(
    game="haggis",
    # the fixed count (no clock) of the analysis and the arena's default: what 0.65 s of CPU
    # bought on 3 December on a busy machine (``bench/hard_player.py --fixed``). On an idle core
    # it buys about 60 since session 27 (docs/players.md), which would treble an analysis's CPU
    # for no measured gain in strength; a timed move searches what its clock allows
    samples_per_second=20,
    determinize=partial(determinise, "haggis", round_only=True),
    candidates=candidates,
    rollout_policy=haggis_rollout,
    # a round: about 27 points a seat (2 players), its margin spread about 45
    evaluate=match_value("round_scored", lambda state, seat: seat, per_deal=27.0, spread=45.0),
    max_rollout_moves=600,
)


#: Expert's worlds, its bets' and its search's, are played on by normal's tuned plan.
expert_rollout = plan_player(TUNED)

#: With a clock, expert's bet decision stops at this share of the time left to the search's hard
#: cap, so that the search still has time for the move that follows.
BET_SHARE = 0.5


def _no_bets(legal: Sequence[Action]) -> list[Action]:
    return [a for a in legal if not str(a).startswith("bet")] or list(legal)


def expert_exact(
    view: View, legal: Sequence[Action], *, deadline: float | None, rng: random.Random
) -> Action | None:
    """Expert's moves decided before its search: a bet weighed in worlds (``haggis_bets``),
    else a small endgame of two players solved in every world (``haggis_endgame``)."""
    bet = bet_move(
        view,
        legal,
        evaluate=PROFILE.evaluate,
        policy=expert_rollout,
        rng=rng,
        deadline=share_of_time_left(deadline, BET_SHARE),
    )
    if bet is not None:
        return bet
    return solved_move(view, _no_bets(legal), evaluate=PROFILE.evaluate, rng=rng, deadline=deadline)


def expert_candidates(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """Hard's candidates less the bets: expert's bets are weighed before its search."""
    return candidates(view, _no_bets(legal), rng)


#: Expert leaves normal's choice only for a move this many standard errors better in the same
#: worlds: at 100 samples expert agrees with itself (another seed) at 69% of positions, so many
#: of its departures at 20 are the worlds' luck (docs/players.md, session 33).
EXPERT_SWITCH_Z = 1.0

#: Expert's: hard's search, its bets and small endgames of two decided first (``expert_exact``),
#: its worlds played on by normal's plan tuned in self-play (``haggis_normal.TUNED``), and
#: normal's choice kept unless another move is clearly better (``EXPERT_SWITCH_Z``).
EXPERT_PROFILE = replace(
    PROFILE,
    exact=expert_exact,
    candidates=expert_candidates,
    rollout_policy=expert_rollout,
    switch_z=EXPERT_SWITCH_Z,
)
