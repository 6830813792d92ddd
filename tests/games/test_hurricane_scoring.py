"""Hurricane rules H-12..H-18: after a sweep, leftovers, deal scoring, game end, double wins."""

from __future__ import annotations

from typing import Any

from bot.games import load_game
from tests.games.test_hurricane_helpers import ALL_CARDS, legal, of_type, one, position


# ---------------------------------------------------------------- H-12 after a sweep
def test_h12_after_sweep_nothing():
    s = load_game(position([["7H", "2D"], ["KS", "QS"]], ["7C"], rest="stock"))
    events = s.apply("7H:7C")
    assert not of_type(events, "lay_hand")
    assert s.view(None)["hand_sizes"] == [1, 2] and s.current_player == 1


def test_h12_after_sweep_opponent_lays_hand():
    opts = {"after_sweep": "opponent_lays_hand"}
    s = load_game(position([["7H", "2D"], ["KS", "QS"]], ["7C"], options=opts, rest="stock"))
    events = s.apply("7H:7C")
    assert one(events, "sweep")["sweeps"] == [1, 0]
    assert one(events, "lay_hand") == {"type": "lay_hand", "seat": 1, "cards": ["QS", "KS"]}
    v = s.view(None)
    assert v["table"] == ["QS", "KS"] and v["hand_sizes"] == [1, 0]
    assert s.current_player == 0  # seat 1 waits for the next refill
    events = s.apply("2D")
    assert one(events, "deal")["refill"] is True
    assert s.view(None)["hand_sizes"] == [6, 6]


def test_h12_opponent_lays_hand_pairs_both_opponents_lay_partner_plays_on():
    opts = {"preset": "pairs", "after_sweep": "opponent_lays_hand"}
    hands = [["2H", "3H"], ["KD", "QD"], ["5C", "4C"], ["7S", "6S"]]
    s = load_game(position(hands, ["7C"], options=opts, dealer=0, turn=3, rest="split"))
    events = s.apply("7S:7C")  # seat 3 (team 1) sweeps
    laid = {e["seat"]: e["cards"] for e in of_type(events, "lay_hand")}
    assert laid == {0: ["2H", "3H"], 2: ["4C", "5C"]}  # both opponents, not the partner
    v = s.view(None)
    assert v["hand_sizes"] == [0, 2, 0, 1] and sorted(v["table"]) == ["2H", "3H", "4C", "5C"]
    assert s.current_player == 1  # counter-clockwise, the empty seat 2 is skipped
    s.apply("KD:2H+3H+5C")
    assert s.current_player == 3  # seat 0 is skipped too
    s.apply("6S")
    assert s.current_player == 1
    events = s.apply("QD")
    assert one(events, "deal_scored")["categories"]["sweeps"] == [0, 1]


def test_h12_opponent_lays_hand_open_lays_face_down_cards_too():
    opts = {"preset": "open"}
    hands = [{"open": ["7H", "2D"], "down": ["JS"]}, {"open": ["KS"], "down": ["QS", "AC"]}]
    s = load_game(position(hands, ["7C"], options=opts, rest="stock"))
    events = s.apply("7H:7C")
    assert one(events, "lay_hand") == {"type": "lay_hand", "seat": 1, "cards": ["KS", "QS", "AC"]}
    v = s.view(None)
    assert v["hand_sizes"] == [2, 0] and v["down_counts"] == [1, 0]
    assert s.current_player == 0


# ---------------------------------------------------------------- H-13 leftover
def test_h13_leftover_last_capturer():
    s = load_game(position([["7H"], ["KS"]], ["7C", "2D"], rest="split"))
    s.apply("7H:7C")
    events = s.apply("KS")
    left = one(events, "leftover")
    assert left["seat"] == 0 and left["side"] == 0 and sorted(left["cards"]) == ["2D", "KS"]
    scored = one(events, "deal_scored")
    assert scored["details"]["cards"] == [22, 18]
    assert scored["categories"]["sweeps"] == [0, 0]  # the leftover is no hurricane


def test_h13_leftover_last_player():
    opts = {"leftover": "last_player"}
    s = load_game(position([["7H"], ["KS"]], ["7C", "2D"], options=opts, rest="split"))
    s.apply("7H:7C")
    events = s.apply("KS")
    assert one(events, "leftover")["seat"] == 1
    scored = one(events, "deal_scored")
    assert scored["details"]["cards"] == [20, 20]
    assert scored["categories"]["cards"] is None


def test_h13_nobody_captured_leftover_goes_to_nobody():
    s = load_game(position([["KH"], ["QS"]], ["2D"], rest="split", last_capturer=None))
    s.apply("KH")
    events = s.apply("QS")
    assert one(events, "leftover")["seat"] is None
    assert one(events, "deal_scored")["details"]["cards"] == [19, 18]


