"""``python -m bot analyse GAME_ID`` on a game stored in SQLite, and the terminal's ``--analyse``."""

from __future__ import annotations

import asyncio
import io
import random
import sys
from pathlib import Path

import pytest

import bot.games as games
from bot import terminal
from bot.__main__ import main
from bot.players import choose_action
from storage.models import GameRecord, MoveRecord, SeatRecord, TableSnapshot
from storage.sqlite import SqliteStorage

GAME_ID = "g-analyse-1"


async def _store_poker_game(path: Path) -> None:
    """A one-hand poker game: seat 0 a person (Anna), seat 1 the normal computer."""
    state = games.new_game("hurricane_poker", seed=4, players=2, options={"hands": 1})
    rng = random.Random(4)
    store = SqliteStorage(path)
    await store.open()
    try:
        last: MoveRecord | None = None
        move_no = 0
        while not state.is_over:
            if last is not None:
                snapshot = TableSnapshot(5, 6, GAME_ID, "playing", state.to_dict(), 0.0)
                await store.save_table(snapshot, last)
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions(seat)
            action = choose_action(
                state.name, state.view(seat), legal, "normal", seed=rng.getrandbits(32)
            )
            state.apply(action, seat)
            move_no += 1
            source = "human" if seat == 0 else "computer"
            last = MoveRecord(GAME_ID, move_no, seat, str(action), float(move_no), source)
        result = state.result()
        record = GameRecord(
            game_id=GAME_ID,
            guild_id=6,
            channel_id=5,
            game="hurricane_poker",
            options=state.options,
            seats=(SeatRecord(0, 100, "Anna"), SeatRecord(1, -2, "Computer 1", is_bot=True)),
            scores=tuple(result["scores"]),
            winners=(),
            double=False,
            seed=4,
            started_at=0.0,
            ended_at=1.0,
        )
        assert await store.finish_game(record, snapshot_channel_id=5, move=last)
    finally:
        await store.close()


@pytest.fixture
def stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "bot.sqlite3"
    asyncio.run(_store_poker_game(path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    return path


def test_analyse_prints_each_persons_move_and_the_accuracy(stored, capsys) -> None:
    assert main(["analyse", GAME_ID, "--samples", "2", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert GAME_ID in out and "chips of the hand" in out
    lines = [line for line in out.splitlines() if ". Anna: " in line]
    assert lines, out
    assert not any("Computer 1:" in line for line in out.splitlines())  # the computer's moves
    assert "Anna: accuracy " in out and "%" in out
    assert "Computer 1: accuracy" not in out


def test_analyse_speaks_russian(stored, capsys) -> None:
    assert main(["analyse", GAME_ID, "--samples", "2", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Anna: точность " in out and "фишках" in out
    assert "accuracy" not in out


def test_analyse_an_unknown_game(stored, capsys) -> None:
    assert main(["analyse", "no-such-game", "--lang", "en"]) == 1
    assert "No finished game no-such-game" in capsys.readouterr().out


def test_the_terminal_analyses_the_persons_moves_after_the_game(monkeypatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 50))
    monkeypatch.setattr(sys, "stdout", out)
    argv = ["hurricane_poker", "--seed", "3", "--level", "easy", "--option", "hands=1"]
    code = terminal.main([*argv, "--analyse", "--analyse-samples", "2", "--lang", "en"])
    assert code == 0
    text = out.getvalue()
    after = text[text.index("=== Analysis of your moves") :]
    assert ". You: " in after and "You: accuracy " in after
    assert "Computer 1" not in after


def test_analyse_prints_the_stored_analysis_unless_asked_anew(stored, capsys) -> None:
    from bot.analysis import GameAnalysis, Mark, MoveVerdict
    from storage.models import AnalysisRecord

    planted = GameAnalysis(
        GAME_ID,
        "hurricane_poker",
        "chips",
        (MoveVerdict(1, 0, "fold", "call", 3.0, Mark.BLUNDER),),
        {0: 12.5},
    )

    async def save() -> None:
        store = SqliteStorage(stored)
        await store.open()
        try:
            record = AnalysisRecord(
                GAME_ID, planted.version, planted.to_json(), planted.accuracy, 0.0
            )
            assert await store.save_analysis(record)
        finally:
            await store.close()

    asyncio.run(save())
    assert main(["analyse", GAME_ID, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "The analysis the bot made after the game" in out
    assert "?? blunder (cost 3.00 chips; expert: " in out and "Anna: accuracy 12%" in out
    assert main(["analyse", GAME_ID, "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "3,00" in out and "3.00" not in out  # Russian writes a decimal comma
    assert main(["analyse", GAME_ID, "--fresh", "--samples", "1", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "made after the game" not in out and "accuracy 12%" not in out
