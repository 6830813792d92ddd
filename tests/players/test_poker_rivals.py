"""The poker expert's rival table (issue 29): what it reads from the public log, what the shipped
counts say of hard's play into a crowd, and the fitting script."""

from __future__ import annotations

import json
import random

from bot.players import poker_expert as poker_expert_module
from bot.players.poker_cards import read_view, share_table
from bot.players.poker_range import range_model
from bot.players.poker_rivals import Move, rival_model, rival_moves, shipped_rivals
from bot.players.poker_rivals_fit import KIND, chances, count_moves, main

from ..games.poker_helpers import play, position
from .test_poker_expert import FILLER, _facing_crowd, _hand_ranked, _view

SPOTS = {
    f"{phase}|{street}|{crowd}"
    for phase, street in (("bet", 1), ("bet", 2), ("draw", 1))
    for crowd in ("1", "2-3", "4+")
}


def _after_a_draw():
    """Four seats: seat 0 bets, 1 folds, 2 and 3 call; 0 stands, 2 draws, 3 stands; seat 0 bets
    again, seat 2 calls, and seat 3 is to act."""
    hands = [["AS", "AD"], ["4S", "9H"], ["KC", "7D"], ["QS", "5H"]]
    state = position([100] * 4, hands, dealer=3)
    play(state, "0 bet 3", "1 fold", "2 call", "3 call")
    play(state, "0 stand", "2 draw 7D", "3 stand", "0 bet 2", "2 call")
    return read_view(_view(state, 3))


def test_a_rivals_moves_are_read_by_spot_and_a_drawn_hands_bets_are_dropped():
    moves = rival_moves(_after_a_draw())
    assert set(moves) == {0, 2}  # the folded seat is no rival
    assert moves[0] == [
        Move("bet|1|2-3", 3, True, "bet"),
        Move("draw|1|2-3", 2, True, "stand"),
        Move("bet|2|2-3", 2, False, "bet"),
    ]
    # seat 2 drew: its call before the draw was on a hand it no longer holds
    assert moves[2] == [Move("bet|2|2-3", 2, False, "call")]


def _weight(model, seen, seat: int, low: float, high: float, others: int) -> float:
    """The model's mean weight of the hands ranked in [low, high) before the draw."""
    ranks = share_table("none", others, True)
    hands = [h for h, r in ranks.items() if low <= r < high and not set(h) & set(seen.hand)]
    return sum(model(seen)(seat, h, 0.0, 0.0) for h in hands) / len(hands)


def test_a_bet_into_a_crowd_reads_wider_than_hard_reads_it():
    """Hard bets about a quarter of its weak hands into four or five rivals before the draw: a
    bet there is read as less strong than ``poker_range`` reads it."""
    view, _ = _facing_crowd(_hand_ranked(0.4, 0.5, 5))
    seen = read_view(view)
    fitted = _weight(rival_model, seen, 0, 0.9, 1.0, 5) / _weight(rival_model, seen, 0, 0.2, 0.5, 5)
    hard = _weight(range_model, seen, 0, 0.9, 1.0, 5) / _weight(range_model, seen, 0, 0.2, 0.5, 5)
    assert 1.5 < fitted < hard / 1.5


def test_a_check_into_a_crowd_rules_out_the_top_hands():
    hands = [FILLER[0], *FILLER[1:5], ["3D", "9C"]]
    state = position([100] * 6, hands, dealer=5)
    play(state, "0 check")
    seen = read_view(_view(state, 1))
    top = _weight(rival_model, seen, 0, 0.9, 1.0, 5)
    weak = _weight(rival_model, seen, 0, 0.2, 0.5, 5)
    assert top < 0.1 * weak
    assert _weight(range_model, seen, 0, 0.9, 1.0, 5) > 0.3 * _weight(
        range_model, seen, 0, 0.2, 0.5, 5
    )


def test_the_shipped_table_covers_every_spot_with_chances_of_each_kind():
    table = shipped_rivals()
    assert set(table) == SPOTS
    for rows in table.values():
        assert len(rows) == 10
        for row in rows:
            assert all(0 < p <= 1 for p in row.values())
            for kind in set(KIND[w] for w in row):
                total = sum(p for w, p in row.items() if KIND[w] == kind)
                assert 0.95 <= total <= 1.1, (row, kind)


def test_counting_is_deterministic_and_the_script_writes_a_table(tmp_path, capsys):
    first = count_moves(2, 4, seed=1)
    assert first == count_moves(2, 4, seed=1)
    assert sum(sum(c.values()) for rows in first.values() for c in rows) > 8
    table = chances(first)
    assert set(table) <= SPOTS and all(len(rows) == 10 for rows in table.values())
    out = tmp_path / "rivals.json"
    main(["--hands", "1", "--players", "3", "--seed", "2", "--out", str(out)])
    written = json.loads(out.read_text())
    assert written["fitted"] == {"hands": 1, "players": 3, "seed": 2, "level": "hard"}
    assert written["spots"] and "spots" in capsys.readouterr().out


def test_the_expert_reads_rivals_with_the_table_only_in_six_handed_draw_hands(monkeypatch):
    used: list[int] = []

    def recording(seen, table=None):
        used.append(seen.seat)
        return rival_model(seen, table)

    monkeypatch.setattr(poker_expert_module, "rival_model", recording)
    view, legal = _facing_crowd(_hand_ranked(0.4, 0.5, 5), players=6)
    poker_expert_module.multiway(view, legal, random.Random(1))
    assert used == [1]
    no_draw = dict(view, options={**view["options"], "draw": "off"})
    poker_expert_module.multiway(no_draw, legal, random.Random(1))
    four, four_legal = _facing_crowd(_hand_ranked(0.4, 0.5, 3), players=4)
    poker_expert_module.multiway(four, four_legal, random.Random(1))
    assert used == [1]


def test_a_rare_move_keeps_what_it_says():
    """Hard raises into a crowd before the draw only from its top tenth, and rarely: the floor
    that keeps every hand possible must not flatten that."""
    rows = shipped_rivals()["bet|1|4+"]
    assert rows[9]["raise"] >= 10 * max(row["raise"] for row in rows[:8])
