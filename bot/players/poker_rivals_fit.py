"""Count hard's moves by spot and hand rank: the poker expert's rival table (``poker_rivals``).

``python -m bot.players.poker_rivals_fit`` (the shipped run: 1,600 one-hand games of six hards,
seed 5, about 6 minutes of CPU) writes ``bot/players/data/poker_rivals.json``. Every betting and
draw decision of every seat is counted under its spot (``poker_rivals.spot``) and the tenth of
its hand's rank as a rival reads it; a move's chance in a tenth is its share of the decisions of
its kind there (a check or bet, a fold, call or raise, a stand or draw), smoothed towards the
spot's overall share by ``PRIOR`` decisions, never below ``RELATIVE_FLOOR`` of the move's largest
chance in the spot.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

from bot.games import Action, GameState, new_game

from .base import View
from .levels import choose_action
from .poker_cards import read_view, share_table
from .poker_rivals import TABLE_FILE, RivalTable, spot, tenth

KIND = {
    "check": "open",
    "bet": "open",
    "fold": "facing",
    "call": "facing",
    "raise": "facing",
    "stand": "draw",
    "draw": "draw",
}
#: decisions' worth of the spot's overall shares mixed into each tenth's counts
PRIOR = 3.0
#: a move's chance in a tenth is at least this share of its largest chance in the spot (a flat
#: floor hid the moves hard rarely makes, such as a raise into a crowd from the top tenth)
RELATIVE_FLOOR = 0.05
SHIPPED = Path(__file__).parent / "data" / TABLE_FILE

Counts = dict[str, list[Counter[str]]]


def self_play(
    seed: int, players: int, level: str = "hard"
) -> Iterator[tuple[GameState, int, View, Action, int]]:
    """A one-hand game of ``level`` players: (state, seat, its view, its move, moves so far)
    before each move is applied (``bench/poker_branches.py`` plays out the other choices)."""
    state = new_game("hurricane_poker", seed=seed, players=players, options={"hands": 1})
    moves = 0
    while not state.is_over:
        seat = state.current_player
        if seat is None:  # nobody to move in a game not over: nothing more to count
            break
        view = json.loads(json.dumps(state.view(seat)))  # what a table hands a player
        legal = state.legal_actions(seat)
        action = choose_action("hurricane_poker", view, legal, level, seed=seed * 101 + moves)
        yield state, seat, view, action, moves
        state.apply(action, seat)
        moves += 1


def count_moves(hands: int, players: int, seed: int, level: str = "hard") -> Counts:
    """Each spot's moves by tenth of rank in ``hands`` one-hand games of ``level`` players."""
    counts: Counts = defaultdict(lambda: [Counter() for _ in range(10)])
    for deal in range(hands):
        for _state, _seat, view, action, _moves in self_play(
            seed * 1_000_003 + deal, players, level
        ):
            seen = read_view(view)
            if seen.phase in ("bet", "draw"):
                others = max(1, len(seen.opponents))
                rank = share_table(seen.wild, others, seen.i_draw)[seen.hand]
                key = spot(seen.phase, 1 if seen.phase == "draw" else int(view["street"]), others)
                counts[key][tenth(rank)][str(action).split()[0]] += 1
    return dict(counts)


def chances(counts: Counts) -> RivalTable:
    """Each move's smoothed share of its kind's decisions, tenth by tenth."""
    table: RivalTable = {}
    for key, tenths in sorted(counts.items()):
        overall: Counter[str] = sum(tenths, Counter())
        by_kind: Counter[str] = Counter()
        for word, n in overall.items():
            by_kind[KIND[word]] += n
        rows = []
        for seen in tenths:
            in_kind: Counter[str] = Counter()
            for word, n in seen.items():
                in_kind[KIND[word]] += n
            row = {}
            for word in sorted(overall):
                prior = overall[word] / by_kind[KIND[word]]
                row[word] = (seen[word] + PRIOR * prior) / (in_kind[KIND[word]] + PRIOR)
            rows.append(row)
        for word in overall:  # never ruled out, but a rare move keeps what it says
            floor = RELATIVE_FLOOR * max(row[word] for row in rows)
            for row in rows:
                row[word] = round(max(floor, row[word]), 4)
        table[key] = rows
    return table


def encode(about: dict[str, object], table: RivalTable) -> str:
    """JSON with a line per spot's tenth, so that a new fit reads as a diff."""
    spots = ",\n".join(
        f"  {json.dumps(key)}: [\n" + ",\n".join(f"   {json.dumps(row)}" for row in rows) + "\n  ]"
        for key, rows in table.items()
    )
    return f'{{\n "fitted": {json.dumps(about)},\n "spots": {{\n{spots}\n }}\n}}\n'


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=1600)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--out", type=Path, default=SHIPPED)
    args = parser.parse_args(argv)
    clock = time.process_time()
    table = chances(count_moves(args.hands, args.players, args.seed))
    about = {"hands": args.hands, "players": args.players, "seed": args.seed, "level": "hard"}
    args.out.write_text(encode(about, table))
    print(f"{args.out}: {len(table)} spots, {time.process_time() - clock:.0f} s CPU")


if __name__ == "__main__":
    main()
