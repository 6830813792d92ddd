"""The public story tells the whole end of every deal and round, with the move that ends it, before
the next deal starts (the computers may play on at once, so no later message can be relied on):
the last card, the cards left on the table and who takes them (H-13; K-5), the Haggis going to the
first out (G-16), the deal's points per side; and a trick won with a bomb says why its cards go to
another player (G-13). Whole seeded games of every game and variant, in both languages."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import new_game
from bot.i18n import using
from bot.render.boards import board_model
from bot.render.cards import cards_label
from bot.render.moves import describe_move
from bot.render.table import seat_names, table_panel
from bot.tables.models import GameSpec, Seat, Table, TableStatus
from bot.tables.turns import record_move

NAMES = ["Anna", "Bob", "Cleo", "Dan"]
SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("hurricane", 2, {"preset": "standard"}),
    ("hurricane", 2, {"preset": "open"}),
    ("hurricane", 4, {"preset": "pairs"}),
    ("hurricane", 2, {"leftover": "last_player"}),
    ("hurikan", 2, {}),
    ("haggis", 2, {}),
    ("haggis", 3, {}),
    ("haggis", 3, {"bomb_capture": "chooser"}),
]


def _last_move(table: Table) -> str:
    assert table.state is not None
    panel = table_panel(table, table.state.view(None))
    lines = [line for line in panel.lines if line.startswith(("Last move: ", "Последний ход: "))]
    assert len(lines) == 1, panel.lines
    return lines[0]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("game", "players", "options"), SETUPS)
def test_every_deal_end_is_told_with_its_last_move(
    game: str, players: int, options: dict[str, Any], lang: str
) -> None:
    ends = bombs = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        state = new_game(game, seed=seed, players=players, options=options)
        seats = [Seat(10 + i, NAMES[i]) for i in range(players)]
        table = Table(1, 2, 10, GameSpec(game, options, players), list(seats))
        table.status, table.state = TableStatus.PLAYING, state
        for _step in range(3000):
            if state.is_over:
                break
            seat = state.current_player
            assert seat is not None
            action = str(rng.choice(state.legal_actions()))
            events = state.apply(action, seat)
            record_move(table, seats[seat], seat, action, "computer", events, 0.0)
            with using(lang):
                story = _last_move(table)
                names = seat_names(table)
                sides = board_model(game).side_names(table)
                # the move itself, always (the last card of a deal too)
                assert describe_move(game, names[seat], action, names=names) in story
                for event in events:
                    if event["type"] == "leftover" and event.get("cards"):
                        assert cards_label(event["cards"]) in story, story
                    if event["type"] in ("deal_scored", "round_scored"):
                        ends += 1
                        for side, points in zip(sides, event["points"], strict=True):
                            assert f"{side} {points}" in story, story
                        left = event.get("table_left")
                        if left:
                            assert cards_label(left) in story, story
                        first = event.get("first_out")
                        if isinstance(first, int):
                            assert names[first] in story, story
                            assert ("Haggis" if lang == "en" else "Хаггис") in story, story
                    if event["type"] == "trick_won" and event["taker"] != event["winner"]:
                        bombs += 1
                        assert names[event["taker"]] in story and names[event["winner"]] in story
                        assert ("bomb" if lang == "en" else "бомб") in story, story
            assert "?" not in story.replace("?)", ""), story
    assert ends >= 2  # every game played ends a deal or round at least twice
    if game == "haggis":
        assert bombs >= 1 or players == 2
