"""One or more tests per rule P-1..P-13 of RULES.md Part 4, built from positions."""

from __future__ import annotations

import random

import pytest

from bot.games import IllegalAction, InvalidState, new_game
from bot.games.hurricane_poker import timeout_action
from bot.games.hurricane_poker.cards import LABELS, deck

from .poker_helpers import legal, of_type, play, position

NO_DRAW = {"draw": "off"}


# ---------------------------------------------------------------- P-1 players, pack, wilds
def test_p1_two_to_eight_players_and_the_pack():
    for n in range(2, 9):
        state = new_game("hurricane_poker", seed=n, players=n)
        data = state.to_dict()
        cards = [c for h in data["hands"] for c in h] + data["stock"]
        assert sorted(cards) == sorted(LABELS[:52])
    jokers = new_game("hurricane_poker", seed=1, players=3, options={"wild": "jokers"}).to_dict()
    assert len([c for h in jokers["hands"] for c in h] + jokers["stock"]) == 54
    for bad in (1, 9, 0, True, "3"):
        with pytest.raises(ValueError, match="2 to 8"):
            new_game("hurricane_poker", seed=1, players=bad)
    with pytest.raises(InvalidState, match="X1 is not in the pack"):
        position([100, 100], [["X1", "AS"], ["KH", "KD"]])


# ---------------------------------------------------------------- P-2 stacks, dealer, antes
def test_p2_stacks_antes_and_a_short_ante_is_all_in():
    state = new_game("hurricane_poker", seed=3, players=4, options={"stack": 50, "ante": 2})
    assert state.chips == [48] * 4 and state.committed == [2] * 4
    short = position([100, 100, 3], [["AS", "2D"], ["KH", "KD"], ["7C", "7S"]], options={"ante": 5})
    assert short.chips == [95, 95, 0] and short.committed == [5, 5, 3]
    assert short.view(0)["all_in"] == [False, False, True]


def test_p2_first_dealer_is_seeded_and_varies():
    dealers = {new_game("hurricane_poker", seed=s, players=5).dealer for s in range(40)}
    assert dealers == set(range(5))
    again = [new_game("hurricane_poker", seed=11, players=5).to_dict() for _ in range(2)]
    assert again[0] == again[1]


def test_p2_the_deal_passes_left_to_a_seat_still_in_and_busted_seats_are_out():
    state = position([100, 0, 100], [["AS", "2D"], None, ["7C", "7S"]], dealer=0)
    assert state.current_player == 2  # the dealer's left still in
    events = play(state, "2 bet 1", "0 fold")
    assert of_type(events, "deal")[0]["dealer"] == 2  # seat 1 is skipped
    assert state.hands[1] is None and state.view(1)["out"][1] and state.view(1)["hand"] is None


# ---------------------------------------------------------------- P-3 the deal
def test_p3_two_cards_one_at_a_time_from_the_dealers_left():
    n, seed = 4, 12345
    state = new_game("hurricane_poker", seed=seed, players=n)
    rng = random.Random(seed)
    dealer = rng.randrange(n)
    cards = deck("none")
    rng.shuffle(cards)
    order = [(dealer + 1 + i) % n for i in range(n)]
    for i, seat in enumerate(order):
        assert state.view(seat)["hand"] == sorted(
            [LABELS[cards[i]], LABELS[cards[n + i]]], key=LABELS.index
        )
    assert state.to_dict()["stock"] == [LABELS[c] for c in cards[2 * n :]]


# ---------------------------------------------------------------- P-4 betting
def test_p4_spread_limit_order_and_raise_cap():
    state = position(
        [100, 100, 100], [["AS", "2D"], ["KH", "KD"], ["7C", "7S"]], dealer=2, options=NO_DRAW
    )
    assert state.current_player == 0
    assert legal(state) == ["check", "bet 1", "bet 2", "bet 3"]
    play(state, "0 check", "1 bet 2")
    assert legal(state) == ["fold", "call", "raise 1", "raise 2", "raise 3"]
    play(state, "2 raise 3", "0 raise 1")
    assert legal(state) == ["fold", "call"]  # one bet and two raises: capped
    with pytest.raises(IllegalAction, match="capped at 2"):
        state.apply("raise 1")
    with pytest.raises(IllegalAction, match="1 to 3"):
        new = position([100, 100], [["AS", "2D"], ["KH", "KD"]])
        new.apply("bet 4")
    play(state, "1 call", "2 call")
    assert state.hand_no == 2  # round over, showdown (draw off)


def test_p4_fold_only_facing_a_bet_and_check_only_without():
    state = position([100, 100], [["AS", "2D"], ["KH", "KD"]], dealer=0)
    with pytest.raises(IllegalAction, match="nothing to call"):
        state.apply("fold")
    play(state, "1 bet 1")
    with pytest.raises(IllegalAction, match="cannot check"):
        state.apply("check")


