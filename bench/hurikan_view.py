"""Hurikan view/clone cost benchmark (not a test): ``python bench/hurikan_view.py [rounds] [games]``
(``--quick``: one round of 10 games, the suite's check).

Random self-play Hurikan games (300 per round unless given, fixed seeds) calling ``view()`` +
``legal_actions()`` + ``apply()`` at every move, and separately ``clone()`` + ``view()`` at every
move (what a search's rollouts do). Prints the least CPU seconds (``time.process_time``) of the
rounds, the figure a busy shared machine disturbs least; run it in two checkouts alternately to
compare, e.g. before and after a change to the view.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import new_game  # noqa: E402

GAMES = 300


def play(games: int = GAMES, seed: int = 1, clones: bool = False) -> float:
    """CPU seconds for ``games`` random games (the rng draws are the same in both modes)."""
    rng = random.Random(seed)
    clock = time.process_time
    spent = 0.0
    for _ in range(games):
        state = new_game("hurikan", seed=rng.randrange(2**31))
        start = clock()
        while not state.is_over:
            seat = state.current_player
            if clones:
                state.clone().view(seat)
            else:
                state.view(seat)
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        spent += clock() - start
    return spent


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--quick"]
    rounds = int(args[0]) if args else 5
    games = int(args[1]) if len(args) > 1 else GAMES
    if "--quick" in sys.argv[1:]:
        rounds, games = 1, 10
    views, clones = [], []
    for _ in range(rounds):
        views.append(play(games))
        clones.append(play(games, clones=True))
    print(f"{games} games, best of {rounds}: view {min(views):.4f}s  clone+view {min(clones):.4f}s")


if __name__ == "__main__":
    main()
