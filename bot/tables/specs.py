"""Checking a requested game against the engines before a lobby opens, so a bad option is refused
with a sentence naming the choices instead of failing later at start."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import bot.games as games

from .errors import TableError
from .models import Delivery, GameSpec, Pace

MAX_TURN_TIMER = 3600  # the same bound as /table new turn_timer (0–3600)
HOUR, DAY = 3600, 24 * 3600
MIN_CORRESPONDENCE_TIMER = HOUR  # a correspondence move: 1 hour …
MAX_CORRESPONDENCE_TIMER = 7 * DAY  # … to 7 days
DEFAULT_CORRESPONDENCE_TIMER = DAY
_MOVE_TIME = re.compile(
    r"(\d{1,4})\s*(d|day|days|h|hour|hours|д|дн|дня|дней|день|ч|час|часа|часов)?"
)


def _info(game: str) -> games.GameInfo | None:
    try:
        return games.game_info(game)
    except (ValueError, ImportError, AttributeError):  # unknown, or an engine without INFO
        return None


def title_of(game: str) -> str:
    info = _info(game)
    return info.title if info is not None else game.capitalize()


def seat_choices(game: str, options: dict[str, Any]) -> tuple[int, ...]:
    """How many seats a game (and its preset) may have, as the engine's ``game_info`` says."""
    info = _info(game)
    if info is None:
        return (2,)
    try:
        return info.seat_choices(options.get("preset"))
    except ValueError:  # an unknown preset: validate_spec says so
        return info.players


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


def parse_move_time(text: str) -> int:
    """A correspondence move's time as typed (``12h``, ``2d``, ``1d12h``, ``36``: hours; Russian
    ``2д``, ``12ч`` too) in seconds; TableError for anything else. The bounds are
    ``validate_spec``'s."""
    cleaned = text.strip().lower().replace(" ", "")
    total, at = 0, 0
    while at < len(cleaned):
        found = _MOVE_TIME.match(cleaned, at)
        if found is None or found.end() == at:
            raise TableError(
                "Write the time per move in hours or days, e.g. 12h, 1d or 3d (1 hour to 7 days)."
            )
        unit = found.group(2) or "h"
        total += int(found.group(1)) * (DAY if unit[0] in "dд" else HOUR)
        at = found.end()
    if not cleaned:
        raise TableError(
            "Write the time per move in hours or days, e.g. 12h, 1d or 3d (1 hour to 7 days)."
        )
    return total


def command_spec(
    game: str,
    *,
    options: str | None = None,
    preset: str | None = None,
    target: int | None = None,
    players: int | None = None,
    turn_timer: float,
    pace: str | None = None,
    move_time: str | None = None,
    timer_given: bool = False,
) -> GameSpec:
    """The spec asked for by ``/table new``: its own ``preset``/``target``/``players`` fields
    merged with the typed ``options`` text, at the chosen pace (a correspondence table's timer is
    ``move_time``, in hours or days; ``timer_given``: the player typed ``turn_timer``). Refuses a field the game has no use for (as its
    ``game_info`` says), or one given twice; ``validate_spec`` judges the rest."""
    try:
        chosen_pace = Pace(pace or Pace.LIVE.value)
    except ValueError:
        raise TableError("The pace is live or correspondence.") from None
    if chosen_pace is Pace.CORRESPONDENCE:
        if timer_given:
            raise TableError(
                "turn_timer is for live tables; a correspondence table's time per move is "
                "move_time (e.g. 12h, 1d or 3d)."
            )
        turn_timer = (
            DEFAULT_CORRESPONDENCE_TIMER if move_time is None else parse_move_time(move_time)
        )
    elif move_time is not None:
        raise TableError(
            "move_time is for correspondence tables (pace: correspondence); a live table's "
            "timer is turn_timer, in seconds."
        )
    chosen = parse_option_text(options)
    for name, value in (("preset", preset), ("target", target)):
        if value is not None:
            if name in chosen:
                raise TableError(f"{name} is given twice: as its own option and in options.")
            chosen[name] = value
    info = _info(game)
    if info is not None:
        title = info.title
        if preset is not None and not info.presets:
            raise TableError(f"{title} has no presets: presets are for {_with_presets()} only.")
        if target is not None and "target" not in {o.name for o in info.options}:
            raise TableError(f"{title} has no target: it ends when the cards run out.")
        if players is not None and info.presets:
            seats = ", ".join(f"{p.name} {p.players}" for p in info.presets)
            raise TableError(f"{title}'s preset sets the number of players ({seats}).")
        if players is not None and len(info.players) == 1:
            raise TableError(f"{title} is for {info.players[0]} players only.")
    return GameSpec(
        game=game, options=chosen, players=players or 2, turn_timer=turn_timer, pace=chosen_pace
    )