def test_p4_short_all_in_call_does_not_reopen_and_bets_are_capped_by_chips():
    state = position(
        [100, 100, 4], [["AS", "2D"], ["KH", "KD"], ["7C", "7S"]], dealer=2, options=NO_DRAW
    )
    play(state, "0 bet 3", "1 call")
    assert legal(state) == ["fold", "call"]  # 3 chips left: only a call all-in
    play(state, "2 call")
    assert state.hand_no == 2  # nobody reacts to the short call: the round is over
    two = position([100, 3], [["AS", "2D"], ["KH", "KD"]], dealer=1, options={"ante": 0})
    play(two, "0 check")
    assert legal(two) == ["check", "bet 1", "bet 2", "bet 3"]
    two2 = position([100, 2], [["AS", "2D"], ["KH", "KD"]], dealer=1, options={"ante": 0})
    play(two2, "0 check")
    assert legal(two2) == ["check", "bet 1", "bet 2"]  # may bet all their chips, that is less


def test_p4_a_lone_player_not_all_in_only_answers_and_uncalled_chips_return():
    state = position([100, 3], [["AS", "2D"], ["KH", "KD"]], dealer=0)
    # seat 1 has 2 after the ante; it bets 2 (all-in); seat 0 may only call or fold
    play(state, "1 bet 2")
    assert legal(state) == ["fold", "call"]
    events = play(state, "0 call")
    # the draw happens, then no second betting round (nobody can answer a bet)
    assert state.phase.value == "draw"
    events = play(state, "1 stand", "0 stand")
    assert of_type(events, "showdown")
    big = position([100, 100], [["AS", "2D"], ["KH", "KD"]], dealer=0, options={"ante": 1})
    events = play(big, "1 bet 3", "0 fold")
    assert of_type(events, "uncalled") == [{"type": "uncalled", "player": 1, "chips": 3}]
    assert of_type(events, "showdown")[0]["chips"] == [99, 101]


def test_p4_side_pot_split_high_low_among_three_players():
    # Seat 0 goes all-in short; the main pot is split High/Low among all three, the side pot
    # between seats 1 and 2 only.
    state = position(
        [5, 100, 100],
        [["AS", "2D"], ["KH", "KD"], ["7C", "QS"]],
        dealer=2,
        options=NO_DRAW,
    )
    events = play(state, "0 bet 3", "1 raise 3", "2 call", "0 call")
    show = of_type(events, "showdown")[0]
    assert show["pots"] == [
        {"amount": 15, "eligible": [0, 1, 2], "high": [1], "low": [0], "shares": {"0": 7, "1": 8}},
        {"amount": 4, "eligible": [1, 2], "high": [1], "low": [2], "shares": {"1": 2, "2": 2}},
    ]
    assert show["chips"] == [7, 103, 95]
    assert sum(show["chips"]) == 205


# ---------------------------------------------------------------- P-5 the draw
def test_p5_draw_discards_and_takes_the_top_card_all_in_players_draw_too():
    state = position(
        [100, 2], [["AS", "2D"], ["KH", "KD"]], dealer=1, top=["9C", "3H"], options={"ante": 1}
    )
    play(state, "0 bet 1", "1 call")  # seat 1 all-in
    assert state.phase.value == "draw" and state.current_player == 0
    assert legal(state) == ["stand", "draw 2D", "draw AS"]
    events = play(state, "0 draw 2D")
    assert events == [{"type": "draw", "player": 0, "cards": 1}]
    assert state.view(0)["hand"] == ["9C", "AS"]
    with pytest.raises(IllegalAction, match="do not hold"):
        state.apply("draw 2D")
    play(state, "1 draw KD")
    assert state.to_dict()["discards"] == ["2D", "KD"]


def test_p5_draw_off_means_one_betting_round():
    state = position([100, 100], [["AS", "2D"], ["KH", "KD"]], dealer=1, options=NO_DRAW)
    events = play(state, "0 check", "1 check")
    assert of_type(events, "showdown") and not of_type(events, "draw")


def test_p5_second_betting_round_after_the_draw():
    state = position([100, 100], [["AS", "2D"], ["KH", "KD"]], dealer=1)
    play(state, "0 check", "1 check", "0 stand", "1 stand")
    assert state.phase.value == "bet" and state.street == 2 and state.current_player == 0
    events = play(state, "0 bet 2", "1 call")
    assert of_type(events, "showdown")


