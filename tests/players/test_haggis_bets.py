"""Expert's Haggis bets: scored as G-18 says, weighed over worlds dealt from the seat's view, and
what expert plays before its search."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import determinise, new_game
from bot.players.base import SearchLimits
from bot.players.haggis_bets import bet_move, round_end, with_bet
from bot.players.haggis_normal import haggis_rollout
from bot.players.haggis_search import PROFILE, expert_candidates, expert_rollout
from bot.players.hard import margin_when
from bot.players.levels import choose_action

MARGIN = margin_when("round_scored", lambda state, seat: seat)


def _scored(first_out: int, bets: list[int]) -> dict[str, Any]:
    n = len(bets)
    return {
        "type": "round_scored",
        "points": [10] * n,
        "totals": [100] * n,
        "first_out": first_out,
        "bets": bets,
    }


def test_a_bet_pays_the_bettor_out_first_else_the_first_out_and_those_who_did_not_bet() -> None:
    won = with_bet(_scored(1, [0, 0]), 1, 30)
    assert won["points"] == [10, 40] and won["totals"] == [100, 130] and won["bets"] == [0, 30]
    lost = with_bet(_scored(0, [0, 0]), 1, 30)
    assert lost["points"] == [40, 10]
    # three players: the first out and every seat that did not bet (a 0 bet is none)
    assert with_bet(_scored(2, [0, 0, 0]), 0, 15)["points"] == [10, 25, 25]
    assert with_bet(_scored(2, [0, 15, 0]), 0, 15)["points"] == [10, 10, 25]
    assert with_bet(_scored(0, [0, 15, 30]), 0, 30)["points"] == [40, 10, 10]


def _first_decision(seed: int, players: int = 2) -> tuple[dict[str, Any], list[Any]]:
    state = new_game("haggis", seed=seed, players=players)
    seat = state.current_player
    assert seat is not None
    return state.view(seat), state.legal_actions(seat)


def test_the_bet_is_the_best_mean_over_the_worlds_played_out() -> None:
    """With the round's margin as the value, a big bet is worth 30 × (2p − 1) in two-player
    Haggis, p the share of worlds where the seat goes out first: bet iff p > 1/2."""
    made = 0
    for seed in range(10):
        view, legal = _first_decision(seed)
        seat = view["seat"]
        bet = bet_move(
            view, legal, evaluate=MARGIN, policy=haggis_rollout, rng=random.Random(seed), worlds=16
        )
        rng = random.Random(seed)
        firsts = 0
        for _ in range(16):
            event = round_end(determinise("haggis", view, rng), haggis_rollout, rng)
            assert event is not None
            firsts += event["first_out"] == seat
        assert (str(bet) == "bet 30") == (firsts > 8), (seed, bet, firsts)
        assert bet is None or str(bet) == "bet 30"
        made += bet is not None
    assert 0 < made < 10


def test_the_bet_depends_on_the_view_alone() -> None:
    """Two games alike in all the seat can see, the hidden cards dealt otherwise."""
    for seed in range(4):
        state = new_game("haggis", seed=seed, players=2)
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions(seat)
        other = determinise("haggis", view, random.Random(99))
        assert other.view(seat) == view
        first = bet_move(
            view, legal, evaluate=MARGIN, policy=haggis_rollout, rng=random.Random(3), worlds=16
        )
        again = bet_move(
            other.view(seat),
            other.legal_actions(seat),
            evaluate=MARGIN,
            policy=haggis_rollout,
            rng=random.Random(3),
            worlds=16,
        )
        assert first == again


def test_no_bet_once_a_card_is_played_or_past_the_deadline() -> None:
    view, legal = _first_decision(2)
    plays = [a for a in legal if not str(a).startswith("bet")]
    rng = random.Random(1)
    assert bet_move(view, plays, evaluate=MARGIN, policy=haggis_rollout, rng=rng) is None
    assert (
        bet_move(view, legal, evaluate=MARGIN, policy=haggis_rollout, rng=rng, deadline=0.0) is None
    )


@pytest.mark.parametrize("players", [2, 3])
def test_expert_bets_as_weighed_and_searches_only_plays(players: int) -> None:
    limits = SearchLimits(samples=2, time_cap=None)
    bets = 0
    for seed in range(5):
        view, legal = _first_decision(seed, players)
        move = choose_action("haggis", view, legal, "expert", seed=seed, limits=limits)
        weighed = bet_move(
            view,
            legal,
            evaluate=PROFILE.evaluate,
            policy=expert_rollout,
            rng=random.Random(random.Random(seed).getrandbits(64)),
        )
        if weighed is not None:
            assert move == weighed
            bets += 1
        else:
            assert not str(move).startswith("bet")
        searched = expert_candidates(view, legal, random.Random(seed))
        assert searched and not any(str(a).startswith("bet") for a in searched)
    assert bets >= 1