def test_h13_nobody_captured_leftover_stays_in_a_finished_games_snapshot():
    # the last deal of a game, nobody captured: its leftover counts for nobody but the cards
    # must not vanish, or the finished game's to_dict() cannot be loaded again
    data = position([["KH"], ["QS"]], ["2D"], rest="split", scores=[15, 3], sweeps=[1, 0])
    s = load_game(data)
    s.apply("KH")
    events = s.apply("QS")
    assert one(events, "leftover")["seat"] is None and s.is_over
    assert sorted(s.view(None)["table"]) == ["2D", "KH", "QS"]
    again = load_game(s.to_dict())
    assert again.to_dict() == s.to_dict() and again.result() == s.result()


# ---------------------------------------------------------------- H-14 categories
def _last_capture(p0: list[str], p1: list[str] | None = None, **extra: Any) -> dict:
    """Seat 0 plays its last card KH taking KD; piles p0 (+ KH, KD) and p1 (default: the rest)."""
    rest: str | int = 1 if p1 is None else "split"
    piles = [p0, p1 or []]
    return position([["KH"], []], ["KD"], piles=piles, rest=rest, **extra)


def _tie_piles() -> tuple[list[str], list[str]]:
    """Seat 0 gets 18 cards, seat 1 20: after KH takes KD both have 20, 5 hearts, primiera 78."""
    p0 = ["7C", "7S", "6H", "6D", "AH", "2H", "3H"]
    p1 = ["7H", "7D", "6C", "6S", "5H", "JH", "QH", "4H"]
    others = [c for c in ALL_CARDS if c not in p0 + p1 + ["KH", "KD"] and c[1] != "H"]
    assert len(others) == 23
    return p0 + others[:11], p1 + others[11:]


def test_h14_every_category_scores_one_point():
    hearts = [c for c in ALL_CARDS if c.endswith("H") and c != "KH"]
    p0 = [*hearts, "7D", "7C", "7S"]
    s = load_game(_last_capture(p0, sweeps=[1, 0]))
    scored = one(s.apply("KH:KD"), "deal_scored")
    assert scored["categories"] == {
        "sweeps": [1, 0],
        "cards": 1,
        "hearts": 0,
        "seven": 0,
        "primiera": 0,
    }
    assert scored["points"] == [4, 1]
    assert scored["totals"] == [4, 1]


def test_h14_tied_categories_score_nobody():
    p0, p1 = _tie_piles()
    s = load_game(_last_capture(p0, p1))
    scored = one(s.apply("KH:KD"), "deal_scored")
    assert scored["details"]["cards"] == [20, 20]
    assert scored["details"]["hearts"] == [5, 5]
    assert scored["details"]["primiera"]["values"] == [78, 78]
    assert scored["categories"] == {
        "sweeps": [0, 0],
        "cards": None,
        "hearts": None,
        "seven": 1,
        "primiera": None,
    }
    assert scored["points"] == [0, 1]


# ---------------------------------------------------------------- H-15 primiera
def test_h15_primiera_suits_best_card_per_suit():
    s = load_game(_last_capture(["7C", "7S", "6C"]))
    prim = one(s.apply("KH:KD"), "deal_scored")["details"]["primiera"]
    # seat 0: KH 10 + KD 10 + 7C 21 + 7S 21 = 62; seat 1: 7H 21 + 7D 21 + AC 16 + 6S 18 = 76
    assert prim["values"] == [62, 76] and prim["winner"] == 1
    assert prim["cards"] == [["7C", "7S", "KH", "KD"], ["AC", "6S", "7H", "7D"]]


SPADES = [c for c in ALL_CARDS if c.endswith("S")]


def test_h15_missing_suit_cannot_compete():
    s = load_game(_last_capture([*SPADES, "2C"]))
    prim = one(s.apply("KH:KD"), "deal_scored")["details"]["primiera"]
    assert prim["values"] == [53, None] and prim["winner"] == 0
    s = load_game(_last_capture(list(SPADES)))
    prim = one(s.apply("KH:KD"), "deal_scored")["details"]["primiera"]
    assert prim["values"] == [None, None] and prim["winner"] is None


def test_h15_missing_suit_sum_present():
    opts = {"missing_suit": "sum_present"}
    s = load_game(_last_capture([*SPADES, "2C"], options=opts))
    prim = one(s.apply("KH:KD"), "deal_scored")["details"]["primiera"]
    assert prim["values"] == [53, 63] and prim["winner"] == 1


def test_h15_primiera_sets():
    opts = {"primiera": "sets"}
    s = load_game(_last_capture(["5H", "5D", "5C"], ["QH", "QD", "QC", "QS", "5S"], options=opts))
    prim = one(s.apply("KH:KD"), "deal_scored")["details"]["primiera"]
    assert prim["values"] == [45, 36] and prim["winner"] == 0
    assert prim["cards"] == [["5H", "5D", "5C"], ["QH", "QD", "QC", "QS"]]


