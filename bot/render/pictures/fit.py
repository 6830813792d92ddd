"""Names and sentences fitted to the room a picture gives them.

A name too wide for its box is shortened here, never by the canvas's blind cut at the end: two
players whose names only differ at the end ("Computer 2 (normal)", "Computer 3 (normal)") would
both become "Computer…". ``fit_names`` shortens every name of a table at once and keeps each
shortening unambiguous (it could only be the name it stands for: "Comp…2 (normal)"); ``wrap``
breaks a sentence over lines instead of cutting it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.i18n import _

from .canvas import drawable, measure

ELLIPSIS = "…"


def display_names(names: Sequence[str]) -> tuple[str, ...]:
    """The seats' names as pictures draw them: only what the font draws (a name of emoji alone
    becomes its seat, "Seat 3", never a "?"), and identical names told apart by their seat."""
    shown = []
    for i, name in enumerate(names):
        text = drawable(name).strip() if name.strip() else ""
        if not text or (text == "?" and name.strip() != "?"):
            text = _("Seat {number}").format(number=i + 1)
        shown.append(text)
    counts = {name: shown.count(name) for name in shown}
    return tuple(f"{name} ({i + 1})" if counts[name] > 1 else name for i, name in enumerate(shown))


def _fits(text: str, max_w: int, px: int, bold: bool, frame: str = "{name}") -> bool:
    """Whether ``text`` set in ``frame`` (the sentence around a name) fits: measured whole, as
    parts measured apart do not add up (kerning, whole pixels)."""
    return measure(frame.replace("{name}", text), px, bold) <= max_w - 1


def _could_be(other: str, prefix: str, suffix: str) -> bool:
    """Whether ``prefix…suffix`` could be read as a shortening of ``other``."""
    return (
        len(other) >= len(prefix) + len(suffix)
        and other.startswith(prefix)
        and other.endswith(suffix)
    )


def _shortened(prefix: str, suffix: str) -> str:
    return prefix.rstrip() + ELLIPSIS + suffix.lstrip()


def _longest_prefix(name: str, suffix: str, max_w: int, px: int, bold: bool, frame: str) -> int:
    """The most leading characters of ``name`` kept before ``…suffix`` within ``max_w`` (0:
    none fits), leaving at least one character out."""
    low, high = 0, len(name) - len(suffix) - 1
    while low < high:
        mid = (low + high + 1) // 2
        if _fits(_shortened(name[:mid], suffix), max_w, px, bold, frame):
            low = mid
        else:
            high = mid - 1
    return low


def _shorten(
    name: str, others: Sequence[str], max_w: int, px: int, bold: bool, frame: str
) -> tuple[str, str] | None:
    """The (prefix, suffix) of ``name`` that fits and no other name could be read as: the plain
    cut at the end when it is unambiguous, else the cut in the middle keeping the most."""
    best: tuple[tuple[bool, int, int], tuple[str, str]] | None = None
    for s in range(0, len(name) - 1):
        suffix = name[len(name) - s :] if s else ""
        p = _longest_prefix(name, suffix, max_w, px, bold, frame)
        if p == 0:
            break  # a longer suffix leaves even less room
        prefix = name[:p]
        if any(_could_be(o, prefix.rstrip(), suffix.lstrip()) for o in others):
            continue
        score = (s == 0, p + s, p)
        if best is None or score > best[0]:
            best = (score, (prefix, suffix))
    return None if best is None else best[1]


@lru_cache(maxsize=1024)
def _fit(names: tuple[str, ...], max_w: int, px: int, bold: bool, frame: str) -> tuple[str, ...]:
    out = []
    for i, name in enumerate(names):
        if _fits(name, max_w, px, bold, frame):
            out.append(name)
            continue
        others = [o for j, o in enumerate(names) if j != i]
        found = _shorten(name, others, max_w, px, bold, frame)
        if found is not None:
            out.append(_shortened(*found))
            continue
        # nothing unambiguous fits: the seat's number first, then as much of the name as fits
        mark = f"{i + 1}·"
        p = _longest_prefix(mark + name, "", max_w, px, bold, frame)
        out.append(_shortened((mark + name)[: max(p, len(mark))], ""))
    return tuple(out)


def fit_names(
    names: Sequence[str], max_w: int, px: int, bold: bool = False, frame: str = "{name}"
) -> tuple[str, ...]:
    """Each of a table's ``names`` as drawn in ``max_w`` pixels at ``px`` (set in ``frame``, the
    words drawn around it): whole when it fits, else shortened so that it still fits and is told
    apart from every other name."""
    return _fit(tuple(names), max(1, int(max_w)), px, bold, frame)


def fit_in(
    template: str,
    names: Sequence[str],
    seat: int,
    max_w: int,
    px: int,
    bold: bool = False,
    **values: object,
) -> str:
    """``template`` with ``{name}`` filled by seat ``seat``'s name, shortened (distinctly, as
    by ``fit_names``) so that the whole sentence fits ``max_w``."""
    frame = template.format(name="{name}", **values)
    return frame.replace("{name}", fit_names(names, max_w, px, bold, frame)[seat])


def wrap(text: str, max_w: int, px: int, bold: bool = False) -> list[str]:
    """``text`` broken between words into lines of at most ``max_w`` (a word wider than a line
    is broken between letters)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if _fits(candidate, max_w, px, bold):
            line = candidate
            continue
        if line:
            lines.append(line)
        line = word
        while not _fits(line, max_w, px, bold) and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and not _fits(line[:cut], max_w, px, bold):
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
    if line or not lines:
        lines.append(line)
    return lines
