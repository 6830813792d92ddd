"""The scan for English words left in a Russian text (``english_words``): what may stay Latin are card
codes, option names and values (typed as they are), player names, commands, code spans and Discord
markup. Shared by the message scan (``tests/bot/test_texts_ru.py``) and the pictures' words
(``tests/render/test_pictures_ru.py``)."""

from __future__ import annotations

import re

from bot.games import GAMES, game_info

#: Markup and typed things, removed before the scan: code spans, mentions/emojis/timestamps,
#: commands with their options (/table new, /verify game:…), name=value pairs, quoted typed words.
_MARKUP = re.compile(
    r"`[^`]*`|<[^>]*>|/[a-z_]+(?: [a-z_]+)?(?: [a-z_]+:\S*)*|\b\w+=\S+|'[^']*'|https?://\S+"
)
_LATIN_WORD = re.compile(r"(?<![\w@#])[A-Za-z0-9][A-Za-z0-9_'-]*")


def _allowed() -> set[str]:
    words = {"Discord", "SHA-256", "A", "B", "X1", "X2", "D", "Ctrl-D", "Enter"}
    for game in GAMES:
        info = game_info(game)
        words.update(preset.name for preset in info.presets)
        for option in info.options:
            words.add(option.name)
            words.update(str(v) for v in option.choices)
            words.update(str(v) for v in option.booleans or ())
    words.update({"on", "off", "easy", "normal", "hard"})  # option values as typed
    # the options of /table new, named as typed in the command
    words.update({"preset", "target", "turn_timer", "players", "computer", "options", "game"})
    return {w.lower() for w in words}


ALLOWED = _allowed()


def english_words(text: str, names: set[str]) -> list[str]:
    """The Latin words of ``text`` that are none of the allowed tokens."""
    cleaned = _MARKUP.sub(" ", text)
    found = []
    for word in _LATIN_WORD.findall(cleaned):
        bare = word.strip("'-_")
        if not bare or bare.lower() in ALLOWED or bare in names:
            continue
        if any(ch.isdigit() for ch in bare):  # numbers, card codes (7H), game ids
            continue
        if re.fullmatch(r"[AJQK][HDCS]?", bare):  # a card typed as in the notation (AH, Q)
            continue
        found.append(bare)
    return found
