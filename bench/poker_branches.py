"""Where hard's poker betting loses into a crowd (not a test): every multi-way bet decision of
hard self-play, each choice played out.

``python bench/poker_branches.py --players 6 --deals 400 --seed 2`` (``--quick``: 1 deal of four,
the suite's check). In one-hand games of hards, at every betting decision of a seat with at least
two rivals still in, the fold, the check or call and the largest bet or raise are each played
to the end by hards from the same cards (the state is cloned, so the stock and every later
seed are shared). The report groups the decisions before the draw that face a bet by the
rivals still in (2-3 or 4+), hard's choice (F fold, P check or call, A bet or raise) and the
hand's rank among all hands (``share_table`` against that many rivals, in tenths), and gives
each other choice's mean chips less hard's, with a 95% interval (``<<``: the interval is above
0, the other choice wins). The expert's ``crowd_action`` mends what it found (docs/players.md).

``--draws`` plays out the draws instead: at each draw of a seat with at least two rivals still
in, standing pat (S), throwing the higher card (H: keeping the lower, for Low) and throwing the
lower one (L), grouped by the rivals still in, hard's choice and the hand's rank before the draw.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import poker_pack  # noqa: E402
from bot.players import choose_action  # noqa: E402
from bot.players.poker_cards import read_view, share_table  # noqa: E402
from bot.players.poker_rivals_fit import self_play  # noqa: E402

KINDS = {"fold": "F", "check": "P", "call": "P", "bet": "A", "raise": "A"}
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@dataclass
class Decision:
    rivals: int
    facing: bool
    street: int
    chosen: str
    rank: float
    #: chips the seat ends with after each choice
    ends: dict[str, int] = field(default_factory=dict)


def _hard(state: Any, seat: int, seed: int) -> Any:
    view = json.loads(json.dumps(state.view(seat)))
    return choose_action("hurricane_poker", view, state.legal_actions(seat), "hard", seed=seed)


def _finish(state: Any, seed: int, moves: int) -> list[int]:
    while not state.is_over:
        seat = state.current_player
        state.apply(_hard(state, seat, seed * 101 + moves), seat)
        moves += 1
    return list(state.chips)


def _kind(action: Any) -> str:
    return KINDS.get(str(action).split()[0], "")


def _draw_kind(action: Any, hand: tuple[int, int], wild: str) -> str:
    """S stand, H throw the higher-ranked card, L the lower (a wild card ranks highest)."""
    words = str(action).split()
    if words[0] == "stand":
        return "S"
    labels = poker_pack(wild).labels
    thrown = labels.index(words[1])
    kept = hand[1] if hand[0] == thrown else hand[0]

    def rank(card: int) -> int:
        face = labels[card][:-1]
        return RANKS.index(face) if face in RANKS else len(RANKS)

    return "H" if rank(thrown) >= rank(kept) else "L"


def _played_out(state: Any, seat: int, choice: Any, seed: int, moves: int) -> int:
    """The seat's chips at the end when it plays ``choice`` now and hards play on."""
    branch = state.clone()
    branch.apply(choice, seat)
    return _finish(branch, seed, moves + 1)[seat]


def draw_branches(seed: int, players: int) -> list[Decision]:
    """Each multi-way draw of hard self-play, every choice played out."""
    found: list[Decision] = []
    for state, seat, _view, action, moves in self_play(seed, players):
        seen = read_view(state.view(seat))
        if seen.phase == "draw" and len(seen.opponents) >= 2:
            rank = share_table(seen.wild, len(seen.opponents), True)[seen.hand]
            chosen = _draw_kind(action, seen.hand, seen.wild)
            decision = Decision(len(seen.opponents), False, 1, chosen, rank)
            for choice in state.legal_actions(seat):
                kind = _draw_kind(choice, seen.hand, seen.wild)
                decision.ends[kind] = _played_out(state, seat, choice, seed, moves)
            found.append(decision)
    return found


def branches(seed: int, players: int) -> list[Decision]:
    """Each multi-way betting decision of hard self-play, every kind of choice played out."""
    found: list[Decision] = []
    for state, seat, _view, action, moves in self_play(seed, players):
        legal = state.legal_actions(seat)
        view = state.view(seat)
        seen = read_view(view)
        if seen.phase == "bet" and len(legal) > 1 and len(seen.opponents) >= 2:
            rank = share_table(seen.wild, len(seen.opponents), seen.i_draw)[seen.hand]
            decision = Decision(
                len(seen.opponents), bool(seen.to_call), int(view["street"]), _kind(action), rank
            )
            for kind in "FPA":
                choices = [a for a in legal if _kind(a) == kind]
                if choices:
                    decision.ends[kind] = _played_out(state, seat, choices[-1], seed, moves)
            found.append(decision)
    return found


def report(decisions: list[Decision], kinds: str = "FPA") -> list[str]:
    groups: dict[tuple[str, str, float], list[Decision]] = defaultdict(list)
    for d in decisions:
        if kinds != "FPA" or (d.facing and d.street == 1):
            crowd = "4+" if d.rivals >= 4 else "2-3"
            groups[(crowd, d.chosen, min(9, int(d.rank * 10)) / 10)].append(d)
    lines = ["rivals chosen rank   n  other choice's chips less hard's"]
    for (crowd, chosen, rank), group in sorted(groups.items()):
        parts = []
        for kind in kinds:
            gains = [
                d.ends[kind] - d.ends[chosen] for d in group if kind in d.ends and kind != chosen
            ]
            if not gains:
                continue
            n = len(gains)
            mean = sum(gains) / n
            var = sum((g - mean) ** 2 for g in gains) / (n - 1) if n > 1 else 0.0
            half = 1.96 * math.sqrt(var / n)
            flag = " <<" if n > 1 and mean - half > 0 else ""
            parts.append(f"{kind} {mean:+.2f} ± {half:.2f}{flag}")
        lines.append(f"{crowd:>6} {chosen:>6} {rank:.1f} {len(group):>4}  " + "   ".join(parts))
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--draws", action="store_true", help="the draws, not the bets")
    parser.add_argument("--quick", action="store_true", help="1 deal of four (the suite's check)")
    args = parser.parse_args(argv)
    if args.quick:
        args.deals, args.players = 1, 4
    clock = time.process_time()
    play = draw_branches if args.draws else branches
    decisions = [
        d for deal in range(args.deals) for d in play(args.seed * 1_000_003 + deal, args.players)
    ]
    print(
        f"hard's multi-way {'draws' if args.draws else 'bets'} played out: {args.players} "
        f"players, {args.deals} deals, seed {args.seed}, {len(decisions)} decisions, "
        f"{time.process_time() - clock:.0f} s CPU"
    )
    print("\n".join(report(decisions, "SHL" if args.draws else "FPA")))


if __name__ == "__main__":
    main()
