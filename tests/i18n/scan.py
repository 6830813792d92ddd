"""The scan for English words left in a Russian text (``english_words``): what may stay Latin are card
codes, option names and values (typed as they are), player names, commands, code spans and Discord
markup. Shared by the message scan (``tests/bot/test_texts_ru.py``) and the pictures' words
(``tests/render/test_pictures_ru.py``)."""

from __future__ import annotations

import re

from bot.games import GAMES, game_info

#: Markup and typed things, removed before the scan: code spans, mentions/emojis/timestamps,
#: name=value pairs, quoted typed words. A command outside a code span is read as words: a Russian
#: text names the Russian command (/стол новый), as a Russian client shows it.
_MARKUP = re.compile(r"`[^`]*`|<[^>]*>|\b\w+=\S+|'[^']*'|https?://\S+|\b[\w.]+\.(?:md|py)\b")
_LATIN_WORD = re.compile(r"(?<![\w@#])[A-Za-z0-9][A-Za-z0-9_'-]*")


def _allowed() -> set[str]:
    """Typed tokens that stand alone in a Russian text: the option names (``/rules`` lists them as
    they are typed, a refusal names the one typed). Preset names and option values are not: they
    are shown in Russian (``bot/render/option_words.py``) and typed only as ``name=value``."""
    words = {"Discord", "SHA-256", "A", "B", "X1", "X2", "D", "Ctrl-D", "Enter", "None"}
    for game in GAMES:
        words.update(option.name for option in game_info(game).options)
    words.add("turn_timer")
    return {w.lower() for w in words}


ALLOWED = _allowed()


def _typed_values() -> set[str]:
    """Preset names and option values: Latin only where a text lists what may be typed (a refusal
    of a bad option: "выберите tournament | chooser")."""
    words: set[str] = set()
    for game in GAMES:
        info = game_info(game)
        words.update(preset.name for preset in info.presets)
        for option in info.options:
            words.update(str(v) for v in (*option.choices, *(option.booleans or ())))
    return {w.lower() for w in words} | {"preset", "on", "off"}


TYPED = _typed_values()


def english_words(text: str, names: set[str], *, typed: bool = False) -> list[str]:
    """The Latin words of ``text`` that are none of the allowed tokens (``typed``: a text that
    lists what may be typed, where preset names and option values are allowed too)."""
    cleaned = _MARKUP.sub(" ", text)
    allowed = ALLOWED | TYPED if typed else ALLOWED
    found = []
    for word in _LATIN_WORD.findall(cleaned):
        bare = word.strip("'-_")
        if not bare or bare.lower() in allowed or bare in names:
            continue
        if any(ch.isdigit() for ch in bare):  # numbers, card codes (7H), game ids
            continue
        if re.fullmatch(r"[AJQK][HDCS]?", bare):  # a card typed as in the notation (AH, Q)
            continue
        found.append(bare)
    return found
