"""``greedy``: a fixed, deterministic arena baseline, independent of the bot's levels.

It is a yardstick, not a player offered at tables: it reads one seat's view and the legal
actions, and always makes the same move in the same position (no RNG, ties broken by the legal
actions' order).

- **Hurricane** (every preset): takes the capture with the most points — every captured card
  counts 1, a heart 1 more, the 7♥ 10 more, and primiera cards (7s 3, 6s 2, aces 1) — plus 20
  for a hurricane (the table cleared); with no capture it trails its lowest card that scores
  nothing (not a heart, not a 7, 6 or ace), else its lowest card.
- **Hurikan**: takes the table card of highest value (ties: laying fewer cards), else lays its
  single lowest card.
- **Haggis**: plays its lowest legal non-bomb combination (lowest rank, then fewest wild face
  cards, then most cards); passes when only bombs remain or nothing beats; never bets (bets
  ``0`` only when that is the one thing it may do); gives a bombed trick to the first seat offered.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games import Action, card_value
from bot.players.base import View
from bot.players.haggis_cards import classify, is_bomb_text
from bot.players.hurricane_cards import parse_play

PRIMIERA = {"7": 3, "6": 2, "A": 1}


def _hurricane_points(card: str) -> int:
    return 1 + (card[1] == "H") + 10 * (card == "7H") + PRIMIERA.get(card[0], 0)


def _scores_nothing(card: str) -> bool:
    return card[1] != "H" and card[0] not in PRIMIERA


def greedy_hurricane(view: View, legal: Sequence[Action]) -> Action:
    table = list(view.get("table") or ())
    best: tuple[float, int] | None = None
    choice: Action | None = None
    for i, action in enumerate(legal):
        play = parse_play(str(action))
        if not play.is_capture:
            continue
        taken = [*play.taken, *play.played]
        points = sum(_hurricane_points(c) for c in taken)
        if len(play.taken) == len(table):
            points += 20
        key = (points, -i)
        if best is None or key > best:
            best, choice = key, action
    if choice is not None:
        return choice
    singles = [a for a in legal if parse_play(str(a)).played]
    if not singles:  # ``open`` preset: only face-down cards to turn up
        return legal[0]

    def trail_key(pair: tuple[int, Action]) -> tuple[bool, int, int]:
        i, action = pair
        card = parse_play(str(action)).played[0]
        return (not _scores_nothing(card), card_value(card), i)

    return min(enumerate(singles), key=trail_key)[1]


def greedy_hurikan(view: View, legal: Sequence[Action]) -> Action:
    takes = [(i, a, parse_play(str(a))) for i, a in enumerate(legal)]
    captures = [t for t in takes if t[2].taken]
    if captures:
        return max(captures, key=lambda t: (card_value(t[2].taken[0]), -len(t[2].played), -t[0]))[1]
    singles = [t for t in takes if len(t[2].played) == 1]
    pool = singles or takes
    return min(pool, key=lambda t: (card_value(t[2].played[0]) if t[2].played else 99, t[0]))[1]


def greedy_haggis(view: View, legal: Sequence[Action]) -> Action:
    texts = [str(a) for a in legal]
    gives = [a for a, t in zip(legal, texts, strict=True) if t.startswith("give")]
    if gives:
        return gives[0]
    suits = 4 if int(view.get("num_players", 2)) == 2 else 5
    top = view.get("top")
    shape = None
    if top and top.get("combination"):
        c = top["combination"]
        shape = (str(c["kind"]), int(c["size"]), int(c["width"]))
    best: tuple[int, int, int, int] | None = None
    choice: Action | None = None
    for i, (action, text) in enumerate(zip(legal, texts, strict=True)):
        if text.startswith(("bet", "pass")) or is_bomb_text(text):
            continue
        combo = classify(text, suits, shape)
        if combo is None or combo.is_bomb:
            continue
        key = (combo.rank, combo.wilds, -combo.size, i)
        if best is None or key < best:
            best, choice = key, action
    if choice is not None:
        return choice
    for action, text in zip(legal, texts, strict=True):
        if text == "pass":
            return action
    plays = [a for a, t in zip(legal, texts, strict=True) if not t.startswith("bet")]
    if plays:  # a lead with only bombs left
        return plays[0]
    return next((a for a, t in zip(legal, texts, strict=True) if t == "bet 0"), legal[0])


def greedy_action(game: str, view: View, legal: Sequence[Action]) -> Action:
    """The greedy baseline's move (``game``: hurricane, hurikan or haggis)."""
    if game == "hurricane" and view.get("game") == "hurikan":
        game = "hurikan"
    if game == "hurricane":
        return greedy_hurricane(view, legal)
    if game == "hurikan":
        return greedy_hurikan(view, legal)
    if game == "haggis":
        return greedy_haggis(view, legal)
    raise ValueError(f"greedy plays hurricane, hurikan and haggis, not {game!r}")
