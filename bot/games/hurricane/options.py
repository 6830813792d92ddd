"""Presets and options of Hurricane (RULES.md H-2..H-20), resolved into fast flags.

``options`` (the words, defaults filled in) is what players see and what ``to_dict()`` stores;
``Rules`` is the same thing as booleans and numbers the engine reads on every move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "open": {
        "target": 15,
        "double_below": 0,
        "primiera": "sets",
        "after_sweep": "opponent_lays_hand",
    },
    "pairs": {},
    "hurikan": {},
}
PRESET_PLAYERS = {"standard": 2, "open": 2, "pairs": 4, "hurikan": 2}

#: Word options: name -> allowed values, the default first.
CHOICES: dict[str, tuple[str, ...]] = {
    "lead_after_redeal": ("eldest", "last_player"),
    "precedence": ("equal_first", "free"),
    "trail": ("only_if_no_capture", "free"),
    "min_cards": ("off", "on"),
    "last_play_sweep": ("no", "yes"),
    "after_sweep": ("nothing", "opponent_lays_hand"),
    "leftover": ("last_capturer", "last_player"),
    "primiera": ("suits", "sets", "none"),
    "missing_suit": ("cannot_compete", "sum_present"),
}
#: Numeric options: name -> (default, minimum).
NUMBERS: dict[str, tuple[int, int]] = {"target": (16, 1), "double_below": (8, 0)}
_BOOL_WORDS = {"min_cards": ("on", "off"), "last_play_sweep": ("yes", "no")}


@dataclass(frozen=True, slots=True)
class Rules:
    """Options as flags; built once per game and shared by clones."""

    preset: str
    players: int
    open_hands: bool
    hand_size: int
    equal_first: bool
    trail_free: bool
    min_cards: bool
    last_play_sweep: bool
    lays_hand: bool
    leftover_last_player: bool
    lead_last_player: bool
    primiera: str
    missing_sum: bool
    target: int
    double_below: int

    @property
    def sides(self) -> int:
        return 2


def _word(name: str, value: Any) -> str:
    allowed = CHOICES[name]
    if isinstance(value, bool) and name in _BOOL_WORDS:
        yes, no = _BOOL_WORDS[name]
        return yes if value else no
    if isinstance(value, str) and value.strip().lower() in allowed:
        return value.strip().lower()
    raise ValueError(f"Option {name} cannot be {value!r}: choose one of {', '.join(allowed)}.")


def _number(name: str, value: Any) -> int:
    _default, minimum = NUMBERS[name]
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(
            f"Option {name} must be a whole number of at least {minimum}, not {value!r}."
        )
    return value


def preset_of(options: dict[str, Any] | None) -> str:
    """The preset named in ``options`` (default ``standard``), validated."""
    raw = (options or {}).get("preset", "standard")
    if not isinstance(raw, str) or raw.strip().lower() not in PRESETS:
        raise ValueError(f"Unknown preset {raw!r}: choose one of {', '.join(PRESETS)}.")
    return raw.strip().lower()


def resolve(options: dict[str, Any] | None, players: int | None = None) -> dict[str, Any]:
    """Fill defaults for a Hurricane preset, validate every value, return the option words."""
    if options is not None and not isinstance(options, dict):
        raise ValueError("options must be a mapping of option names to values")
    given = dict(options or {})
    preset = preset_of(given)
    given.pop("preset", None)
    if preset == "hurikan":
        raise ValueError("preset hurikan is its own game: create it with the hurikan engine")
    need = PRESET_PLAYERS[preset]
    if players is not None and players != need:
        raise ValueError(f"Hurricane {preset} is for {need} players, not {players!r}.")
    out: dict[str, Any] = {"preset": preset}
    for name, allowed in CHOICES.items():
        out[name] = allowed[0]
    for name, (default, _minimum) in NUMBERS.items():
        out[name] = default
    out.update(PRESETS[preset])
    for name, value in given.items():
        if name in CHOICES:
            out[name] = _word(name, value)
        elif name in NUMBERS:
            out[name] = _number(name, value)
        else:
            known = ", ".join(["preset", *CHOICES, *NUMBERS])
            raise ValueError(f"Unknown option {name!r}: the options are {known}.")
    return out


def rules_from(options: dict[str, Any]) -> Rules:
    """Flags for resolved option words."""
    preset = options["preset"]
    players = PRESET_PLAYERS[preset]
    return Rules(
        preset=preset,
        players=players,
        open_hands=preset == "open",
        hand_size=9 if players == 4 else 6,
        equal_first=options["precedence"] == "equal_first",
        trail_free=options["trail"] == "free",
        min_cards=options["min_cards"] == "on",
        last_play_sweep=options["last_play_sweep"] == "yes",
        lays_hand=options["after_sweep"] == "opponent_lays_hand",
        leftover_last_player=options["leftover"] == "last_player",
        lead_last_player=options["lead_after_redeal"] == "last_player",
        primiera=options["primiera"],
        missing_sum=options["missing_suit"] == "sum_present",
        target=options["target"],
        double_below=options["double_below"],
    )