# ---------------------------------------------------------------- P-6 folds and showdown
def test_p6_a_hand_won_by_folds_shows_no_cards():
    state = position([100, 100, 100], [["AS", "2D"], ["KH", "KD"], ["7C", "7S"]], dealer=2)
    events = play(state, "0 bet 2", "1 fold", "2 fold")
    show = of_type(events, "showdown")[0]
    assert show["shown"] == {}
    assert show["pots"][0]["shares"] == {"0": 3}
    assert show["chips"] == [102, 99, 99]
    for seat in (None, 0, 1, 2):
        text = str(state.view(seat)["last_showdown"])
        assert "AS" not in text and "KH" not in text and "7C" not in text


def test_p6_showdown_shows_every_hand_still_in_but_not_the_folded():
    state = position([100, 100, 100], [["AS", "2D"], ["KH", "KD"], ["7C", "7S"]], dealer=2)
    events = play(state, "0 bet 1", "1 call", "2 fold", "0 stand", "1 stand", "0 check", "1 check")
    show = of_type(events, "showdown")[0]
    assert show["shown"] == {"0": ["2D", "AS"], "1": ["KH", "KD"]}
    assert "7C" not in str(events) and "7C" not in str(state.view(None))


# ---------------------------------------------------------------- P-7..P-9 ranking in play
def test_p7_p8_high_takes_half_low_takes_half():
    state = position([100, 100], [["AS", "2D"], ["KH", "KD"]], dealer=1, options=NO_DRAW)
    show = of_type(play(state, "0 check", "1 check"), "showdown")[0]
    assert show["pots"][0]["high"] == [1] and show["pots"][0]["low"] == [0]
    assert show["ranks"] == {"0": {"high": "A–2", "low": "A–2"}, "1": {"high": "K–K", "low": "K–K"}}


def test_p9_wild_and_ace_is_aa_for_high_and_a2_for_low():
    state = position(
        [100, 100, 100],
        [["X1", "AS"], ["KH", "KD"], ["AD", "2C"]],
        dealer=2,
        options={"wild": "jokers", "draw": "off"},
    )
    show = of_type(play(state, "0 check", "1 check", "2 check"), "showdown")[0]
    assert show["ranks"]["0"] == {"high": "A–A", "low": "A–2"}
    pot = show["pots"][0]
    assert pot["high"] == [0] and pot["low"] == [0, 2]
    assert pot["shares"] == {"0": 3}  # High 2; the tied Low chip goes to seat 0 (dealer's left)


def test_p9_two_wilds_are_a_pair_of_aces_on_both_sides():
    state = position(
        [100, 100, 100],
        [["2H", "2S"], ["AH", "AC"], ["KD", "QS"]],
        dealer=2,
        options={"wild": "deuces", "draw": "off", "ante": 2},
    )
    show = of_type(play(state, "0 check", "1 check", "2 check"), "showdown")[0]
    assert show["ranks"]["0"] == {"high": "A–A", "low": "A–A"}
    pot = show["pots"][0]
    assert pot["high"] == [0, 1]  # tied pairs of aces
    assert pot["low"] == [2]  # any non-pair beats the pair of aces for Low
    assert pot["shares"] == {"0": 2, "1": 1, "2": 3}  # 6: High 3 -> 2 + 1 (dealer's left first)


# ---------------------------------------------------------------- P-10 odd chips
def test_p10_odd_chip_to_high_and_leftovers_from_the_dealers_left():
    # pot 3: High gets 2, Low 1
    state = position(
        [100, 100, 100], [["AS", "2D"], ["KH", "KD"], ["7C", "9S"]], dealer=0, options=NO_DRAW
    )
    show = of_type(play(state, "1 check", "2 check", "0 check"), "showdown")[0]
    assert show["pots"][0]["shares"] == {"0": 1, "1": 2}
    # Low tied between seats 0 and 2 (both A–2): low half 1 goes to the first from dealer's left
    tied = position(
        [100, 100, 100], [["AS", "2D"], ["KH", "KD"], ["AC", "2H"]], dealer=0, options=NO_DRAW
    )
    show = of_type(play(tied, "1 check", "2 check", "0 check"), "showdown")[0]
    assert show["pots"][0]["low"] == [0, 2]
    assert show["pots"][0]["shares"] == {"1": 2, "2": 1}  # seat 2 is before seat 0 after dealer 0


# ---------------------------------------------------------------- P-11 declarations
DECLARE = {"declare": "yes", "draw": "off"}


def test_p11_declarations_are_secret_until_all_have_declared():
    state = position(
        [100, 100, 100], [["3C", "2D"], ["KH", "KS"], ["AH", "4S"]], dealer=2, options=DECLARE
    )
    play(state, "0 check", "1 check", "2 check")
    assert state.phase.value == "declare"
    events = play(state, "0 declare both")
    assert events == [{"type": "declared", "player": 0}]
    for seat in (None, 1, 2):
        view = state.view(seat)
        assert "both" not in str({k: v for k, v in view.items() if k != "options"})
        assert view["has_declared"] == [True, False, False]
    assert state.view(0)["my_declaration"] == "both"


