"""Hurricane rules H-1..H-11 and their options, each from a position built with load_game."""

from __future__ import annotations

import pytest

from bot.games import IllegalAction, load_game, new_game, parse_action
from bot.games.hurricane.cards import INDEX, NAMES
from tests.games.test_hurricane_helpers import ALL_CARDS, legal, of_type, one, position


def all_cards(d: dict) -> list[str]:
    cards = list(d["table"]) + list(d["stock"])
    for hand in d["hands"]:
        cards += hand["open"] + hand["down"] if isinstance(hand, dict) else hand
    for pile in d["piles"]:
        cards += pile
    return cards


# ---------------------------------------------------------------- H-1 cards
def test_h1_pack_of_40_without_8_9_10():
    d = new_game("hurricane", seed=1).to_dict()
    cards = all_cards(d)
    assert sorted(cards) == sorted(ALL_CARDS) and len(set(cards)) == 40
    assert not any(c[0] in "89" or c.startswith("10") for c in cards)
    with pytest.raises(IllegalAction, match="without 8s, 9s and 10s"):
        parse_action("hurricane", "8H")


def test_h1_capture_values_j8_q9_k10():
    s = load_game(position([["KS", "QH", "JD"], ["2C", "2S"]], ["6C", "4D", "5H"]))
    assert legal(s) == {"KS:4D+6C", "QH:4D+5H", "JD"}


# ---------------------------------------------------------------- H-2 deal
def test_h2_seeded_random_first_dealer_and_the_deal():
    dealers = {new_game("hurricane", seed=seed).to_dict()["dealer"] for seed in range(30)}
    assert dealers == {0, 1}
    a, b = new_game("hurricane", seed=11), new_game("hurricane", seed=11)
    assert a.to_dict() == b.to_dict()
    v = a.view(None)
    assert v["hand_sizes"] == [6, 6] and len(v["table"]) == 4 and v["stock_count"] == 24


def test_h2_the_deal_alternates():
    s = new_game("hurricane", seed=4)
    first_dealer = s.to_dict()["dealer"]
    events: list[dict] = []
    while not of_type(events, "deal_scored"):
        events = s.apply(s.legal_actions()[0])
    new_deal = [e for e in events if e["type"] == "deal" and not e["refill"]]
    assert new_deal[0]["dealer"] == 1 - first_dealer
    assert s.current_player == first_dealer  # the new non-dealer leads


# ---------------------------------------------------------------- H-3 turns
def test_h3_non_dealer_leads_and_turns_alternate():
    s = new_game("hurricane", seed=2)
    dealer = s.to_dict()["dealer"]
    assert s.current_player == 1 - dealer
    s.apply(s.legal_actions()[0])
    assert s.current_player == dealer


def test_h3_refill_six_each_and_no_new_table_cards():
    s = load_game(position([["KH"], ["QD"]], ["AH"], rest="stock"))
    s.apply("KH")
    events = s.apply("QD")
    deal = one(events, "deal")
    assert deal["refill"] is True
    v = s.view(0)
    assert v["hand_sizes"] == [6, 6]
    assert v["table"] == ["AH", "KH", "QD"]
    assert v["stock_count"] == 24 - 12  # the helper's stock: the most a deal leaves, 24


def test_h3_deal_is_36_plays():
    s = new_game("hurricane", seed=9)
    plays = 0
    while True:
        events = s.apply(s.legal_actions()[-1])
        plays += len(of_type(events, "play"))
        if of_type(events, "deal_scored"):
            break
    assert plays == 36


def test_h3_lead_after_redeal_eldest():
    s = load_game(position([["KH"], ["QD"]], ["AH"], rest="stock", dealer=1, turn=0))
    s.apply("KH")
    s.apply("QD")
    assert s.current_player == 0  # the non-dealer, although seat 1 played last


def test_h3_lead_after_redeal_last_player():
    opts = {"lead_after_redeal": "last_player"}
    s = load_game(position([["KH"], ["QD"]], ["AH"], options=opts, rest="stock", dealer=1, turn=0))
    s.apply("KH")
    s.apply("QD")
    assert s.current_player == 1


def test_h3_refill_packets_go_to_the_non_dealer_first_whoever_leads():
    # seat 1 deals and played last: it leads the round, but the top six cards go to seat 0
    top = ["AD", "AC", "AS", "2H", "2D", "2C"]
    nxt = ["2S", "3H", "3D", "3C", "3S", "4H"]
    for lead, leader in (("eldest", 0), ("last_player", 1)):
        opts = {"lead_after_redeal": lead}
        pos = position(
            [["KH"], ["QD"]], ["AH"], options=opts, stock=top + nxt, rest="stock", dealer=1, turn=0
        )
        s = load_game(pos)
        s.apply("KH")
        s.apply("QD")
        assert s.current_player == leader
        assert s.to_dict()["hands"] == [sorted_names(top), sorted_names(nxt)]


# ---------------------------------------------------------------- H-4 a play
def test_h4_capture_goes_to_pile_and_trail_goes_to_table():
    s = load_game(position([["7H", "2C"], ["5D"]], ["3D", "4S", "QC"]))
    assert legal(s) == {"7H:3D+4S", "2C"}
    before = s.to_dict()["piles"][0]
    events = s.apply("7H:3D+4S")
    cap = one(events, "capture")
    assert cap == {
        "type": "capture",
        "seat": 0,
        "card": "7H",
        "captured": ["3D", "4S"],
        "hurricane": False,
    }
    after = s.to_dict()
    assert sorted(after["piles"][0]) == sorted([*before, "7H", "3D", "4S"])
    assert after["table"] == ["QC"]
    events = s.apply("5D")
    assert one(events, "trail") == {"type": "trail", "seat": 1, "card": "5D"}
    assert s.to_dict()["table"] == ["QC", "5D"]