def _with_presets() -> str:
    titles = [title_of(g) for g in games.GAMES if (i := _info(g)) is not None and i.presets]
    return " and ".join(titles) or "no game"


def validate_spec(spec: GameSpec) -> GameSpec:
    """Return ``spec`` normalised (seat count fixed by the preset where the game has no choice),
    or raise TableError. Option names and values are judged by the engine's ``game_info`` (its
    readable reasons), without dealing a game; values are stored in their canonical form."""
    if spec.game not in games.GAMES:
        raise TableError(f"Unknown game {spec.game!r}: choose one of {', '.join(games.GAMES)}.")
    if not isinstance(spec.options, dict):
        raise TableError("Game options must be a set of name = value pairs.")
    timer = spec.turn_timer
    if isinstance(timer, bool) or not isinstance(timer, int | float) or timer != timer:
        raise TableError("The turn timer must be a number of seconds (0 turns it off).")
    if not isinstance(spec.pace, Pace):
        try:
            spec = replace(spec, pace=Pace(spec.pace))
        except ValueError:
            raise TableError("The pace is live or correspondence.") from None
    if spec.correspondence:
        if not MIN_CORRESPONDENCE_TIMER <= timer <= MAX_CORRESPONDENCE_TIMER:
            raise TableError(
                "A correspondence table's time per move must be between 1 hour and 7 days."
            )
        if spec.delivery is Delivery.INTERACTIONS:
            raise TableError(
                "Correspondence tables need the bot in the server (it writes to the channel and "
                "sends the turn notices): add the bot to the server, or play a live game here."
            )
    elif not 0 <= timer <= MAX_TURN_TIMER:
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
    options = _check_with_engine(spec.game, spec.options, players)
    return replace(spec, players=players, options=options)


def _check_with_engine(game: str, options: dict[str, Any], players: int) -> dict[str, Any]:
    """The options checked against the engine's ``game_info`` (names, values, the preset) without
    dealing a game, in their canonical form."""
    info = _info(game)
    if info is None:
        raise TableError(f"{title_of(game)} is not available yet.")
    checked: dict[str, Any] = {}
    for name, value in options.items():
        if name == "preset":
            if info.presets:
                try:
                    preset = info.preset(value if isinstance(value, str) else str(value))
                except ValueError as exc:
                    raise TableError(str(exc)) from exc
                checked[name] = preset.name if preset is not None else value
                continue
            if value == game:  # "preset=hurikan" chose this game
                checked[name] = value
                continue
        option = next((o for o in info.options if o.name == name), None)
        if option is None:
            raise TableError(_unknown_option(info, name))
        try:
            checked[name] = option.check(value)
        except ValueError as exc:  # the engine's words, naming what is allowed
            raise TableError(str(exc)) from None
    return checked


def _unknown_option(info: games.GameInfo, name: str) -> str:
    known = sorted([o.name for o in info.options] + (["preset"] if info.presets else []))
    return f"Unknown option {name!r} for {info.title}: choose from {', '.join(known) or 'nothing'}."
