"""``hard`` for Haggis: worlds from the view, candidate moves played out to the end of the round.

The unseen number cards — the deck less this seat's hand and every card played this round — are
dealt at random to the other seats' hidden hands (their face cards are public) and to the Haggis.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.games import load_game
from bot.games.base import Action, GameState

from .base import View, seat_of
from .haggis_cards import FACES
from .haggis_normal import haggis_rollout, ranked_candidates
from .hard import SearchProfile

SUITS = "ROYGB"
MAX_CANDIDATES = 6


def number_deck(players: int) -> list[str]:
    suits = SUITS[:4] if players == 2 else SUITS
    return [f"{rank}{suit}" for rank in range(2, 11) for suit in suits]


def unseen_numbers(view: View) -> list[str]:
    seen = {c for c in view.get("hand") or () if c not in FACES}
    seen.update(c for c in view.get("played_cards") or () if c not in FACES)
    return [c for c in number_deck(int(view["num_players"])) if c not in seen]


def determinize(view: View, rng: random.Random) -> GameState:
    seat = seat_of(view)
    n = int(view["num_players"])
    pool = unseen_numbers(view)
    rng.shuffle(pool)
    hands: list[list[str]] = []
    pos = 0
    for s in range(n):
        if s == seat:
            hands.append(list(view["hand"]))
            continue
        faces = list(view["faces"][s])
        hidden = int(view["hand_sizes"][s]) - len(faces)
        hands.append(faces + pool[pos : pos + hidden])
        pos += hidden
    position: dict[str, Any] = {
        "game": "haggis",
        "options": dict(view["options"]),
        "players": n,
        "seed": rng.getrandbits(32),
        "round": view.get("round", 1),
        "dealer": view["dealer"],
        "leader": view.get("leader"),
        "turn": view.get("turn"),
        "hands": hands,
        "haggis": pool[pos:],
        "piles": [list(p) for p in view["piles"]],
        "trick": [{"player": e["player"], "play": e["play"]} for e in view.get("trick") or ()],
        "bets": list(view["bets"]),
        "played": list(view["played"]),
        "out": list(view.get("out") or ()),
        "scores": list(view["scores"]),
        "round_points": list(view["round_points"]),
        "pending_give": view.get("pending_give"),
        "last_first_out": view.get("last_first_out"),
    }
    return load_game(position)


def evaluate(events: list[dict[str, Any]], seat: int, state: GameState) -> float | None:
    for event in events:
        if event["type"] == "round_scored":
            points = event["points"]
            others = [p for s, p in enumerate(points) if s != seat]
            return float(points[seat] - sum(others) / len(others))
    return None


def candidates(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """Normal's best few plays, plus a bet when the hand might justify one (searched, not guessed)."""
    ranked = ranked_candidates(view, legal, rng)
    plays = [a for a in ranked if not str(a).startswith("bet")][:MAX_CANDIDATES]
    bets = [a for a in ranked if str(a).startswith("bet")]
    if bets and str(ranked[0]).startswith("bet"):
        return [bets[0], *plays]
    return [*plays, *bets]


PROFILE = SearchProfile(
    game="haggis",
    samples_per_second=30,
    determinize=determinize,
    candidates=candidates,
    rollout_policy=haggis_rollout,
    evaluate=evaluate,
    max_rollout_moves=600,
)
