"""Skill ratings with openskill's Plackett-Luce model.

Why Plackett-Luce (a Bayesian, TrueSkill-like model) rather than Elo or Glicko-2: it rates any
number of sides of any size from a finishing order in one update, so one model handles every table
this bot runs without ad-hoc pairwise tricks:

* 2-player Hurricane, Hurikan and Haggis: two sides of one, ranked by the result.
* 3-player Haggis: three sides of one, ranked by finishing order — the winner(s) first, the others
  by final score (equal scores tie).
* Hurricane ``pairs``: two teams of two; a team's members share the team's rank, and the update
  is spread over partners according to their uncertainty.
* Draws: every side gets the same rank (a tie), which pulls ratings together.

Every player starts at mu 25, sigma 25/3. The number shown on leaderboards is the conservative
ordinal ``mu - 3*sigma`` mapped to a familiar scale: ``1000 + 40 * ordinal`` (a newcomer shows 1000;
it rises as the bot becomes sure the player is good).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MU0 = 25.0
SIGMA0 = 25.0 / 3.0
DISPLAY_BASE = 1000.0
DISPLAY_SCALE = 40.0

_MODEL = PlackettLuce(mu=MU0, sigma=SIGMA0)


@dataclass(frozen=True)
class Skill:
    mu: float = MU0
    sigma: float = SIGMA0


def display_rating(mu: float, sigma: float) -> float:
    """openskill's ordinal on the display scale: ``DISPLAY_BASE + DISPLAY_SCALE * (mu - 3*sigma)``."""
    ordinal = _MODEL.rating(mu=mu, sigma=sigma).ordinal(
        z=3.0, alpha=DISPLAY_SCALE, target=DISPLAY_BASE
    )
    return round(float(ordinal), 2)


def rate(sides: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """New skills for every member of every side; a lower rank is better, equal ranks tie."""
    if len(sides) != len(ranks) or len(sides) < 2:
        raise ValueError("rating needs at least two sides, each with a rank")
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in sides]
    rated = _MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [[Skill(float(p.mu), float(p.sigma)) for p in side] for side in rated]
