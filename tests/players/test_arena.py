"""The arena plays seeded games with rotating seats and reports sound statistics."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from bot.arena import ArenaConfig, run_arena, wilson_interval
from bot.arena.__main__ import main
from bot.arena.match import EntryStats, play_game


def test_wilson_interval_matches_known_values():
    low, high = wilson_interval(60, 100)
    assert low == pytest.approx(0.502, abs=1e-3) and high == pytest.approx(0.691, abs=1e-3)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_results_add_up_and_seats_rotate():
    config = ArenaConfig(game="hurikan", levels=("normal", "easy"), games=6, seed=3)
    stats = run_arena(config)
    assert [s.games for s in stats] == [6, 6]
    wins = sum(s.wins for s in stats)
    assert wins + stats[0].draws == 6
    assert stats[0].draws == stats[1].draws
    assert all(s.moves > 0 for s in stats)


def test_same_seed_same_results():
    config = ArenaConfig(game="haggis", levels=("easy", "normal"), games=2, seed=9, players=2)
    first = [(s.wins, s.points) for s in run_arena(config)]
    assert first == [(s.wins, s.points) for s in run_arena(config)]


def test_a_run_split_in_two_plays_the_whole_runs_games():
    whole = ArenaConfig(
        game="haggis", levels=("normal", "easy"), games=4, seed=5, players=2, mirror=True
    )
    halves = [replace(whole, games=2), replace(whole, first_game=2)]
    split = [run_arena(config) for config in halves]
    assert [s.games for s in split[1]] == [2, 2]
    for entry, stats in enumerate(run_arena(whole)):
        parts = [half[entry] for half in split]
        assert stats.wins == sum(p.wins for p in parts)
        assert stats.points == sum(p.points for p in parts)
        assert stats.moves == sum(p.moves for p in parts)


def test_the_first_game_must_lie_in_the_run(capsys):
    assert main(["haggis", "--players", "2", "--games", "2", "--first-game", "2"]) == 2
    assert "first game" in capsys.readouterr().err


def test_three_player_arena_and_the_command_line(capsys):
    code = main(
        [
            "haggis",
            "--players",
            "3",
            "--levels",
            "normal",
            "easy",
            "easy",
            "--games",
            "3",
            "--quiet",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "95% CI (Wilson)" in out and "ms/move" in out
    assert out.count("easy") == 2 and "normal" in out


def test_wrong_number_of_levels_is_explained(capsys):
    assert main(["hurricane", "--levels", "easy", "normal", "hard", "--games", "1"]) == 2
    assert "2 sides" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("game", "players"), [("hurricane", None), ("hurikan", None), ("haggis", 2)]
)
def test_greedy_baseline_is_deterministic_and_mirrored_deals_repeat(game, players):
    config = ArenaConfig(
        game=game, levels=("greedy", "greedy"), games=2, seed=5, players=players, mirror=True
    )
    first = run_arena(config)
    again = run_arena(config)
    assert [(s.wins, s.points, s.moves) for s in first] == [
        (s.wins, s.points, s.moves) for s in again
    ]
    # the same deal twice with the seats swapped between two identical players: the same
    # scores with the seats exchanged
    assert first[0].points == first[1].points and first[0].wins == first[1].wins
    assert first[0].deals == first[1].deals > 0
    assert first[0].first_games + first[1].first_games == 2


def test_greedy_haggis_plays_lowest_non_bomb_and_passes_on_bombs_only():
    from bot.arena.greedy import greedy_haggis
    from bot.games import new_game

    state = new_game("haggis", seed=1, players=2)
    seat = state.current_player
    view = state.view(seat)
    legal = state.legal_actions(seat)
    action = str(greedy_haggis(view, legal))
    assert not action.startswith("bet")
    lowest = min(int(c[:-1]) for c in view["hand"] if c not in ("J", "Q", "K"))
    assert all(int(c[:-1]) == lowest for c in action.split())
    assert not any(c in ("J", "Q", "K") for c in action.split())


@pytest.mark.parametrize("levels", [("maniac", "foldbet"), ("tag", "lp")])
def test_poker_rule_players_are_deterministic_and_legal(levels):
    config = ArenaConfig(
        game="hurricane_poker", levels=levels, games=2, seed=3, players=2, options={"hands": 2}
    )
    first = [play_game(config, i, [EntryStats(x) for x in levels]) for i in range(2)]
    again = [play_game(config, i, [EntryStats(x) for x in levels]) for i in range(2)]
    assert first == again


def test_poker_rule_players_only_play_poker():
    config = ArenaConfig(game="hurikan", levels=("tag", "normal"), games=1)
    with pytest.raises(ValueError, match="rule player"):
        run_arena(config)


def test_rule_player_moves_follow_their_style():
    from bot.arena.poker_rules import rule_action

    from ..games.poker_helpers import play, position

    state = position([100, 100], [["2C", "8S"], ["KH", "QD"]], dealer=1)
    play(state, "0 bet 3")
    view = json.loads(json.dumps(state.view(1)))
    legal = state.legal_actions(1)
    moves = {
        name: str(rule_action(name, view, legal)) for name in ("foldbet", "tag", "lp", "maniac")
    }
    assert moves == {"foldbet": "fold", "tag": "fold", "lp": "call", "maniac": "raise 3"}
