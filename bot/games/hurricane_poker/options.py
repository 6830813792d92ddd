"""Options of Hurricane poker (RULES.md P-1..P-12, "Options at a glance") and the seat counts.

Every value is checked through ``INFO``'s ``OptionInfo.check``, so the refusal messages name the
allowed choices or bounds exactly as the lobby and ``/rules`` show them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..info import GameInfo, OptionInfo

PLAYER_COUNTS = tuple(range(2, 9))
SEED_LIMIT = 2**64


@dataclass(frozen=True, slots=True)
class Rules:
    """The options in force as the engine reads them on every move."""

    wild: str = "none"
    declare: bool = False
    draw: bool = True
    stack: int = 100
    ante: int = 1
    bet_max: int = 3
    raises: int = 2
    hands: int = 10

    def to_dict(self) -> dict[str, Any]:
        """The option words (``to_dict()`` and views always use words, ENGINE.md)."""
        return {
            "wild": self.wild,
            "declare": "yes" if self.declare else "no",
            "draw": "on" if self.draw else "off",
            "stack": self.stack,
            "ante": self.ante,
            "bet_max": self.bet_max,
            "raises": self.raises,
            "hands": self.hands,
        }


INFO = GameInfo(
    name="hurricane_poker",
    title="Hurricane poker",
    summary="Two-card high-low poker: one draw, spread-limit betting, wild cards optional",
    players=PLAYER_COUNTS,
    options=(
        OptionInfo(
            "wild",
            "none",
            "wild cards: none, the two jokers, the four 2s, or the one-eyed J♠ J♥ K♦",
            "P-1",
            choices=("none", "jokers", "deuces", "one_eyes"),
        ),
        OptionInfo(
            "declare",
            "no",
            "cards speak, or each player declares high, low or both before the showdown",
            "P-11",
            choices=("no", "yes"),
            booleans=("yes", "no"),
        ),
        OptionInfo(
            "draw",
            "on",
            "one draw and a second betting round, or a single betting round",
            "P-5",
            choices=("on", "off"),
            booleans=("on", "off"),
        ),
        OptionInfo("stack", 100, "chips each seat starts with", "P-2", bounds=(10, 10_000)),
        OptionInfo("ante", 1, "chips each seat pays before a hand", "P-2", bounds=(0, 10)),
        OptionInfo(
            "bet_max", 3, "most chips a bet or raise adds (spread limit)", "P-4", bounds=(1, 20)
        ),
        OptionInfo("raises", 2, "raises allowed per betting round", "P-4", bounds=(0, 5)),
        OptionInfo("hands", 10, "hands in the game", "P-12", bounds=(1, 100)),
    ),
    sit_out=True,
    ranked_by_score=True,
    stack_option="stack",
)


def parse_options(options: Any) -> Rules:
    """Fill defaults and check every value; a bad name or value is a ``ValueError`` a player
    can read (``OptionInfo.check`` names the choices or bounds)."""
    if options is None:
        return Rules()
    if not isinstance(options, dict):
        raise ValueError("options must be a mapping of option names to values")
    values: dict[str, Any] = {}
    for name, value in options.items():
        if name == "preset":
            INFO.preset(value)  # only "standard" (or nothing): this game has no presets
            continue
        values[str(name)] = INFO.option(name if isinstance(name, str) else repr(name)).check(value)
    return Rules(
        wild=values.get("wild", "none"),
        declare=values.get("declare", "no") == "yes",
        draw=values.get("draw", "on") == "on",
        stack=values.get("stack", 100),
        ante=values.get("ante", 1),
        bet_max=values.get("bet_max", 3),
        raises=values.get("raises", 2),
        hands=values.get("hands", 10),
    )


def parse_players(players: Any) -> int:
    if players is None:
        return 2
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYER_COUNTS:
        shown = players if isinstance(players, int) and abs(players) < 10**6 else "that"
        raise ValueError(f"Hurricane poker is for 2 to 8 players, not {shown!r}.")
    return players


def parse_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise ValueError("seed must be a whole number from 0 to 2**64 - 1")
    return seed
