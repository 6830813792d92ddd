"""Hurricane poker's table message (bot/render/boards/hurricane_poker.py): chips, pots, bets,
folds, the dealer button, the showdown words, the final ranking; a folded hand never shows."""

from __future__ import annotations

import random

from bot.games import GameState, new_game
from bot.render.boards import BoardModel, board_model
from bot.render.boards.hurricane_poker import pots_words, showdown_lines
from bot.render.cards import card_label
from bot.render.table import game_colour, table_panel
from bot.tables.models import GameSpec, Seat, Table, TableStatus

NAMES = ["Anna", "Bob", "Cleo", "Dan"]


def table_of(state: GameState, players: int) -> Table:
    table = Table(
        channel_id=1,
        guild_id=2,
        host_id=10,
        spec=GameSpec("hurricane_poker", {}, players),
        seats=[Seat(10 + i, NAMES[i]) for i in range(players)],
        status=TableStatus.PLAYING,
        state=state,
    )
    return table


def text_of(table: Table) -> str:
    assert table.state is not None
    panel = table_panel(table, table.state.view(None))
    return "\n".join([panel.title, *panel.lines, *(f"{n}: {v}" for n, v in panel.fields)])


def test_registry_and_colours() -> None:
    assert board_model("hurricane_poker").colour != board_model("haggis").colour
    assert type(board_model("no_such_game")) is BoardModel
    assert game_colour("hurricane_poker") == board_model("hurricane_poker").colour


def test_the_table_shows_chips_pot_bets_and_the_dealer() -> None:
    state = new_game("hurricane_poker", seed=3, players=3)
    table = table_of(state, 3)
    seat = state.current_player
    assert seat is not None
    state.apply("bet 2", seat)
    text = text_of(table)
    dealer = NAMES[state.view(None)["dealer"]]
    assert "Hand 1 of 10" in text and f"Dealer Ⓓ: {dealer}" in text
    assert "**Pot: 5**" in text and "to call 2" in text
    assert f"{NAMES[seat]}: chips 97 · bet 2" in text
    assert "Ⓓ dealer" in text


def test_pots_words() -> None:
    assert pots_words([{"amount": 9, "eligible": [0, 1, 2]}]) == "9"
    two = [{"amount": 9, "eligible": [0, 1, 2]}, {"amount": 4, "eligible": [1, 2]}]
    assert pots_words(two) == "13 (main 9 · side 4)"


def test_showdown_words_and_a_folded_hand_never_shows() -> None:
    rng = random.Random(4)
    found = 0
    for seed in range(40):
        state = new_game("hurricane_poker", seed=seed, players=4, options={"hands": 3})
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            before = state.to_dict()
            events = state.apply(rng.choice(state.legal_actions(seat)), seat)
            showdown = next((e for e in events if e["type"] == "showdown"), None)
            if showdown is None:
                continue
            folded = [
                s
                for s in range(4)
                if before["folded"][s] or (s == seat and events[0].get("type") == "fold")
            ]
            lines = "\n".join(showdown_lines(showdown, NAMES))
            for s in folded:
                for card in before["hands"][s] or []:
                    if all(card not in cards for cards in showdown["shown"].values()):
                        assert card_label(card) not in lines
            if showdown["shown"]:
                assert "High: " in lines and "Low: " in lines and " takes " in lines
                found += 1
            else:
                assert "everyone else folded: no cards shown" in lines
        if found > 5:
            break
    assert found > 5


def test_final_ranking_by_chips_with_a_shared_place() -> None:
    state = new_game("hurricane_poker", seed=1, players=3, options={"hands": 1})
    table = table_of(state, 3)
    board = board_model("hurricane_poker")
    line = board.final_line(table, {"winner": None, "scores": [120, 120, 60]})
    assert line == "Anna and Bob share first place. Chips: 1. Anna 120 · 1. Bob 120 · 3. Cleo 60"
    line = board.final_line(table, {"winner": 2, "scores": [50, 60, 190]})
    assert line is not None and line.startswith("Cleo wins with the most chips.")
