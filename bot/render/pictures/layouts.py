"""Per-game layouts of the table, hand and final pictures, keyed by the view's ``game``.

A layout reads only the engine's view dicts (and seat names). ``Layout`` draws what every game
shares (seat boxes, the hand fan, the score table); a game overrides the parts that differ.
Each game's layout lives in its own module (``hurricane.py``, ``haggis.py``, ``poker.py``): it
subclasses ``Layout`` and calls ``register_layout``; a game without one gets the generic layout.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Hashable, Mapping, Sequence
from typing import Any

from bot.i18n import N_, _, ngettext, pgettext
from bot.render.cards import sort_cards
from bot.render.moves import describe_move
from bot.render.words import agree

from .canvas import (
    DARK,
    GOLD,
    GREEN,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_HOT,
    RED,
    RULE,
    TEXT,
    WIDTH,
    Canvas,
    Picture,
    measure,
)
from .fit import display_names, fit_in, fit_names, wrap
from .sprites import LARGE, MEDIUM, SMALL, CardSize, Labels, parse_card

View = Mapping[str, Any]
INNER = WIDTH - 2 * MARGIN
HEADER_H = 48
SEAT_H = 124

#: Every word a picture draws goes through the catalog (``bot.i18n``), in the language in force
#: where it is drawn (``bot.render.pictured`` draws in the language the drawing was planned in).
TITLES = {
    "hurricane": N_("Hurricane"),
    "hurikan": N_("Hurikan"),
    "haggis": N_("Haggis"),
    "hurricane_poker": N_("Hurricane poker"),
}


def card_ids(text: str) -> list[str]:
    """The card ids in an action text (``7H:3C+4D``, ``5G J Q =set``); other words dropped."""
    out = []
    for token in text.replace(":", " ").replace("+", " ").split():
        try:
            parse_card(token)
        except ValueError:
            continue
        out.append(token)
    return out


def public_cards(view: View) -> Counter[str]:
    """Every card a view shows face up (table, piles, trick, open hands, face cards)."""
    seen: Counter[str] = Counter()
    for key in ("table", "played_cards"):
        seen.update(c for c in view.get(key) or [] if isinstance(c, str))
    for key in ("piles", "open_hands", "faces"):
        for group in view.get(key) or []:
            if isinstance(group, list):
                seen.update(c for c in group if isinstance(c, str))
    for entry in view.get("trick") or []:
        if isinstance(entry, dict):
            seen.update(card_ids(str(entry.get("play") or "")))
    showdown = view.get("last_showdown")  # poker: the hands a showdown made public
    if isinstance(showdown, dict) and isinstance(showdown.get("shown"), dict):
        for cards in showdown["shown"].values():
            seen.update(c for c in cards or [] if isinstance(c, str))
    return seen


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _dict(view: View, key: str) -> dict[str, Any]:
    value = view.get(key)
    return value if isinstance(value, dict) else {}


def _list(view: View, key: str) -> list[Any]:
    value = view.get(key)
    return value if isinstance(value, list) else []


def _seat_name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return _("Seat {number}").format(number=_int(seat) + 1)


LINE_H = 19  # a seat line's second line
HEAD_LINE = 18  # a breakdown column head's second line
TITLE_PX = 22  # a final picture's title


def seat_lines(text: str, width: int) -> list[str]:
    """A seat's line (``pile 2 · last to take``) as drawn in ``width``: one line when it fits,
    drawn a little smaller if need be; else its parts over as many lines as they need."""
    if not text or measure(text, 14) <= width:
        return [text]
    lines: list[str] = []
    for part in text.split(" · "):
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and measure(joined, 15) <= width - 2:
            lines[-1] = joined
        else:
            lines.extend(wrap(part, width, 15))
    return lines


def move_words(game: str, names: Sequence[str], seat: int, action: str, max_w: int, px: int) -> str:
    """``describe_move``'s line for ``seat``'s ``action``, its names shortened (distinctly) so
    that the line fits ``max_w``."""
    room = max_w
    while True:  # the line may name two players (a trick given to another): both shortened
        frame = describe_move(game, "{name}", action, names=fit_names(names, room, px))
        fitted = fit_names(names, room, px, frame=frame)
        line = describe_move(game, fitted[seat], action, names=fitted)
        if measure(line, px) < max_w or room < 40:
            return line
        room -= 20


class Layout:
    """The shared picture layout; games override ``header_text``, ``seat_cards``, ``seat_line``,
    ``centre``, ``score_rows``, ``sides`` (and ``hand_cards``/``hidden_own`` for hands)."""

    game = ""
    centre_room = 760  # canvas height for the centre and the footer (cropped to what is used)

    # -- the public table ------------------------------------------------------------------
    def table(
        self,
        view: View,
        names: Sequence[str],
        last_move: str | None,
        labels: Labels | None,
        mover: int | None = None,
    ) -> Picture:
        names = self.drawn_names(view, names)
        if isinstance(mover, int):  # who made ``last_move`` (not every game's view says)
            view = {**view, "last_player": mover}
        n = _int(view.get("num_players"), len(names))
        rows = 1 if n <= 4 else 2
        # drawn on a tall canvas, then cropped to what was used (24 table cards need ~520 px)
        canvas = Canvas(HEADER_H + rows * (SEAT_H + 10) + self.centre_room, labels)
        self.header(canvas, view, names)
        y = HEADER_H + 4
        y = self.seats(canvas, view, names, y)
        y = self.centre(canvas, view, names, last_move, y + 12)
        y = self.footer(canvas, view, names, y + 10)
        return canvas.finish("table.png", y + MARGIN)

    def drawn_names(self, view: View, names: Sequence[str]) -> tuple[str, ...]:
        """One drawable name per seat of ``view`` (``display_names``)."""
        n = _int(view.get("num_players"), len(names))
        return display_names([_seat_name(names, i) for i in range(max(n, len(names)))])

    def title(self, view: View) -> str:
        game = str(view.get("game"))
        return _(TITLES[game]) if game in TITLES else game.replace("_", " ").title()

    def header_text(self, view: View) -> str:
        return self.title(view)

    def header(self, canvas: Canvas, view: View, names: Sequence[str]) -> None:
        canvas.text((MARGIN, 26), self.header_text(view), 22, TEXT, bold=True, anchor="lm")
        current = view.get("current_player")
        if view.get("is_over"):
            canvas.text((WIDTH - MARGIN, 26), _("Game over"), 19, GOLD, bold=True, anchor="rm")
        elif isinstance(current, int) and 0 <= current < len(names):
            canvas.text(
                (WIDTH - MARGIN, 26),
                fit_in("▶ " + _("{name} to play"), names, current, 420, 19, True),
                19,
                GOLD,
                bold=True,
                anchor="rm",
                max_w=420,
            )

    def seats(self, canvas: Canvas, view: View, names: Sequence[str], y: int) -> int:
        n = _int(view.get("num_players"), len(names))
        per_row = n if n <= 4 else (n + 1) // 2
        gap = 10
        w = (INNER - gap * (per_row - 1)) // per_row
        h = self.seat_height(view, n, w)
        bottom = y
        for seat in range(n):
            row, col = divmod(seat, per_row)
            x0 = MARGIN + col * (w + gap)
            y0 = y + row * (h + gap)
            self.seat_box(canvas, view, names, seat, (x0, y0, x0 + w, y0 + h))
            bottom = y0 + h
        return bottom

    def seat_height(self, view: View, n: int, w: int) -> int:
        """A seat line too long for its box (four seats, Russian words) takes a second line:
        every box of the table grows by it, so the boxes stay level."""
        lines = max((len(seat_lines(self.seat_line(view, s), w - 24)) for s in range(n)), default=1)
        return SEAT_H + LINE_H * (lines - 1)

    def seat_box(
        self,
        canvas: Canvas,
        view: View,
        names: Sequence[str],
        seat: int,
        box: tuple[int, int, int, int],
    ) -> None:
        x0, y0, x1, y1 = box
        turn = view.get("current_player") == seat and not view.get("is_over")
        canvas.panel(box, PANEL_HOT if turn else PANEL, GOLD if turn else None, width=3)
        right = x1 - 10
        if view.get("dealer") == seat:
            dealer = _("dealer")
            pill_w = canvas.text_width(dealer, 14, bold=True) + 16
            canvas.pill(x1 - 10 - pill_w, y0 + 9, dealer, TEXT, px=14)
            right = x1 - 10 - pill_w - 8
        # a shortened name stays told apart from every other name (``fit_names``)
        name = fit_in("▶ {name}" if turn else "{name}", names, seat, right - x0 - 16, 19, True)
        canvas.text(
            (x0 + 12, y0 + 10), name, 19, GOLD if turn else TEXT, bold=True, max_w=right - x0 - 16
        )
        self.seat_cards(canvas, view, seat, x0 + 12, y0 + 38, x1 - 12)
        lines = seat_lines(self.seat_line(view, seat), x1 - x0 - 24)
        for i, line in enumerate(lines):
            canvas.text(
                (x0 + 12, y1 - 8 - LINE_H * (len(lines) - 1 - i)),
                line,
                16 if len(lines) == 1 else 15,
                MUTED,
                anchor="ld",
                max_w=x1 - x0 - 24,
                min_px=13,
            )

    def seat_cards(self, canvas: Canvas, view: View, seat: int, x: int, y: int, right: int) -> None:
        """The seat's hand as small backs and a count (hidden cards are never faces)."""
        count = _int(
            (_list(view, "hand_sizes") or [0] * (seat + 1))[seat]
            if seat < len(_list(view, "hand_sizes"))
            else 0
        )
        self.hidden(canvas, count, x, y, right)

    def hidden(self, canvas: Canvas, count: int, x: int, y: int, right: int) -> int:
        if count <= 0:
            none = _("no cards")
            canvas.text((x, y + SMALL.h // 2), none, 15, MUTED, anchor="lm")
            return x + canvas.text_width(none, 15)
        shown = min(count, 8)
        end = canvas.backs_fan(shown, x, y, SMALL, 9)
        canvas.text((end + 8, y + SMALL.h // 2), f"×{count}", 18, TEXT, bold=True, anchor="lm")
        return end + 8 + canvas.text_width(f"×{count}", 18, True)

    def seat_line(self, view: View, seat: int) -> str:
        return ""

    def centre(
        self, canvas: Canvas, view: View, names: Sequence[str], last_move: str | None, y: int
    ) -> int:
        return y

    def score_sides(self, view: View, names: Sequence[str]) -> list[str]:
        return list(names)

    def footer(self, canvas: Canvas, view: View, names: Sequence[str], y: int) -> int:
        scores = _list(view, "scores")
        if not scores:
            return y
        sides = self.score_sides(view, names)
        sides = [
            sides[i] if i < len(sides) else _("Side {number}").format(number=i + 1)
            for i in range(len(scores))
        ]
        canvas.panel((MARGIN, y, WIDTH - MARGIN, y + 40), PANEL)
        x = MARGIN + 12
        x += max(58, canvas.text((x, y + 20), _("Score"), 17, MUTED, bold=True, anchor="lm")) + 12
        target = (view.get("options") or {}).get("target")
        to_target = _("to {target}").format(target=target) if target else ""
        # the sides share what the label and the target leave, each beside its score
        room = WIDTH - MARGIN - 12 - x - (measure(to_target, 16) + 12 if target else 0)
        numbers = max(measure(str(score), 19, True) for score in scores)
        shown = fit_names(sides, min(190, room // len(scores) - numbers - 30), 17)
        for i, score in enumerate(scores):
            x += canvas.text((x, y + 20), shown[i], 17, TEXT, anchor="lm", max_w=190) + 8
            x += canvas.text((x, y + 20), str(score), 19, GOLD, bold=True, anchor="lm") + 22
        if target:
            canvas.text((WIDTH - MARGIN - 12, y + 20), to_target, 16, MUTED, anchor="rm")
        return y + 40

    def last_line(
        self, canvas: Canvas, view: View, names: Sequence[str], last_move: str | None, y: int
    ) -> int:
        """``Last: Anna  7♥ → 3♣ 4♦`` with small sprites of the cards, only those the view shows."""
        last_player = _int(view.get("last_player"), -1)
        known = 0 <= last_player < len(names)
        if not last_move:
            return y
        size = MEDIUM
        canvas.panel((MARGIN, y, WIDTH - MARGIN, y + size.h + 16), PANEL)
        x = MARGIN + 12
        mid = y + 8 + size.h // 2
        x += canvas.text((x, mid), _("Last move"), 16, MUTED, bold=True, anchor="lm") + 12
        played, colon, taken = last_move.partition(":")
        groups = [card_ids(played)] + ([card_ids(taken)] if colon else [])
        if not any(groups) and not known:
            return y  # a move without cards is told with its player, or not at all (no "?")
        if not any(groups):  # a move without cards (a pass, a face-down card turned up): words
            words = move_words(
                str(view.get("game")), names, last_player, last_move, WIDTH - MARGIN - x - 10, 17
            )
            canvas.text((x, mid), words, 17, TEXT, anchor="lm", max_w=WIDTH - MARGIN - x - 10)
            return y + size.h + 16
        if known:
            who = fit_names(names, 220, 18, True)[last_player]
            x += canvas.text((x, mid), who, 18, TEXT, bold=True, anchor="lm", max_w=220) + 14
        public = public_cards(view)
        for g, cards in enumerate(groups):
            shown = [c for c in cards if public[c] > 0]  # never a card the view keeps hidden
            if shown:
                verb = pgettext("last move", "took") if g else pgettext("last move", "played")
                x += canvas.text((x, mid), verb, 17, MUTED, anchor="lm") + 10
                x = canvas.fan(shown, x, y + 8, size, size.w + 6) + 14
        on_table = set(_list(view, "table"))
        if not colon and groups[0] and set(groups[0]) <= on_table:
            canvas.text((x, mid), _("onto the table"), 17, MUTED, anchor="lm")
        return y + size.h + 16

    # -- the private hand ------------------------------------------------------------------
    def hand_cards(self, view: View) -> list[str]:
        return sort_cards(c for c in _list(view, "hand") if isinstance(c, str))

    def hidden_own(self, view: View, seat: int) -> int:
        """Own cards that stay face down even to their holder (Hurricane ``open``)."""
        return 0

    def hand_inputs(self, view: View) -> Hashable:
        """Everything of ``view`` the hand picture reads (equal inputs draw equal pictures), so
        an encoded hand can be reused while a move elsewhere leaves it unchanged."""
        seat = _int(view.get("seat"))
        turn = view.get("current_player") == seat and not view.get("is_over")
        game = str(view.get("game"))
        return (game, seat, tuple(self.hand_cards(view)), self.hidden_own(view, seat), turn)

    def hand_title(self, view: View, count: int) -> str:
        return (
            _("Your hand")
            + " · "
            + ngettext("{count} card", "{count} cards", count).format(count=count)
        )

    def card_tag(self, view: View, card: str) -> str | None:
        """A word drawn on a hand card (poker's ``WILD``)."""
        return None

    def empty_hand(self, view: View) -> str:
        return _("no cards in hand")

    def hand(
        self,
        view: View,
        selection: Collection[str],
        legal: bool | None,
        caption: str | None,
        labels: Labels | None,
    ) -> Picture:
        seat = _int(view.get("seat"))
        cards = self.hand_cards(view)
        down = self.hidden_own(view, seat)
        raise_by = 22
        slots = len(cards) + (down + 1 if down else 0)
        avail = INNER - 24 - LARGE.w
        step = min(LARGE.w + 8, avail // max(1, slots - 1)) if slots > 1 else LARGE.w
        # a short hand makes a narrower picture: Discord then shows it nearer full size
        width = max(
            560, MARGIN * 2 + 24 + LARGE.w + step * max(0, slots - 1) + (step // 2 if down else 0)
        )
        count = len(cards) + down
        title = self.hand_title(view, count)
        # the verdict (a pill) or "your turn", right of the title; the picture widens for them
        verdict = None
        if legal is not None or caption:
            mark = "✓ " if legal else "✗ " if legal is False else ""
            verdict = mark + (caption or (_("legal play") if legal else _("not a legal play")))
            badge_w = measure(verdict, 16, True) + 16
        elif view.get("current_player") == seat and not view.get("is_over"):
            badge_w = measure("▶ " + _("your turn"), 19, True)
        else:
            badge_w = 0
        width = max(width, MARGIN * 2 + measure(title, 21, True) + 24 + badge_w)
        width = min(WIDTH, width)
        right = width - MARGIN
        state = GREEN if legal else RED if legal is False else GOLD
        top = HEADER_H + raise_by
        box = (MARGIN - 4, HEADER_H - 2, right + 4, top + LARGE.h + 26)
        frame = state if selection or legal is not None else None
        canvas = Canvas(top + LARGE.h + 44, labels, width=width, panel=(box, frame))
        room = right - MARGIN - (badge_w + 16 if badge_w else 0)
        canvas.text((MARGIN, 26), title, 21, TEXT, bold=True, anchor="lm", max_w=room, min_px=16)
        if verdict is not None:
            canvas.pill(right - badge_w, 13, verdict, state, px=16)
        elif badge_w:
            canvas.text((right, 26), "▶ " + _("your turn"), 19, GOLD, bold=True, anchor="rm")
        wanted = Counter(selection)
        x = MARGIN + 12
        for card in cards:
            up = wanted[card] > 0
            if up:
                wanted[card] -= 1
                canvas.raised.append(card)
            y = top - (raise_by if up else 0) + 4
            canvas.card(card, x, y, LARGE, ring=state if up else None)
            tag = self.card_tag(view, card)
            if tag:
                canvas.pill(x + 6, y + LARGE.h - 30, tag, GOLD, px=13, max_w=LARGE.w - 10)
            x += step
        if not cards and not down:
            canvas.text(
                (canvas.width // 2, top + LARGE.h // 2),
                self.empty_hand(view),
                19,
                MUTED,
                anchor="mm",
            )
        if down:
            x += step // 2
            for _down in range(down):
                canvas.back(x, top + 4, LARGE)
                x += step
            canvas.text(
                (x - step + LARGE.w, top + LARGE.h + 7), _("face down"), 14, MUTED, anchor="ra"
            )
        return canvas.finish("hand.png")

    # -- the end of a game (or deal) -------------------------------------------------------
    def sides(self, view: View, names: Sequence[str]) -> list[tuple[str, list[str]]]:
        """(side name, cards taken) per scoring side."""
        piles = _list(view, "piles")
        return [
            (_seat_name(names, i), [c for c in p if isinstance(c, str)])
            for i, p in enumerate(piles)
        ]

    def score_rows(self, view: View, sides: int) -> list[tuple[str, list[str], int | None]]:
        """(label, one value per side, winning side or None) rows of the breakdown."""
        return []

    def result_text(self, view: View, names: Sequence[str], max_w: int = 10**6) -> str:
        """The result in words within ``max_w`` (at the title's size): the winner's name is
        shortened, never the sentence."""
        sides = [name for name, _pile in self.sides(view, names)]
        result = _dict(view, "result")
        winner = result.get("winner", view.get("winner"))
        scores = result.get("scores") or _list(view, "scores")
        score_text = "–".join(str(s) for s in scores)
        if not view.get("is_over"):
            last = _dict(view, "last_deal") or _dict(view, "last_round")
            if "deal" in last:
                return _("after deal {number}: {scores}").format(
                    number=last["deal"], scores=score_text
                )
            if "round" in last:
                return _("after round {number}: {scores}").format(
                    number=last["round"], scores=score_text
                )
            return score_text
        if not isinstance(winner, int) or not 0 <= winner < len(scores):
            return _("a draw, {scores}").format(scores=score_text)
        if winner >= len(sides):
            return _("a draw, {scores}").format(scores=score_text)
        others = [s for i, s in enumerate(scores) if i != winner]
        text = (
            f"{scores[winner]}–{others[0]}"
            if len(scores) == 2
            else _("with {points}").format(points=scores[winner])
        )
        double = " — " + _("a double win!") if result.get("double") else ""
        rest = f" {agree(sides[winner], 'wins', 'win')} {text}{double}"
        return fit_in("{name}" + rest, sides, winner, max_w, TITLE_PX, True)

    def winner(self, view: View) -> int | None:
        result = _dict(view, "result")
        winner = result.get("winner", view.get("winner"))
        return winner if view.get("is_over") and isinstance(winner, int) else None

    def key_cards(self, view: View) -> set[str]:
        """Cards that decided a category (raised in the final piles)."""
        return set()

    def final(self, view: View, names: Sequence[str], labels: Labels | None) -> Picture:
        names = self.drawn_names(view, names)
        sides = self.sides(view, names)
        rows = self.score_rows(view, len(sides))
        over = bool(view.get("is_over"))
        # before the end the engine has dealt again, so the piles in view are the new deal's
        left_w = (404 if len(sides) > 2 else 420) if over else 0
        step, lift = 17, 8
        per_row = (left_w - 24 - SMALL.w) // step + 1
        heights = []
        for _name, pile in sides if over else ():
            lines = max(1, -(-len(pile) // per_row))
            heights.append(32 + lines * (SMALL.h + lift + 4))
        width = WIDTH if over else 560
        x0 = MARGIN + left_w + 12 if over else MARGIN
        heads = self.column_heads(rows, [name for name, _pile in sides], width - MARGIN - x0)
        table_h = 50 + 34 * len(rows) + HEAD_LINE * (max(map(len, heads), default=1) - 1)
        height = HEADER_H + max(sum(heights) + 10 * len(heights) - 10, table_h) + MARGIN + 4
        canvas = Canvas(height, labels, width=width)
        head = self.title(view) + " · "
        room = canvas.width - 2 * MARGIN
        title = head + self.result_text(view, names, room - measure(head + "M", TITLE_PX, True))
        canvas.text((MARGIN, 26), title, TITLE_PX, GOLD, bold=True, anchor="lm", max_w=room)
        key = self.key_cards(view)
        y = HEADER_H + 4
        pile_names = fit_names([name for name, _pile in sides], left_w - 120, 17, True)
        for (_side, pile), name, h in zip(sides if over else (), pile_names, heights, strict=False):
            canvas.panel((MARGIN, y, MARGIN + left_w, y + h), PANEL)
            canvas.text((MARGIN + 12, y + 8), name, 17, TEXT, bold=True, max_w=left_w - 120)
            count = ngettext("{count} card", "{count} cards", len(pile)).format(count=len(pile))
            canvas.text((MARGIN + left_w - 12, y + 8), count, 16, MUTED, anchor="ra")
            shown = sort_cards(pile)
            for i, card in enumerate(shown):
                r, c = divmod(i, per_row)
                up = card in key
                cy = y + 32 + lift + r * (SMALL.h + lift + 4) - (lift if up else 0)
                canvas.card(card, MARGIN + 12 + c * step, cy, SMALL)
                if up:
                    canvas.raised.append(card)
            y += h + 10
        self.breakdown(canvas, rows, heads, x0, HEADER_H + 4)
        return canvas.finish("final.png")

    def columns(
        self, rows: list[tuple[str, list[str], int | None]], sides: int, width: int
    ) -> tuple[int, int]:
        """The breakdown's label column and each side's column, in ``width``."""
        total_label = _("Total")
        # the labels' column is as wide as its longest label needs (Russian runs longer), within
        # what leaves the sides' columns room for their numbers
        label_w = 104 if sides > 2 else 124
        widest = max(
            (measure(label, 15, label == total_label) + 12 for label, _v, _w in rows), default=0
        )
        label_w = max(label_w, min(widest, 150 if sides > 2 else 170))
        return label_w, (width - 12 - label_w) // max(1, sides)

    def column_heads(
        self, rows: list[tuple[str, list[str], int | None]], sides: list[str], width: int
    ) -> list[list[str]]:
        """Each side's name over its column: whole on up to two lines when it can be, else
        shortened (told apart from the others) and broken over two."""
        col_w = self.columns(rows, len(sides), width)[1] - 6
        heads = []
        short = fit_names(sides, 2 * col_w - measure("MM", 15, True), 15, True)
        for side, fitted in zip(sides, short, strict=True):
            lines = wrap(side, col_w, 15, True)
            heads.append(lines if len(lines) <= 2 else wrap(fitted, col_w, 15, True)[:2])
        return heads

    def breakdown(
        self,
        canvas: Canvas,
        rows: list[tuple[str, list[str], int | None]],
        heads: list[list[str]],
        x0: int,
        y0: int,
    ) -> None:
        x1 = canvas.width - MARGIN
        extra = HEAD_LINE * (max(map(len, heads), default=1) - 1)
        h = 50 + 34 * len(rows) + extra
        canvas.panel((x0, y0, x1, y0 + h), PANEL)
        total_label = _("Total")
        label_w, col_w = self.columns(rows, len(heads), x1 - x0)
        y = y0 + 12
        for i, lines in enumerate(heads):
            cx = x0 + label_w + col_w * i + col_w // 2
            for k, line in enumerate(lines):
                canvas.text(
                    (cx, y + 10 + HEAD_LINE * k),
                    line,
                    15,
                    TEXT,
                    bold=True,
                    anchor="mm",
                    max_w=col_w - 6,
                )
        y += 30 + extra
        for label, values, winner in rows:
            canvas.line((x0 + 10, y, x1 - 10, y), RULE)
            total = label == total_label
            canvas.text(
                (x0 + 12, y + 17),
                label,
                15,
                TEXT if total else MUTED,
                bold=total,
                anchor="lm",
                max_w=label_w - 8,
                min_px=12,
            )
            for i, value in enumerate(values):
                cx = x0 + label_w + col_w * i + col_w // 2
                if winner == i:
                    half = min(col_w // 2 - 6, 44)
                    canvas.panel((cx - half, y + 5, cx + half, y + 29), GOLD, radius=12)
                    canvas.text((cx, y + 17), value, 16, DARK, bold=True, anchor="mm")
                else:
                    canvas.text(
                        (cx, y + 17), value, 16, GOLD if total else TEXT, bold=total, anchor="mm"
                    )
            y += 34


LAYOUTS: dict[str, Layout] = {}


def register_layout(layout: Layout) -> None:
    """Adds (or replaces) the layout of ``layout.game``."""
    LAYOUTS[layout.game] = layout


GENERIC = Layout()


def layout_for(view: View) -> Layout:
    """The game's layout; a game without one (yet) gets the generic seats, hand and scores."""
    return LAYOUTS.get(str(view.get("game")), GENERIC)


__all__ = ["LAYOUTS", "Layout", "CardSize", "layout_for", "public_cards", "register_layout"]
