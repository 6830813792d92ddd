"""``hard``'s budget is time: it measures its own samples, starts none that would end after 0.65 of
the budget and abandons one in progress at 0.75 of it, the first sample included."""

from __future__ import annotations

import random
import time

import pytest

from bot.games import new_game
from bot.players import SearchLimits, choose_action
from bot.players.game_policies import search_profile
from bot.players.hard import SearchStats, search

from .conftest import json_view


def _position(game: str, players: int | None = None):
    state = new_game(game, seed=4, players=players)
    seat = state.current_player
    assert seat is not None
    return state, seat


def test_from_budget_is_soft_and_hard_caps() -> None:
    limits = SearchLimits.from_budget(None, 30)
    assert limits.timed and limits.time_cap == pytest.approx(0.65)
    assert limits.hard_cap == pytest.approx(0.75) and limits.abort_after == pytest.approx(0.75)
    assert SearchLimits(samples=3, time_cap=None).abort_after is None
    with pytest.raises(ValueError):
        SearchLimits.from_budget(0, 30)


class FakeClock:
    """``time.perf_counter`` that moves ``tick`` seconds at every reading, whatever the machine
    does, so a budget test cannot depend on the load of the machine it runs on."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


@pytest.mark.parametrize(("game", "players"), [("hurricane", None), ("haggis", 3)])
def test_a_small_budget_is_kept(
    game: str, players: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, seat = _position(game, players)
    legal = state.legal_actions(seat)
    view = json_view(state, seat)
    for budget in (0.05, 0.15):
        clock = FakeClock(tick=0.001)
        monkeypatch.setattr(time, "perf_counter", clock)
        action = choose_action(game, view, legal, "hard", seed=1, time_budget=budget)
        monkeypatch.undo()
        assert action in legal
        # the hard cap is 0.75 of the budget; one more reading may pass it before the search stops
        assert clock.now <= 0.75 * budget + 2 * clock.tick, f"{game}: {clock.now:.3f} s of {budget}"
        assert clock.now > 0.5 * budget, "the search stopped long before its budget was spent"


def test_the_first_sample_is_abandoned_at_the_hard_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A world so slow that no sample ends in time: normal's first choice, within the budget."""
    state, seat = _position("haggis", 2)
    profile = search_profile("haggis")
    slow = profile.determinize
    clock = FakeClock(tick=0.0001)

    def crawl(view, rng):  # type: ignore[no-untyped-def]
        clock.now += 0.03  # each world costs more than the whole budget allows for a sample
        return slow(view, rng)

    from dataclasses import replace

    slow_profile = replace(profile, determinize=crawl)
    view = json_view(state, seat)
    legal = state.legal_actions(seat)
    candidates = profile.candidates(view, legal, random.Random(1))
    monkeypatch.setattr(time, "perf_counter", clock)
    action = search(slow_profile, view, legal, random.Random(1), SearchLimits.from_budget(0.02, 30))
    monkeypatch.undo()
    assert clock.now < 0.02 + 0.03 + 0.01  # one slow world at most
    assert action == candidates[0]


def test_without_a_clock_the_sample_count_decides() -> None:
    state, seat = _position("hurikan")
    view, legal = json_view(state, seat), state.legal_actions(seat)
    fixed = SearchLimits(samples=2, time_cap=None)
    first = choose_action("hurikan", view, legal, "hard", seed=7, limits=fixed)
    again = choose_action("hurikan", view, legal, "hard", seed=7, limits=fixed)
    assert first == again


def test_the_search_reports_the_samples_it_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    state, seat = _position("hurricane")
    view, legal = json_view(state, seat), state.legal_actions(seat)
    profile = search_profile("hurricane")
    stats = SearchStats()
    search(profile, view, legal, random.Random(1), SearchLimits(samples=12, time_cap=None), stats)
    assert stats.samples == 12
    bought = []  # with a clock: a bigger budget finishes more samples
    for budget in (0.05, 0.3):
        monkeypatch.setattr(time, "perf_counter", FakeClock(tick=0.00005))
        stats = SearchStats()
        limits = SearchLimits.from_budget(budget, profile.samples_per_second)
        search(profile, view, legal, random.Random(1), limits, stats)
        monkeypatch.undo()
        bought.append(stats.samples)
    assert 0 < bought[0] < bought[1], bought
