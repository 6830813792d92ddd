"""Presets and options of Hurricane (RULES.md H-2..H-20), resolved into fast flags.

``options`` (the words, defaults filled in) is what players see and what ``to_dict()`` stores;
``Rules`` is the same thing as booleans and numbers the engine reads on every move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..checks import check_options
from ..info import GameInfo, OptionInfo, PresetInfo
from ..quote import quote

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
"""Kept for ``bot.render.rules`` until it reads ``INFO`` (bounds live there)."""


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


def preset_of(options: dict[str, Any] | None) -> str:
    """The preset named in ``options`` (default ``standard``), validated (``hurikan`` included:
    it is handed to its own engine)."""
    raw = check_options(options).get("preset", "standard")
    if isinstance(raw, str) and raw.strip().lower() == "hurikan":
        return "hurikan"
    preset = INFO.preset(raw)
    if not (preset is not None):
        raise RuntimeError("internal error: expected preset is not None")
    return preset.name


def resolve(options: dict[str, Any] | None, players: int | None = None) -> dict[str, Any]:
    """Fill defaults for a Hurricane preset, validate every value through ``INFO`` (the one
    source of defaults, choices and bounds), return the option words."""
    given = check_options(options)
    preset = preset_of(given)
    given.pop("preset", None)
    if preset == "hurikan":
        raise ValueError("preset hurikan is its own game: create it with the hurikan engine")
    need = PRESET_PLAYERS[preset]
    if players is not None and (type(players) is not int or players != need):
        raise ValueError(f"Hurricane {preset} is for {need} players, not {quote(players)}.")
    out: dict[str, Any] = {"preset": preset, **INFO.defaults(preset)}
    for name, value in given.items():
        if name == "preset":
            continue
        out[name] = INFO.option(name).check(value)
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


def _info() -> GameInfo:
    words = {
        "lead_after_redeal": (
            "H-3",
            "who leads after a refill: the non-dealer, or whoever played last",
        ),
        "precedence": ("H-5", "an equal table card must be taken before any sum, or either may be"),
        "trail": ("H-7", "a card that can capture may not be laid, or may"),
        "min_cards": ("H-8", "only the sum captures with the fewest cards are legal"),
        "last_play_sweep": ("H-11", "whether the deal's last card can make a hurricane"),
        "after_sweep": ("H-12", "after a hurricane the opponents lay their hands on the table"),
        "leftover": ("H-13", "who takes the cards left on the table at the end of a deal"),
        "primiera": ("H-15", "primiera by best card per suit, by best set (premiere), or none"),
        "missing_suit": ("H-15", "a side missing a suit cannot win primiera, or sums what it has"),
    }
    booleans = {"min_cards": ("on", "off"), "last_play_sweep": ("yes", "no")}
    options = [
        OptionInfo("target", 16, "points that end the game", "H-17", bounds=(1, 1000)),
        OptionInfo(
            "double_below",
            8,
            "the loser below this many points loses double (0 = never)",
            "H-18",
            bounds=(0, 1000),
        ),
    ]
    for name, values in CHOICES.items():
        rule, text = words[name]
        options.append(
            OptionInfo(name, values[0], text, rule, choices=values, booleans=booleans.get(name))
        )
    presets = (
        PresetInfo("standard", 2, "2 players, 6 cards each, 4 on the table, game to 16"),
        PresetInfo(
            "open", 2, "4 open + 2 blind hand cards, premiere of sets, game to 15", PRESETS["open"]
        ),
        PresetInfo("pairs", 4, "2 v 2, partners opposite, 9 cards each, play to the right"),
    )
    return GameInfo(
        name="hurricane",
        title="Hurricane",
        summary="Scopa-family fishing game: capture table cards by equal value or by sum",
        players=(2, 4),
        options=tuple(options),
        presets=presets,
    )


INFO = _info()
