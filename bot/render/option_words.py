"""Presets, option names and option values in the reader's words: what the lobby, the terminal's
header, table titles, ``/history`` and replays show ("обычный", "игра до: 16 · снос: только если
нечего взять"). What a player *types* stays as it is (``preset=open``, ``target=16``): ``/rules``
and the refusals name options as typed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import NP_, current, pgettext

#: The presets' names (``preset=…``).
PRESETS = {
    "standard": NP_("preset", "standard"),
    "open": NP_("preset", "open"),
    "pairs": NP_("preset", "pairs"),
}
#: The options' names, as read (English: the typed name with spaces).
NAMES = {
    "target": NP_("option", "target"),
    "double_below": NP_("option", "double below"),
    "lead_after_redeal": NP_("option", "lead after redeal"),
    "precedence": NP_("option", "precedence"),
    "trail": NP_("option", "trail"),
    "min_cards": NP_("option", "min cards"),
    "last_play_sweep": NP_("option", "last play sweep"),
    "after_sweep": NP_("option", "after sweep"),
    "leftover": NP_("option", "leftover"),
    "primiera": NP_("option", "primiera"),
    "missing_suit": NP_("option", "missing suit"),
    "first_out_bonus": NP_("option", "first out bonus"),
    "bomb_capture": NP_("option", "bomb capture"),
    "wild": NP_("option", "wild"),
    "declare": NP_("option", "declare"),
    "draw": NP_("option", "draw"),
    "stack": NP_("option", "stack"),
    "ante": NP_("option", "ante"),
    "bet_max": NP_("option", "bet max"),
    "raises": NP_("option", "raises"),
    "hands": NP_("option", "hands"),
}
#: The options' word values (English: as typed); numbers are shown as they are.
VALUES = {
    "on": NP_("option value", "on"),
    "off": NP_("option value", "off"),
    "yes": NP_("option value", "yes"),
    "no": NP_("option value", "no"),
    "eldest": NP_("option value", "eldest"),
    "last_player": NP_("option value", "last_player"),
    "equal_first": NP_("option value", "equal_first"),
    "free": NP_("option value", "free"),
    "only_if_no_capture": NP_("option value", "only_if_no_capture"),
    "nothing": NP_("option value", "nothing"),
    "opponent_lays_hand": NP_("option value", "opponent_lays_hand"),
    "last_capturer": NP_("option value", "last_capturer"),
    "suits": NP_("option value", "suits"),
    "sets": NP_("option value", "sets"),
    "none": NP_("option value", "none"),
    "cannot_compete": NP_("option value", "cannot_compete"),
    "sum_present": NP_("option value", "sum_present"),
    "tournament": NP_("option value", "tournament"),
    "chooser": NP_("option value", "chooser"),
    "jokers": NP_("option value", "jokers"),
    "deuces": NP_("option value", "deuces"),
    "one_eyes": NP_("option value", "one_eyes"),
}
#: Values whose word depends on the option (Hurricane's ``leftover=last_player`` is a seat, its
#: ``trail=free`` any card): (option, value) first, then the value alone.
OPTION_VALUES = {
    ("leftover", "last_player"): NP_("leftover", "last_player"),
    ("trail", "free"): NP_("trail", "free"),
}
HIDDEN = {"preset"}


def preset_word(name: str) -> str:
    """A preset's name as read (``open``, «открытый»); an unknown one as written."""
    marked = PRESETS.get(name)
    return pgettext(*marked) if marked else name


def option_name(name: str) -> str:
    marked = NAMES.get(name)
    return pgettext(*marked) if marked else name.replace("_", " ")


def option_value(name: str, value: Any) -> str:
    text = ("on" if value else "off") if isinstance(value, bool) else str(value)
    marked = OPTION_VALUES.get((name, text)) or VALUES.get(text)
    return pgettext(*marked) if marked else text


def option_words(options: Mapping[str, Any]) -> str:
    """``target: 16 · double below: 8`` («игра до: 16 · двойная победа ниже: 8»)."""
    return " · ".join(
        f"{option_name(k)}: {option_value(k, v)}" for k, v in options.items() if k not in HIDDEN
    )


def changed_words(options: Mapping[str, Any]) -> str:
    """Options changed from a preset, in a line's brackets: ``target 21, trail free``
    («игра до: 21; снос: любая карта»)."""
    if current() == "en":
        return ", ".join(f"{option_name(k)} {option_value(k, v)}" for k, v in options.items())
    return "; ".join(f"{option_name(k)}: {option_value(k, v)}" for k, v in options.items())
