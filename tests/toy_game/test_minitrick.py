"""Minitrick, the test-only game: it keeps to the engine contract, plays whole games in the
terminal once registered, and adding it touched only its own modules — no file of the cogs, the
Discord layer, the table layer or storage names it, and docs/adding-a-game.md lists every
registration point it uses (tests/bot/test_added_game.py plays it through Discord)."""

from __future__ import annotations

import dataclasses
import io
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import bot.games as games
from bot import plugin, terminal
from bot.games import FairSeed, IllegalAction, InvalidState
from bot.plugin import GamePlugin, installed
from tests.toy_game import PLUGIN

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "adding-a-game.md"
UNTOUCHED = ("cogs", "bot/discord", "bot/tables", "storage")


@pytest.fixture
def minitrick() -> Iterator[str]:
    with installed(PLUGIN):
        yield PLUGIN.name


def test_a_registered_game_is_known_only_while_registered() -> None:
    assert "minitrick" not in games.GAMES
    with pytest.raises(ValueError, match="Unknown game"):
        games.new_game("minitrick", seed=1)
    with installed(PLUGIN):
        assert list(games.GAMES)[-1] == "minitrick" and len(games.GAMES) == 5
        assert games.game_info("minitrick").players == (2,)
        with pytest.raises(ValueError, match="registered already"):
            games.register_game("minitrick", PLUGIN.engine)
    assert "minitrick" not in games.GAMES and len(games.GAMES) == 4
    with pytest.raises(ValueError, match="a game's name"):
        games.register_game("Mini Trick", PLUGIN.engine)


def test_engine_contract(minitrick: str) -> None:
    """Seeded and fair deals repeat, snapshots continue exactly, views hide the other hand,
    bad moves are refused and change nothing."""
    rng = random.Random(7)
    fair = FairSeed(bytes(range(32)), "table-1")
    for seed in range(30):
        kwargs = {"fair": fair} if seed % 2 else {}
        state = games.new_game(minitrick, seed=seed, **kwargs)  # type: ignore[arg-type]
        again = games.new_game(minitrick, seed=seed, **kwargs)  # type: ignore[arg-type]
        assert state.to_dict() == again.to_dict()
        while not state.is_over:
            seat = state.current_player
            assert seat is not None and state.legal_actions(1 - seat) == []
            other = state.view(1 - seat)
            assert set(other["hand"]).isdisjoint(state.view(seat)["hand"])
            assert "hand" not in state.view(None)
            before = state.to_dict()
            with pytest.raises(IllegalAction):
                state.apply("9S")
            with pytest.raises(IllegalAction):
                state.apply(other["hand"][0] if other["hand"] else "2S", 1 - seat)
            assert state.to_dict() == before
            action = rng.choice(state.legal_actions())
            copy = games.load_game(state.to_dict())
            assert state.apply(action) == copy.apply(action)
            assert state.to_dict() == copy.to_dict()
        result = state.result()
        assert result["scores"][result["winner"]] == state.options["target"]
    with pytest.raises(InvalidState):
        games.load_game({**state.to_dict(), "played": []})  # cards missing
    with pytest.raises(ValueError):
        games.new_game(minitrick, seed=1, options={"target": 99})


def test_whole_games_in_the_terminal(minitrick: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal plays it through its hand and board models and its computer players."""
    for level in ("easy", "normal", "hard"):
        out = io.StringIO()
        monkeypatch.setattr(sys, "stdin", io.StringIO("moves\n7X\n" + "1\n" * 60))
        monkeypatch.setattr(sys, "stdout", out)
        assert (
            terminal.main([minitrick, "--seed", "4", "--level", level, "--option", "target=3"]) == 0
        )
        text = out.getvalue()
        assert text.count("=== Minitrick — two players") == 1  # the intro, once
        assert "Rules in force: target: 3." in text
        assert "type a move as it is listed in brackets" in text
        assert "Your cards:" in text and "Play a card" in text  # the hand model
        assert "1) Play " in text  # the hand model's words for a move
        assert "Trick: " in text and "Computer 1 (" in text and "tricks " in text  # the board model
        assert "You play " in text and " wins the trick" in text  # the story line
        assert "=== Minitrick — scores" in text and "Deal 1 result — tricks" in text
        assert "Not allowed:" in text  # 7X refused, asked again
        assert "=== Game over" in text and "**" not in text


def test_no_file_of_the_floors_above_names_the_game() -> None:
    """What proves the registration points: the added game is named only in its own modules,
    its tests and the guide."""
    word = re.compile(r"minitrick|toy_game", re.IGNORECASE)
    for folder in UNTOUCHED:
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".md", ".po", ".sql", ".txt"):
                assert not word.search(path.read_text(encoding="utf-8")), path
    named = {
        path.relative_to(ROOT).as_posix()
        for folder in ("bot", "cogs", "storage", "bench", "docs")
        for path in (ROOT / folder).rglob("*")
        if path.is_file()
        and path.suffix in (".py", ".md")
        and word.search(path.read_text(encoding="utf-8"))
    }
    assert named == {"docs/adding-a-game.md"}


def test_the_guide_lists_every_registration_point() -> None:
    """docs/adding-a-game.md names each part of a ``GamePlugin`` and each registry it fills,
    and each named registry exists, so the guide cannot fall behind the code."""
    guide = GUIDE.read_text(encoding="utf-8")
    for field in dataclasses.fields(GamePlugin):
        assert f"`{field.name}`" in guide, field.name
    named = set(re.findall(r"`((?:un)?register_[a-z_]+)`", guide))
    assert {
        "register_game",
        "register_players",
        "register_hand_model",
        "register_board_model",
        "register_layout",
        "register_rules",
    } <= named
    import bot.players
    import bot.render.boards
    import bot.render.hands
    import bot.render.pictures
    import bot.render.rules

    homes = (
        games,
        bot.players,
        bot.render.hands,
        bot.render.boards,
        bot.render.pictures,
        bot.render.rules,
        plugin,
    )
    for name in named:
        assert any(hasattr(home, name) for home in homes), name
    for path in re.findall(r"`((?:bot|tests)/[a-z_/]+\.py)`", guide):
        assert (ROOT / path).is_file(), path
