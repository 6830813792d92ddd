"""A computer player decides from the seat's view only.

Structurally: players take a view (a mapping), never a GameState, and the arena hands them a JSON
copy. Behaviourally: two games that differ only in cards the seat cannot see (other hands, the
stock, face-down cards, the Haggis) give the same decision at every level.
"""

from __future__ import annotations

import inspect
import json
import random

import pytest

from bot.arena import ArenaConfig
from bot.arena import match as arena_match
from bot.games import GameState, determinise
from bot.players import LEVELS, choose_action
from bot.players.base import SearchLimits
from bot.players.easy import easy_policy
from bot.players.game_policies import normal_policy, search_profile

from .conftest import TINY, VARIANTS, json_view, start


def test_players_refuse_a_game_state(variant):
    state = start(variant, 3)
    seat = state.current_player
    with pytest.raises(TypeError, match="view"):
        choose_action(variant[0], state, state.legal_actions(seat), "normal", seed=1)  # type: ignore[arg-type]


def test_players_refuse_a_snapshot_or_a_spectator_view(variant):
    state = start(variant, 3)
    seat = state.current_player
    legal = state.legal_actions(seat)
    for not_a_seat in (state.to_dict(), state.view(None)):
        with pytest.raises(TypeError, match="one seat's view"):
            choose_action(variant[0], not_a_seat, legal, "normal", seed=1)


def test_policies_take_a_view_legal_moves_and_an_rng_only():
    for game in ("hurricane", "hurikan", "haggis"):
        for policy in (easy_policy(game), normal_policy(game), search_profile(game).rollout_policy):
            params = list(inspect.signature(policy).parameters)
            assert params == ["view", "legal", "rng"], (game, policy, params)
        profile = search_profile(game)
        params = inspect.signature(profile.determinize).parameters
        assert list(params)[:2] == ["view", "rng"], (game, list(params))
        # anything more is optional (Hurricane/Hurikan: ``hands`` inferred from the view)
        assert all(p.default is not p.empty for p in list(params.values())[2:]), (game, params)


def test_the_arena_hands_players_json_views(monkeypatch):
    seen: list[object] = []
    real = arena_match.choose_action

    def spy(game, view, legal, level, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(view)
        return real(game, view, legal, level, **kwargs)

    monkeypatch.setattr(arena_match, "choose_action", spy)
    config = ArenaConfig(game="hurikan", levels=("easy", "normal"), games=1, seed=2)
    arena_match.run_arena(config)
    assert seen
    for view in seen:
        assert isinstance(view, dict) and not isinstance(view, GameState)
        assert json.loads(json.dumps(view)) == view
        assert all(not isinstance(v, GameState) for v in view.values())


def _twin(state: GameState, seat: int, rng: random.Random) -> GameState:
    """Another game the seat cannot tell apart: the hidden cards dealt differently."""
    return determinise(state.name, state.view(seat), rng)


def _hidden(state: GameState) -> str:
    data = state.to_dict()
    return json.dumps([data.get("hands"), data.get("stock"), data.get("haggis")])


@pytest.mark.parametrize("variant", VARIANTS, ids=[v[0] + str(v[2]) + str(v[1]) for v in VARIANTS])
def test_hidden_cards_do_not_change_any_decision(variant):
    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        state = start(variant, seed)
        # advance a few moves so that tables, tricks and piles are not empty
        for _ in range(seed * 3):
            seat = state.current_player
            state.apply(state.legal_actions(seat)[0], seat)
        seat = state.current_player
        twin = _twin(state, seat, rng)
        assert twin.view(seat) == state.view(seat)
        if _hidden(twin) == _hidden(state):
            continue
        legal = state.legal_actions(seat)
        assert [str(a) for a in twin.legal_actions(seat)] == [str(a) for a in legal]
        for level in LEVELS:
            a = choose_action(variant[0], json_view(state, seat), legal, level, seed=9, limits=TINY)
            b = choose_action(variant[0], json_view(twin, seat), legal, level, seed=9, limits=TINY)
            assert str(a) == str(b), (level, seat)
            checked += 1
    assert checked


def test_extra_keys_in_a_view_change_nothing():
    """Players read only the documented view keys; a poisoned extra key changes nothing."""
    for variant in VARIANTS:
        state = start(variant, 4)
        seat = state.current_player
        view = json_view(state, seat)
        poisoned = dict(view, secret_hands=[["7H"] * 10], stock=["KS"] * 20, haggis=["10R"] * 8)
        legal = state.legal_actions(seat)
        for level in LEVELS:
            a = choose_action(variant[0], view, legal, level, seed=3, limits=TINY)
            b = choose_action(variant[0], poisoned, legal, level, seed=3, limits=TINY)
            assert str(a) == str(b)


def test_search_limits_from_budget():
    limits = SearchLimits.from_budget(None, 40)
    assert limits.samples == 40 and limits.time_cap is not None
    assert SearchLimits.from_budget(0.25, 40).samples == 10
    with pytest.raises(ValueError):
        SearchLimits.from_budget(0, 40)
