"""Hurricane poker's expert: the CFR+ table (issue 29) loads, trains deterministically, and the
player is legal, deterministic and decides from the seat's view only."""

from __future__ import annotations

import gzip
import json
import random

import pytest

from bot.games import new_game, poker_pack
from bot.players import choose_action
from bot.players import poker_expert as poker_expert_module
from bot.players.poker_abstraction import (
    DECLARES,
    class_keys,
    classes,
    declared_share,
    hand_class,
    shipped_table,
)
from bot.players.poker_cards import share_table
from bot.players.poker_cfr_train import GAMES, Game, main, train
from bot.players.poker_expert import crowd_action, field_history, history, table_action

from ..games.poker_helpers import play, position


def _view(state, seat):
    return json.loads(json.dumps(state.view(seat)))


def _game(players: int, options: dict, seed: int) -> None:
    """A one-hand game of experts; the first moves are chosen twice (same seed, same move)."""
    state = new_game("hurricane_poker", seed=seed, players=players, options={**options, "hands": 1})
    moves = 0
    while not state.is_over:
        seat = state.current_player
        legal = state.legal_actions(seat)
        view = _view(state, seat)
        action = choose_action("hurricane_poker", view, legal, "expert", seed=seed * 7 + moves)
        assert action in legal
        if moves < 4 or players == 2:
            again = choose_action("hurricane_poker", view, legal, "expert", seed=seed * 7 + moves)
            assert str(again) == str(action)
        state.apply(action, seat)
        moves += 1
        assert moves < 400


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (2, {"declare": "yes"}),
        (2, {"draw": "off"}),
        (2, {"declare": "yes", "draw": "off", "wild": "jokers"}),
        (2, {"wild": "deuces"}),
        (2, {"wild": "one_eyes", "declare": "yes"}),
        (2, {"bet_max": 5, "raises": 1}),  # a bet structure the table lacks: hard plays
        (2, {"stack": 10}),  # short stacks: hard plays
        (3, {"declare": "yes", "wild": "jokers"}),
        (4, {"wild": "deuces", "draw": "off"}),
        (5, {"wild": "one_eyes"}),
        (6, {}),
        (7, {"declare": "yes"}),
        (8, {"draw": "off", "declare": "yes"}),
    ],
)
def test_expert_plays_legally_and_deterministically(players, options):
    _game(players, options, seed=players)


def test_heads_up_the_table_decides_every_move():
    for options in ({}, {"declare": "yes", "wild": "jokers"}, {"draw": "off", "wild": "one_eyes"}):
        for seed in range(6):
            state = new_game(
                "hurricane_poker", seed=seed, players=2, options={**options, "hands": 1}
            )
            moves = 0
            while not state.is_over:
                seat = state.current_player
                legal = state.legal_actions(seat)
                action = table_action(_view(state, seat), legal, random.Random(moves))
                assert action is not None and action in legal, (options, seed, moves)
                state.apply(action, seat)
                moves += 1


def test_the_history_reads_the_public_log():
    state = position([100, 100], [["AH", "9S"], ["KH", "KD"]], dealer=1)
    play(state, "0 check", "1 bet 2", "0 raise 3", "1 call")
    assert history(_view(state, 0)) == "kbrc/"
    play(state, "0 stand")
    assert history(_view(state, 1)) == "kbrc/s"
    play(state, "1 draw KD")
    assert history(_view(state, 0)) == "kbrc/sd/"


def test_multi_way_the_field_plays_as_one_player():
    hands = [["AH", "9S"], ["KH", "KD"], ["7C", "2S"], ["QC", "4D"]]
    state = position([100] * 4, hands, dealer=3)
    assert field_history(_view(state, 0), 0) == ""
    play(state, "0 check", "1 bet 3", "2 call")
    assert field_history(_view(state, 3), 3) == "b"  # the field bet into the seat
    play(state, "3 call")
    assert field_history(_view(state, 0), 0) == "kb"  # it checked first, the field bet
    play(state, "0 raise 3", "1 call", "2 fold", "3 call")
    play(state, "0 stand", "1 draw KD", "3 stand")
    # round one: a bet and the seat's raise, the last; the field drew; seat 0 acts first
    assert field_history(_view(state, 0), 0) == "kbrc/sd/"


def test_heads_up_decisions_depend_only_on_what_the_seat_sees():
    a = position([100, 100], [["KH", "KD"], ["7C", "2S"]], dealer=1, seed=1)
    b = position([100, 100], [["QH", "4D"], ["7C", "2S"]], dealer=1, seed=2)
    for state in (a, b):
        play(state, "0 bet 3")
    assert _view(a, 1) == _view(b, 1)
    for seed in range(6):
        moves = [
            choose_action("hurricane_poker", _view(s, 1), s.legal_actions(1), "expert", seed=seed)
            for s in (a, b)
        ]
        assert str(moves[0]) == str(moves[1])


def test_the_shipped_table_loads_and_its_mixes_are_distributions():
    table = shipped_table()
    for game in GAMES:
        key = f"{'declare' if game.declare else 'speak'}-{'draw' if game.draw else 'nodraw'}-3-2-1"
        strategy = table[key]
        assert len(strategy.bucket_of_class) == len(classes())
        for node in strategy.nodes:
            for bucket in range(max(strategy.bucket_of_class) + 1):
                probs = strategy.probs(node, bucket)
                assert probs is not None and abs(sum(probs) - 1) < 1e-9


