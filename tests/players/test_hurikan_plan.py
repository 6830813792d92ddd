"""Normal's Hurikan scores as weights (``hurikan_normal.Plan``) and their self-play tuning
(``hurikan_plan_tune``)."""

from __future__ import annotations

import pytest

from bot.players.hurikan_normal import NORMAL, Plan
from bot.players.hurikan_plan_tune import deal_margin, main
from bot.players.plan_tune import trial


def test_a_plan_against_itself_scores_exactly_nothing() -> None:
    assert [deal_margin(seed, NORMAL, NORMAL) for seed in range(200)] == [0.0] * 200


def test_a_plan_that_lays_its_best_cards_loses_to_normal() -> None:
    careless = Plan(lay_points=-1.0)  # lays its highest card rather than its lowest
    margin = trial(None, deal_margin, careless, NORMAL, range(20_000, 20_100))
    assert margin.mean < -2 * margin.se < 0
    assert trial(None, deal_margin, NORMAL, careless, range(20_000, 20_100)).better


def test_quick_run_prints_a_plan(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "sweep 1: take = 0.6" in out
    assert "tuned plan: Plan(" in out
