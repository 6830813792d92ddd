"""Quoting player input in refusals: short, printable, and safe for any value.

Every engine message that repeats what it was given goes through ``quote``, so a 5,000-digit
number, a list nested 1,000 deep or a string full of control characters can neither blow up the
message (``RecursionError``, ``ValueError`` from ``int → str``) nor fill a Discord embed.
"""

from __future__ import annotations

from typing import Any

LIMIT = 80
_DEPTH = 4


def _escape(text: str) -> str:
    """Control and invisible characters as escapes (``\\n``, ``\\u200b``)."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


def _short_repr(value: Any, budget: int, depth: int = 0) -> str:
    """A repr of at most about ``budget`` characters, never deeper than ``_DEPTH`` levels."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if abs(value) >= 10**30:
            return f"a {value.bit_length()}-bit number"
        return repr(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value[: budget + 1])
    if isinstance(value, list | tuple | dict | set | frozenset):
        if depth >= _DEPTH:
            return "[…]" if not isinstance(value, dict) else "{…}"
        items: list[str] = []
        used = 2
        pairs = value.items() if isinstance(value, dict) else value
        for item in pairs:
            if used > budget:
                items.append("…")
                break
            if isinstance(value, dict):
                k, v = item
                text = (
                    _short_repr(k, budget - used, depth + 1)
                    + ": "
                    + _short_repr(v, budget - used, depth + 1)
                )
            else:
                text = _short_repr(item, budget - used, depth + 1)
            items.append(text)
            used += len(text) + 2
        body = ", ".join(items)
        if isinstance(value, dict):
            return "{" + body + "}"
        if isinstance(value, tuple):
            return "(" + body + ")"
        return "[" + body + "]"
    return f"a {type(value).__name__}"


def quote(value: Any, limit: int = LIMIT) -> str:
    """At most ``limit`` characters of ``value`` for a message: strings quoted, control and
    invisible characters escaped, huge numbers and deep nesting summarised."""
    shown = _escape(_short_repr(value, limit))
    if len(shown) > limit:
        shown = shown[:limit] + "…"
    return shown
