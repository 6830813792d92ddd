"""Hurricane's pictures (standard, open, pairs) and Hurikan's: the table of cards, the stock, the
piles, each deal's categories side by side."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, _, ngettext, pgettext
from bot.render.cards import sort_cards
from bot.render.option_words import preset_word

from .canvas import BODY_PX, GOLD, MARGIN, MUTED, PANEL, TEXT, WIDTH, Canvas, measure
from .fit import fit_names, wrap
from .layouts import INNER, Layout, View, _dict, _int, _list, _seat_name, card_ids, register_layout
from .sprites import LARGE, MEDIUM, SMALL

#: The deal's categories, as the breakdown names them (the 7♥ is its own name).
CATEGORIES = (
    ("cards", N_("Most cards")),
    ("hearts", N_("Most hearts")),
    ("seven", "7♥"),
    ("primiera", N_("Primiera")),
)


class HurricaneLayout(Layout):
    """Hurricane (standard, open, pairs) and Hurikan: a table of cards, a stock, piles."""

    game = "hurricane"

    def header_text(self, view: View) -> str:
        preset = (view.get("options") or {}).get("preset")
        title = self.title(view)
        if self.game == "hurricane" and preset and preset != "standard":
            title += f" ({preset_word(str(preset))})"
        return f"{title} · " + _("deal {number}").format(number=_int(view.get("deal"), 1))

    def score_sides(self, view: View, names: Sequence[str]) -> list[str]:
        teams = _list(view, "teams")
        if teams and any(len(t) > 1 for t in teams if isinstance(t, list)):
            return [" & ".join(_seat_name(names, s) for s in t) for t in teams]
        return list(names)

    def seat_cards(self, canvas: Canvas, view: View, seat: int, x: int, y: int, right: int) -> None:
        open_hands = _list(view, "open_hands")
        if open_hands and seat < len(open_hands):
            shown = sort_cards(c for c in open_hands[seat] if isinstance(c, str))
            x = canvas.fan(shown, x, y, SMALL, SMALL.step) + (8 if shown else 0)
            down = _int((_list(view, "down_counts") or [0] * (seat + 1))[seat])
            end = canvas.backs_fan(down, x, y, SMALL, 9)
            if not shown and not down:
                self.hidden(canvas, 0, x, y, right)  # the hand's place, empty
            elif down:
                words = ngettext("{count} down", "{count} down", down).format(count=down)
                canvas.text((end + 6, y + SMALL.h // 2), words, BODY_PX, MUTED, anchor="lm")
            return
        sizes = _list(view, "hand_sizes")
        self.hidden(canvas, _int(sizes[seat]) if seat < len(sizes) else 0, x, y, right)

    def seat_line(self, view: View, seat: int) -> str:
        piles = _list(view, "piles")
        pile = len(piles[seat]) if seat < len(piles) and isinstance(piles[seat], list) else 0
        parts = [_("pile {count}").format(count=pile)]
        teams = [t for t in _list(view, "teams") if isinstance(t, list)]
        if any(len(t) > 1 for t in teams):
            parts.insert(0, _("team {team}").format(team="AB"[seat % 2]))
        values = _list(view, "pile_values")
        if seat < len(values):
            parts.append(pgettext("pile", "value {value}").format(value=values[seat]))
        if view.get("last_capturer") == seat:
            parts.append(_("last to take"))
        return " · ".join(parts)

    def centre(
        self, canvas: Canvas, view: View, names: Sequence[str], last_move: str | None, y: int
    ) -> int:
        table = [c for c in _list(view, "table") if isinstance(c, str)]
        stock = _int(view.get("stock_count"))
        stock_w = 120
        area_w = INNER - stock_w - 10
        size = LARGE if len(table) <= (area_w - 24) // (LARGE.w + 8) else MEDIUM
        per_row = max(1, (area_w - 24 + 8) // (size.w + 8))
        rows = max(1, -(-len(table) // per_row))
        h = 34 + rows * (size.h + 10) + 6
        canvas.panel((MARGIN, y, MARGIN + area_w, y + h), PANEL)
        canvas.text((MARGIN + 12, y + 8), pgettext("picture", "Table"), BODY_PX, MUTED, bold=True)
        fresh = (
            set(card_ids(last_move.partition(":")[0]))
            if last_move and ":" not in last_move
            else set()
        )
        if not table:  # the place of the next card, and what it is
            canvas.slot(MARGIN + 12, y + 34, size)
            room = area_w - size.w - 40
            lines = wrap(_("empty — the next card is laid here"), room, BODY_PX)[:2]
            for i, line in enumerate(lines):
                canvas.text(
                    (
                        MARGIN + 12 + size.w + 16,
                        y + 34 + size.h // 2 + 26 * i - 13 * (len(lines) - 1),
                    ),
                    line,
                    BODY_PX,
                    MUTED,
                    anchor="lm",
                    max_w=room,
                )
        for i, card in enumerate(table):
            r, c = divmod(i, per_row)
            canvas.card(
                card,
                MARGIN + 12 + c * (size.w + 8),
                y + 34 + r * (size.h + 10),
                size,
                ring=GOLD if card in fresh else None,
            )
        # the stock: a small stack of backs with the count
        sx = WIDTH - MARGIN - stock_w
        # as tall as what it shows (an empty stock: its label and the word)
        backs_h = MEDIUM.h + 8 if stock else 0
        canvas.panel((sx, y, WIDTH - MARGIN, y + min(h, 34 + backs_h + 36)), PANEL)
        canvas.text((sx + stock_w // 2, y + 8), _("Stock"), BODY_PX, MUTED, bold=True, anchor="ma")
        if stock:
            for k in range(min(3, stock)):
                canvas.back(sx + (stock_w - MEDIUM.w) // 2 - 4 + 4 * k, y + 34 - 2 * k, MEDIUM)
        canvas.text(
            (sx + stock_w // 2, y + 34 + backs_h),
            ngettext("{count} left", "{count} left", stock).format(count=stock)
            if stock
            else _("empty"),
            BODY_PX,
            TEXT,
            bold=True,
            anchor="ma",
        )
        y += h + 10
        sweeps = _list(view, "sweeps")
        if any(_int(s) for s in sweeps):
            label = _("Hurricanes this deal:") + " "
            each = (INNER - measure(label, BODY_PX, True)) // max(1, len(sweeps))
            whole = self.score_sides(view, names)
            for sides in (whole, fit_names(whole, each - 50, BODY_PX, True)):
                text = label + " · ".join(
                    f"{sides[i] if i < len(sides) else i} {s}" for i, s in enumerate(sweeps)
                )
                if measure(text, BODY_PX, True) < INNER:  # the names whole when they fit
                    break
            canvas.text((MARGIN + 4, y), text, BODY_PX, GOLD, bold=True, max_w=INNER)
            y += 26
        return self.last_line(canvas, view, names, last_move, y)

    def hand_cards(self, view: View) -> list[str]:
        return sort_cards(c for c in _list(view, "hand") if isinstance(c, str))

    def hidden_own(self, view: View, seat: int) -> int:
        down = _list(view, "down_counts")
        return _int(down[seat]) if seat < len(down) else 0

    def sides(self, view: View, names: Sequence[str]) -> list[tuple[str, list[str]]]:
        piles = _list(view, "piles")
        teams = [t for t in _list(view, "teams") if isinstance(t, list)]
        if not teams:
            teams = [[i] for i in range(len(piles))]
        out = []
        for team in teams:
            cards = [c for s in team if isinstance(s, int) and s < len(piles) for c in piles[s]]
            out.append((" & ".join(_seat_name(names, s) for s in team), cards))
        return out

    def key_cards(self, view: View) -> set[str]:
        """The 7♥ and each side's primiera cards."""
        last = _dict(view, "last_deal")
        primiera = _dict(last, "details").get("primiera")
        cards = {"7H"} if "seven" in _dict(last, "categories") else set()
        if isinstance(primiera, dict):
            for group in primiera.get("cards") or []:
                cards.update(c for c in group or [] if isinstance(c, str))
        return cards

    def key_legend(self) -> str:
        return _("marked: the 7♥ and each side's primiera cards")

    def score_rows(self, view: View, sides: int) -> list[tuple[str, list[str], int | None]]:
        last = view.get("last_deal")
        if not isinstance(last, dict):
            return []
        cats = _dict(last, "categories")
        details = _dict(last, "details")
        rows: list[tuple[str, list[str], int | None]] = []
        sweeps = cats.get("sweeps")
        if isinstance(sweeps, list):
            rows.append((_("Hurricanes"), [str(s) for s in sweeps], None))
        for key, label in CATEGORIES:
            if key not in cats:
                continue
            detail = details.get(key)
            if isinstance(detail, list):
                values = [str(v) for v in detail]
            elif isinstance(detail, dict) and isinstance(detail.get("values"), list):
                values = ["—" if v is None else str(v) for v in detail["values"]]
            else:
                values = ["✓" if cats[key] == i else "" for i in range(sides)]
            winner = cats[key] if isinstance(cats[key], int) else None
            rows.append((_(label), values, winner))
        label = _("Points") if cats else _("Card values")
        rows.append((label, [str(p) for p in last.get("points") or []], None))
        rows.append((_("Total"), [str(t) for t in last.get("totals") or []], self.winner(view)))
        return rows


class HurikanLayout(HurricaneLayout):
    game = "hurikan"


register_layout(HurricaneLayout())
register_layout(HurikanLayout())
