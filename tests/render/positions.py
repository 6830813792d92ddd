"""Fixed positions of every game for the picture tests (ENGINE.md Positions, via ``load_game``).

Each position lists the cards that matter; the rest of the pack is filled in (stock, or the
Haggis and piles), so the positions stay valid whole packs.
"""

from __future__ import annotations

from typing import Any

from bot.games import GameState, load_game

FRENCH = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K") for s in "HDCS"]
NAMES = ["Anna", "Bogdan", "Carla", "Dmitri"]


def _rest(pack: list[str], *groups: Any) -> list[str]:
    used: set[str] = set()
    for group in groups:
        for cards in group:
            if isinstance(cards, dict):
                used.update(cards["open"] + cards["down"])
            elif isinstance(cards, list):
                used.update(cards)
            else:
                used.add(cards)
    return [c for c in pack if c not in used]


def hurricane_standard() -> GameState:
    hands = [["3D", "5C", "JD", "QD"], ["2H", "7H", "KS"]]
    table = ["4D", "4C", "KD", "QC", "2S"]
    piles = [["AD", "AC"], ["6H", "6S"]]
    return load_game(
        {
            "game": "hurricane", "options": {"preset": "standard"}, "seed": 7,
            "dealer": 1, "turn": 0, "hands": hands, "table": table,
            "stock": _rest(FRENCH, hands, [table], piles), "piles": piles,
            "sweeps": [1, 0], "last_capturer": 1, "scores": [6, 9],
        }
    )  # fmt: skip


def hurricane_open() -> GameState:
    hands = [{"open": ["3D", "5C"], "down": ["JS", "QD"]}, {"open": ["7H"], "down": ["KS", "2C"]}]
    table = ["4C", "KD", "QC"]
    piles = [["AD", "2S", "4D", "6H"], ["6S", "7D"]]
    return load_game(
        {
            "game": "hurricane", "options": {"preset": "open"}, "seed": 7,
            "dealer": 0, "turn": 0, "hands": hands, "table": table,
            "stock": _rest(FRENCH, hands, [table], piles), "piles": piles,
            "sweeps": [0, 0], "last_capturer": 0, "scores": [2, 4],
        }
    )  # fmt: skip


def hurricane_pairs() -> GameState:
    hands = [["2S", "4D", "5D"], ["JD", "QD", "QC"], ["KD", "7S", "3C"], ["AH", "5S", "6C"]]
    table = ["KH", "4H", "KC", "7D"]
    piles = [["AD", "AC", "AS"], ["2H", "2D"], [], ["6D", "6H"]]
    rest = _rest(FRENCH, hands, [table], piles)  # the whole pack is dealt: the rest was taken
    piles = [piles[0] + rest[:12], piles[1] + rest[12:], piles[2], piles[3]]
    return load_game(
        {
            "game": "hurricane", "options": {"preset": "pairs"}, "seed": 7,
            "dealer": 1, "turn": 0, "hands": hands, "table": table,
            "stock": [], "piles": piles,
            "sweeps": [0, 1], "last_capturer": 3, "scores": [10, 12],
        }
    )  # fmt: skip


def hurricane_last_deal(scores: tuple[int, int] = (14, 13)) -> GameState:
    """The last play of a deal (stock empty): playing it scores the deal (and, from 14-13, ends
    the game)."""
    hands = [["7H"], []]
    table = ["7C"]
    piles = [FRENCH[:18], [c for c in FRENCH[18:] if c not in ("7H", "7C")]]
    return load_game(
        {
            "game": "hurricane", "options": {"preset": "standard"}, "seed": 7,
            "dealer": 1, "turn": 0, "hands": hands, "table": table, "stock": [],
            "piles": piles, "sweeps": [0, 0], "last_capturer": 1, "scores": list(scores),
        }
    )  # fmt: skip


def hurikan() -> GameState:
    hands = [["5H", "6H", "6D", "7H"], ["AS", "3C", "QS"]]
    table = ["2H", "AH", "2D", "4S", "5C"]
    piles = [["KD", "3H", "7C"], ["JS", "2C"]]
    return load_game(
        {
            "game": "hurikan", "options": {"preset": "hurikan"}, "seed": 7,
            "dealer": 1, "turn": 0, "hands": hands, "table": table,
            "stock": _rest(FRENCH, hands, [table], piles), "piles": piles,
        }
    )  # fmt: skip


def haggis_three() -> GameState:
    hands = [
        ["2G", "3O", "3B", "4R", "4O", "6Y", "7Y", "8G", "10O", "10Y", "J", "Q", "K"],
        ["2R", "5R", "6R", "8R", "9B", "9Y", "10R", "Q", "K"],
        ["3R", "3Y", "8B", "9R", "9O", "10B", "J"],
    ]
    trick = [
        {"player": 1, "play": "5O 5Y"},
        {"player": 2, "play": "7O 7B"},
        {"player": 0, "play": "pass"},
        {"player": 1, "play": "8O 8Y"},
    ]
    piles = [["2O", "2Y", "2B", "4G", "4B"], ["Q", "K"], ["J"]]
    numbers = [f"{r}{s}" for r in range(2, 11) for s in "ROYGB"]
    played = [c for e in trick for c in e["play"].split() if c != "pass"]
    rest = _rest(numbers, hands, [played], piles)
    return load_game(
        {
            "game": "haggis", "options": {}, "seed": 7, "dealer": 0, "turn": 2,
            "hands": hands, "haggis": rest[:3], "piles": [piles[0] + rest[3:], piles[1], piles[2]],
            "trick": trick, "bets": [None, 15, None], "played": [True, True, True],
            "out": [], "scores": [40, 65, 20], "round_points": [0, 0, 0],
        }
    )  # fmt: skip


def haggis_two(scores: tuple[int, int] = (120, 95)) -> GameState:
    hands = [["7R", "9O", "J", "Q", "K"], ["2G", "3G", "4G", "K"]]
    numbers = [f"{r}{s}" for r in range(2, 11) for s in "ROYG"]
    rest = _rest(numbers, hands)
    return load_game(
        {
            "game": "haggis", "options": {}, "seed": 7, "dealer": 0, "turn": 1,
            "hands": hands, "haggis": rest[:8], "piles": [rest[8:20] + ["J"], rest[20:] + ["Q"]],
            "trick": [], "bets": [None, None], "played": [True, True], "out": [],
            "scores": list(scores), "round_points": [0, 0],
        }
    )  # fmt: skip


def finished(name: str) -> GameState:
    """A game just finished from a fixed position: the final piles and breakdown are in view."""
    if name == "haggis":
        state = haggis_two((120, 240))
        state.apply("2G 3G 4G K")  # Bogdan goes out and passes 250
    else:
        state = hurricane_last_deal()
        state.apply("7H:7C")
    assert state.is_over
    return state


POSITIONS = {
    "hurricane": hurricane_standard,
    "hurricane_open": hurricane_open,
    "hurricane_pairs": hurricane_pairs,
    "hurikan": hurikan,
    "haggis3": haggis_three,
    "haggis2": haggis_two,
}
