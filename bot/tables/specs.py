"""Checking a requested game against the engines before a lobby opens, so a bad option is refused
with a sentence naming the choices instead of failing later at start."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import bot.games as games

from .errors import TableError
from .models import GameSpec

MAX_TURN_TIMER = 24 * 60 * 60
GAME_TITLES: dict[str, str] = {"hurricane": "Hurricane", "hurikan": "Hurikan", "haggis": "Haggis"}


def title_of(game: str) -> str:
    return GAME_TITLES.get(game, game.capitalize())


def seat_choices(game: str, options: dict[str, Any]) -> tuple[int, ...]:
    """How many seats a game may have: Hurricane 2 (pairs 4), Hurikan 2, Haggis 2 or 3."""
    if game == "hurricane":
        return (4,) if options.get("preset") == "pairs" else (2,)
    if game == "haggis":
        return (2, 3)
    return (2,)


def parse_option_text(text: str | None) -> dict[str, Any]:
    """Options typed as ``name=value`` pairs (``"bomb_capture=chooser, first_out_bonus=off"``) as a
    dict; names and words are lower-cased (``-`` read as ``_``), whole numbers become ints. Only the
    form is checked here: ``validate_spec`` asks the engine about names and values."""
    options: dict[str, Any] = {}
    spaced = re.sub(r"\s*=\s*", "=", text or "")
    for part in spaced.replace(",", " ").replace(";", " ").split():
        name, sep, value = part.partition("=")
        name = name.strip().lower().replace("-", "_")
        value = value.strip().lower()
        if not sep or not name or not value:
            raise TableError(
                f"Write options as name=value pairs, e.g. target=350 bomb_capture=chooser "
                f"(not {part!r})."
            )
        if name in options:
            raise TableError(f"Option {name} is given twice.")
        options[name] = int(value) if value.isdecimal() and value.isascii() else value
    return options


def command_spec(
    game: str,
    *,
    options: str | None = None,
    preset: str | None = None,
    target: int | None = None,
    players: int | None = None,
    turn_timer: float,
) -> GameSpec:
    """The spec asked for by ``/table new``: its own ``preset``/``target``/``players`` fields
    merged with the typed ``options`` text. Refuses a field the game has no use for, or one given
    twice; ``validate_spec`` judges the rest."""
    chosen = parse_option_text(options)
    for name, value in (("preset", preset), ("target", target)):
        if value is not None:
            if name in chosen:
                raise TableError(f"{name} is given twice: as its own option and in options.")
            chosen[name] = value
    if preset is not None and game != "hurricane":
        raise TableError("Presets are for Hurricane only (standard, open, pairs).")
    if target is not None and game == "hurikan":
        raise TableError("Hurikan has no target: it ends when the cards run out.")
    if players is not None and game != "haggis":
        raise TableError("Only Haggis lets you choose the number of players (2 or 3).")
    return GameSpec(game=game, options=chosen, players=players or 2, turn_timer=turn_timer)


def validate_spec(spec: GameSpec) -> GameSpec:
    """Return ``spec`` normalised (seat count fixed by the preset where the game has no choice),
    or raise TableError. The engine itself judges option values (it raises ValueError with a
    readable reason); option names are checked against the options the engine fills in."""
    if spec.game not in games.GAMES:
        raise TableError(f"Unknown game {spec.game!r}: choose one of {', '.join(games.GAMES)}.")
    if not isinstance(spec.options, dict):
        raise TableError("Game options must be a set of name = value pairs.")
    timer = spec.turn_timer
    if isinstance(timer, bool) or not isinstance(timer, int | float) or timer != timer:
        raise TableError("The turn timer must be a number of seconds (0 turns it off).")
    if not 0 <= timer <= MAX_TURN_TIMER:
        raise TableError(f"The turn timer must be between 0 and {MAX_TURN_TIMER} seconds.")
    if spec.game == "hurricane" and spec.options.get("preset") == "hurikan":
        spec = replace(spec, game="hurikan")  # the engine accepts Hurikan as a Hurricane preset
    choices = seat_choices(spec.game, spec.options)
    players = spec.players
    if len(choices) == 1:
        players = choices[0]  # fixed by the game / preset
    elif players not in choices:
        title = title_of(spec.game)
        raise TableError(
            f"{title} is played by {' or '.join(str(c) for c in choices)} players, not {players}."
        )
    _check_with_engine(spec.game, spec.options, players)
    return replace(spec, players=players, options=dict(spec.options))


def _check_with_engine(game: str, options: dict[str, Any], players: int) -> None:
    base: dict[str, Any] = {}
    if "preset" in options:
        base["preset"] = options["preset"]
    try:
        probe = games.new_game(game, seed=0, players=players, options=base)
    except (ImportError, AttributeError) as exc:  # engine module missing or incomplete
        raise TableError(f"{title_of(game)} is not available yet.") from exc
    except (ValueError, TypeError) as exc:
        raise TableError(str(exc)) from exc
    known = set(probe.options) | ({"preset"} if game == "hurricane" else set())
    unknown = sorted(set(options) - known)
    if unknown:
        raise TableError(
            f"Unknown option {unknown[0]!r} for {title_of(game)}: "
            f"choose from {', '.join(sorted(known))}."
        )
    try:
        games.new_game(game, seed=0, players=players, options=options)
    except (ValueError, TypeError) as exc:
        raise TableError(str(exc)) from exc
