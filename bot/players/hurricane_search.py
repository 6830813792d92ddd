"""``hard`` for Hurricane and Hurikan: worlds from the view, rollouts to the end of the deal.

The unseen cards (other hands, face-down cards, stock) are shuffled into a full position with the
engine's public ``bot.games.determinise``, which takes nothing but the view.

Hurikan's search is cheap (its rollouts build normal's few distinct moves from the view instead
of scoring every legal lay), so it runs hundreds of samples a move, and it leaves normal's
choice only for a clearly better move (``HURIKAN_SWITCH_Z``): before, with a few dozen samples,
the best of eight noisy means beat normal's move too often and hard lost to normal (38.9% of 36
games). Once the stock is empty the rest of a Hurikan deal has no hidden card left and is solved
exactly (``hurikan_endgame``): the root move there, and the value of every rollout that gets there.
Hurikan's worlds give the opponent the hands its plays since the refill make likely
(``hurikan_worlds``), not just any unseen cards.
docs/players.md has the measurements, and what was tried and dropped.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import cache, partial

from bot.games import Action, GameState, determinise

from .base import View
from .hard import SearchProfile, match_value
from .hurikan_endgame import endgame_value, solved_move
from .hurikan_normal import hurikan_normal, normal_text
from .hurikan_tail import tail_move
from .hurikan_worlds import EXPERT_SURPRISE, hurikan_world
from .hurricane_endgame import MARGIN_SHARE, PER_DEAL, SPREAD
from .hurricane_endgame import endgame_value as last_round_value
from .hurricane_endgame import solved_move as last_round_move
from .hurricane_normal import hurricane_normal

MAX_CANDIDATES = 8
HURIKAN_CANDIDATES = 10
#: Hurikan hard leaves normal's choice only for a move whose paired advantage over it is this
#: many standard errors (a noisy best-of-ten mean otherwise beats normal's choice too often).
HURIKAN_SWITCH_Z = 1.0
#: Hurikan is one deal: its end is the match (won or lost). A won/lost count alone is too coarse
#: for a few dozen samples, so the margin (in units of its spread, ~20) weighs as much.
HURIKAN_PER_DEAL = 110.0
HURIKAN_SPREAD = 20.0
HURIKAN_MARGIN_SHARE = 1.0


def _side(state: GameState, seat: int) -> int:
    return seat % 2 if state.num_players == 4 else seat


def _hurricane_candidates(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    from .hurricane_normal import holding_chances, score_play
    from .hurricane_view import hurricane_info

    info = hurricane_info(view)
    chances = holding_chances(info)
    ranked = sorted(legal, key=lambda a: -score_play(str(a), info, chances))
    return ranked[:MAX_CANDIDATES]


def _hurikan_candidates(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """Normal's choice first, then the other distinct moves (suits never matter) by its score."""
    from .hurikan_normal import moves, normal_text

    by_text = {str(a): a for a in legal}
    first = normal_text(view, random.Random(rng.getrandbits(32)))
    texts = [first, *(m.text for m in moves(view) if m.text != first)]
    found = [by_text[t] for t in texts if t in by_text][:HURIKAN_CANDIDATES]
    return found or list(legal[:1])


def _hurikan_exact(
    view: View, legal: Sequence[Action], *, deadline: float | None, rng: random.Random
) -> Action | None:
    """Hurikan's last cards (2 + 2 at most) make a tiny solve: it needs no clock."""
    return solved_move(view, legal, HURIKAN_SPREAD, HURIKAN_MARGIN_SHARE)


def _hurikan_expert_exact(
    view: View, legal: Sequence[Action], *, deadline: float | None, rng: random.Random
) -> Action | None:
    """Expert's: the last cards as hard's, and the tail of the third packet solved in every
    world (``hurikan_tail``)."""
    return _hurikan_exact(view, legal, deadline=deadline, rng=rng) or tail_move(
        view,
        legal,
        spread=HURIKAN_SPREAD,
        share=HURIKAN_MARGIN_SHARE,
        rng=rng,
        deadline=deadline,
        surprise=EXPERT_SURPRISE,
    )


@cache
def profile(game: str) -> SearchProfile:
    hurikan = game == "hurikan"
    return SearchProfile(
        game="hurikan" if hurikan else "hurricane",
        # a fixed count without a clock (budget × this): Hurikan reaches ~300 samples in
        # 0.65 s on an idle core
        samples_per_second=300 if hurikan else 30,
        determinize=hurikan_world if hurikan else partial(determinise, "hurricane"),
        candidates=_hurikan_candidates if hurikan else _hurricane_candidates,
        rollout_policy=hurikan_normal if hurikan else hurricane_normal,
        rollout_text=normal_text if hurikan else None,
        switch_z=HURIKAN_SWITCH_Z if hurikan else 0.0,
        endgame=partial(endgame_value, spread=HURIKAN_SPREAD, share=HURIKAN_MARGIN_SHARE)
        if hurikan
        else None,
        exact=_hurikan_exact if hurikan else None,
        evaluate=match_value(
            "deal_scored", _side, per_deal=PER_DEAL, spread=SPREAD, margin_share=MARGIN_SHARE
        )
        if not hurikan
        else match_value(
            "deal_scored",
            _side,
            per_deal=HURIKAN_PER_DEAL,
            spread=HURIKAN_SPREAD,
            margin_share=HURIKAN_MARGIN_SHARE,
        ),
    )


@cache
def expert_profile(game: str) -> SearchProfile:
    """Expert's: hard's, with the end of a Hurricane deal solved exactly (``hurricane_endgame``):
    the move of a two-player last round, and the value of the rollouts that reach a small end;
    in Hurikan, the tail of the third packet solved in every world (``hurikan_tail``; its
    information-set tree lost to hard at equal CPU, 180 of 400 games, docs/players.md), and
    worlds whose belief expects the opponent to leave normal's choice as often as hard does
    (``hurikan_worlds.EXPERT_SURPRISE``)."""
    found = profile(game)
    if found.game == "hurikan":
        return replace(
            found,
            exact=_hurikan_expert_exact,
            determinize=partial(hurikan_world, surprise=EXPERT_SURPRISE),
        )
    return replace(found, exact=last_round_move, endgame=last_round_value)
