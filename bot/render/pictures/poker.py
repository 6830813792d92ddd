"""Hurricane poker's pictures (RULES.md Part 4): a table of seats with their chips, bets, folds,
all-ins and the dealer button, the pot(s), whose turn, the stock; the last showdown's hands as the
rules made them public; a hand with its wild cards marked; the final ranking by chips.

Public cards only: a seat's hand is two backs while it is in the hand; cards are faces only in the
last showdown (every hand still in at a showdown is shown, P-6; a folded hand never is). The last
move comes from the view's own log, where a draw does not name the card thrown."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from bot.games import poker_pack
from bot.i18n import _, ngettext
from bot.render.boards.hurricane_poker import PHASES, SIDE_WORDS, pots_words
from bot.render.cards import ranks_label
from bot.render.words import names_list

from .canvas import (
    BODY_PX,
    DARK,
    FELT,
    GOLD,
    MARGIN,
    MUTED,
    NAME_PX,
    PANEL,
    PANEL_HOT,
    RED,
    TEXT,
    TITLE_PX,
    WIDTH,
    Canvas,
    Picture,
    measure,
)
from .fit import fit_in, fit_names, wrap
from .layouts import HEADER_H, INNER, Layout, View, draw_title, move_words, register_layout
from .sprites import MEDIUM, SMALL, Labels

GAME = "hurricane_poker"
SEAT_H = 132  # name, two cards and the chips, then this round's bet and state
TITLE_LINE = 32  # a final title's next line
TITLE_LINES = 3


def _ints(view: View, key: str, n: int, default: int = 0) -> list[int]:
    value = view.get(key)
    if not isinstance(value, list) or len(value) != n:
        return [default] * n
    return [v if isinstance(v, int) and not isinstance(v, bool) else default for v in value]


def _flags(view: View, key: str, n: int) -> list[bool]:
    value = view.get(key)
    return [bool(v) for v in value] if isinstance(value, list) and len(value) == n else [False] * n


def shown_hands(view: View) -> dict[int, list[str]]:
    """The hands the last showdown made public, by seat."""
    showdown = view.get("last_showdown")
    shown = showdown.get("shown") if isinstance(showdown, dict) else None
    out: dict[int, list[str]] = {}
    for seat, cards in (shown or {}).items():
        if str(seat).isdigit() and isinstance(cards, list):
            out[int(seat)] = [c for c in cards if isinstance(c, str)]
    return out


def wild_cards(view: View) -> frozenset[str]:
    """The cards the table's ``wild`` option makes wild (P-1)."""
    wild = str((view.get("options") or {}).get("wild") or "none")
    try:
        pack = poker_pack(wild)
    except ValueError:
        return frozenset()
    return frozenset(pack.labels[i] for i in pack.wilds)


def chip(canvas: Canvas, x: int, y: int, r: int = 9) -> None:
    """A poker chip: a gold disc with a dark ring."""
    canvas.ellipse((x - r, y - r, x + r, y + r), GOLD, DARK, width=2)
    canvas.ellipse((x - r + 5, y - r + 5, x + r - 5, y + r - 5), outline=DARK, width=2)


