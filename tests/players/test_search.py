"""``hard``'s search: deals scored by the match (target, double win) and a sequential halving
that gives the samples to the moves still in the race."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import bot.players.hard as hard
from bot.games import new_game
from bot.players import SearchLimits
from bot.players.game_policies import expert_profile, search_profile
from bot.players.hard import match_equity, search

from .conftest import json_view


def test_match_equity_counts_the_distance_to_the_target() -> None:
    # the same 3-point lead is worth more near the target than at the start
    early = match_equity([3, 0], 0, 16, 2.5, 2.5)
    late = match_equity([15, 12], 0, 16, 2.5, 2.5)
    assert 0 < early < late < 1
    assert match_equity([0, 3], 0, 16, 2.5, 2.5) == pytest.approx(-early)
    # a finished match is exact: a win, a loss, a double win (H-18) counting 2
    assert match_equity([17, 9], 0, 16, 2.5, 2.5, double_below=8, over=True) == 1.0
    assert match_equity([17, 7], 0, 16, 2.5, 2.5, double_below=8, over=True) == 2.0
    assert match_equity([7, 17], 0, 16, 2.5, 2.5, double_below=8, over=True) == -2.0
    # near the end, keeping above the double-win line is worth something even when losing
    assert match_equity([8, 15], 0, 16, 2.5, 2.5, 8) > match_equity([6, 15], 0, 16, 2.5, 2.5, 8)


def test_three_players_compare_with_the_best_other() -> None:
    assert match_equity([200, 100, 210], 0, 250, 25, 40) < 0
    assert match_equity([220, 100, 210], 0, 250, 25, 40) > 0


def test_sequential_halving_spends_the_samples_on_the_moves_still_in_the_race(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = new_game("haggis", seed=4, players=2)
    seat = state.current_player
    assert seat is not None
    view, legal = json_view(state, seat), state.legal_actions(seat)
    profile = search_profile("haggis")
    widths: list[int] = []

    def sample(profile_, view_, seat_, candidates, rng, deadline):  # type: ignore[no-untyped-def]
        widths.append(len(candidates))
        # the later a candidate is in the list, the better: the race must keep the last ones
        return [float(legal.index(c)) for c in candidates]

    monkeypatch.setattr(hard, "_sample", sample)
    choice = search(profile, view, legal, random.Random(1), SearchLimits(samples=40, time_cap=None))
    candidates = profile.candidates(view, legal, random.Random(1))
    assert len(widths) == 40 and widths[0] == len(candidates) > 2
    assert widths == sorted(widths, reverse=True)  # the race only narrows
    assert widths[-1] == 2 and sum(widths) < 40 * widths[0] / 2
    assert choice == max(candidates, key=legal.index)


@pytest.mark.parametrize("spread", [0.0, 0.9])
def test_haggis_expert_leaves_normals_choice_only_for_a_clearly_better_move(
    monkeypatch: pytest.MonkeyPatch, spread: float
) -> None:
    """The same small edge (0.1 a world) over normal's choice: taken when every world shows it,
    not when the worlds scatter it by ±0.9 (0.7 standard errors over 40 worlds). With hard's
    caution (none: the best mean wins) the search takes it either way."""
    state = new_game("haggis", seed=4, players=2)
    seat = state.current_player
    assert seat is not None
    view = json_view(state, seat)
    # no bets: expert weighs those in worlds of its own, before the search
    legal = [a for a in state.legal_actions(seat) if not str(a).startswith("bet")]
    expert = expert_profile("haggis")
    candidates = expert.candidates(view, legal, random.Random(1))
    assert len(candidates) > 2
    rival = candidates[1]
    calls = [0]

    def sample(profile_, view_, seat_, moves, rng, deadline):  # type: ignore[no-untyped-def]
        calls[0] += 1
        edge = 0.1 + (spread if calls[0] % 2 else -spread)
        return [0.0 if m == candidates[0] else edge if m == rival else -1.0 for m in moves]

    monkeypatch.setattr(hard, "_sample", sample)
    limits = SearchLimits(samples=40, time_cap=None)
    chosen = search(expert, view, legal, random.Random(1), limits)
    assert chosen == (rival if spread == 0.0 else candidates[0])
    calls[0] = 0
    best_mean_wins = replace(expert, switch_z=search_profile("haggis").switch_z)
    assert search(best_mean_wins, view, legal, random.Random(1), limits) == rival
