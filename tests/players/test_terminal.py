"""Terminal play driven by scripted stdin: full games, illegal entries, end of input."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from bot import terminal


def _run(monkeypatch: pytest.MonkeyPatch, argv: list[str], script: str) -> tuple[int, str]:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    monkeypatch.setattr(sys, "stdout", out)
    code = terminal.main(argv)
    return code, out.getvalue()


def test_a_full_short_hurricane_game(monkeypatch):
    code, text = _run(
        monkeypatch,
        ["hurricane", "--seed", "3", "--level", "easy", "--option", "target=1"],
        "1\n" * 200,
    )
    assert code == 0
    assert "Your hand:" in text and "Table:" in text and "scores:" in text
    assert "=== Deal scored" in text and "primiera" in text and "7♥" in text
    assert "=== Game over" in text
    assert ("You win" in text) or ("Seat 1 wins" in text) or ("draw" in text)


@pytest.mark.parametrize(
    "argv",
    [
        ["hurikan", "--seed", "2"],
        ["haggis", "--seed", "4", "--level", "easy"],
        ["hurricane", "--preset", "pairs", "--seed", "5", "--option", "target=1"],
        ["hurricane", "--preset", "open", "--seed", "6", "--option", "target=1"],
    ],
)
def test_full_games_of_other_games(monkeypatch, argv):
    code, text = _run(monkeypatch, argv, "1\n" * 3000)
    assert code == 0
    assert "=== Game over" in text
    if argv[0] == "haggis":
        assert "=== Round scored" in text and "going out" in text


def test_an_illegal_choice_is_explained_and_asked_again(monkeypatch):
    script = "9X\n0\n999\nKS:AH\nmoves\n1\n"
    code, text = _run(monkeypatch, ["hurricane", "--seed", "3", "--level", "normal"], script)
    assert code == 0
    assert "Not allowed: 9X is not in this pack" in text or "Not allowed: 9X" in text
    assert "There is no move 0" in text and "There is no move 999" in text
    assert text.count("Not allowed:") == 2  # 9X and KS:AH
    assert text.count("Your move: ") >= 6
    assert "You:" in text  # the final "1" was played
    assert "Input ended" in text


def test_end_of_input_stops_cleanly(monkeypatch):
    code, text = _run(monkeypatch, ["haggis", "--seed", "1", "--players", "3"], "")
    assert code == 0
    assert "Input ended" in text
    assert "Traceback" not in text


def test_bad_arguments_are_refused(monkeypatch, capsys):
    assert terminal.main(["hurricane", "--preset", "poker"]) == 2
    assert "preset" in capsys.readouterr().err
    assert terminal.main(["chess"]) == 2


def test_describe_action_in_words():
    assert terminal.describe_action("hurricane", "7H:3C+4D") == "7♥ takes 3♣ + 4♦"
    assert terminal.describe_action("hurikan", "4S+2H:6C") == "4♠ + 2♥ take 6♣"
    assert terminal.describe_action("haggis", "bet 15") == "bet 15"
    assert "sequence" in terminal.describe_action("haggis", "5G J Q =seq1")


def test_python_m_bot_play_runs_in_a_subprocess():
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "play", "hurikan", "--seed", "7", "--level", "easy"],
        input="1\n" * 100,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "=== Game over" in proc.stdout