class PokerLayout(Layout):
    game = GAME
    centre_room = 1000  # the pot, the last move and up to eight shown hands

    # -- the public table ------------------------------------------------------------------
    def header_text(self, view: View) -> str:
        hands = (view.get("options") or {}).get("hands")
        number = view.get("hand_no")
        if view.get("is_over"):
            return self.title(view)
        if hands:
            return f"{self.title(view)} · " + _("hand {number} of {hands}").format(
                number=number, hands=hands
            )
        return f"{self.title(view)} · " + _("hand {number}").format(number=number)

    def seat_height(self, view: View, n: int, w: int) -> int:
        return SEAT_H  # chips and bets are drawn, not written in a line

    def seat_box(
        self,
        canvas: Canvas,
        view: View,
        names: Sequence[str],
        seat: int,
        box: tuple[int, int, int, int],
    ) -> None:
        x0, y0, x1, y1 = box
        n = int(view.get("num_players") or len(names))
        over = bool(view.get("is_over"))
        turn = view.get("current_player") == seat and not over
        folded = _flags(view, "folded", n)[seat]
        out = _flags(view, "out", n)[seat]
        in_hand = _flags(view, "in_hand", n)[seat] and not folded and not over
        canvas.panel(
            box,
            PANEL_HOT if turn else PANEL if in_hand or over else FELT,
            GOLD if turn else None,
            width=3,
        )
        right = x1 - 10
        if view.get("dealer") == seat and not over:
            cx, cy = x1 - 22, y0 + 21
            canvas.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), TEXT, DARK)
            canvas.text((cx, cy + 1), "D", BODY_PX, DARK, bold=True, anchor="mm")
            right = cx - 18
        # a shortened name stays told apart from every other name (``fit_names``)
        room = right - x0 - 14
        name = fit_in("▶ {name}" if turn else "{name}", names, seat, room, NAME_PX, True)
        colour = GOLD if turn else TEXT if in_hand or over else MUTED
        canvas.text((x0 + 12, y0 + 10), name, NAME_PX, colour, bold=True, max_w=right - x0 - 14)
        # the hand (face down) and the chips
        cy = y0 + 38
        chips = _ints(view, "chips", n)[seat]
        if in_hand:
            canvas.backs_fan(2, x0 + 12, cy, SMALL, 14)
        else:  # the hand's place, empty, and why (on the line a bet would take)
            canvas.slot(x0 + 12, cy, SMALL)
            word = _("out") if out else _("folded") if folded else ""
            if word:
                canvas.text(
                    (x0 + 12, y1 - 17), word, BODY_PX, MUTED, anchor="lm", max_w=x1 - x0 - 24
                )
        text_w = canvas.text_width(str(chips), NAME_PX, bold=True)
        canvas.text((x1 - 12, cy + SMALL.h // 2), str(chips), NAME_PX, TEXT, bold=True, anchor="rm")
        chip(canvas, x1 - 12 - text_w - 14, cy + SMALL.h // 2)
        # this round's bet, all-in, the draw, a declaration
        if over or not _flags(view, "in_hand", n)[seat] or folded:
            return
        x = x0 + 10
        bottom = y1 - 33
        bet = _ints(view, "round_bets", n)[seat]
        if view.get("phase") == "bet" and bet:
            x = canvas.pill(x, bottom, _("bet {bet}").format(bet=bet), GOLD, px=BODY_PX) + 6
        if _flags(view, "all_in", n)[seat]:
            x = canvas.pill(x, bottom, _("all-in"), RED, px=BODY_PX) + 6
        drawn = (
            (view.get("drawn") or [None] * n)[seat] if len(view.get("drawn") or []) == n else None
        )
        words = []
        if drawn is not None:
            words.append(_("drew 1") if drawn else _("stood pat"))
        if _flags(view, "has_declared", n)[seat]:
            words.append(_("declared"))
        room = x1 - x - 12
        line = " · ".join(words)
        if words and measure(line, BODY_PX) > room:  # too long beside the pills: one part a line
            lines = [w for word in words for w in wrap(word, room, BODY_PX)][:2]
            for i, part in enumerate(lines):
                top = bottom + 12 - 13 * (len(lines) - 1) + 26 * i
                canvas.text((x + 2, top), part, BODY_PX, MUTED, anchor="lm", max_w=room)
        elif words:
            canvas.text((x + 2, bottom + 12), line, BODY_PX, MUTED, anchor="lm", max_w=room)

    def centre(
        self, canvas: Canvas, view: View, names: Sequence[str], last_move: str | None, y: int
    ) -> int:
        if view.get("is_over"):
            return self.showdown(canvas, view, names, y)
        area_w = INNER
        right = MARGIN + area_w - 12
        phase = self.phase_lines(view, area_w - 24)
        move = self.last_action(view, names, area_w - 24)
        # the pot and the stock, the phase and the last move in one panel: no empty band
        h = 8 + 36 + 26 * (len(phase) + (1 if move else 0)) + 8
        canvas.panel((MARGIN, y, MARGIN + area_w, y + h), PANEL)
        mid = y + 26
        # the stock's count, right (as a seat's hidden hand: ``×36``)
        stock = view.get("stock_size")
        stock = stock if isinstance(stock, int) else 0
        count_w = canvas.text((right, mid), f"×{stock}", NAME_PX, TEXT, bold=True, anchor="rm")
        stock_x = right - count_w - 8
        stock_x -= canvas.text((stock_x, mid), _("Stock"), BODY_PX, MUTED, bold=True, anchor="rm")
        x = MARGIN + 12
        x += canvas.text((x, mid), _("Pot"), BODY_PX, MUTED, bold=True, anchor="lm") + 24
        total = view.get("pot_total")
        chip(canvas, x, mid, 14)
        x += 22
        x += canvas.text(
            (x, mid), str(total if isinstance(total, int) else 0), 34, GOLD, bold=True, anchor="lm"
        )
        pots = view.get("pots")
        # side pots matter once someone is all-in (before, an uncalled bet only looks like one)
        if isinstance(pots, list) and len(pots) > 1 and any(view.get("all_in") or []):
            canvas.text(
                (x + 16, mid),
                pots_words(pots).partition(" ")[2].strip("()"),
                BODY_PX,
                TEXT,
                anchor="lm",
                max_w=stock_x - x - 40,
            )
        ty = y + 8 + 36 + 13
        for line in phase:
            canvas.text((MARGIN + 12, ty), line, BODY_PX, TEXT, anchor="lm", max_w=area_w - 24)
            ty += 26
        if move:
            label, words = move
            lx = MARGIN + 12
            lx += canvas.text((lx, ty), label, BODY_PX, MUTED, bold=True, anchor="lm") + 12
            canvas.text((lx, ty), words, BODY_PX, TEXT, anchor="lm", max_w=right - lx)
        if not isinstance(view.get("last_showdown"), dict):
            return y + h
        return self.showdown(canvas, view, names, y + h + 10)

    def phase_lines(self, view: View, room: int) -> list[str]:
        """The betting round or the draw, and what a call costs, over the lines it needs."""
        phase = PHASES.get((str(view.get("phase")), int(view.get("street") or 1)))
        if phase is None and view.get("phase") == "bet":
            phase = PHASES[("bet", 1)]
        if not phase:
            return []
        text = _(phase)
        if view.get("phase") == "bet":
            bets = _ints(view, "round_bets", len(view.get("round_bets") or []))
            top = max(bets) if bets else 0
            text += " · " + (_("to call {chips}").format(chips=top) if top else _("no bet yet"))
        return wrap(text, room, BODY_PX)

    def last_action(self, view: View, names: Sequence[str], room: int) -> tuple[str, str] | None:
        """The last move of this hand, as the view's log has it (a draw names no card): its
        label and its words, fitted to ``room``."""
        log = view.get("log")
        if not isinstance(log, list) or not log or not isinstance(log[-1], list | tuple):
            return None
        seat = log[-1][0]
        seat = int(seat) if isinstance(seat, str) and seat.isdigit() else seat
        if not isinstance(seat, int) or not 0 <= seat < len(names):
            return None  # a move is told with the player who made it, or not at all
        label = _("Last move")
        room -= measure(label, BODY_PX, True) + 12
        return label, move_words(GAME, names, seat, str(log[-1][1]), room, BODY_PX)

    def showdown(self, canvas: Canvas, view: View, names: Sequence[str], y: int) -> int:
        """The last showdown: the hands shown, each with its High and Low (the side it won in
        gold, a side it did not declare left out) and the chips it took."""
        last = view.get("last_showdown")
        if not isinstance(last, dict):
            return y
        shown = shown_hands(view)
        ranks = last.get("ranks") or {}
        declared = last.get("declarations") or {}
        pots = [p for p in last.get("pots") or [] if isinstance(p, dict)]
        taken: dict[int, int] = {}
        won: dict[int, set[str]] = {}
        for pot in pots:
            for seat, chips in (pot.get("shares") or {}).items():
                if str(seat).isdigit():
                    taken[int(seat)] = taken.get(int(seat), 0) + int(chips)
            for side in ("high", "low"):
                for seat in pot.get(side) or []:
                    won.setdefault(int(seat), set()).add(side)
        title = _("Hand {number} showdown").format(number=last.get("hand_no", ""))
        if not shown:
            takers = [(s, c) for s, c in taken.items() if c and 0 <= s < len(names)]
            each = (INNER - 24) // max(1, len(takers)) - 16
            words = " · ".join(
                fit_in(_("{name} takes {chips}"), names, s, each, NAME_PX, chips=c)
                for s, c in takers
            )
            h = 36 + 30 + 26 + 10
            canvas.panel((MARGIN, y, WIDTH - MARGIN, y + h), PANEL)
            canvas.text((MARGIN + 12, y + 8), title, BODY_PX, MUTED, bold=True)
            canvas.text(
                (MARGIN + 12, y + 36 + 14),
                words or "—",
                NAME_PX,
                TEXT,
                anchor="lm",
                max_w=INNER - 24,
            )
            canvas.text(
                (MARGIN + 12, y + 36 + 30 + 13),
                _("everyone else folded: no cards shown"),
                BODY_PX,
                MUTED,
                anchor="lm",
                max_w=INNER - 24,
            )
            return y + h
        # up to four hands: medium cards side by side; more (eight seats): small ones fanned
        size = MEDIUM if len(shown) <= 4 else SMALL
        step = size.w + 4 if size is MEDIUM else size.step
        tile_w = (INNER - 24 - 10) // 2
        text_w = tile_w - 8 - (step + size.w) - 12 - 8
        tiles = []
        for seat, cards in shown.items():
            said = str(declared.get(str(seat)) or "")
            sides = {"high", "low"} if said in ("", "both") else {said}
            rank = ranks.get(str(seat)) or {}
            parts = [
                (f"{_(SIDE_WORDS[side])} {ranks_label(rank.get(side))}", side in won.get(seat, ()))
                for side in ("high", "low")
                if rank and side in sides
            ]
            joined = sum(measure(text, BODY_PX, won) + 30 for text, won in parts) - 30
            rows = [parts] if joined <= text_w else [[p] for p in parts]
            tiles.append((seat, cards, rows))
        lines = max((1 + len(rows) for _s, _c, rows in tiles), default=1)
        tile_h = max(size.h + 8, 8 + 26 * lines + 4)
        count = -(-len(tiles) // 2)
        h = 32 + count * (tile_h + 5) + 5
        canvas.panel((MARGIN, y, WIDTH - MARGIN, y + h), PANEL)
        canvas.text((MARGIN + 12, y + 6), title, BODY_PX, MUTED, bold=True)
        wild = wild_cards(view)
        keys = []  # what the marks mean: a wild card's star, a rank line left out
        if any(c in wild for cards in shown.values() for c in cards):
            keys.append("★ " + _("wild"))
        if declared:
            keys.append(_("undeclared sides not shown"))
        if keys:
            canvas.text(
                (WIDTH - MARGIN - 12, y + 6),
                " · ".join(keys),
                BODY_PX,
                MUTED,
                anchor="ra",
                max_w=INNER - 24 - measure(title, BODY_PX, True) - 20,
            )
        for i, (seat, cards, rows) in enumerate(tiles):
            r, c = divmod(i, 2)
            tx = MARGIN + 12 + c * (tile_w + 10)
            ty = y + 32 + r * (tile_h + 5)
            winner = seat in won
            canvas.panel(
                (tx, ty, tx + tile_w, ty + tile_h),
                PANEL_HOT if winner else FELT,
                GOLD if winner else None,
                width=2,
                radius=8,
            )
            cy = ty + (tile_h - size.h) // 2
            end = canvas.fan(cards, tx + 8, cy, size, step)
            for k, card in enumerate(cards):
                if card in wild:
                    canvas.pill(tx + 4 + k * step, cy + size.h - 24, "★", GOLD, px=BODY_PX)
            lx = end + 12
            right = tx + tile_w - 8
            ly = ty + (tile_h - 26 * (1 + len(rows))) // 2 + 13
            gain = taken.get(seat, 0)
            gain_w = 0
            if gain:
                gain_w = canvas.text((right, ly), f"+{gain}", BODY_PX, GOLD, bold=True, anchor="rm")
                chip(canvas, right - gain_w - 14, ly, 9)
                gain_w += 30
            name = fit_names(names, right - lx - gain_w, BODY_PX, True)
            canvas.text(
                (lx, ly),
                name[seat] if 0 <= seat < len(names) else "",
                BODY_PX,
                GOLD if winner else TEXT,
                bold=True,
                anchor="lm",
                max_w=right - lx - gain_w,
            )
            for row in rows:
                ly += 26
                x = lx
                for k, (text, side_won) in enumerate(row):
                    if k:  # the canvas draws no edge spaces: the gap is left here
                        x += canvas.text((x + 7, ly), "·", BODY_PX, MUTED, anchor="lm") + 14
                    x += canvas.text(
                        (x, ly),
                        text,
                        BODY_PX,
                        GOLD if side_won else TEXT,
                        bold=side_won,
                        anchor="lm",
                        max_w=right - x,
                    )
        return y + h

    # -- the private hand ------------------------------------------------------------------
    def hand_title(self, view: View, count: int) -> str:
        seat = view.get("seat")
        chips = view.get("chips")
        parts = [_("Your hand")]
        if isinstance(seat, int) and isinstance(chips, list) and seat < len(chips):
            parts.append(_("chips {chips}").format(chips=chips[seat]))
        to_call = view.get("to_call")
        if isinstance(to_call, int) and to_call and not view.get("is_over"):
            parts.append(_("{chips} to call").format(chips=to_call))
        return " · ".join(parts)

    def card_tag(self, view: View, card: str) -> str | None:
        return _("WILD") if card in wild_cards(view) else None

    def empty_hand(self, view: View) -> str:
        return _("no cards: you are out of this hand")

    def hand_inputs(self, view: View) -> Hashable:
        seat = view.get("seat")
        chips = view.get("chips")
        mine = chips[seat] if isinstance(seat, int) and isinstance(chips, list) else None
        wild = (view.get("options") or {}).get("wild")
        return (super().hand_inputs(view), mine, view.get("to_call"), wild, view.get("is_over"))

    # -- the end of the game ---------------------------------------------------------------
    def final(self, view: View, names: Sequence[str], labels: Labels | None) -> Picture:
        names = self.drawn_names(view, names)
        n = int(view.get("num_players") or len(names))
        chips = _ints(view, "chips", n)
        stack = (view.get("options") or {}).get("stack")
        order = sorted(range(n), key=lambda s: -chips[s])
        best = chips[order[0]] if order else 0
        leaders = [s for s in order if chips[s] == best]
        title = self.final_title(view, names, leaders, best)
        extra = TITLE_LINE * (len(title) - 1)
        rows_h = 36 + 34 * n + 12
        showdown_h = 0
        last = view.get("last_showdown")
        if isinstance(last, dict):
            shown = len(shown_hands(view))
            showdown_h = 36 + max(1, -(-shown // 2)) * (MEDIUM.h + 24) + 20
        canvas = Canvas(HEADER_H + extra + rows_h + 10 + showdown_h + MARGIN + 10, labels)
        draw_title(canvas, title)
        y = HEADER_H + extra + 4
        canvas.panel((MARGIN, y, WIDTH - MARGIN, y + rows_h), PANEL)
        canvas.text((MARGIN + 12, y + 8), _("Final ranking by chips"), BODY_PX, MUTED, bold=True)
        ry = y + 36
        for s in order:
            place = 1 + sum(1 for c in chips if c > chips[s])
            first = chips[s] == best and len(leaders) < n
            canvas.text(
                (MARGIN + 16, ry + 17),
                f"{place}.",
                NAME_PX,
                GOLD if first else TEXT,
                bold=True,
                anchor="lm",
            )
            canvas.text(
                (MARGIN + 56, ry + 17),
                fit_names(names, 380, NAME_PX, True)[s],
                NAME_PX,
                GOLD if first else TEXT,
                bold=True,
                anchor="lm",
                max_w=380,
            )
            chip(canvas, MARGIN + 470, ry + 17)
            canvas.text(
                (MARGIN + 486, ry + 17), str(chips[s]), NAME_PX, TEXT, bold=True, anchor="lm"
            )
            if isinstance(stack, int):
                change = chips[s] - stack
                sign = "+" if change > 0 else "−" if change < 0 else "±"
                canvas.text(
                    (WIDTH - MARGIN - 16, ry + 17),
                    f"{sign}{abs(change)}",
                    BODY_PX,
                    GOLD if change > 0 else MUTED,
                    anchor="rm",
                )
            ry += 34
        y += rows_h + 10
        y = self.showdown(canvas, view, names, y)
        return canvas.finish("final.png", y + MARGIN)

    def final_title(
        self, view: View, names: Sequence[str], leaders: list[int], best: int
    ) -> list[str]:
        """``Hurricane poker · Anna wins with 120 chips`` over as many lines as it needs (at
        most ``TITLE_LINES``: past that the winners' names are shortened, never the sentence)."""
        n = len(names)
        room = WIDTH - 2 * MARGIN
        for share in (10**6, *(room * TITLE_LINES // max(1, len(leaders)) - k for k in (40, 80))):
            fitted = fit_names(names, share, TITLE_PX, True) if share < 10**6 else tuple(names)
            if len(leaders) == n:
                head = _("everyone ends level: a draw")
            elif len(leaders) > 1:
                head = _("{names} share first place").format(
                    names=names_list([fitted[s] for s in leaders])
                )
            else:
                head = ngettext(
                    "{name} wins with {count} chip", "{name} wins with {count} chips", best
                ).format(name=fitted[leaders[0]], count=best)
            lines = wrap(f"{self.title(view)} · {head}", room, TITLE_PX, True)
            if len(lines) <= TITLE_LINES:
                break
        return lines[:TITLE_LINES]


register_layout(PokerLayout())
