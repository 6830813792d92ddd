"""Which language a text is written in, and the gettext catalogs that write it.

Neutral on purpose (no Discord import): the renderers, the cogs and the terminal all translate
through here. The language in force is a context variable, so each interaction's task (and the
worker that draws a table's public message) renders in its own language without threading a
``lang`` argument through every renderer: ``with using("ru"): panel = table_panel(...)``.

Catalogs: ``bot/locale/<lang>/LC_MESSAGES/messages.po`` (written by people), compiled to ``.mo`` with
``pybabel compile`` and shipped beside it (a test checks that the ``.mo`` is a fresh compile of the
``.po``). English is the source language: its text is the message id itself."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar, Token
from functools import cache
from pathlib import Path

from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

DOMAIN = "messages"
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("en", "ru")
DEFAULT = "en"
#: How each language calls itself (the /settings language choices).
NATIVE_NAMES = {"en": "English", "ru": "Русский"}

_current: ContextVar[str] = ContextVar("bot_language", default=DEFAULT)


def lang_of(locale: object) -> str:
    """Our language for a Discord locale (``"ru"``, ``"en-US"``, ``discord.Locale.russian``) or a
    POSIX one (``ru_RU.UTF-8``): Russian for Russian, English for everything else."""
    text = str(getattr(locale, "value", locale) or "").strip().lower()
    code = text.replace("_", "-").split("-")[0].split(".")[0]
    return code if code in LANGUAGES else DEFAULT


@cache
def catalog(lang: str) -> NullTranslations:
    """The translations of one language (English: the message ids as they are)."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return NullTranslations()
    return Translations.load(str(LOCALE_DIR), [lang], DOMAIN)


def current() -> str:
    """The language texts are written in here and now."""
    return _current.get()


def set_language(lang: str) -> Token[str]:
    """Make ``lang`` the language of the rest of this task (an interaction's handler)."""
    return _current.set(lang_of(lang))


@contextlib.contextmanager
def using(lang: str) -> Iterator[str]:
    """Render in ``lang`` inside the block, then return to the language before it."""
    token = _current.set(lang_of(lang))
    try:
        yield token.var.get()
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """``message`` in the current language."""
    return catalog(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form that agrees with ``count`` (Russian has three: 1 карта, 3 карты, 5 карт)."""
    return catalog(_current.get()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English by ``context``."""
    return str(catalog(_current.get()).pgettext(context, message))


def translate(message: str, lang: str) -> str:
    """``message`` in ``lang`` regardless of the language in force."""
    return catalog(lang_of(lang)).gettext(message)


def decimal(value: float, places: int) -> str:
    """``value`` with ``places`` decimals as the current language writes it: 0.75, 0,75."""
    return str(format_decimal(value, format="0." + "0" * places, locale=_current.get()))


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it yet (module-level tables)."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message`` under ``context`` for the catalog (module-level tables); translate it later
    with ``pgettext(*marked)``."""
    return context, message