def test_the_table_plays_the_nuts_and_the_plain_classes_map_to_themselves():
    table = shipped_table()["speak-draw-3-2-1"]
    aces = hand_class([48, 49], "none")  # AH AD
    assert classes()[aces] == (14, 14)
    assert hand_class([0, 5], "none") == classes().index((2, 3))
    # first to act with aces: bets (or checks to raise) — never gives the hand away
    probs = table.probs("k", table.bucket_of_class[aces])
    assert probs is not None and probs[1] > 0.5  # facing a check, aces bet
    # facing a bet after the draw with the best Low and a good High... it never folds aces
    assert table.probs("bc/ss/b", table.bucket_of_class[aces])[0] < 0.05


def test_declared_shares_follow_p11():
    keys = dict(zip(classes(), class_keys(), strict=True))
    aa, a2, k7 = keys[(14, 14)], keys[(2, 14)], keys[(7, 13)]
    assert declared_share(*aa, "high", *a2, "low") == 0.5
    assert declared_share(*aa, "both", *k7, "high") == 1.0  # wins High; nobody on Low
    assert declared_share(*k7, "both", *a2, "low") == 0.0  # fails both: Low takes all
    assert declared_share(*aa, "high", *aa, "high") == 0.5
    assert set(DECLARES) == {"high", "low", "both"}


def test_quick_training_is_deterministic():
    games = (Game(declare=False, draw=True), Game(declare=False, draw=False))
    one = train(4, lambda game: 3, games)
    two = train(4, lambda game: 3, games)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert set(one["configs"]) == {"speak-draw-3-2-1", "speak-nodraw-3-2-1"}  # type: ignore[call-overload]


def test_the_training_script_quick_mode_writes_a_table(tmp_path, capsys):
    out = tmp_path / "table.json.gz"
    main(["--quick", "--out", str(out)])
    payload = json.loads(gzip.decompress(out.read_bytes()))
    assert len(payload["configs"]) == 4
    assert "wrote" in capsys.readouterr().out
    with pytest.raises(SystemExit):  # never over the shipped table
        main(["--quick"])


def test_a_node_of_the_other_kind_is_not_covered_by_the_table():
    legal = new_game("hurricane_poker", seed=1, players=2).legal_actions(0)
    # three probabilities where nothing is owed (check / bet): not a node of this kind
    assert poker_expert_module._bet([0.2, 0.3, 0.5], 0, legal, random.Random(1)) is None


def test_an_odd_state_falls_back_to_hard(monkeypatch, caplog):
    state = new_game("hurricane_poker", seed=2, players=2)
    seat = state.current_player
    legal = state.legal_actions(seat)

    def broken(*_args):
        raise IndexError("a table the expert does not understand")

    monkeypatch.setattr(poker_expert_module, "table_action", broken)
    action = poker_expert_module.poker_expert(_view(state, seat), legal, random.Random(3))
    hard = poker_expert_module.poker_hard(_view(state, seat), legal, random.Random(3))
    assert action == hard and "the poker expert failed" in caplog.text


def _hand_ranked(low: float, high: float, rivals: int, drawing: bool = True) -> list[str]:
    """The labels of a hand whose rank (``share_table`` against ``rivals``, before the draw or
    after it) lies in [low, high)."""
    ranks = share_table("none", rivals, drawing)
    hand = min(h for h, r in ranks.items() if low <= r < high)
    return [poker_pack().labels[c] for c in hand]


FILLER = [["3C", "8D"], ["4S", "9H"], ["5C", "JD"], ["6S", "QH"], ["7D", "10C"]]


def _facing_crowd(hand: list[str], players: int = 6):
    """Seat 0 bet 3; seat 1 holds ``hand`` and faces it with every other seat still in."""
    state = position(
        [100] * players, [FILLER[0], hand, *FILLER[1 : players - 1]], dealer=players - 1
    )
    play(state, "0 bet 3")
    return _view(state, 1), state.legal_actions(1)


def _facing_after_the_draw(hand: list[str], players: int):
    """Every seat checked and stood pat; seat 0 bet 3 after the draw and seat 1 (``hand``) faces it."""
    state = position(
        [100] * players, [FILLER[0], hand, *FILLER[1 : players - 1]], dealer=players - 1
    )
    play(state, *(f"{seat} check" for seat in range(players)))
    play(state, *(f"{seat} stand" for seat in range(players)), "0 bet 3")
    return _view(state, 1), state.legal_actions(1)


def _action(legal, text: str):
    return next(a for a in legal if str(a) == text)


def test_into_a_crowd_the_expert_raises_its_best_hands_where_hard_calls():
    view, legal = _facing_crowd(_hand_ranked(0.95, 1.0, 5))
    assert str(crowd_action(view, legal, _action(legal, "call"))) == "raise 3"
    view, legal = _facing_after_the_draw(_hand_ranked(0.82, 0.88, 2, drawing=False), players=3)
    assert str(crowd_action(view, legal, _action(legal, "call"))) == "raise 3"


def test_into_a_crowd_the_expert_calls_strong_hands_hard_would_fold():
    view, legal = _facing_crowd(_hand_ranked(0.82, 0.88, 5))
    fold = _action(legal, "fold")
    assert str(crowd_action(view, legal, fold)) == "call"
    weak_view, weak_legal = _facing_crowd(_hand_ranked(0.3, 0.5, 5))
    assert str(crowd_action(weak_view, weak_legal, _action(weak_legal, "fold"))) == "fold"


def test_without_a_crowd_or_a_strong_hand_hard_decides():
    best = _hand_ranked(0.95, 1.0, 3)
    view, legal = _facing_crowd(best, players=4)  # three rivals before the draw
    assert str(crowd_action(view, legal, _action(legal, "call"))) == "call"
    middling = _hand_ranked(0.5, 0.7, 5, drawing=False)
    view, legal = _facing_after_the_draw(middling, players=6)
    assert str(crowd_action(view, legal, _action(legal, "call"))) == "call"
