"""Haggis rules G-13 (chooser) .. G-21 and every option value, from positions."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import haggis
from bot.games.errors import IllegalAction
from bot.games.haggis.scoring import bet_points, next_dealer_and_leader
from bot.games.haggis.state import HaggisState

from .test_haggis_support import events_of, load


def strs(state: haggis.HaggisState, player: int | None = None) -> set[str]:
    return {str(a) for a in state.legal_actions(player)}


# ---------------------------------------------------------------- G-13 bomb capture options
def _bombed_trick(capture: str) -> haggis.HaggisState:
    state = load(
        [["5R", "5O", "2R"], ["J", "Q", "3R"], ["6R", "2Y"]],
        options={"bomb_capture": capture},
    )
    state.apply("5R 5O")
    state.apply("J Q")
    state.apply("pass")
    return state


def test_option_bomb_capture_tournament() -> None:
    state = _bombed_trick("tournament")
    won = events_of(state.apply("pass"), "trick_won")[0]
    assert (won["winner"], won["taker"], won["given"]) == (1, 0, False)
    assert state.current_player == 1


def test_option_bomb_capture_chooser() -> None:
    state = _bombed_trick("chooser")
    events = state.apply("pass")
    assert events_of(events, "choose_taker")[0]["choices"] == [0, 2]
    assert not events_of(events, "trick_won")
    assert state.current_player == 1
    assert strs(state) == {"give 0", "give 2"}
    before = state.to_dict()
    for bad in ("give 1", "give 7", "3R", "pass"):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_dict() == before
    assert haggis.load_game(before).to_dict() == before  # a pending give survives a reload
    won = events_of(state.apply("give 2"), "trick_won")[0]
    assert (won["winner"], won["taker"], won["given"]) == (1, 2, True)
    assert sorted(state.view(0)["piles"][2]) == ["5O", "5R", "J", "Q"]
    assert state.current_player == 1  # the bomber leads the next trick


def test_g13_two_players_ignore_chooser() -> None:
    state = load([["5R", "6R"], ["J", "Q", "8R"]], options={"bomb_capture": "chooser"})
    state.apply("5R")
    state.apply("J Q")
    won = events_of(state.apply("pass"), "trick_won")[0]
    assert won["taker"] == 0


# ---------------------------------------------------------------- G-14..G-16 going out
@pytest.mark.parametrize(("bonus_option", "bonus"), [("on", 5), ("off", 0)])
def test_g14_going_out_scores_five_per_card_of_the_largest_hand(
    bonus_option: str, bonus: int
) -> None:
    state = load(
        [["8R"], ["2R", "3R", "4R", "5R"], ["2O", "3O", "4O", "5O", "6O", "7O"]],
        options={"first_out_bonus": bonus_option},
    )
    out = events_of(state.apply("8R"), "went_out")[0]
    assert (out["player"], out["place"], out["points"], out["bonus"]) == (0, 1, 30, bonus)
    assert state.view(1)["round_points"] == [30 + bonus, 0, 0]
    assert state.view(1)["out"] == [0]
    assert state.current_player == 1  # the trick goes on without seat 0


def test_option_first_out_bonus_on() -> None:
    state = load([["8R"], ["2R"], ["2O", "3O"]], options={"first_out_bonus": True})
    assert state.options["first_out_bonus"] == "on"
    assert events_of(state.apply("8R"), "went_out")[0]["bonus"] == 5


def test_option_first_out_bonus_off() -> None:
    state = load([["8R"], ["2R"], ["2O", "3O"]], options={"first_out_bonus": "off"})
    assert events_of(state.apply("8R"), "went_out")[0]["bonus"] == 0


def test_g14_two_players_have_no_bonus() -> None:
    state = load([["8R"], ["2R", "3R", "4R", "5R", "K"]])
    events = state.apply("8R")
    assert events_of(events, "went_out")[0]["points"] == 25
    assert events_of(events, "round_scored")[0]["parts"]["bonus"] == [0, 0]


def test_g15_two_player_round_ends_at_the_first_out() -> None:
    state = load([["8R"], ["2R", "3R"]])
    events = state.apply("8R")
    kinds = [e["type"] for e in events]
    assert kinds == ["play", "went_out", "trick_won", "round_scored", "deal"]
    assert state.view(0)["round"] == 2 and state.view(0)["hand_sizes"] == [17, 17]


def test_g15_three_player_round_ends_at_the_second_out() -> None:
    state = load([["8R"], ["9R", "2O"], ["10R", "3O", "4O"]])
    events = state.apply("8R")
    assert not events_of(events, "round_scored")
    state.apply("9R")  # seat 1
    state.apply("10R")  # seat 2
    events = state.apply("pass")  # seat 1: trick to seat 2
    assert events_of(events, "trick_won")[0]["taker"] == 2
    events = state.apply("3O")  # seat 2 leads
    assert events_of(events, "trick_won") == []
    events = state.apply("pass")  # seat 1
    assert events_of(events, "trick_won")[0]["winner"] == 2
    events = state.apply("4O")  # seat 2 plays its last card: second out
    out = events_of(events, "went_out")[0]
    assert (out["player"], out["place"], out["points"], out["bonus"]) == (2, 2, 5, 0)
    scored = events_of(events, "round_scored")[0]
    assert scored["parts"]["out"] == [5 * 3, 0, 5 * 1]  # largest other hands: 3 cards, then 1
    assert scored["first_out"] == 0 and scored["out"] == [0, 2]


def bombed_after_the_first_out(**extra: Any) -> tuple[HaggisState, list[dict[str, Any]]]:
    """Seat 0 is out; seat 1 leads a pair and seat 2 goes out second with a bomb: its events."""
    state = load(
        [[], ["5R", "5O", "2O"], ["J", "Q"]],
        turn=1,
        out=[0],
        round_points=[20, 0, 0],
        played=[True, True, True],
        **extra,
    )
    state.apply("5R 5O")
    return state, state.apply("J Q")


def test_g15_trick_in_progress_is_captured_as_g13() -> None:
    _, events = bombed_after_the_first_out()
    won = events_of(events, "trick_won")[0]
    assert (won["winner"], won["taker"], won["bomb"]) == (2, 1, True)
    assert events_of(events, "round_scored")


def test_g16_leftovers_and_haggis_go_to_the_first_out() -> None:
    state = load(
        [["8R"], [], ["9G", "4R", "K"]],
        out=[1],
        round_points=[0, 20, 0],
        played=[True, True, True],
        haggis=["3B", "5B", "7B"],
        rest_to=1,
    )
    pile_before = state.view(0)["card_points"]
    assert pile_before[0] == 0 and pile_before[2] == 0
    scored = events_of(state.apply("8R"), "round_scored")[0]
    # seat 1 (first out) gets 9G 4R K (1+0+5) and the Haggis 3B 5B 7B (3)
    assert scored["parts"]["cards"] == [0, pile_before[1] + 6 + 3, 0]
    assert scored["haggis_points"] == 3 and scored["leftover_cards"] == 3


# ---------------------------------------------------------------- G-17, G-18 bets
def test_g17_bet_out_of_turn_does_not_pass_the_turn() -> None:
    state = load([["2R", "3R"], ["4R", "5R"]])
    assert strs(state, 1) == {"bet 0", "bet 15", "bet 30"}
    events = state.apply("bet 15", player=1)
    assert events == [{"type": "bet", "player": 1, "amount": 15}]
    assert state.current_player == 0
    assert strs(state, 1) == set()
    with pytest.raises(IllegalAction, match="a bet is final"):
        state.apply("bet 30", player=1)
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply("4R", player=1)


def test_g17_no_bet_after_playing_but_passing_is_not_playing() -> None:
    state = load([["2R", "3R", "9R"], ["4R", "5R"]])
    state.apply("2R")
    with pytest.raises(IllegalAction, match="before you play"):
        state.apply("bet 15", player=0)
    assert "bet 15" not in strs(state, 0)
    state.apply("pass", player=1)
    assert "bet 30" in strs(state, 1)
    state.apply("bet 0", player=1)  # 0 is a declared "no bet": final too
    with pytest.raises(IllegalAction, match="a bet is final"):
        state.apply("bet 15", player=1)


def test_g18_successful_bet_scores_for_the_bettor() -> None:
    state = load([["2R"], ["8R", "9R"]], bets=[None, 15], turn=1, rest_to=0)
    state.apply("8R")
    state.apply("pass")
    scored = events_of(state.apply("9R"), "round_scored")[0]
    assert scored["parts"]["bets"] == [0, 15]


def test_g18_failed_bet_pays_the_first_out_and_every_non_bettor() -> None:
    state = load(
        [["8R"], ["2R"], []],
        out=[2],
        round_points=[0, 30, 45],  # seat 2 went out first: seat 0's bet is lost already
        played=[True, True, True],
        bets=[30, 0, None],
    )
    scored = events_of(state.apply("8R"), "round_scored")[0]
    assert scored["first_out"] == 2
    assert scored["parts"]["bets"] == [0, 30, 30]  # seat 1 bet 0: that is not betting
    assert bet_points([15, 30, None], 0) == [45, 0, 30]  # nobody is paid twice, nobody loses


# ---------------------------------------------------------------- G-19..G-21 scoring
def test_g19_round_score_is_the_sum_of_its_parts() -> None:
    state = load([["8R"], ["2R", "3R"]], bets=[15, None], scores=[10, 20], rest_to=1)
    scored = events_of(state.apply("8R"), "round_scored")[0]
    parts = scored["parts"]
    assert set(parts) == {"out", "bonus", "cards", "bets"}
    sums = [sum(p[s] for p in parts.values()) for s in range(2)]
    assert scored["points"] == sums
    assert scored["totals"] == [10 + sums[0], 20 + sums[1]]
    assert parts["out"] == [10, 0] and parts["bets"] == [15, 0]
    assert state.view(1)["last_round"]["parts"] == parts
    assert state.view(1)["scores"] == scored["totals"]


def _finish(target: int, scores: list[int]) -> tuple[haggis.HaggisState, list[dict]]:
    """Seat 0 goes out facing 1 card: seat 0 scores 5, seat 1 all 36 card points."""
    state = load([["2R"], ["4R"]], scores=scores, rest_to=1, options={"target": target})
    return state, state.apply("2R")


def test_option_target_250() -> None:
    state, events = _finish(250, [0, 220])
    assert events_of(events, "round_scored")[0]["totals"] == [5, 256]
    assert events_of(events, "game_over") == [
        {"type": "game_over", "winner": 1, "scores": [5, 256]}
    ]
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.result() == {"winner": 1, "double": False, "scores": [5, 256]}
    with pytest.raises(IllegalAction, match="over"):
        state.apply("bet 0", player=0)


def test_option_target_350() -> None:
    state, events = _finish(350, [0, 220])
    assert not events_of(events, "game_over") and events_of(events, "deal")
    assert not state.is_over
    state, events = _finish(350, [0, 320])
    assert events_of(events, "game_over")[0]["winner"] == 1


def test_g20_a_tie_at_the_top_plays_another_round() -> None:
    state, events = _finish(250, [245, 214])  # a seat alone at 250 or more has already won
    assert events_of(events, "round_scored")[0]["totals"] == [250, 250]
    assert not state.is_over
    deal = events_of(events, "deal")[0]
    assert (deal["dealer"], deal["leader"]) == (0, 1)  # tie: last first-out deals


def test_g21_first_round_random_dealer_and_left_leads() -> None:
    dealers = set()
    for seed in range(12):
        state = haggis.new_game(seed=seed, players=3)
        view = state.view(None)
        assert view["leader"] == (view["dealer"] + 1) % 3 == state.current_player
        dealers.add(view["dealer"])
    assert dealers == {0, 1, 2}


def test_g21_highest_deals_lowest_leads() -> None:
    state, events = _finish(350, [100, 0])
    deal = events_of(events, "deal")[0]
    assert (deal["dealer"], deal["leader"]) == (0, 1)  # totals 105 / 36
    state, events = _finish(350, [0, 0])
    deal = events_of(events, "deal")[0]
    assert (deal["dealer"], deal["leader"]) == (1, 0)  # totals 5 / 36
    assert next_dealer_and_leader([50, 10, 10], 2) == (0, 1)
    assert next_dealer_and_leader([10, 50, 10], 0) == (1, 2)
    assert next_dealer_and_leader([50, 50, 10], 1) == (1, 2)
    assert next_dealer_and_leader([50, 50, 10], 2) == (0, 2)
    assert next_dealer_and_leader([20, 20, 20], 1) == (1, 2)


# ---------------------------------------------------------------- options as values
def test_options_defaults_and_bad_values() -> None:
    state = haggis.new_game(seed=1)
    assert state.num_players == 2
    assert state.options == {"target": 250, "first_out_bonus": "on", "bomb_capture": "tournament"}
    for options, word in (
        ({"target": 300}, "250 \\| 350"),
        ({"first_out_bonus": "maybe"}, "on \\| off"),
        ({"bomb_capture": "random"}, "tournament \\| chooser"),
        ({"colour": "red"}, "options are"),
    ):
        with pytest.raises(ValueError, match=word):
            haggis.new_game(seed=1, options=options)
    with pytest.raises(ValueError, match="2 or 3 players"):
        haggis.new_game(seed=1, players=4)


def test_option_bomb_capture_chooser_at_the_end_of_a_round() -> None:
    state, events = bombed_after_the_first_out(options={"bomb_capture": "chooser"})
    # seat 2 goes out second with a bomb: it still chooses
    assert events_of(events, "choose_taker") and not events_of(events, "round_scored")
    assert state.current_player == 2 and strs(state) == {"give 0", "give 1"}
    saved = state.to_dict()
    assert haggis.load_game(saved).to_dict() == saved
    events = state.apply("give 0")
    assert events_of(events, "trick_won")[0]["taker"] == 0
    assert events_of(events, "round_scored") and events_of(events, "deal")


# ---------------------------------------------------------------- round_points include decided bets
def _bet_decided(rotate: int = 0, **extra: Any) -> HaggisState:
    """Three players; the first seat is out and seat 2's bet of 15 is lost already (rotated by
    ``rotate`` seats). Piles: seat 0 the rest (35 points), seat 1 8 points, seat 2 a K."""

    def turned(per_seat: list[Any]) -> list[Any]:
        return [per_seat[(s - rotate) % 3] for s in range(3)]

    given: dict[str, Any] = {
        "bets": turned([None, None, 15]),
        "round_points": turned([55, 15, 0]),
        **extra,
    }
    return load(
        turned([[], ["7G"], ["2O", "2Y"]]),
        piles=turned([[], ["Q", "J", "3O", "5O", "7O"], ["K"]]),
        haggis=["3R", "8O", "10Y"],
        rest_to=rotate % 3,
        turn=(1 + rotate) % 3,
        out=[rotate % 3],
        **given,
    )


def test_g18_round_points_include_bets_as_soon_as_they_are_decided() -> None:
    state = _bet_decided()
    # seat 0 went out first: seat 2's lost bet pays seat 0 and seat 1 (who did not bet) now
    assert state.view(2)["round_points"] == [55, 15, 0]
    assert state.view(2)["round_parts"] == {
        "out": [35, 0, 0],
        "bonus": [5, 0, 0],
        "bets": [15, 15, 0],
    }
    scored = events_of(state.apply("7G"), "round_scored")[0]
    assert scored["points"] == [91, 34, 5]  # the bet counted once, not [106, 49, 5]
    assert scored["parts"]["bets"] == [15, 15, 0]


def test_g18_round_points_survive_a_reload_and_a_bet_after_the_first_out() -> None:
    state = _bet_decided(bets=[None, None, None], round_points=[40, 0, 0])
    state.apply("bet 30", player=2)  # pointless but legal (seat 2 has not played): lost at once
    assert state.view(None)["round_points"] == [70, 30, 0]
    again = haggis.load_game(state.to_dict())
    assert again.to_dict() == state.to_dict()
    assert events_of(again.apply("7G"), "round_scored")[0]["parts"]["bets"] == [30, 30, 0]


def test_g18_snapshots_saved_before_bets_counted_in_round_points_still_load() -> None:
    """A table saved by the earlier engine: round_parts without bets, round_points without them."""
    old = _bet_decided().to_dict()
    old["round_points"] = [40, 0, 0]
    old["round_parts"] = {"out": [35, 0, 0], "bonus": [5, 0, 0]}
    state = haggis.load_game(old)
    assert state.view(None)["round_points"] == [55, 15, 0]
    assert events_of(state.apply("7G"), "round_scored")[0]["points"] == [91, 34, 5]


def test_g18_round_points_below_the_decided_bets_are_refused() -> None:
    from bot.games.errors import InvalidState

    with pytest.raises(InvalidState, match="bets already decided"):
        _bet_decided(round_points=[40, 0, 0])


@pytest.mark.parametrize(
    ("scores", "dealer", "leader"),
    [
        ([86, 0, 57], 1, 2),  # all tied at 91: the first-out seat itself deals; its left leads
        ([86, 0, 0], 1, 2),  # 91 91 34: seats 0 and 1 tied, the first out (1) deals
        ([100, 0, 71], 2, 1),  # 105 91 105: seats 0 and 2 tied, clockwise from seat 1 -> 2
    ],
)
def test_g21_tied_top_deals_first_tied_seat_clockwise_from_the_first_out(
    scores: list[int], dealer: int, leader: int
) -> None:
    state = _bet_decided(rotate=1, scores=scores)  # seat 1 is out first; points [5, 91, 34]
    events = state.apply("7G")
    assert events_of(events, "round_scored")[0]["points"] == [5, 91, 34]
    deal = events_of(events, "deal")[0]
    assert (deal["dealer"], deal["leader"]) == (dealer, leader)
