"""A tournament's standings as a picture (beside the tournament message's text): a title, the
round, and one line per entrant: rank, name, games, points and the format's tie-breaks.

Drawn from plain lines (``Line``) that ``bot.render.tournaments`` builds from the standings, in
the house style of the table pictures (the felt, a panel, 800 px wide for Discord's ~400 px), so
it reads on the dark and the light theme alike. Names are drawn as the font can draw them and
shortened distinctly to their column (``fit.fit_names``); every word is in the language in force.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import _

from .canvas import (
    BODY_PX,
    GOLD,
    MARGIN,
    MUTED,
    NAME_PX,
    PANEL_HOT,
    RULE,
    TEXT,
    TITLE_PX,
    WIDTH,
    Canvas,
    Picture,
    drawable,
    measure,
    min_text_px,
)
from .fit import fit_names

ROW_H = 44
HEAD_H = 40
GAP = 20  # between columns
FIRE = (255, 140, 60)  # the Arena's streak (its points count double)


@dataclass(frozen=True)
class Line:
    """One entrant's line as drawn: its numbers already written out (``1½``)."""

    rank: int
    name: str
    games: int
    points: str
    tiebreaks: tuple[str, ...] = ()
    on_fire: bool = False
    paused: bool = False
    withdrawn: bool = False


def shown_names(lines: Sequence[Line]) -> list[str]:
    """The names as the font draws them; a name of emoji alone becomes its rank (never a box)."""
    out = []
    for line in lines:
        text = drawable(line.name).strip() if line.name.strip() else ""
        if not text or (text == "?" and line.name.strip() != "?"):
            text = _("Player {rank}").format(rank=line.rank)
        out.append(text)
    return out


def standings_picture(
    title: str,
    subtitle: str,
    tiebreaks: Sequence[str],
    lines: Sequence[Line],
    more: int = 0,
) -> Picture:
    """``title`` (the game and format), ``subtitle`` (the round, the state), the column heads of
    the ``tiebreaks``, the ``lines`` best first and how many ``more`` are left out."""
    least = min_text_px(WIDTH)
    heads = [_("Games"), _("Points"), *tiebreaks]
    columns = [
        2
        + max(
            measure(head, BODY_PX),
            *(
                measure(str(value), NAME_PX, bold=(i == 1))
                for line in lines
                for i, value in enumerate((line.games, line.points, *line.tiebreaks))
                if i < len(heads)
            ),
        )
        if lines
        else 2 + measure(head, BODY_PX)
        for head in heads
    ]
    rank_w = max(measure(str(len(lines) or 1), NAME_PX, bold=True), measure("#", BODY_PX)) + GAP
    name_x = MARGIN + 16 + rank_w
    numbers_w = sum(columns) + GAP * len(columns)
    name_w = WIDTH - MARGIN - 16 - numbers_w - name_x
    top = MARGIN + TITLE_PX + 14 + BODY_PX + 16
    body = HEAD_H + ROW_H * max(1, len(lines)) + (ROW_H if more else 0) + 12
    height = top + body + MARGIN
    canvas = Canvas(height)
    canvas.text(
        (MARGIN, MARGIN), title, TITLE_PX, GOLD, bold=True, max_w=WIDTH - 2 * MARGIN, min_px=least
    )
    canvas.text(
        (MARGIN, MARGIN + TITLE_PX + 14),
        subtitle,
        BODY_PX,
        MUTED,
        max_w=WIDTH - 2 * MARGIN,
        min_px=least,
    )
    canvas.panel((MARGIN, top, WIDTH - MARGIN, top + body))
    # the column heads; numbers right-aligned at each column's right edge
    rights = []
    x = WIDTH - MARGIN - 16
    for width in reversed(columns):
        rights.append(x)
        x -= width + GAP
    rights.reverse()
    y = top + 8
    canvas.text((MARGIN + 16, y + HEAD_H / 2), "#", BODY_PX, MUTED, anchor="lm")
    canvas.text((name_x, y + HEAD_H / 2), _("Player"), BODY_PX, MUTED, anchor="lm", max_w=name_w)
    for head, right, width in zip(heads, rights, columns, strict=True):
        canvas.text((right, y + HEAD_H / 2), head, BODY_PX, MUTED, anchor="rm", max_w=width)
    y += HEAD_H
    canvas.line((MARGIN + 12, y, WIDTH - MARGIN - 12, y), RULE, 2)
    if not lines:
        canvas.text((name_x, y + ROW_H / 2), _("Nobody yet."), NAME_PX, MUTED, anchor="lm")
    names = fit_names(shown_names(lines), name_w, NAME_PX)
    for i, (line, name) in enumerate(zip(lines, names, strict=True)):
        row_y = y + i * ROW_H
        mid = row_y + ROW_H / 2
        if line.rank == 1 and not line.withdrawn:
            canvas.panel((MARGIN + 6, row_y + 3, WIDTH - MARGIN - 6, row_y + ROW_H - 3), PANEL_HOT)
        elif i:
            canvas.line((MARGIN + 12, row_y, WIDTH - MARGIN - 12, row_y), RULE)
        faded = line.withdrawn or line.paused
        ink = MUTED if faded else TEXT
        canvas.text(
            (MARGIN + 16, mid), str(line.rank), NAME_PX, GOLD if line.rank <= 3 else ink, True, "lm"
        )
        end = name_x + canvas.text((name_x, mid), name, NAME_PX, ink, anchor="lm", max_w=name_w)
        note = _("(left)") if line.withdrawn else _("(paused)") if line.paused else ""
        room = name_x + name_w - end - 10
        if line.on_fire and room > 40:
            canvas.pill(end + 10, int(mid - (BODY_PX + 10) / 2), "×2", FIRE, px=BODY_PX)
        elif note and room > measure(note, BODY_PX):
            canvas.text((end + 10, mid), note, BODY_PX, MUTED, anchor="lm")
        values = (str(line.games), line.points, *line.tiebreaks)
        for j, (value, right) in enumerate(zip(values, rights, strict=False)):
            colour = (FIRE if line.on_fire else GOLD if not faded else MUTED) if j == 1 else ink
            canvas.text((right, mid), value, NAME_PX, colour, bold=(j == 1), anchor="rm")
    if more:
        row_y = y + len(lines) * ROW_H
        canvas.line((MARGIN + 12, row_y, WIDTH - MARGIN - 12, row_y), RULE)
        canvas.text(
            (name_x, row_y + ROW_H / 2),
            _("… and {count} more").format(count=more),
            BODY_PX,
            MUTED,
            anchor="lm",
        )
    return canvas.finish("standings.png")
