"""What a game is, without dealing one: seat counts, presets and every option with its default,
allowed values or bounds, and a line saying what it does. The lobby, ``/table new`` validation and
autocomplete, ``/rules`` and the terminal read this; each engine package defines its ``INFO``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .quote import quote as _quote

OptionValue = str | int


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option of a game. A word option lists its ``choices`` (default first); a numeric
    option has inclusive ``bounds`` or, when only some numbers are allowed, ``choices``."""

    name: str
    default: OptionValue
    description: str
    rule: str = ""
    choices: tuple[OptionValue, ...] = ()
    bounds: tuple[int, int] | None = None
    #: seat counts the option matters for; empty means every count
    players: tuple[int, ...] = ()
    #: JSON ``true``/``false`` accepted as these words (``("on", "off")``, ``("yes", "no")``)
    booleans: tuple[str, str] | None = None

    @property
    def numeric(self) -> bool:
        return isinstance(self.default, int)

    def applies_to(self, players: int) -> bool:
        return not self.players or players in self.players

    def allowed_text(self) -> str:
        """The allowed values in words, for refusals and help: ``1–1000`` or ``on | off``."""
        if self.bounds is not None:
            low, high = self.bounds
            return f"{low}–{high}"
        return " | ".join(str(c) for c in self.choices)

    def check(self, value: Any) -> OptionValue:
        """The value in its canonical form, or ``ValueError`` naming what is allowed."""
        if self.numeric:
            return self._check_number(value)
        if isinstance(value, bool) and self.booleans is not None:
            return self.booleans[0] if value else self.booleans[1]
        if isinstance(value, str) and value.strip().lower() in self.choices:
            return value.strip().lower()
        raise ValueError(
            f"Option {self.name} cannot be {_quote(value)}: choose one of {self.allowed_text()}."
        )

    def _check_number(self, value: Any) -> int:
        number: int | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str) and value.strip().isdecimal() and value.strip().isascii():
            digits = value.strip()
            number = int(digits) if len(digits) <= 12 else None
        ok = number is not None and (
            (self.bounds is not None and self.bounds[0] <= number <= self.bounds[1])
            or (self.bounds is None and number in self.choices)
        )
        if not ok or number is None:
            raise ValueError(
                f"Option {self.name} must be a whole number in {self.allowed_text()}, "
                f"not {_quote(value)}."
            )
        return number


@dataclass(frozen=True, slots=True)
class PresetInfo:
    """A named set of option values (Hurricane's ``standard``, ``open``, ``pairs``)."""

    name: str
    players: int
    description: str
    overrides: Mapping[str, OptionValue] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Everything a lobby or a help page needs to know about a game before it is dealt."""

    name: str
    title: str
    summary: str
    #: seat counts the game may be played with (a preset may fix one of them)
    players: tuple[int, ...]
    options: tuple[OptionInfo, ...]
    presets: tuple[PresetInfo, ...] = ()
    #: a seat that leaves mid-game sits out (its turns get ``timeout_move``) instead of ending
    #: the game; the others play on
    sit_out: bool = False
    #: the result ranks every seat by its score (chips): seats level on the best score share
    #: first place, the others follow by score
    ranked_by_score: bool = False
    #: the score is a stack of chips from this option (the leaderboard's "chips won" metric:
    #: final chips minus the starting stack), or None
    stack_option: str | None = None

    def option(self, name: str) -> OptionInfo:
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options) or "none"
        raise ValueError(
            f"Unknown option {_quote(name)} for {self.title}: the options are {known}."
        )

    def preset(self, name: str | None) -> PresetInfo | None:
        """The preset called ``name`` (the first one when ``None``); ``None`` for a game without."""
        if not self.presets:
            if name not in (None, "standard"):
                raise ValueError(f"{self.title} has no presets.")
            return None
        if name is None:
            return self.presets[0]
        for preset in self.presets:
            if isinstance(name, str) and preset.name == name.strip().lower():
                return preset
        names = ", ".join(p.name for p in self.presets)
        raise ValueError(f"Unknown preset {_quote(name)}: choose one of {names}.")

    def seat_choices(self, preset: str | None = None) -> tuple[int, ...]:
        """How many seats a table of this game (and preset) may have."""
        chosen = self.preset(preset)
        return (chosen.players,) if chosen is not None else self.players

    def defaults(self, preset: str | None = None) -> dict[str, OptionValue]:
        """Every option's value under ``preset`` before any override."""
        values = {o.name: o.default for o in self.options}
        chosen = self.preset(preset)
        if chosen is not None:
            values.update(chosen.overrides)
        return values

    def options_for(self, players: int) -> tuple[OptionInfo, ...]:
        """The options that matter at a table of ``players`` seats."""
        return tuple(o for o in self.options if o.applies_to(players))
