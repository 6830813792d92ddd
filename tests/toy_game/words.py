"""Minitrick's moves in words: a move is one card put down (``5S`` -> "plays 5♠")."""

from __future__ import annotations

from bot.render.cards import card_label
from bot.render.moves import MoveWords


def move_words(text: str, to_call: int = 0) -> MoveWords:
    return MoveWords("play", played=card_label(text))
