"""Haggis options (RULES.md Part 3) with their defaults and the words players see."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..checks import check_options, check_players
from ..info import GameInfo, OptionInfo

TARGETS = (250, 350)
BOMB_CAPTURES = ("tournament", "chooser")
PLAYER_COUNTS = (2, 3)


@dataclass(frozen=True, slots=True)
class Options:
    target: int = 250
    first_out_bonus: bool = True
    bomb_capture: str = "tournament"

    def to_dict(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "first_out_bonus": "on" if self.first_out_bonus else "off",
            "bomb_capture": self.bomb_capture,
        }


def parse_options(options: dict[str, Any] | None) -> Options:
    """Fill defaults and check every value through ``INFO`` (the one source of defaults and
    choices); a bad name or value is a ``ValueError`` naming what is allowed."""
    given = check_options(options)
    preset = given.pop("preset", None)
    if preset is not None and not (isinstance(preset, str) and preset.strip() == "standard"):
        raise ValueError(
            "Haggis has no presets: choose options target, first_out_bonus, bomb_capture"
        )
    values = INFO.defaults()
    for name, value in given.items():
        values[name] = INFO.option(name).check(value)
    return Options(
        int(values["target"]), values["first_out_bonus"] == "on", str(values["bomb_capture"])
    )


def parse_players(players: Any) -> int:
    checked = check_players(players, PLAYER_COUNTS, "Haggis")
    return 2 if checked is None else checked


INFO = GameInfo(
    name="haggis",
    title="Haggis",
    summary="Sean Ross's climbing game: shed sets, sequences and bombs; face cards are wild",
    players=PLAYER_COUNTS,
    options=(
        OptionInfo(
            "target", 250, "points that end the game (350: long game)", "G-20", choices=TARGETS
        ),
        OptionInfo(
            "first_out_bonus",
            "on",
            "+5 for the first player out",
            "G-14",
            choices=("on", "off"),
            players=(3,),
            booleans=("on", "off"),
        ),
        OptionInfo(
            "bomb_capture",
            "tournament",
            "a bombed trick goes to the player before the bomb, or the bomber chooses",
            "G-13",
            choices=BOMB_CAPTURES,
            players=(3,),
        ),
    ),
)
