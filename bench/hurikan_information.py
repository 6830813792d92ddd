"""What knowing the opponent's hand is worth in Hurikan (not a test): ``python
bench/hurikan_information.py [--deals N] [--start S] [--worlds W] [--quick]``.

Normal judges every move by what it banks and by the threat it leaves: the best table cards the
opponent could take next, as if it could take any of them (``hurikan_normal.threat``). Here
normal plays normal again, each deal from both seats, with that one term judged three other ways:

- ``oracle``: from the opponent's real hand (no player can know it: the ceiling);
- ``belief``: the mean over ``W`` hands drawn from expert's belief (``hurikan_worlds``: what the
  opponent's plays since the refill say about its hand);
- ``counting``: the mean over ``W`` hands drawn uniformly from the cards the seat has not seen.

Where the opponent's hand is empty (a refill still to come) each plays normal's move. The report
gives each variant's games won against normal with the 95% Wilson interval and its mean margin in
capture points (± one standard error): how much of the oracle's edge the plays reveal.
``--quick``: three deals (the suite's check that the bench runs).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.arena.match import wilson_interval  # noqa: E402
from bot.games import Action, GameState, new_game  # noqa: E402
from bot.players.base import View  # noqa: E402
from bot.players.hurikan_normal import moves, normal_text, subsets_by_sum, threat  # noqa: E402
from bot.players.hurikan_worlds import EXPERT_SURPRISE, opponent_hand  # noqa: E402
from bot.players.hurricane_cards import VALUE, parse_play, unseen_in  # noqa: E402

#: a policy of the bench: the mover's text from the whole state (only the oracle looks beyond
#: the mover's view)
Policy = Callable[[GameState, int, random.Random], str]
#: a player of a deal: its move (an action or its text) from the whole state, its seat and a
#: generator
Mover = Callable[[GameState, int, random.Random], Action | str]
#: opponent hands to judge the threat by, from the state, the mover's view and a generator
Hands = Callable[[GameState, View, random.Random], list[list[str]]]


def _sums(hand: Sequence[str]) -> set[int]:
    """Every table value a hand could take (K-3: a subset summing to it)."""
    return set(subsets_by_sum(tuple(sorted(VALUE[c] for c in hand))))


def judged_by(hands_of: Hands) -> Policy:
    """Normal, its threat term the mean over the hands ``hands_of`` gives."""

    def policy(state: GameState, mover: int, rng: random.Random) -> str:
        view = state.view(mover)
        left = int(view["hand_sizes"][1 - mover])
        if not left:
            return normal_text(view, rng)
        takes = [_sums(hand) for hand in hands_of(state, view, rng)]
        table = [VALUE[c] for c in view.get("table") or ()]
        best: tuple[float, str] | None = None
        for move in moves(view, every_take=False):
            play = parse_play(move.text)
            after = list(table)
            if play.taken:
                after.remove(VALUE[play.taken[0]])
            else:
                after += [VALUE[c] for c in play.played]
            judged = statistics.fmean(threat([v for v in after if v in s], left) for s in takes)
            score = move.score + threat(after, left) - judged
            if best is None or score > best[0] + 1e-9:
                best = (score, move.text)
        assert best is not None  # a hand that holds cards always has a lay
        return best[1]

    return policy


def oracle_hands(state: GameState, view: View, rng: random.Random) -> list[list[str]]:
    return [list(state.to_dict()["hands"][1 - int(view["seat"])])]


def belief_hands(worlds: int) -> Hands:
    def hands(state: GameState, view: View, rng: random.Random) -> list[list[str]]:
        return [opponent_hand(view, rng, EXPERT_SURPRISE) for _ in range(worlds)]

    return hands


def counting_hands(worlds: int) -> Hands:
    def hands(state: GameState, view: View, rng: random.Random) -> list[list[str]]:
        unseen, size = unseen_in(view), int(view["hand_sizes"][1 - int(view["seat"])])
        return [rng.sample(unseen, size) for _ in range(worlds)]

    return hands


def normal(state: GameState, mover: int, rng: random.Random) -> str:
    return normal_text(state.view(mover), rng)


def deal_margin(seed: int, mine: Mover, theirs: Mover, seat: int) -> int:
    """``mine``'s margin over ``theirs`` in the deal of ``seed``, played from ``seat``."""
    state = new_game("hurikan", seed=seed)
    rngs = [random.Random(seed * 31 + mover) for mover in range(2)]
    while True:
        mover = state.current_player
        assert mover is not None
        move = mine if mover == seat else theirs
        for event in state.apply(move(state, mover, rngs[mover]), mover):
            if event["type"] == "deal_scored":
                points = event["points"]
                return int(points[seat]) - int(points[1 - seat])


def margin(seed: int, variant: Policy, seat: int) -> int:
    """The variant's margin over normal in the deal of ``seed``, played from ``seat``."""
    return deal_margin(seed, variant, normal, seat)


def report(name: str, margins: Sequence[int], width: int = 18) -> None:
    """One row of a report: games won by a positive margin, the 95% Wilson interval, and the
    mean margin ± one standard error."""
    won = sum(m > 0 for m in margins)
    low, high = wilson_interval(won, len(margins))
    error = statistics.stdev(margins) / math.sqrt(len(margins))
    rate = f"{won / len(margins):.1%} [{low:.1%}, {high:.1%}]"
    mean = statistics.fmean(margins)
    print(f"{name:<{width}}{len(margins):>6}{won:>6}  {rate:<26}{mean:+.2f} ± {error:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--start", type=int, default=10_000)
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--quick", action="store_true", help="three deals")
    args = parser.parse_args()
    deals = range(args.start, args.start + (3 if args.quick else args.deals))
    variants = {
        "oracle": judged_by(oracle_hands),
        "belief": judged_by(belief_hands(args.worlds)),
        "counting": judged_by(counting_hands(args.worlds)),
    }
    print(f"Hurikan, {len(deals)} deals from seed {deals.start}, each from both seats")
    print(f"{'threat judged by':<18}{'games':>6}{'won':>6}  {'win rate, 95% interval':<26}margin")
    for name, variant in variants.items():
        report(name, [margin(seed, variant, seat) for seed in deals for seat in (0, 1)])
    print("margin: capture points a deal over normal (± one standard error)")


if __name__ == "__main__":
    main()
