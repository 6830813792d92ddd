"""Hurricane poker's pictures (RULES.md Part 4): a table of seats with their chips, bets, folds,
all-ins and the dealer button, the pot(s), whose turn, the stock; the last showdown's hands as the
rules made them public; a hand with its wild cards marked; the final ranking by chips.

Public cards only: a seat's hand is two backs while it is in the hand; cards are faces only in the
last showdown (every hand still in at a showdown is shown, P-6; a folded hand never is). The last
move comes from the view's own log, where a draw does not name the card thrown."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from bot.games import poker_pack
from bot.i18n import _, ngettext
from bot.render.boards.hurricane_poker import PHASES, SIDE_WORDS, pots_words
from bot.render.cards import ranks_label
from bot.render.moves import describe_move
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
    WIDTH,
    Canvas,
    Picture,
)
from .layouts import HEADER_H, INNER, Layout, View, register_layout
from .sprites import MEDIUM, SMALL, Labels

GAME = "hurricane_poker"
SEAT_H = 132  # name, two cards and the chips, then this round's bet and state


def _ints(view: View, key: str, n: int, default: int = 0) -> list[int]:
    value = view.get(key)
    if not isinstance(value, list) or len(value) != n:
        return [default] * n
    return [v if isinstance(v, int) and not isinstance(v, bool) else default for v in value]


def _flags(view: View, key: str, n: int) -> list[bool]:
    value = view.get(key)
    return [bool(v) for v in value] if isinstance(value, list) and len(value) == n else [False] * n


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, str) and seat.isdigit():
        seat = int(seat)
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return _("Seat {number}").format(number=seat + 1) if isinstance(seat, int) else "?"


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
        name = ("▶ " if turn else "") + _name(names, seat)
        colour = GOLD if turn else TEXT if in_hand or over else MUTED
        canvas.text((x0 + 12, y0 + 10), name, NAME_PX, colour, bold=True, max_w=right - x0 - 14)
        # the hand (face down) and the chips
        cy = y0 + 38
        chips = _ints(view, "chips", n)[seat]
        if in_hand:
            canvas.backs_fan(2, x0 + 12, cy, SMALL, 14)
        else:
            word = _("out") if out else _("folded") if folded else ""
            if word:
                canvas.text((x0 + 12, cy + SMALL.h // 2), word, BODY_PX, MUTED, anchor="lm")
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
        if words:
            canvas.text(
                (x + 2, bottom + 12),
                " · ".join(words),
                BODY_PX,
                MUTED,
                anchor="lm",
                max_w=x1 - x - 12,
            )

    def centre(
        self, canvas: Canvas, view: View, names: Sequence[str], last_move: str | None, y: int
    ) -> int:
        if view.get("is_over"):
            return self.showdown(canvas, view, names, y)
        stock_w = 120
        area_w = INNER - stock_w - 10
        h = 34 + SMALL.h + 36  # the label, the pot, the phase: no empty band
        canvas.panel((MARGIN, y, MARGIN + area_w, y + h), PANEL)
        canvas.text((MARGIN + 12, y + 8), _("Pot"), BODY_PX, MUTED, bold=True)
        total = view.get("pot_total")
        chip(canvas, MARGIN + 30, y + 58, 14)
        canvas.text(
            (MARGIN + 52, y + 58),
            str(total if isinstance(total, int) else 0),
            34,
            GOLD,
            bold=True,
            anchor="lm",
        )
        pots = view.get("pots")
        # side pots matter once someone is all-in (before, an uncalled bet only looks like one)
        if isinstance(pots, list) and len(pots) > 1 and any(view.get("all_in") or []):
            canvas.text(
                (MARGIN + 150, y + 58),
                pots_words(pots).partition(" ")[2].strip("()"),
                BODY_PX,
                TEXT,
                anchor="lm",
                max_w=area_w - 170,
            )
        phase = PHASES.get((str(view.get("phase")), int(view.get("street") or 1)))
        if phase is None and view.get("phase") == "bet":
            phase = PHASES[("bet", 1)]
        if phase:
            phase = _(phase)
            if view.get("phase") == "bet":
                bets = _ints(view, "round_bets", len(view.get("round_bets") or []))
                top = max(bets) if bets else 0
                phase += " · " + (
                    _("to call {chips}").format(chips=top) if top else _("no bet yet")
                )
            canvas.text(
                (MARGIN + 12, y + h - 12), phase, BODY_PX, TEXT, anchor="ld", max_w=area_w - 24
            )
        # the stock, face down
        stock = view.get("stock_size")
        stock = stock if isinstance(stock, int) else 0
        sx = WIDTH - MARGIN - stock_w
        canvas.panel((sx, y, WIDTH - MARGIN, y + h), PANEL)
        canvas.text((sx + stock_w // 2, y + 8), _("Stock"), BODY_PX, MUTED, bold=True, anchor="ma")
        for k in range(min(3, stock)):
            canvas.back(sx + (stock_w - SMALL.w) // 2 - 4 + 4 * k, y + 36 - 2 * k, SMALL)
        canvas.text(
            (sx + stock_w // 2, y + 36 + SMALL.h + 10),
            ngettext("{count} left", "{count} left", stock).format(count=stock),
            BODY_PX,
            TEXT,
            bold=True,
            anchor="ma",
        )
        y += h + 10
        y = self.last_action(canvas, view, names, y)
        return self.showdown(canvas, view, names, y)

    def last_action(self, canvas: Canvas, view: View, names: Sequence[str], y: int) -> int:
        """The last move of this hand, as the view's log has it (a draw names no card)."""
        log = view.get("log")
        if not isinstance(log, list) or not log or not isinstance(log[-1], list | tuple):
            return y
        seat, action = log[-1][0], str(log[-1][1])
        words = describe_move(GAME, _name(names, seat), action, names=names)
        canvas.panel((MARGIN, y, WIDTH - MARGIN, y + 40), PANEL)
        x = (
            MARGIN
            + 12
            + canvas.text(
                (MARGIN + 12, y + 20), _("Last move"), BODY_PX, MUTED, bold=True, anchor="lm"
            )
        )
        canvas.text(
            (x + 12, y + 20), words, NAME_PX, TEXT, anchor="lm", max_w=WIDTH - MARGIN - x - 24
        )
        return y + 50

    def showdown(self, canvas: Canvas, view: View, names: Sequence[str], y: int) -> int:
        """The last showdown: the hands shown, each with its High and Low, what each took."""
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
        rows = -(-len(shown) // 2)
        tile_h = MEDIUM.h + 16
        h = 36 + max(rows, 1) * (tile_h + 8) + (0 if shown else 10)
        canvas.panel((MARGIN, y, WIDTH - MARGIN, y + h), PANEL)
        canvas.text(
            (MARGIN + 12, y + 8),
            _("Hand {number} showdown").format(number=last.get("hand_no", "")),
            BODY_PX,
            MUTED,
            bold=True,
        )
        if not shown:
            words = " · ".join(
                _("{name} takes {chips}").format(name=_name(names, s), chips=c)
                for s, c in taken.items()
                if c
            )
            canvas.text(
                (MARGIN + 12, y + 36 + tile_h // 2),
                words or "—",
                NAME_PX,
                TEXT,
                anchor="lm",
                max_w=INNER - 24,
            )
            canvas.text(
                (MARGIN + 12, y + 36 + tile_h // 2 + 26),
                _("everyone else folded: no cards shown"),
                BODY_PX,
                MUTED,
                anchor="lm",
            )
            return y + h + 10
        tile_w = (INNER - 24 - 10) // 2
        wild = wild_cards(view)
        for i, (seat, cards) in enumerate(shown.items()):
            r, c = divmod(i, 2)
            tx = MARGIN + 12 + c * (tile_w + 10)
            ty = y + 34 + r * (tile_h + 8)
            winner = seat in won
            canvas.panel(
                (tx, ty, tx + tile_w, ty + tile_h),
                PANEL_HOT if winner else FELT,
                GOLD if winner else None,
                width=2,
                radius=8,
            )
            end = canvas.fan(cards, tx + 8, ty + 8, MEDIUM, MEDIUM.w + 4)
            for k, card in enumerate(cards):
                if card in wild:
                    canvas.pill(
                        tx + 12 + k * (MEDIUM.w + 4),
                        ty + MEDIUM.h - 16,
                        _("WILD"),
                        GOLD,
                        px=BODY_PX,
                        max_w=MEDIUM.w - 10,
                    )
            lx = end + 12
            max_w = tx + tile_w - lx - 8
            canvas.text(
                (lx, ty + 10),
                _name(names, seat),
                BODY_PX,
                GOLD if winner else TEXT,
                bold=True,
                max_w=max_w,
            )
            rank = ranks.get(str(seat)) or {}
            if rank:
                line = _("High {high} · Low {low}").format(
                    high=ranks_label(rank.get("high")), low=ranks_label(rank.get("low"))
                )
                canvas.text((lx, ty + 36), line, BODY_PX, TEXT, max_w=max_w)
            choice = declared.get(str(seat))
            if choice:
                said = _(SIDE_WORDS[str(choice)]) if str(choice) in SIDE_WORDS else str(choice)
                canvas.text(
                    (lx, ty + 58),
                    _("declared {side}").format(side=said),
                    BODY_PX,
                    MUTED,
                    max_w=max_w,
                )
            if taken.get(seat):
                sides = " & ".join(
                    _(SIDE_WORDS[s]) for s in ("high", "low") if s in won.get(seat, ())
                )
                words = _("takes {chips}").format(chips=taken[seat]) + (
                    f" ({sides})" if sides else ""
                )
                canvas.text(
                    (lx, ty + tile_h - 10),
                    words,
                    BODY_PX,
                    GOLD,
                    bold=True,
                    anchor="ld",
                    max_w=max_w,
                )
        return y + h + 10

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
        n = int(view.get("num_players") or len(names))
        chips = _ints(view, "chips", n)
        stack = (view.get("options") or {}).get("stack")
        order = sorted(range(n), key=lambda s: -chips[s])
        best = chips[order[0]] if order else 0
        leaders = [s for s in order if chips[s] == best]
        if len(leaders) == n:
            head = _("everyone ends level: a draw")
        elif len(leaders) > 1:
            head = _("{names} share first place").format(
                names=names_list([_name(names, s) for s in leaders])
            )
        else:
            head = ngettext(
                "{name} wins with {count} chip", "{name} wins with {count} chips", best
            ).format(name=_name(names, leaders[0]), count=best)
        rows_h = 36 + 34 * n + 12
        showdown_h = 0
        last = view.get("last_showdown")
        if isinstance(last, dict):
            shown = len(shown_hands(view))
            showdown_h = 36 + max(1, -(-shown // 2)) * (MEDIUM.h + 24) + 20
        canvas = Canvas(HEADER_H + rows_h + 10 + showdown_h + MARGIN + 10, labels)
        canvas.text(
            (MARGIN, 26),
            f"{self.title(view)} · {head}",
            22,
            GOLD,
            bold=True,
            anchor="lm",
            max_w=WIDTH - 2 * MARGIN,
        )
        y = HEADER_H + 4
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
                _name(names, s),
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
        return canvas.finish("final.png", y + MARGIN - 10)


register_layout(PokerLayout())
