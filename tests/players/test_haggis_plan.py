"""Normal's Haggis plan as weights (``haggis_normal.Plan``), the self-play tuning that sets expert's
rollouts (``haggis_plan_tune``), the tuned plan the package ships and its soft player."""

from __future__ import annotations

import random
from functools import partial

import pytest

from bot.games import new_game
from bot.players.haggis_normal import (
    NORMAL,
    SOFT_CUTOFF,
    TUNED,
    Plan,
    plan_player,
    score_actions,
)
from bot.players.haggis_plan_tune import deal_margin, main
from bot.players.haggis_search import ROLLOUT_TEMPERATURE, expert_rollout
from bot.players.plan_tune import steps, trial

TWO = partial(deal_margin, players=2)


@pytest.mark.parametrize("players", [2, 3])
def test_a_plan_against_itself_scores_exactly_nothing(players: int) -> None:
    assert [deal_margin(seed, NORMAL, NORMAL, players) for seed in range(5)] == [0.0] * 5


def test_a_plan_that_never_follows_loses_to_normal() -> None:
    passive = Plan(follow=-100.0)
    margin = trial(None, TWO, passive, NORMAL, range(20_000, 20_030))
    assert margin.mean < -2 * margin.se < 0
    assert not margin.better


def test_the_tuned_plan_beats_normal_on_deals_it_was_not_tuned_on() -> None:
    """The full tuning run deals seeds from 10,000 to under 90,000: these are fresh."""
    assert TUNED != NORMAL
    margin = trial(None, TWO, TUNED, NORMAL, range(900_000, 900_150))
    assert margin.better, margin


def test_steps_scale_weights_and_move_counts_by_one() -> None:
    down, up = steps(NORMAL, "wild")
    assert (down.wild, up.wild) == (round(NORMAL.wild * 0.6, 3), round(NORMAL.wild * 1.5, 3))
    assert (down.plays, up.plays) == (NORMAL.plays, NORMAL.plays)
    fewer, more = steps(NORMAL, "pressure")
    assert (fewer.pressure, more.pressure) == (NORMAL.pressure - 1, NORMAL.pressure + 1)
    assert [p.size for p in steps(Plan(size=0.0), "size")] == [-0.5, 0.5]


def test_quick_run_prints_a_plan(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "sweep 1: plays = 1.8" in out
    assert "tuned plan: Plan(" in out


def _leads(count: int) -> list[tuple[dict[str, object], list[object]]]:
    """The first lead of ``count`` two-player deals: a view and its legal plays (no bets)."""
    found = []
    for seed in range(count):
        state = new_game("haggis", seed=seed, players=2)
        seat = state.current_player
        assert seat is not None
        legal = [a for a in state.legal_actions(seat) if not str(a).startswith("bet")]
        found.append((state.view(seat), legal))
    return found


def test_the_soft_plan_draws_among_the_plans_best_plays_only() -> None:
    """Expert's rollouts (``soft_plan_player``): the plan's own choice most often, a near rival
    sometimes, never a play scored far below the best; the same seed draws the same play."""
    plan = plan_player(TUNED)
    same = other = 0
    for view, legal in _leads(12):
        scores = dict(zip(map(str, legal), score_actions(view, legal, TUNED), strict=True))
        best = max(scores.values())
        own = str(plan(view, legal, random.Random(0)))
        for seed in range(20):
            drawn = str(expert_rollout(view, legal, random.Random(seed)))
            assert drawn == str(expert_rollout(view, legal, random.Random(seed)))
            assert scores[drawn] >= best - SOFT_CUTOFF * ROLLOUT_TEMPERATURE
            same += drawn == own
            other += drawn != own
    assert same > other > 0
