"""Worked examples of whole round scores with bets (RULES.md G-14..G-21), every card placed by hand.

Each example lists all 42 (2 players) or 54 (3 players) cards, so the card points can be checked
by hand: 2 players hold 36 points in all, 3 players 50.
"""

from __future__ import annotations

from bot.games import haggis

from .test_haggis_support import events_of, points


def test_example_two_players_big_bet_won() -> None:
    """Seat 0 bet 30 and goes out first while seat 1 still holds 4 cards."""
    pile0 = ["4O", "5O", "6O", "7O", "8O", "9O", "10O", "J", "J", "Q", "Q", "K"]
    pile1 = ["2Y", "3Y", "5Y", "6Y", "7Y", "8Y", "9Y", "10Y"]
    pile1 += [f"{r}G" for r in range(2, 11)]
    hag = ["2R", "3R", "4R", "5R", "6R", "7R", "9R", "10R"]
    assert (points(pile0), points(pile1), points(hag)) == (18, 8, 4)
    state = haggis.load_game(
        {
            "game": "haggis",
            "seed": 3,
            "dealer": 1,
            "turn": 0,
            "hands": [["8R"], ["2O", "3O", "4Y", "K"]],
            "haggis": hag,
            "piles": [pile0, pile1],
            "trick": [],
            "bets": [30, None],
            "played": [True, True],
            "scores": [40, 55],
        }
    )
    events = state.apply("8R")
    assert events_of(events, "went_out")[0]["points"] == 20  # 5 x 4 cards
    scored = events_of(events, "round_scored")[0]
    # cards: seat 0 = 18 (pile) + 0 (8R) + 6 (2O 3O 4Y K left over) + 4 (Haggis) = 28; seat 1 = 8
    assert scored["parts"] == {
        "out": [20, 0],
        "bonus": [0, 0],
        "cards": [28, 8],
        "bets": [30, 0],
    }
    assert scored["points"] == [78, 8]
    assert scored["totals"] == [118, 63]
    deal = events_of(events, "deal")[0]
    assert (deal["dealer"], deal["leader"]) == (0, 1)  # highest deals, lowest leads


def test_example_two_players_bomb_out_and_failed_bet_end_the_game() -> None:
    """Seat 1 (bet 30) leads a pair; seat 0 answers with its J-Q bomb, its last cards."""
    pile0 = ["2O", "3O", "4O", "5O", "7O", "8O", "9O", "10O", "K"]
    pile1 = [f"{r}Y" for r in range(2, 11)] + [f"{r}G" for r in range(2, 9)] + ["J", "Q"]
    hag = ["2R", "3R", "4R", "5R", "7R", "8R", "9R", "10R"]
    assert (points(pile0), points(pile1), points(hag)) == (9, 12, 4)
    state = haggis.load_game(
        {
            "game": "haggis",
            "seed": 3,
            "dealer": 0,
            "turn": 1,
            "hands": [["J", "Q"], ["6R", "6O", "9G", "10G", "K"]],
            "haggis": hag,
            "piles": [pile0, pile1],
            "bets": [None, 30],
            "played": [True, True],
            "scores": [200, 230],
        }
    )
    state.apply("6R 6O")
    events = state.apply("J Q")
    assert events_of(events, "went_out")[0]["points"] == 15  # seat 1 still holds 3 cards
    won = events_of(events, "trick_won")[0]
    assert (won["winner"], won["taker"], won["points"]) == (0, 1, 5)  # a bomb: the opponent takes
    scored = events_of(events, "round_scored")[0]
    # cards: seat 0 = 9 + 6 (9G 10G K) + 4 (Haggis) = 19; seat 1 = 12 + 5 (6R 6O J Q) = 17
    # bets: seat 1's big bet failed: 30 to the first out (seat 0, who also did not bet: once)
    assert scored["parts"] == {
        "out": [15, 0],
        "bonus": [0, 0],
        "cards": [19, 17],
        "bets": [30, 0],
    }
    assert scored["totals"] == [264, 247]
    assert events_of(events, "game_over") == [
        {"type": "game_over", "winner": 0, "scores": [264, 247]}
    ]
    assert state.result()["winner"] == 0


def _three_player_position(bonus: str) -> dict:
    return {
        "game": "haggis",
        "options": {"first_out_bonus": bonus},
        "seed": 3,
        "dealer": 2,
        "turn": 0,
        "hands": [["5B"], ["2R", "2O", "8Y"], ["9G", "K"]],
        "haggis": ["3B", "4B", "6B"],
        "piles": [
            [f"{r}R" for r in range(3, 11)] + ["J", "J", "J"],
            [f"{r}O" for r in range(3, 11)]
            + ["2Y", "3Y", "4Y", "5Y", "6Y", "7Y", "9Y", "10Y", "Q", "Q", "Q"],
            ["2G", "3G", "4G", "5G", "6G", "7G", "8G", "10G"]
            + ["2B", "7B", "8B", "9B", "10B", "K", "K"],
        ],
        "bets": [15, 30, None],
        "played": [True, True, True],
        "scores": [0, 0, 0],
    }


def test_example_three_players_bets_bonus_and_second_out() -> None:
    data = _three_player_position("on")
    assert [points(p) for p in data["piles"]] == [10, 17, 15]
    state = haggis.load_game(data)
    out1 = events_of(state.apply("5B"), "went_out")[0]
    assert (out1["points"], out1["bonus"]) == (15, 5)  # largest other hand: 3 cards
    state.apply("pass")  # seat 1
    state.apply("K")  # seat 2: a single K beats a single 5
    won = events_of(state.apply("pass"), "trick_won")[0]  # seat 1; seat 0 is out
    assert (won["taker"], won["points"]) == (2, 6)
    events = state.apply("9G")  # seat 2 leads its last card: second out, the round ends
    out2 = events_of(events, "went_out")[0]
    assert (out2["place"], out2["points"]) == (2, 15)  # seat 1 still holds 3 cards
    scored = events_of(events, "round_scored")[0]
    # cards: seat 0 = 10 + 0 (2R 2O 8Y) + 1 (Haggis 3B 4B 6B) = 11; seat 1 = 17;
    #        seat 2 = 15 + 6 (5B K) + 1 (9G) = 22          -> 50 in all
    # bets: seat 0 won its 15; seat 1's 30 failed: 30 to seat 0 (first out) and seat 2 (no bet)
    assert scored["parts"] == {
        "out": [15, 0, 15],
        "bonus": [5, 0, 0],
        "cards": [11, 17, 22],
        "bets": [45, 0, 30],
    }
    assert scored["points"] == [76, 17, 67]
    assert scored["totals"] == [76, 17, 67]
    deal = events_of(events, "deal")[0]
    assert (deal["dealer"], deal["leader"]) == (0, 1)


def test_example_three_players_without_first_out_bonus() -> None:
    state = haggis.load_game(_three_player_position("off"))
    for move in ("5B", "pass", "K", "pass"):
        state.apply(move)
    scored = events_of(state.apply("9G"), "round_scored")[0]
    assert scored["parts"]["bonus"] == [0, 0, 0]
    assert scored["points"] == [71, 17, 67]