def test_p11_a_failed_both_is_out_of_both_sides():
    state = position(
        [100, 100, 100], [["3C", "2D"], ["KH", "KS"], ["AH", "4S"]], dealer=2, options=DECLARE
    )
    events = play(
        state, "0 check", "1 check", "2 check", "0 declare both", "1 declare high", "2 declare low"
    )
    show = of_type(events, "showdown")[0]
    assert show["declarations"] == {"0": "both", "1": "high", "2": "low"}
    assert show["pots"][0]["high"] == [1] and show["pots"][0]["low"] == [2]
    assert show["pots"][0]["shares"] == {"1": 2, "2": 1}


def test_p11_a_both_must_win_outright_ties_lose():
    state = position([100, 100], [["AH", "2C"], ["AS", "2D"]], dealer=1, options=DECLARE)
    events = play(state, "0 check", "1 check", "0 declare both", "1 declare low")
    pot = of_type(events, "showdown")[0]["pots"][0]
    # seat 0 ties Low with seat 1: its both fails; nobody is left on High, so Low takes it all
    assert pot["high"] == [] and pot["low"] == [1] and pot["shares"] == {"1": 2}


def test_p11_a_winning_both_scoops_and_nobody_left_shares():
    scoop = position([100, 100], [["AH", "AS"], ["KH", "QD"]], dealer=1, options=DECLARE)
    # A–A: best High; for Low the pair of aces loses to K–Q, so declare high only
    events = play(scoop, "0 check", "1 check", "0 declare both", "1 declare both")
    pot = of_type(events, "showdown")[0]["pots"][0]
    # both declarers fail (each wins only one side): nobody is left, the pot is shared
    assert pot["high"] == [] and pot["low"] == [] and pot["shares"] == {"0": 1, "1": 1}
    win = position(
        [100, 100, 100], [["AH", "2S"], ["KH", "QD"], ["9C", "9D"]], dealer=2, options=DECLARE
    )
    events = play(
        win, "0 check", "1 check", "2 check", "0 declare both", "1 declare low", "2 declare low"
    )
    pot = of_type(events, "showdown")[0]["pots"][0]
    assert pot["shares"] == {"0": 3}  # A–2 wins High (no other contender) and Low outright


# ---------------------------------------------------------------- P-12 game end
def test_p12_the_game_lasts_hands_hands():
    state = position(
        [100, 100], [["AS", "2D"], ["KH", "KD"]], dealer=0, options={"hands": 2}, hand_no=2
    )
    events = play(state, "1 bet 1", "0 fold")
    over = of_type(events, "game_over")[0]
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert over == {"type": "game_over", "winner": 1, "scores": [99, 101]}
    assert state.result() == {"winner": 1, "double": False, "scores": [99, 101]}


def test_p12_the_game_ends_when_one_seat_holds_every_chip_and_ties_draw():
    # Seats 0 and 1 are all-in with their antes and seat 2 cannot be answered: no betting, the
    # showdown at once. A–A is the best High and, as the lowest pair, the best Low: seat 2 scoops.
    one = position(
        [1, 1, 100], [["KS", "KC"], ["QH", "QD"], ["AH", "AD"]], dealer=0, options=NO_DRAW
    )
    assert one.is_over and one.result() == {"winner": 2, "double": False, "scores": [0, 0, 102]}
    assert one.last_showdown is not None and one.last_showdown["chips"] == [0, 0, 102]
    tie = position(
        [100, 100],
        [["AS", "2D"], ["AH", "2C"]],
        dealer=0,
        options={"hands": 1, "draw": "off", "ante": 2},
    )
    play(tie, "1 check", "0 check")
    assert tie.is_over and tie.result() == {"winner": None, "double": False, "scores": [100, 100]}


# ---------------------------------------------------------------- P-13 timer
def test_p13_timeout_action():
    state = position([100, 100], [["AS", "2D"], ["KH", "KD"]], dealer=1, options={"declare": "yes"})
    assert str(timeout_action(state)) == "check"
    play(state, "0 bet 1")
    assert str(timeout_action(state)) == "fold"
    play(state, "1 call")
    assert str(timeout_action(state)) == "stand"
    play(state, "0 stand", "1 stand", "0 check", "1 check")
    assert state.phase.value == "declare"
    assert str(timeout_action(state)) == "declare low"  # A–2 is the best Low
    play(state, "0 declare low")
    assert str(timeout_action(state)) == "declare high"  # K–K
