"""Which language a page is written in: ``?lang=`` (the switch, remembered in a cookie), else the
cookie, else the browser's ``Accept-Language``; English when none of them names Russian."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import DEFAULT, LANGUAGES

COOKIE = "lang"


def accept_language(header: str) -> str | None:
    """The best of our languages in an ``Accept-Language`` header (by q, then order), if any."""
    best: tuple[float, int, str] | None = None
    for i, part in enumerate(header.split(",")[:20]):
        tag, _sep, params = part.strip().partition(";")
        code = tag.strip().lower().split("-")[0]
        if code not in LANGUAGES:
            continue
        q = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0 and (best is None or (q, -i) > (best[0], best[1])):
            best = (q, -i, code)
    return best[2] if best else None


def choose(query: Mapping[str, str], cookies: Mapping[str, str], header: str) -> str:
    for value in (query.get("lang"), cookies.get(COOKIE)):
        if value in LANGUAGES:
            return str(value)
    return accept_language(header) or DEFAULT
