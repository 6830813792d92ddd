"""``/rules``: the facts of RULES.md are stated right, and every option the engines know is listed with
its choices (so the text cannot fall behind the engines)."""

from __future__ import annotations

import pytest
from discord import app_commands

import bot.games as games
from bot.render.rules import OPTION_CHOICES, option_suggestions, rules_panel

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


FACTS = {
    "hurricane": (
        "J=8, Q=9, K=10",
        "7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12, K=10, Q=9, J=8",
        "16 or more",
        "fewer than 8",
        "game to 15, no double win",
        "except with the deal's last card",
        "9 cards each",
    ),
    "haggis": (
        "3 5 7 9 = 1, J=2, Q=3, K=5",
        "15 or 30",
        "every player who did not bet",
        "5 points per card in the biggest hand left",
        "3-5-7-9 in four suits, J-Q, J-K, Q-K, J-Q-K, 3-5-7-9 in one suit",
        "(250)",
    ),
    "hurikan": ("1 to 3 cards", "220 in all", "Taking is never forced", "the last refill is 2"),
}


@pytest.mark.parametrize("game", sorted(FACTS))
def test_rulebook_facts(game: str) -> None:
    text = text_of(game)
    for fact in FACTS[game]:
        assert fact in text, fact


def test_hurricane_choices() -> None:
    text = text_of("hurricane")
    info = games.game_info("hurricane")
    for option in info.options:
        if option.choices:
            assert " | ".join(option.choices) in text, option.name  # default first, every choice
    numbers = {o.name for o in info.options if o.bounds is not None}
    assert numbers == {"target", "double_below"}
    assert numbers <= set(text.replace("(", " ").split())
    assert "target (16, 1–1000; open: 15)" in text  # default, bounds, preset


def test_haggis_choices() -> None:
    text = text_of("haggis")
    assert "target: 250 | 350" in text
    assert "bomb_capture: tournament | chooser (" in text
    assert "first_out_bonus: on | off (+5 for the first out; 3 players only)" in text
    assert "players: 2 | 3" in text


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


@pytest.mark.parametrize(("game", "players"), [("hurricane", 2), ("hurikan", 2), ("haggis", 3)])
def test_offered_option_values_are_exactly_the_engines(game: str, players: int) -> None:
    offered = OPTION_CHOICES[game]
    defaults = games.new_game(game, seed=0, players=players, options={}).options
    assert set(offered) == set(defaults) - {"preset"}
    for name, values in offered.items():
        assert values[0] == str(defaults[name]), name  # the default is offered first
        for value in values:  # the engine accepts every offered value (as typed: a string)
            state = games.new_game(game, seed=0, players=players, options={name: value})
            assert str(state.options[name]) == value
        option = games.game_info(game).option(name)
        if option.choices:
            assert values == tuple(str(c) for c in option.choices)


def test_option_suggestions_complete_the_last_word() -> None:
    assert option_suggestions("haggis", "bomb") == [
        "bomb_capture=tournament",
        "bomb_capture=chooser",
    ]
    assert option_suggestions("haggis", "BOMB_CAPTURE=ch") == ["bomb_capture=chooser"]
    after = option_suggestions("haggis", "bomb_capture=chooser f")
    assert after == [
        "bomb_capture=chooser first_out_bonus=on",
        "bomb_capture=chooser first_out_bonus=off",
    ]
    assert all(
        "bomb_capture=tournament" not in t
        for t in option_suggestions("haggis", "bomb_capture=chooser ")
    )
    assert len(option_suggestions("hurricane", "")) == 25
    assert option_suggestions(None, "") == [] and option_suggestions("hurikan", "") == []
    assert all(len(t) <= 100 for t in option_suggestions("hurricane", "x" * 90 + " "))


def test_options_that_do_not_apply_to_the_player_count_are_not_offered() -> None:
    assert option_suggestions("haggis", "", players=2) == ["target=250", "target=350"]
    three = option_suggestions("haggis", "", players=3)
    assert "bomb_capture=chooser" in three and "first_out_bonus=off" in three


async def test_options_autocomplete_through_discord(fake: FakeDiscord) -> None:
    ex = await fake.autocomplete("table new", "options", value="first", game="haggis")
    assert ex.callback_type == 8
    assert [c["value"] for c in ex.choices()] == ["first_out_bonus=on", "first_out_bonus=off"]
    ex = await fake.autocomplete("table new", "options", value="")  # no game chosen yet
    assert ex.callback_type == 8 and ex.choices() == []
    ex = await fake.autocomplete("table new", "options", value="", game="haggis", players=2)
    assert [c["value"] for c in ex.choices()] == ["target=250", "target=350"]


def test_the_lobby_lists_only_the_options_of_its_player_count() -> None:
    from bot.render.rules import options_in_force

    assert options_in_force("haggis", 2, {"target": 350}) == {"target": 350}
    assert options_in_force("haggis", 3, {"bomb_capture": "chooser"}) == {
        "target": 250,
        "first_out_bonus": "on",
        "bomb_capture": "chooser",
    }
    open_hands = options_in_force("hurricane", 2, {"preset": "open", "trail": "free"})
    assert open_hands["target"] == 15 and open_hands["trail"] == "free"
    assert "preset" not in open_hands
    assert options_in_force("hurikan", 2, {"preset": "hurikan"}) == {}