# ---------------------------------------------------------------- H-5 precedence
def test_h5_equal_card_first():
    s = load_game(position([["7H"], ["2C"]], ["7C", "3C", "4D"]))
    assert legal(s) == {"7H:7C"}
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply("7H:3C+4D")
    assert str(err.value) == "7H cannot take 3C+4D: a 7 on the table must be taken first"
    assert s.to_dict() == before


def test_h5_player_chooses_which_equal_card():
    s = load_game(position([["7H"], ["2C"]], ["7C", "7D", "3C", "4D"]))
    assert legal(s) == {"7H:7C", "7H:7D"}


def test_h5_precedence_free():
    s = load_game(position([["7H"], ["2C"]], ["7C", "3C", "4D"], options={"precedence": "free"}))
    assert legal(s) == {"7H:7C", "7H:3C+4D"}
    s.apply("7H:3C+4D")
    assert s.to_dict()["table"] == ["7C"]


# ---------------------------------------------------------------- H-6 one set
def test_h6_one_card_captures_one_set():
    opts = {"precedence": "free"}
    s = load_game(position([["5H"], ["KC"]], ["5C", "5D", "2S", "3S"], options=opts))
    assert legal(s) == {"5H:5C", "5H:5D", "5H:2S+3S"}
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="one set"):
        s.apply("5H:5C+5D")
    with pytest.raises(IllegalAction, match="one set"):
        s.apply("5H:2S+3S+5C")
    assert s.to_dict() == before


# ---------------------------------------------------------------- H-7 trailing
def test_h7_trail_only_if_no_capture():
    s = load_game(position([["7H", "KS"], ["2C"]], ["7C"]))
    assert legal(s) == {"7H:7C", "KS"}
    with pytest.raises(IllegalAction, match="7H can capture .*may not be trailed"):
        s.apply("7H")


def test_h7_must_capture_when_every_card_can():
    s = load_game(position([["7H", "3S"], ["2C"]], ["7C", "3D"]))
    assert legal(s) == {"7H:7C", "3S:3D"}


def test_h7_trail_free():
    s = load_game(position([["7H", "KS"], ["2C"]], ["7C"], options={"trail": "free"}))
    assert legal(s) == {"7H:7C", "7H", "KS"}
    s.apply("7H")
    assert s.to_dict()["table"] == ["7C", "7H"]


# ---------------------------------------------------------------- H-8 min cards
TABLE_H8 = ["AC", "2C", "4C", "3D", "6D"]


def test_h8_min_cards_off():
    s = load_game(position([["7H"], ["KC"]], TABLE_H8))
    assert legal(s) == {"7H:AC+6D", "7H:3D+4C", "7H:AC+2C+4C"}


def test_h8_min_cards_on():
    s = load_game(position([["7H"], ["KC"]], TABLE_H8, options={"min_cards": "on"}))
    assert legal(s) == {"7H:AC+6D", "7H:3D+4C"}
    with pytest.raises(IllegalAction, match="fewest cards"):
        s.apply("7H:AC+2C+4C")


# ---------------------------------------------------------------- H-9 choice
def test_h9_player_chooses_among_captures():
    s = load_game(position([["7H"], ["KC"]], TABLE_H8))
    results = set()
    for action in s.legal_actions():
        t = s.clone()
        t.apply(action)
        results.add(tuple(sorted(t.to_dict()["table"])))
    assert results == {("2C", "3D", "4C"), ("2C", "6D", "AC"), ("3D", "6D")}


# ---------------------------------------------------------------- H-10 hurricanes
def test_h10_sweep_then_trail_then_equal_capture_is_another():
    s = load_game(position([["7H", "7D"], ["7S", "KD"]], ["7C"], rest="stock"))
    events = s.apply("7H:7C")
    assert one(events, "capture")["hurricane"] is True
    assert one(events, "sweep")["sweeps"] == [1, 0]
    assert legal(s) == {"7S", "KD"}  # an empty table: only trails
    s.apply("7S")
    events = s.apply("7D:7S")
    assert one(events, "sweep")["sweeps"] == [2, 0]
    assert s.view(None)["sweeps"] == [2, 0]


def test_h10_sweep_scores_a_point():
    s = load_game(position([["7H"], []], ["7C", "3D"], rest="split", sweeps=[2, 1]))
    scored = one(s.apply("7H:7C"), "deal_scored")
    assert scored["categories"]["sweeps"] == [2, 1]


# ---------------------------------------------------------------- H-11 last play
def test_h11_last_card_is_no_hurricane():
    s = load_game(position([["7H"], []], ["7C"], rest="split"))
    events = s.apply("7H:7C")
    assert one(events, "capture")["hurricane"] is False
    assert not of_type(events, "sweep")
    assert one(events, "deal_scored")["categories"]["sweeps"] == [0, 0]


def test_h11_last_play_sweep_yes():
    opts = {"last_play_sweep": "yes"}
    s = load_game(position([["7H"], []], ["7C"], options=opts, rest="split"))
    events = s.apply("7H:7C")
    assert one(events, "capture")["hurricane"] is True
    assert one(events, "deal_scored")["categories"]["sweeps"] == [1, 0]


def sorted_names(cards: list[str]) -> list[str]:
    return [NAMES[c] for c in sorted(INDEX[x] for x in cards)]
