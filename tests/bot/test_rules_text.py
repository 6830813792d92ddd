"""``/rules``: the facts of RULES.md are stated right, and every option the engines know is listed with
its choices (so the text cannot fall behind the engines)."""

from __future__ import annotations

import pytest
from discord import app_commands

import bot.games as games
from bot.games.haggis.options import BOMB_CAPTURES, TARGETS
from bot.games.hurricane.options import CHOICES, NUMBERS
from bot.render.rules import rules_panel

from .fakediscord import FakeDiscord


def text_of(game: str) -> str:
    return rules_panel(game).as_text()


@pytest.mark.parametrize(("game", "players"), [("hurricane", 2), ("hurikan", 2), ("haggis", 3)])
def test_every_engine_option_is_listed(game: str, players: int) -> None:
    text = text_of(game)
    options = games.new_game(game, seed=0, players=players, options={}).options
    for name in set(options) - {"preset"}:
        assert name in text, name
    assert "turn_timer" in text


def test_hurricane_choices_and_facts() -> None:
    text = text_of("hurricane")
    for name, allowed in CHOICES.items():
        assert " | ".join(allowed) in text, name  # default first, every choice
    assert set(NUMBERS) <= set(text.replace("(", " ").split())
    for fact in (
        "J=8, Q=9, K=10",
        "7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12, K=10, Q=9, J=8",
        "16 or more",
        "fewer than 8",
        "game to 15, no double win",
        "except with the deal's last card",
        "9 cards each",
    ):
        assert fact in text, fact


def test_haggis_choices_and_facts() -> None:
    text = text_of("haggis")
    assert f"target: {' | '.join(map(str, TARGETS))}" in text
    assert f"bomb_capture: {' | '.join(BOMB_CAPTURES)}" in text
    assert "first_out_bonus: on | off" in text and "players: 2 | 3" in text
    for fact in (
        "3 5 7 9 = 1, J=2, Q=3, K=5",
        "15 or 30",
        "every player who did not bet",
        "5 points per card in the biggest hand left",
        "3-5-7-9 in four suits, J-Q, J-K, Q-K, J-Q-K, 3-5-7-9 in one suit",
        "(250)",
    ):
        assert fact in text, fact


def test_hurikan_facts() -> None:
    text = text_of("hurikan")
    for fact in ("1 to 3 cards", "220 in all", "Taking is never forced", "the last refill is 2"):
        assert fact in text, fact


async def test_every_command_and_option_is_described(fake: FakeDiscord) -> None:
    """Discord shows these descriptions while typing: none may be left at discord.py's "…"."""
    tree = fake.bot.tree  # type: ignore[union-attr]
    seen = 0
    for cmd in tree.walk_commands():
        assert cmd.description and cmd.description != "…", cmd.qualified_name
        if isinstance(cmd, app_commands.Command):
            seen += 1
            for p in cmd.parameters:
                assert p.description and p.description != "…", f"{cmd.qualified_name} {p.name}"
    assert seen >= 15
