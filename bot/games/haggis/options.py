"""Haggis options (RULES.md Part 3) with their defaults and the words players see."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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


def _on_off(value: Any) -> bool:
    if value is True or value == "on":
        return True
    if value is False or value == "off":
        return False
    raise ValueError(f"first_out_bonus must be 'on' or 'off', not {value!r}")


def parse_options(options: dict[str, Any] | None) -> Options:
    """Fill defaults and check every value; a bad name or value is a ``ValueError`` naming choices."""
    if options is None:
        return Options()
    if not isinstance(options, dict):
        raise ValueError("options must be a mapping of option names to values")
    known = {"target", "first_out_bonus", "bomb_capture"}
    unknown = sorted(set(options) - known - {"preset"})
    if unknown:
        raise ValueError(
            f"unknown Haggis option {unknown[0]!r}: the options are {', '.join(sorted(known))}"
        )
    if options.get("preset") not in (None, "standard"):
        raise ValueError(
            "Haggis has no presets: choose options target, first_out_bonus, bomb_capture"
        )
    target = options.get("target", 250)
    if isinstance(target, str) and target.isdigit():
        target = int(target)
    if isinstance(target, bool) or target not in TARGETS:
        raise ValueError(f"target must be 250 or 350, not {target!r}")
    capture = options.get("bomb_capture", "tournament")
    if capture not in BOMB_CAPTURES:
        raise ValueError(f"bomb_capture must be 'tournament' or 'chooser', not {capture!r}")
    return Options(int(target), _on_off(options.get("first_out_bonus", "on")), capture)


def parse_players(players: Any) -> int:
    if players is None:
        return 2
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise ValueError(f"Haggis is for 2 or 3 players, not {players!r}")
    return int(players)


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
