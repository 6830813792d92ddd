"""Deal and round breakdowns (H-16, K-5, G-19) from the engines' scoring events."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.i18n import N_, _

from .cards import HURRICANE_SUITS, cards_label
from .words import agree

CATEGORY_NAMES = (
    ("cards", N_("Most cards")),
    ("hearts", N_("Most hearts")),
    ("seven", "7♥"),
    ("primiera", N_("Primiera")),
)


def _winner(side: Any, sides: Sequence[str]) -> str:
    if isinstance(side, int) and 0 <= side < len(sides):
        return sides[side]
    return _("nobody")


def _per_side(values: Sequence[Any], sides: Sequence[str]) -> str:
    return " · ".join(f"{name} {value}" for name, value in zip(sides, values, strict=False))


FIELD_LIMIT = 1024  # characters of an embed field's value


def short_labels(sides: Sequence[str]) -> list[str]:
    """Short stand-ins for long side names: teams A, B; seats 1, 2, 3…"""
    if len(sides) == 2 and all(" & " in side for side in sides):
        return ["A", "B"]
    return [str(i + 1) for i in range(len(sides))]


def fitted(
    build: Callable[[dict[str, Any], Sequence[str]], list[str]],
    event: dict[str, Any],
    sides: Sequence[str],
    limit: int = FIELD_LIMIT,
) -> list[str]:
    """The breakdown with the full names when it fits in ``limit`` characters; otherwise every
    line with short labels and a legend first (``A = Anna & Carl``), so no category and no total
    is ever cut off, however long the names (H-16)."""
    lines = build(event, sides)
    if len("\n".join(lines)) <= limit:
        return lines
    labels = short_labels(sides)
    body = build(event, labels)
    # what the legend may spend per side: whatever the short lines leave (at least 8)
    spare = limit - len("\n".join(body)) - sum(len(f"{label} = \n") for label in labels)
    room = max(8, spare // max(1, len(sides)))
    legend = [
        f"{label} = {clip_name(side, room)}" for label, side in zip(labels, sides, strict=False)
    ]
    return legend + body


def clip_name(name: str, size: int) -> str:
    return name if len(name) <= size else name[: size - 1] + "…"


def deal_breakdown(
    event: dict[str, Any], sides: Sequence[str], primiera: str = "suits"
) -> list[str]:
    """Hurricane ``deal_scored`` (or Hurikan's sums) as lines: every category and who won it,
    laid out to fit one embed field (``fitted``). ``primiera``: the option in force (``suits`` or
    ``sets``), which says why a side has none."""
    return fitted(lambda e, s: _deal_lines(e, s, primiera), event, sides)


def no_primiera(cards: Sequence[str], rule: str) -> str:
    """Why a side's primiera shows "—": the suits missing from its pile (``no ♣``), or no three of
    a kind (``sets``)."""
    if rule == "sets":
        return _("no three of a kind")
    if not cards:
        return _("no cards")
    missing = [
        symbol
        for suit, symbol in HURRICANE_SUITS.items()
        if not any(c.endswith(suit) for c in cards)
    ]
    return _("no {suits}").format(suits=" ".join(missing)) if missing else ""


def _deal_lines(event: dict[str, Any], sides: Sequence[str], primiera: str = "suits") -> list[str]:
    lines: list[str] = []
    categories = event.get("categories")
    if isinstance(categories, dict):
        sweeps = categories.get("sweeps")
        if isinstance(sweeps, list):
            lines.append(_("Hurricanes: {scores}").format(scores=_per_side(sweeps, sides)))
        for key, label in CATEGORY_NAMES:
            if key in categories:
                detail = _category_detail(event, key, sides, primiera)
                lines.append(f"{_(label)}: {_winner(categories[key], sides)}{detail}")
        points = _per_side(event.get("points") or [], sides)
        lines.append(_("Points this deal: {scores}").format(scores=points))
    else:
        points = _per_side(event.get("points") or [], sides)
        lines.append(_("Card values taken: {scores}").format(scores=points))
    totals = event.get("totals")
    if isinstance(totals, list):
        lines.append(_("Totals: {scores}").format(scores=_per_side(totals, sides)))
    return lines


def _category_detail(
    event: dict[str, Any], key: str, sides: Sequence[str], primiera: str = "suits"
) -> str:
    """The counts and deciding cards behind a category (``details`` of ``deal_scored``), bracketed."""
    details = event.get("details")
    if not isinstance(details, dict):
        return ""
    item = details.get(key)
    if isinstance(item, list):
        return f" ({_per_side(item, sides)})"
    if key == "primiera" and isinstance(item, dict):
        values = item.get("values") or []
        cards = item.get("cards") or []
        parts = []
        for i, name in enumerate(sides):
            value = values[i] if i < len(values) else None
            shown = cards_label(cards[i]) if i < len(cards) and cards[i] else ""
            if value is None:  # "—" is explained where it is shown
                held = cards[i] if i < len(cards) and isinstance(cards[i], list) else []
                why = no_primiera(held, primiera)
                parts.append(
                    f"{name} — ({why}) {shown}".strip() if why else f"{name} — {shown}".strip()
                )
            else:
                parts.append(f"{name} {value} {shown}".strip())
        return f" ({' · '.join(parts)})" if parts else ""
    return ""


HAGGIS_PARTS = (
    ("out", N_("Going out")),
    ("bonus", N_("First-out bonus")),
    ("cards", N_("Cards")),
    ("bets", N_("Bets")),
)


def round_breakdown(event: dict[str, Any], seats: Sequence[str]) -> list[str]:
    """Haggis ``round_scored``: going out, bonus, card points and bets per seat, then the totals
    (laid out to fit one embed field)."""
    return fitted(_round_lines, event, seats)


def _round_lines(event: dict[str, Any], seats: Sequence[str]) -> list[str]:
    lines: list[str] = []
    parts = event.get("parts") or {}
    for key, label in HAGGIS_PARTS:
        values = parts.get(key)
        if isinstance(values, list) and any(values):
            lines.append(f"{_(label)}: {_per_side(values, seats)}")
    points = _per_side(event.get("points") or [], seats)
    lines.append(_("Points this round: {scores}").format(scores=points))
    totals = event.get("totals")
    if isinstance(totals, list):
        lines.append(_("Totals: {scores}").format(scores=_per_side(totals, seats)))
    return lines


def result_line(result: dict[str, Any], sides: Sequence[str]) -> str:
    """The end of the game in one line ("Anna wins 17–9 — a double win!")."""
    scores = list(result.get("scores") or [])
    winner = result.get("winner")
    if winner is None:
        return _("The game is a draw ({scores}).").format(scores="–".join(str(s) for s in scores))
    # winner first, then the others from the highest score: "Carol wins 252–208–195"
    if isinstance(winner, int) and 0 <= winner < len(scores):
        rest = sorted((s for i, s in enumerate(scores) if i != winner), reverse=True)
        scores = [scores[winner], *rest]
    score_text = "–".join(str(s) for s in scores)
    name = sides[winner] if isinstance(winner, int) and winner < len(sides) else "?"
    double = " — " + _("a double win!") if result.get("double") else "."
    return f"{name} {agree(name, 'wins', 'win')} {score_text}{double}"
