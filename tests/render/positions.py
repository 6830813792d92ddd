"""Fixed positions of every game for the picture tests (ENGINE.md Positions, via ``load_game``).

Each position lists the cards that matter; the rest of the pack is filled in (stock, or the
Haggis and piles), so the positions stay valid whole packs.
"""

from __future__ import annotations

from typing import Any

from bot.games import GameState, load_game

FRENCH = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K") for s in "HDCS"]
NAMES = ["Anna", "Bogdan", "Carla", "Dmitri"]

# (game, options, players): every card-table game and variant the pictures draw, poker aside
TABLE_GAMES: list[tuple[str, dict[str, Any] | None, int]] = [
    ("hurricane", {"preset": "standard"}, 2),
    ("hurricane", {"preset": "open"}, 2),
    ("hurricane", {"preset": "pairs"}, 4),
    ("hurikan", None, 2),
    ("haggis", None, 2),
    ("haggis", None, 3),
]


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
    rest = _rest(FRENCH, hands, [table], piles)  # 16 stay in the stock after two refills (K-4)
    piles = [piles[0] + rest[16:], piles[1]]
    return load_game(
        {
            "game": "hurikan", "options": {"preset": "hurikan"}, "seed": 7,
            "dealer": 1, "turn": 0, "hands": hands, "table": table,
            "stock": rest[:16], "piles": piles,
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


POKER_PACK = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
              for s in "HDCS"]  # fmt: skip


def poker_first_hand(hands_in_game: int = 10) -> GameState:
    """Four seats at the start of hand 1 (deuces wild, declarations), before the antes."""
    hands = [["2H", "KD"], ["AS", "3C"], ["9H", "9D"], ["QS", "5C"]]
    return load_game(
        {
            "game": "hurricane_poker", "seed": 7, "dealer": 3, "hand_no": 1,
            "options": {"wild": "deuces", "declare": "yes", "hands": hands_in_game},
            "chips": [100, 100, 30, 100], "hands": hands, "stock": _rest(POKER_PACK, hands),
        }
    )  # fmt: skip


def _poker_step(state: GameState) -> None:
    """One fixed move: call or check, stand pat, declare by seat (even High, odd Low)."""
    seat = state.current_player
    legal = [str(a) for a in state.legal_actions()]
    for wanted in ("check", "call", "stand", "declare high" if seat % 2 == 0 else "declare low"):
        if wanted in legal:
            state.apply(wanted)
            return
    state.apply(legal[0])


def poker_draw() -> GameState:
    """Hand 1 at the draw: Anna holds a wild 2."""
    state = poker_first_hand()
    while state.view(None)["phase"] != "draw":
        _poker_step(state)
    while state.current_player != 0:
        _poker_step(state)
    return state


def poker_second_hand() -> GameState:
    """Hand 2 in its first betting round: hand 1's showdown in view, a bet, a raise, a fold."""
    state = poker_first_hand()
    while state.view(None)["hand_no"] == 1:
        _poker_step(state)
    for action in ("bet 2", "raise 3", "fold"):
        state.apply(action)
    return state


def finished(name: str) -> GameState:
    """A game just finished from a fixed position: the final piles and breakdown are in view."""
    if name == "haggis":
        state = haggis_two((120, 240))
        state.apply("2G 3G 4G K")  # Bogdan goes out and passes 250
    elif name == "hurricane_poker":
        state = poker_first_hand(hands_in_game=1)
        while not state.is_over:
            _poker_step(state)
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
    "poker": poker_second_hand,
}