def test_h15_primiera_sets_only_one_side_has_a_set():
    opts = {"primiera": "sets"}
    s = load_game(_last_capture([], [], options=opts))  # split: two of each rank per side
    scored = one(s.apply("KH:KD"), "deal_scored")  # ... and seat 0 now has three kings
    assert scored["details"]["primiera"]["values"] == [30, None]
    assert scored["categories"]["primiera"] == 0


def test_h15_primiera_sets_nobody_has_one():
    opts = {"primiera": "sets"}
    s = load_game(_last_capture([], ["KC", "KS"], options=opts))
    scored = one(s.apply("KH:KD"), "deal_scored")
    assert scored["details"]["primiera"]["values"] == [None, None]
    assert scored["categories"]["primiera"] is None


def test_h15_primiera_none():
    s = load_game(_last_capture(["7C", "7S", "6C"], options={"primiera": "none"}))
    scored = one(s.apply("KH:KD"), "deal_scored")
    assert scored["categories"]["primiera"] is None
    assert scored["points"] == [0, 3]  # cards, hearts, seven all to seat 1


# ---------------------------------------------------------------- H-16 breakdown
def test_h16_breakdown_is_shown_to_players():
    s = load_game(_last_capture(["7C", "7S", "6C"]))
    scored = one(s.apply("KH:KD"), "deal_scored")
    for seat in (0, 1, None):
        assert s.view(seat)["last_deal"] == scored
    assert scored["details"]["primiera"]["cards"][1] == ["AC", "6S", "7H", "7D"]


def test_h16_breakdown_does_not_depend_on_pile_order():
    # four 2s and three aces are both worth 48: the deciding cards shown must be the same
    # whichever order the pile was captured in (load_game(to_dict()) sorts the piles)
    opts = {"primiera": "sets"}
    p0 = ["2H", "2D", "2C", "2S", "AD", "AC", "AS"]
    shown = []
    for pile in (p0, p0[::-1], p0[4:] + p0[:4]):
        s = load_game(_last_capture(pile, options=opts))
        prim = one(s.apply("KH:KD"), "deal_scored")["details"]["primiera"]
        assert prim["values"][0] == 48
        shown.append(prim["cards"][0])
    assert shown[0] == shown[1] == shown[2]


# ---------------------------------------------------------------- H-17 target
def _tie_final(scores: list[int], sweeps: list[int], **options: Any) -> dict:
    """A last play whose deal scores sweeps + [0, 1] (only the 7H, to seat 1)."""
    p0, p1 = _tie_piles()
    return _last_capture(p0, p1, scores=scores, sweeps=sweeps, options=options)


def test_h17_game_ends_when_a_side_reaches_target():
    s = load_game(_tie_final([15, 0], [1, 0]))
    events = s.apply("KH:KD")
    over = one(events, "game_over")
    assert over["winner"] == 0 and over["scores"] == [16, 1]
    assert s.is_over and s.current_player is None and s.legal_actions() == []


def test_h17_both_reach_target_higher_wins():
    s = load_game(_tie_final([15, 15], [2, 0]))
    s.apply("KH:KD")
    assert s.result()["winner"] == 0 and s.result()["scores"] == [17, 16]


def test_h17_both_reach_target_equal_plays_another_deal():
    s = load_game(_tie_final([15, 15], [1, 0]))
    events = s.apply("KH:KD")
    assert not s.is_over and not of_type(events, "game_over")
    assert one(events, "deal")["deal"] == 2
    assert s.view(None)["scores"] == [16, 16]


def test_h17_target_option():
    s = load_game(_tie_final([15, 0], [1, 0], target=20))
    s.apply("KH:KD")
    assert not s.is_over
    s = load_game(_tie_final([18, 0], [2, 0], target=20))
    s.apply("KH:KD")
    assert s.result()["winner"] == 0


# ---------------------------------------------------------------- H-18 double
def test_h18_double_win_below_8():
    s = load_game(_tie_final([15, 6], [1, 0]))
    s.apply("KH:KD")
    assert s.result() == {"winner": 0, "double": True, "scores": [16, 7], "over": True}
    s = load_game(_tie_final([15, 7], [1, 0]))
    s.apply("KH:KD")
    assert s.result()["double"] is False  # the loser has exactly 8


def test_h18_double_below_option_zero_turns_it_off():
    s = load_game(_tie_final([15, 0], [1, 0], double_below=0))
    s.apply("KH:KD")
    assert s.result()["double"] is False
    s = load_game(_tie_final([15, 9], [1, 0], double_below=12))
    s.apply("KH:KD")
    assert s.result()["double"] is True


def test_h18_legal_after_game_over_is_empty():
    s = load_game(_tie_final([15, 0], [1, 0]))
    s.apply("KH:KD")
    assert legal(s) == set() and s.view(0)["result"]["winner"] == 0
