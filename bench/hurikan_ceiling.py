"""What the opponent's hand is worth to expert's search in Hurikan (not a test): ``python
bench/hurikan_ceiling.py [--deals N] [--start S] [--samples K] [--quick]``.

Expert's search plays hard at the same fixed sample count, each deal from both seats, twice: as
shipped (its worlds draw the opponent's hand from its belief), and with worlds that hold the
opponent's real hand (an oracle no player has; the stock is still dealt at random, and the tail
solve, which draws its own hands, is left out). The oracle's edge is the ceiling of what reading
the opponent could give; issue 29's goal needs about +10 points a deal for 60% of games, about
+15 for the interval's lower bound over 400 games to reach 60%.
``bench/hurikan_information.py`` measures the same for normal's rule. ``--quick``: one deal at
4 samples (the suite's check that the bench runs).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.hurikan_information import Mover, deal_margin, report  # noqa: E402
from bot.games import Action, GameState, determinise  # noqa: E402
from bot.players.base import SearchLimits, View  # noqa: E402
from bot.players.game_policies import (  # noqa: E402
    expert_choice,
    expert_profile,
    hard_choice,
    search_profile,
)
from bot.players.hard import search  # noqa: E402

#: ``expert_choice`` or ``hard_choice``: a level's move at fixed counts
Choice = Callable[
    [str, View, Sequence[Action], random.Random, SearchLimits | None, float | None], Action
]


def level(choice: Choice, limits: SearchLimits) -> Mover:
    """A level as the arena plays it (``expert_choice`` or ``hard_choice``), at fixed counts."""

    def play(state: GameState, mover: int, rng: random.Random) -> Action:
        view = state.view(mover)
        return choice("hurikan", view, state.legal_actions(mover), rng, limits, None)

    return play


def oracle(limits: SearchLimits) -> Mover:
    """Expert's search whose worlds hold the opponent's real hand."""

    def play(state: GameState, mover: int, rng: random.Random) -> Action:
        other = 1 - mover
        hand = list(state.to_dict()["hands"][other])

        def world(seen: View, world_rng: random.Random) -> GameState:
            return determinise("hurikan", seen, world_rng, hands={other: hand})

        profile = replace(
            expert_profile("hurikan"), determinize=world, exact=search_profile("hurikan").exact
        )
        return search(profile, state.view(mover), state.legal_actions(mover), rng, limits)

    return play


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--start", type=int, default=20_000)
    parser.add_argument("--samples", type=int, default=50, help="each side, a move")
    parser.add_argument("--quick", action="store_true", help="one deal at 4 samples")
    args = parser.parse_args()
    deals = range(args.start, args.start + (1 if args.quick else args.deals))
    limits = SearchLimits(samples=4 if args.quick else args.samples, time_cap=None)
    players = {
        "expert (shipped)": level(expert_choice, limits),
        "expert, real hand": oracle(limits),
    }
    opponent = level(hard_choice, limits)
    print(
        f"Hurikan against hard: {len(deals)} deals from seed {deals.start}, each from both seats,"
        f" {limits.samples} samples a move each side"
    )
    print(f"{'expert':<19}{'games':>6}{'won':>6}  {'win rate, 95% interval':<26}margin")
    for name, player in players.items():
        margins = [deal_margin(seed, player, opponent, seat) for seed in deals for seat in (0, 1)]
        report(name, margins, width=19)
    print("margin: capture points a deal over hard (± one standard error)")


if __name__ == "__main__":
    main()
