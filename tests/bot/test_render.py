"""Pure rendering: moves in words, breakdowns, sorting, the rules text within embed limits."""

from __future__ import annotations

import pytest

from bot.render.cards import sort_cards
from bot.render.hands.haggis import merge_part as _merge_part
from bot.render.moves import describe_move, matches_query, move_label, played_cards
from bot.render.rules import RULES, rules_panel
from bot.render.scores import deal_breakdown, result_line, round_breakdown


def test_hurricane_moves_in_words() -> None:
    assert move_label("hurricane", "7H:3C+4D") == "7♥ takes 3♣ + 4♦"
    assert move_label("hurricane", "KS") == "Trail K♠"
    assert move_label("hurricane", "flip 1") == "Turn up face-down card 2"
    line = describe_move("hurricane", "Anna", "7H:3C+4D", sweep=True)
    assert line == "Anna plays 7♥ and takes 3♣ + 4♦ — hurricane!"
    assert describe_move("hurricane", "Anna", "7H:3C+4D") == "Anna plays 7♥ and takes 3♣ + 4♦"
    assert describe_move("hurricane", "Bob", "2S") == "Bob trails 2♠"


@pytest.mark.parametrize(
    ("game", "text", "cards"),
    [
        ("hurricane", "7H:3C+4D", {"7H"}),
        ("hurricane", "KS", {"KS"}),
        ("hurikan", "4S+2H:6C", {"4S", "2H"}),
        ("hurikan", "4S+2H", {"4S", "2H"}),
        ("haggis", "5G 5R J =set", {"5G", "5R", "J"}),
        ("haggis", "7R", {"7R"}),
        ("haggis", "pass", None),
        ("haggis", "bet 15", None),
        ("haggis", "give 2", None),
        ("hurricane", "flip 0", None),
        ("hurricane_poker", "draw 7H", None),  # a discard is not a card put down for all to see
        ("hurricane_poker", "raise 2", None),
        ("hurricane_poker", "declare both", None),
    ],
)
def test_played_cards_are_the_hand_cards_a_move_puts_down(
    game: str, text: str, cards: set[str] | None
) -> None:
    assert played_cards(game, text) == (None if cards is None else frozenset(cards))


def test_hurikan_and_haggis_moves_in_words() -> None:
    assert move_label("hurikan", "4S+2H:6C") == "Lay 4♠ + 2♥, take 6♣"
    assert move_label("hurikan", "2H+5D") == "Lay 2♥ + 5♦ on the table"
    assert describe_move("hurikan", "Anna", "4S+2H:6C") == "Anna lays 4♠ + 2♥ and takes 6♣"
    assert move_label("haggis", "5G J Q =set") == "5🟩 J Q as a set"
    assert move_label("haggis", "5G J Q =seq1") == "5🟩 J Q as a sequence"
    assert move_label("haggis", "3R 4R J Q =seq2") == "3🟥 4🟥 J Q as a 2-wide sequence"
    assert move_label("haggis", "bet 30") == "Bet 30 (big bet)"
    assert move_label("haggis", "give 2", ["A", "B", "Cleo"]) == "Give the trick to Cleo"
    assert describe_move("haggis", "Anna", "pass") == "Anna passes"
    assert describe_move("haggis", "Anna", "bet 0") == "Anna makes no bet"


def test_hurricane_poker_moves_in_words() -> None:
    view = {"to_call": 2}
    assert move_label("hurricane_poker", "call", (), view) == "Call 2"
    assert move_label("hurricane_poker", "call") == "Call"
    assert move_label("hurricane_poker", "raise 3") == "Raise by 3"
    assert move_label("hurricane_poker", "bet 1") == "Bet 1"
    assert move_label("hurricane_poker", "draw 7H") == "Draw: discard 7♥"
    assert move_label("hurricane_poker", "stand") == "Stand pat"
    assert move_label("hurricane_poker", "declare both") == "Declare both High and Low"
    # for everyone afterwards: the discard and the declared side stay secret
    assert describe_move("hurricane_poker", "Bob", "draw 7H") == "Bob draws one card"
    assert describe_move("hurricane_poker", "Bob", "declare low") == "Bob declares"
    assert describe_move("hurricane_poker", "Bob", "raise 2") == "Bob raises by 2"
    assert describe_move("hurricane_poker", "Bob", "fold") == "Bob folds"


