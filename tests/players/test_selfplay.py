"""Every level finishes seeded games of every game and preset, never choosing an illegal move."""

from __future__ import annotations

from typing import Any

from bot.players import SearchLimits

from .conftest import play, start

GAMES_EACH = 20  # easy/normal: 140 whole games in all
HARD_DEALS = 4
#: one world per hard move: every candidate is still played out in it (the whole search runs),
#: at half the cost of two; what is checked here is that the moves are legal and deals end
ONE_WORLD = SearchLimits(samples=1, time_cap=None)


def _short(variant: tuple[str, int | None, dict[str, Any]]) -> dict[str, Any]:
    """Short Hurricane matches keep the suite fast; Haggis targets are fixed by the rules."""
    return {"target": 3} if variant[0] == "hurricane" else {}


def test_easy_and_normal_finish_games_of_every_variant(variant):
    game = variant[0]
    for seed in range(GAMES_EACH):
        state = start(variant, seed)  # full games, default targets
        levels = ["easy", "normal"] if seed % 2 else ["normal", "easy"]
        if variant[1] == 3:
            levels = ["easy", "normal", "normal"][seed % 3 :] + ["easy", "normal", "normal"][
                : seed % 3
            ]
        play(game, state, levels, seed)
        assert state.is_over
        assert state.result()["scores"]


def _deal_over(events: list[dict[str, Any]]) -> bool:
    return any(e["type"] in ("deal_scored", "round_scored") for e in events)


def test_hard_finishes_a_deal_of_every_variant(variant):
    game = variant[0]
    for seed in range(HARD_DEALS):
        state = start(variant, 100 + seed, **_short(variant))
        levels = ["hard", "normal"] if seed % 2 == 0 else ["normal", "hard"]
        if variant[1] == 3:
            levels = ["hard", "normal", "easy"]
        play(game, state, levels, seed, stop=_deal_over, limits=ONE_WORLD)
        assert state.is_over or state.view(0).get("last_deal") or state.view(0).get("last_round")


def test_hard_finishes_whole_short_hurricane_games():
    variant = ("hurricane", None, {"preset": "standard"})
    for seed in range(2):
        state = start(variant, 200 + seed, target=1)
        play("hurricane", state, ["hard", "easy"], seed)
        assert state.is_over
