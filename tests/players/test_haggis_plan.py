"""Normal's Haggis plan as weights (``haggis_normal.Plan``), the self-play tuning that sets expert's
rollouts (``haggis_plan_tune``), and the tuned plan the package ships."""

from __future__ import annotations

from functools import partial

import pytest

from bot.players.haggis_normal import NORMAL, TUNED, Plan
from bot.players.haggis_plan_tune import deal_margin, main
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
