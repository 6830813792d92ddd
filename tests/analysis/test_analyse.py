"""The analysis of a finished game (``bot.analysis.analyse_game``): deterministic for a seed,
planted blunders marked, expert's own move free, and blind to cards the player could not see."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bot.games as games
from bot.analysis import GameAnalysis, Mark
from bot.analysis.analyse import THRESHOLDS, AnalysedMove, analyse_game
from bot.games import GameState
from bot.players import choose_action

HURRICANE_PACK = [r + s for s in "HDCS" for r in ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")]
HAGGIS_NUMBERS = [f"{r}{s}" for s in "ROYG" for r in range(2, 11)]


def played_game(
    game: str, seed: int, moves: int, humans: set[int], since: int = 0, **kwargs: Any
) -> tuple[GameState, list[AnalysedMove]]:
    """A seeded game as dealt and ``moves`` moves of normal players (``humans``' seats marked
    as a person's from move ``since + 1`` on: late moves have short rollouts)."""
    state = games.new_game(game, seed=seed, **kwargs)
    start = state.clone()
    rng = random.Random(seed)
    log: list[AnalysedMove] = []
    while not state.is_over and len(log) < moves:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions(seat)
        action = choose_action(game, state.view(seat), legal, "normal", seed=rng.getrandbits(32))
        state.apply(action, seat)
        log.append(AnalysedMove(seat, str(action), seat in humans and len(log) >= since))
    return start, log


def verdicts(analysis: GameAnalysis) -> dict[str, Any]:
    data = analysis.to_json()
    data.pop("cpu_seconds")
    return data


def hurricane_sweep_position() -> GameState:
    """Seat 0 to play 7H (sweeps 3C + 4D) or trail 2S (then QC sweeps the three)."""
    used = {"7H", "2S", "KD", "QC", "3C", "4D"}
    rest = [c for c in HURRICANE_PACK if c not in used]
    return games.load_game(
        {
            "game": "hurricane",
            "options": {"preset": "standard"},
            "seed": 7,
            "dealer": 1,
            "turn": 0,
            "hands": [["7H", "2S"], ["KD", "QC"]],
            "table": ["3C", "4D"],
            "stock": [],
            "piles": [rest[:16], rest[16:]],
            "sweeps": [0, 0],
            "last_capturer": 1,
            "scores": [0, 0],
        }
    )


def haggis_bomb_position() -> GameState:
    """Seat 1 led 4G and holds only its J and Q (public): a pass lets it lead the J-Q bomb and
    go out; seat 0 (5R J Q K) can win the trick with a bomb and go out itself."""
    rest = [c for c in HAGGIS_NUMBERS if c not in ("5R", "4G")]
    return games.load_game(
        {
            "game": "haggis",
            "options": {},
            "seed": 3,
            "dealer": 1,
            "turn": 0,
            "hands": [["5R", "J", "Q", "K"], ["J", "Q"]],
            "haggis": rest[:8],
            "piles": [[*rest[8:22], "K"], rest[22:]],
            "trick": [{"player": 1, "play": "4G"}],
            "bets": [None, None],
            "played": [True, True],
            "out": [],
            "scores": [0, 0],
            "round_points": [0, 0],
        }
    )


@pytest.mark.parametrize(
    ("game", "moves", "kwargs"),
    [("hurricane", 8, {}), ("haggis", 16, {"players": 2, "since": 12})],
)
def test_the_analysis_of_a_seeded_game_is_deterministic(
    game: str, moves: int, kwargs: dict[str, Any]
) -> None:
    start, log = played_game(game, 5, moves, {0, 1}, **kwargs)
    first = analyse_game(start, log, game_id="g", samples=1, seed=11)
    again = analyse_game(start, log, game_id="g", samples=1, seed=11)
    assert verdicts(first) == verdicts(again)
    assert first.moves and all(v.move_no >= 1 for v in first.moves)
    assert set(first.accuracy) <= {0, 1}
    assert all(0 <= a <= 100 for a in first.accuracy.values())
    kwargs.pop("since", None)
    assert start.to_dict() == games.new_game(game, seed=5, **kwargs).to_dict()  # start unchanged


def test_only_human_moves_with_a_choice_are_analysed() -> None:
    start, log = played_game("hurricane", 6, 10, {1})
    analysis = analyse_game(start, log, game_id="g", samples=1)
    assert {v.seat for v in analysis.moves} == {1}
    state = start.clone()
    choices = set()
    for no, move in enumerate(log, start=1):
        if move.human and len(state.legal_actions(move.seat)) > 1:
            choices.add(no)
        state.apply(move.action, move.seat)
    assert {v.move_no for v in analysis.moves} == choices
    assert analysis.unit == "points" and analysis.game == "hurricane"
    assert GameAnalysis.from_json(analysis.to_json()).moves == analysis.moves


def test_throwing_away_a_sweep_is_a_blunder_and_the_sweep_is_best() -> None:
    start = hurricane_sweep_position()
    thrown = analyse_game(start, [AnalysedMove(0, "2S", True)], game_id="g", samples=2)
    [verdict] = thrown.moves
    assert verdict.best == "7H:3C+4D"
    assert verdict.cost >= THRESHOLDS["hurricane"].blunder
    assert verdict.mark is Mark.BLUNDER
    assert thrown.accuracy[0] < 50
    swept = analyse_game(start, [AnalysedMove(0, "7H:3C+4D", True)], game_id="g", samples=2)
    [verdict] = swept.moves
    assert (verdict.cost, verdict.mark) == (0.0, Mark.BEST)
    assert swept.accuracy == {0: 100.0}


def test_a_pass_that_lets_a_bomb_win_the_round_is_a_blunder() -> None:
    start = haggis_bomb_position()
    # expert needs a few iterations to see the bomb (with 2 it keeps normal's single K)
    analysis = analyse_game(start, [AnalysedMove(0, "pass", True)], game_id="g", samples=8)
    [verdict] = analysis.moves
    assert verdict.best != "pass"
    assert verdict.mark is Mark.BLUNDER
    assert verdict.cost >= THRESHOLDS["haggis"].blunder


def test_expert_s_own_move_costs_nothing() -> None:
    start, log = played_game("hurricane", 8, 4, {0})
    first = analyse_game(start, log, game_id="g", samples=1, seed=4)
    # replay the game with expert's own moves where the person's were (the rest unchanged as
    # long as the game stays legal: only the first analysed move is swapped)
    target = first.moves[-1]
    swapped = list(log)
    swapped[target.move_no - 1] = AnalysedMove(target.seat, target.best, True)
    swapped = swapped[: target.move_no]
    again = analyse_game(start, swapped, game_id="g", samples=1, seed=4)
    verdict = again.for_move(target.move_no)
    assert verdict is not None and verdict.played == target.best
    assert (verdict.cost, verdict.mark) == (0.0, Mark.BEST)


def _swap_hidden(
    data: dict[str, Any], seat: int, hidden_key: str, keep: set[str], count: int
) -> dict[str, Any]:
    """``data`` with ``count`` of ``seat``'s cards not in ``keep`` swapped with the last cards of
    ``data[hidden_key]`` (the stock's bottom, the Haggis) — cards the other seat never sees."""
    data = {**data, "hands": [list(h) for h in data["hands"]]}
    hidden = list(data[hidden_key])
    mine = [c for c in data["hands"][seat] if c not in keep and c not in ("J", "Q", "K")]
    for i, card in enumerate(mine[:count]):
        j = len(hidden) - 1 - i
        other = hidden[j]
        hidden[j] = card
        data["hands"][seat][data["hands"][seat].index(card)] = other
    data[hidden_key] = hidden
    return data


@pytest.mark.parametrize(
    ("game", "kwargs", "hidden_key", "moves"),
    [("hurricane", {}, "stock", 6), ("haggis", {"players": 2, "since": 14}, "haggis", 20)],
)
def test_reshuffled_hidden_cards_change_nothing_in_the_analysis(
    game: str, kwargs: dict[str, Any], hidden_key: str, moves: int
) -> None:
    start, log = played_game(game, 9, moves, {0}, **kwargs)
    played_by_1 = {c for m in log if m.seat == 1 for c in m.action.replace(":", " ").split()}
    other = games.load_game(_swap_hidden(start.to_dict(), 1, hidden_key, played_by_1, 2))
    assert other.to_dict()["hands"][1] != start.to_dict()["hands"][1]
    assert other.view(0) == start.view(0)
    a = analyse_game(start, log, game_id="g", samples=1, seed=3)
    b = analyse_game(other, log, game_id="g", samples=1, seed=3)
    assert a.moves and verdicts(a) == verdicts(b)


def test_poker_costs_are_chips() -> None:
    start, log = played_game("hurricane_poker", 2, 6, {0, 1}, players=2, options={"hands": 1})
    analysis = analyse_game(start, log, game_id="g", samples=2)
    assert analysis.unit == "chips" and analysis.moves
    assert all(v.cost >= 0 for v in analysis.moves)


def test_marks_and_accuracy_follow_the_game_s_thresholds() -> None:
    from bot.analysis.analyse import move_accuracy

    marks = THRESHOLDS["haggis"]
    assert marks.mark(0.0) is Mark.BEST
    assert marks.mark(marks.inaccuracy / 2) is Mark.GOOD
    assert marks.mark(marks.inaccuracy) is Mark.INACCURACY
    assert marks.mark(marks.mistake) is Mark.MISTAKE
    assert marks.mark(marks.blunder + 1) is Mark.BLUNDER
    assert move_accuracy("haggis", 0.0) == 100.0
    assert move_accuracy("haggis", marks.mistake) == pytest.approx(50.0)
    assert set(THRESHOLDS) == {"hurricane", "hurikan", "haggis", "hurricane_poker"}


def test_a_haggis_bet_out_of_turn_is_analysed_among_the_bets() -> None:
    start = games.new_game("haggis", seed=4, players=2)
    mover = start.current_player
    assert mover is not None
    other = 1 - mover
    analysis = analyse_game(start, [AnalysedMove(other, "bet 30", True)], game_id="g", samples=1)
    [verdict] = analysis.moves
    assert verdict.seat == other and verdict.best.startswith("bet")
