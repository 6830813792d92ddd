"""Haggis's pictures: the current trick, each play labelled with its player; face cards are
public; the Haggis face down."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import N_, _, ngettext, pgettext
from bot.render.combos import combo_words

from .canvas import BODY_PX, GOLD, MARGIN, MUTED, NAME_PX, PANEL, PASS, TEXT, WIDTH, Canvas, measure
from .fit import fit_in, fit_names, wrap
from .layouts import INNER, Layout, View, _dict, _int, _list, card_ids, register_layout
from .sprites import MEDIUM, SMALL

#: A round's parts, as the breakdown names them.
PARTS = (
    ("out", N_("Going out")),
    ("bonus", N_("First out")),
    ("cards", N_("Cards")),
    ("bets", N_("Bets")),
)


class HaggisLayout(Layout):
    """Haggis: the current trick, each play labelled with its player; face cards are public."""

    game = "haggis"

    def header_text(self, view: View) -> str:
        return f"{self.title(view)} · " + _("round {number}").format(
            number=_int(view.get("round"), 1)
        )

    def seat_cards(self, canvas: Canvas, view: View, seat: int, x: int, y: int, right: int) -> None:
        sizes = _list(view, "hand_sizes")
        faces_all = _list(view, "faces")
        faces = [c for c in faces_all[seat] if isinstance(c, str)] if seat < len(faces_all) else []
        count = _int(sizes[seat]) if seat < len(sizes) else 0
        hidden = max(0, count - len(faces))
        faces_w = (len(faces) - 1) * SMALL.step + SMALL.w + 10 if faces else 0
        x = self.hidden(canvas, hidden, x, y, right - faces_w) + 10 if hidden or not faces else x
        canvas.fan(faces, x, y, SMALL, SMALL.step)

    def seat_line(self, view: View, seat: int) -> str:
        points = _list(view, "card_points")
        pile = _int(points[seat]) if seat < len(points) else None
        parts = [
            ngettext("pile {count} pt", "pile {count} pts", pile).format(count=pile)
            if pile is not None
            else ""
        ]
        bets = _list(view, "bets")
        if seat < len(bets) and bets[seat]:
            parts.append(_("bet {bet}").format(bet=bets[seat]))
        out = _list(view, "out")
        if seat in out:
            parts.append(_("out #{place}").format(place=out.index(seat) + 1))
        return " · ".join(p for p in parts if p)

    def centre(
        self, canvas: Canvas, view: View, names: Sequence[str], last_move: str | None, y: int
    ) -> int:
        trick = [e for e in _list(view, "trick") if isinstance(e, dict)]
        top = _dict(view, "top") or None
        haggis = _int(view.get("haggis_size"))
        side_w = 120
        area_w = INNER - side_w - 10
        # newest plays are kept; each play is a group of overlapping medium cards
        groups: list[tuple[dict[str, Any], list[str], int]] = []
        for entry in trick:
            cards = card_ids(str(entry.get("play") or ""))
            width = (len(cards) - 1) * MEDIUM.step + MEDIUM.w if cards else 64
            player = _int(entry.get("player"))
            name = canvas.text_width(
                names[player] if player < len(names) else "", BODY_PX, bold=True
            )
            groups.append((entry, cards, max(width, min(name, 124), 84)))
        rows: list[list[int]] = [[]]
        used = 0
        limit = area_w - 24
        for i in range(len(groups) - 1, -1, -1):  # fill from the newest backwards
            w = groups[i][2] + 14
            if used + w > limit:
                if len(rows) == 2:
                    break
                rows.append([])
                used = 0
            rows[-1].insert(0, i)
            used += w
        rows = [r for r in reversed(rows) if r]
        skipped = min(r[0] for r in rows) if rows else 0
        row_h = 30 + MEDIUM.h + 12
        beat = self.to_beat(top, names, area_w - 24)
        h = 40 + len(rows) * row_h + 4 + 26 * len(beat) if trick else 40 + MEDIUM.h + 36
        canvas.panel((MARGIN, y, MARGIN + area_w, y + h), PANEL)
        canvas.text((MARGIN + 12, y + 8), _("Trick"), BODY_PX, MUTED, bold=True)
        if not trick:
            # the seat to move leads the new trick (the view's ``leader`` led the round), told
            # beside the place of its first play: on one line, or the name whole on the second
            canvas.slot(MARGIN + 12, y + 40, MEDIUM)
            room = area_w - MEDIUM.w - 40
            lines = self.new_trick(view, names, room)
            for i, line in enumerate(lines):
                canvas.text(
                    (
                        MARGIN + 28 + MEDIUM.w,
                        y + 40 + MEDIUM.h // 2 + 28 * i - 14 * (len(lines) - 1),
                    ),
                    line,
                    NAME_PX,
                    MUTED,
                    anchor="lm",
                    max_w=room,
                )
        if skipped:
            canvas.text(
                (MARGIN + area_w - 12, y + 8),
                _("+{count} earlier").format(count=skipped),
                BODY_PX,
                MUTED,
                anchor="ra",
            )
        top_play = (top or {}).get("play"), (top or {}).get("player")
        for r, row in enumerate(rows):
            x = MARGIN + 12
            ry = y + 40 + r * row_h
            for i in row:
                entry, cards, width = groups[i]
                who = fit_names(names, width, BODY_PX, True)[_int(entry.get("player"))]
                is_top = (entry.get("play"), entry.get("player")) == top_play and top is not None
                newest = i == len(groups) - 1
                colour = GOLD if is_top else TEXT if newest else MUTED
                canvas.text((x, ry), who, BODY_PX, colour, bold=True, max_w=width)
                if cards:
                    if is_top:
                        w = (len(cards) - 1) * MEDIUM.step + MEDIUM.w
                        canvas.panel(
                            (x - 4, ry + 26, x + w + 3, ry + 30 + MEDIUM.h + 3),
                            None,
                            GOLD,
                            width=3,
                        )
                    canvas.fan(cards, x, ry + 30, MEDIUM)
                else:
                    canvas.pill(
                        x,
                        ry + 30 + MEDIUM.h // 2 - 16,
                        _("pass"),
                        PASS,
                        TEXT,
                    )
                x += width + 14
        for i, line in enumerate(beat):
            canvas.text(
                (MARGIN + 12, y + h - 8 - 26 * (len(beat) - 1 - i)),
                line,
                BODY_PX,
                GOLD,
                bold=True,
                anchor="ld",
                max_w=area_w - 24,
            )
        # the Haggis: face down, only its size is public
        sx = WIDTH - MARGIN - side_w
        # as tall as what it shows (no Haggis: its label and the count)
        backs_h = MEDIUM.h + 8 if haggis else 0
        canvas.panel((sx, y, WIDTH - MARGIN, y + min(h, 40 + backs_h + 36)), PANEL)
        canvas.text((sx + side_w // 2, y + 8), _("Haggis"), BODY_PX, MUTED, bold=True, anchor="ma")
        for k in range(min(3, haggis)):
            canvas.back(sx + (side_w - MEDIUM.w) // 2 - 4 + 4 * k, y + 40 - 2 * k, MEDIUM)
        canvas.text(
            (sx + side_w // 2, y + 40 + backs_h),
            ngettext("{count} card", "{count} cards", haggis).format(count=haggis),
            BODY_PX,
            TEXT,
            bold=True,
            anchor="ma",
        )
        y += h + 10
        if not trick and last_move:
            y = self.last_line(canvas, view, names, last_move, y)
        return y

    def new_trick(self, view: View, names: Sequence[str], room: int) -> list[str]:
        """``New trick — Anna leads`` within ``room``: one line, or two (broken at the dash)."""
        if view.get("is_over"):
            return [_("Game over")]
        leader = view.get("current_player")
        if not isinstance(leader, int) or not 0 <= leader < len(names):
            return [_("New trick — {who}").format(who=_("a new lead"))]
        template = _("New trick — {who}")
        whole = template.format(who=_("{name} leads").format(name=names[leader]))
        if measure(whole, NAME_PX) <= room - 1:
            return [whole]
        head = template.partition("{who}")[0].rstrip()
        frame = _("New trick — {who}").format(who=_("{name} leads"))
        who = _("{name} leads").format(
            name=fit_names(names, room, NAME_PX, frame=_("{name} leads"))[leader]
        )
        one = template.format(
            who=_("{name} leads").format(name=fit_names(names, room, NAME_PX, frame=frame)[leader])
        )
        return [head, who] if head and measure(head, NAME_PX) <= room else [one]

    def to_beat(self, top: dict[str, Any] | None, names: Sequence[str], room: int) -> list[str]:
        """``To beat: a pair of 7s by Anna`` on one line, or on two (the name whole) when it
        does not fit; else the name on a line of its own, shortened only if it must be."""
        if top is None:
            return []
        combo = _dict(top, "combination")
        what = combo_words(combo) or str(top.get("play"))
        template = _("To beat: {combo} by {name}")
        seat = _int(top.get("player"))
        whole = template.format(combo=what, name=names[seat] if seat < len(names) else "")
        if measure(whole, BODY_PX, True) <= room - 1:
            return [whole]
        lines = wrap(whole, room, BODY_PX, True)
        if len(lines) <= 2 and " ".join(lines) == whole:
            return lines
        # the words before the name (wrapped), then the name on a line of its own, fitted
        head, name, tail = template.partition("{name}")
        if not name:
            return lines
        first = wrap(head.format(combo=what).rstrip(), room, BODY_PX, True)
        return [*first, fit_in("{name}" + tail, names, seat, room, BODY_PX, True)]

    def score_rows(self, view: View, sides: int) -> list[tuple[str, list[str], int | None]]:
        last = view.get("last_round")
        if not isinstance(last, dict):
            return []
        parts = _dict(last, "parts")
        rows: list[tuple[str, list[str], int | None]] = []
        for key, label in PARTS:
            values = parts.get(key)
            if isinstance(values, list):
                rows.append((_(label), [str(v) for v in values], None))
        points = [str(p) for p in last.get("points") or []]
        rows.append((pgettext("points of the round", "Round"), points, None))
        rows.append((_("Total"), [str(t) for t in last.get("totals") or []], self.winner(view)))
        return rows


register_layout(HaggisLayout())