def test_autocomplete_filter() -> None:
    assert matches_query("7♥ takes 3♣ + 4♦", "7H:3C+4D", "7h")
    assert matches_query("7♥ takes 3♣ + 4♦", "7H:3C+4D", "takes 4")
    assert not matches_query("Trail K♠", "KS", "7")


def test_deal_breakdown_names_every_category() -> None:
    event = {
        "type": "deal_scored",
        "points": [3, 1],
        "categories": {"sweeps": [1, 0], "cards": 0, "hearts": 1, "seven": 0, "primiera": None},
        "totals": [10, 6],
        "details": {
            "cards": [22, 14],
            "hearts": [4, 6],
            "primiera": {
                "winner": None,
                "values": [70, None],
                "cards": [["7H", "6D", "AC", "5S"], ["7C"]],
            },
        },
    }
    lines = deal_breakdown(event, ["Anna", "Bob"])
    assert lines[0] == "Hurricanes: Anna 1 · Bob 0"
    assert "Most cards: Anna (Anna 22 · Bob 14)" in lines
    assert "Most hearts: Bob (Anna 4 · Bob 6)" in lines
    assert "7♥: Anna" in lines
    assert any(line.startswith("Primiera: nobody (Anna 70 7♥ 6♦ A♣ 5♠") for line in lines)
    assert lines[-2:] == ["Points this deal: Anna 3 · Bob 1", "Totals: Anna 10 · Bob 6"]


def test_round_breakdown_and_result() -> None:
    event = {
        "points": [45, 12, 3],
        "parts": {"out": [30, 10, 0], "bonus": [5, 0, 0], "cards": [10, 2, 3], "bets": [0, 0, 0]},
        "totals": [100, 40, 20],
    }
    lines = round_breakdown(event, ["A", "B", "C"])
    assert lines == [
        "Going out: A 30 · B 10 · C 0",
        "First-out bonus: A 5 · B 0 · C 0",
        "Cards: A 10 · B 2 · C 3",
        "Points this round: A 45 · B 12 · C 3",
        "Totals: A 100 · B 40 · C 20",
    ]
    assert (
        result_line({"winner": 0, "double": True, "scores": [17, 5]}, ["Anna", "Bob"])
        == "Anna wins 17–5 — a double win!"
    )
    assert result_line({"winner": None, "scores": [110, 110]}, ["Anna", "Bob"]).startswith(
        "The game is a draw"
    )
    assert result_line({"winner": 1, "scores": [3, 16]}, ["A & C", "B & D"]) == "B & D win 16–3."
    # winner first, then the others from the highest: "Carol wins 252–208–195"
    three = {"winner": 2, "scores": [195, 208, 252]}
    assert result_line(three, ["Anna", "Bob", "Carol"]) == "Carol wins 252–208–195."
    assert result_line({"winner": 1, "scores": [22, 94]}, ["Anna", "Bob"]) == "Bob wins 94–22."


def test_sorting_and_selection_masks() -> None:
    assert sort_cards(["KS", "AH", "7D", "AS"]) == ["AH", "AS", "7D", "KS"]
    assert sort_cards(["K", "10G", "2R", "J", "10B"]) == ["2R", "10G", "10B", "J", "K"]
    hand = [f"c{i}" for i in range(30)]
    mask = _merge_part(hand, 0, 0, ["c1", "c3"])
    mask = _merge_part(hand, mask, 1, ["c26"])
    assert mask == (1 << 1) | (1 << 3) | (1 << 26)
    assert _merge_part(hand, mask, 0, []) == 1 << 26  # clearing part 1 keeps part 2
    assert (
        _merge_part(hand[:5], 0b11, 9, ["c1"]) == 0b11
    )  # a part that does not exist changes nothing


@pytest.mark.parametrize("game", sorted(RULES))
def test_rules_fit_an_embed(game: str) -> None:
    panel = rules_panel(game)
    total = (
        len(panel.title) + len(panel.description) + sum(len(n) + len(v) for n, v in panel.fields)
    )
    assert total <= 6000 and len(panel.description) <= 4096
    assert all(len(v) <= 1024 for _n, v in panel.fields)
    with pytest.raises(ValueError, match="choose one of"):
        rules_panel("poker")
