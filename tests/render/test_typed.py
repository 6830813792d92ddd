"""Moves typed as the cards show them, in both languages (``bot.render.typed``)."""

from __future__ import annotations

import pytest

from bot.render.typed import canonical, typed_card, typed_move


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("К♠", "KS"),
        ("Кs", "KS"),
        ("кп", "KS"),
        ("тч", "AH"),
        ("Т♥", "AH"),
        ("тт", "AC"),  # туз треф: the first letter is the rank, the last the suit
        ("ТТ", "AC"),
        ("Дб", "QD"),
        ("вп", "JS"),
        ("10♦", "10D"),
        ("a♣", "AC"),
        ("x1", "X1"),
        ("10к", "10R"),  # Haggis: красная
        ("3о", "3O"),
        ("7ж", "7Y"),
        ("5з", "5G"),
        ("9с", "9B"),
        ("3🟨", "3Y"),
        ("к", "K"),  # Haggis's wild King, alone
        ("Д", "Q"),
        ("В", "J"),
    ],
)
def test_a_card_is_read_as_shown(typed: str, card: str) -> None:
    assert typed_card(typed) == card


@pytest.mark.parametrize("typed", ["zz", "кк", "1ч", "11h", "т♣♣", "", "пас", "8"])
def test_what_is_no_card_stays_no_card(typed: str) -> None:
    assert typed_card(typed) is None


@pytest.mark.parametrize(
    ("typed", "move"),
    [
        ("пас", "pass"),
        ("Ставка 15", "bet 15"),
        ("отдать 2", "give 2"),
        ("открыть 1", "flip 0"),  # counted as the button counts them
        ("чек", "check"),
        ("колл", "call"),
        ("фолд", "fold"),
        ("бет 2", "bet 2"),
        ("рейз 3", "raise 3"),
        ("обмен 7ч", "draw 7H"),
        ("без обмена", "stand"),
        ("объявить хай", "declare high"),
        ("объявить оба", "declare both"),
        ("тч:3т+4б", "AH:3C+4D"),
        ("4п+2ч:6т", "4S+2H:6C"),
        ("3к 4к 5к", "3R 4R 5R"),
        ("3ж 3з в д =set", "3Y 3G J Q =set"),
    ],
)
def test_a_move_is_read_in_russian(typed: str, move: str) -> None:
    assert canonical(typed) == move


def test_cards_are_typed_as_they_are_shown_in_either_language() -> None:
    legal = ["AC", "6H:AC+5D", "7H:3C+4D", "QS", "KS"]
    assert typed_move("Т♣", legal) == "AC" and typed_move("тт", legal) == "AC"
    assert typed_move("К♠", legal) == "KS" and typed_move("Кs", legal) == "KS"
    assert typed_move("дп", legal) == "QS"
    assert typed_move("6ч", legal) == "6H:AC+5D"  # one card alone: its only capture
    assert typed_move("7♥:3т+4б", legal) == "7H:3C+4D"
    assert typed_move("кч", legal) is None  # not a legal move
    assert typed_move("3ж 3з в д =SET", ["3Y 3G J Q =set"]) == "3Y 3G J Q =set"
