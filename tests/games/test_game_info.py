"""``game_info(name)`` is the one source of seats, presets, defaults, choices and bounds: the
engines fill in and check options through it (RULES.md: every numeric option has bounds, and a
value outside them is refused with a message naming them)."""

from __future__ import annotations

import pytest

from bot.games import GAMES, InvalidState, game_info, load_game, new_game


def _setups(name: str) -> list[tuple[str | None, int]]:
    info = game_info(name)
    if info.presets:
        return [(p.name, p.players) for p in info.presets]
    return [(None, n) for n in info.players]


@pytest.mark.parametrize("name", GAMES)
def test_defaults_are_what_new_game_fills_in(name: str) -> None:
    info = game_info(name)
    for preset, players in _setups(name):
        options = {"preset": preset} if preset else {}
        state = new_game(name, seed=1, players=players, options=options)
        shown = dict(state.options)
        shown.pop("preset", None)
        assert shown == info.defaults(preset), (name, preset)
        assert state.num_players == players


@pytest.mark.parametrize("name", GAMES)
def test_every_preset_and_seat_count_deals(name: str) -> None:
    info = game_info(name)
    for preset, players in _setups(name):
        assert players in info.players
        assert info.seat_choices(preset) == ((players,) if preset else info.players)
        options = {"preset": preset} if preset else {}
        assert new_game(name, seed=2, options=options).num_players == (
            players if preset else info.players[0]
        )
    assert {p.players for p in info.presets} <= set(info.players)


def test_hurricane_presets_seats() -> None:
    info = game_info("hurricane")
    assert {p.name: p.players for p in info.presets} == {"standard": 2, "open": 2, "pairs": 4}
    assert new_game("hurricane", seed=1, options={"preset": "pairs"}).num_players == 4
    with pytest.raises(ValueError, match="pairs is for 4 players"):
        new_game("hurricane", seed=1, players=2, options={"preset": "pairs"})


@pytest.mark.parametrize("name", GAMES)
def test_numeric_bounds_are_refused_both_ways_and_named(name: str) -> None:
    info = game_info(name)
    for option in info.options:
        if not option.numeric:
            continue
        if option.bounds is not None:
            low, high = option.bounds
            for ok in (low, high):
                assert new_game(name, seed=1, options={option.name: ok}).options[option.name] == ok
            for bad in (low - 1, high + 1):
                with pytest.raises(ValueError, match=f"{low}–{high}"):
                    new_game(name, seed=1, options={option.name: bad})
        else:
            for ok in option.choices:
                assert new_game(name, seed=1, options={option.name: ok}).options[option.name] == ok
            with pytest.raises(ValueError, match=r" \| ".join(str(c) for c in option.choices)):
                new_game(name, seed=1, options={option.name: max(option.choices) + 1})  # type: ignore[operator]


def test_hurricane_and_haggis_bounds() -> None:
    hurricane = game_info("hurricane")
    assert hurricane.option("target").bounds == (1, 1000)
    assert hurricane.option("double_below").bounds == (0, 1000)
    assert game_info("haggis").option("target").choices == (250, 350)
    with pytest.raises(ValueError, match="1–1000"):
        new_game("hurricane", seed=1, options={"target": 1001})
    with pytest.raises(ValueError, match="0–1000"):
        new_game("hurricane", seed=1, options={"double_below": -1})
    with pytest.raises(ValueError, match=r"250 \| 350"):
        new_game("haggis", seed=1, options={"target": 300})


@pytest.mark.parametrize("name", GAMES)
def test_word_options_accept_every_choice_and_refuse_others(name: str) -> None:
    info = game_info(name)
    players = info.players[-1] if name == "haggis" else None
    for option in info.options:
        if option.numeric:
            continue
        for choice in option.choices:
            state = new_game(name, seed=1, players=players, options={option.name: choice})
            assert state.options[option.name] == choice
        if option.booleans is not None:
            yes, no = option.booleans
            assert new_game(name, seed=1, options={option.name: True}).options[option.name] == yes
            assert new_game(name, seed=1, options={option.name: False}).options[option.name] == no
        with pytest.raises(ValueError, match=f"one of {option.choices[0]} "):
            new_game(name, seed=1, options={option.name: "nonsense"})


def test_unknown_games_and_options() -> None:
    with pytest.raises(ValueError, match="Unknown game"):
        game_info("chess")
    with pytest.raises(ValueError, match="options are"):
        new_game("haggis", seed=1, options={"colour": "red"})


def test_an_unknown_game_name_is_quoted_short() -> None:
    """A pasted essay as the game name: the message quotes ~80 characters of it, escaped."""
    for call in (
        lambda: new_game("x" * 5000 + "\n", seed=1),
        lambda: game_info("y" * 5000),
        lambda: load_game({"game": "z" * 5000}),
    ):
        with pytest.raises((ValueError, InvalidState)) as caught:
            call()
        assert len(str(caught.value)) < 160
        assert "x" * 81 not in str(caught.value) and "\n" not in str(caught.value)
