"""Hurricane poker's table (RULES.md Part 4): the hand, the dealer, the pot(s) and the phase;
per seat its chips, its bet this round, folds, all-ins and the dealer button; after a showdown
the shown hands, "High: Bob (K–K) · Low: Anna (A–3)" and who took what; at the end the ranking
by chips. Only the spectator view is read: a folded hand or a secret declaration never shows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import N_, _
from bot.tables.models import Table

from ..cards import cards_label, ranks_label
from ..scores import fitted
from ..words import agree, names_list, plural
from .base import BoardModel, seat_names

DEALER = "Ⓓ"
PHASES = {
    ("bet", 1): N_("Betting"),
    ("bet", 2): N_("Betting after the draw"),
    ("draw", 1): N_("The draw: stand pat or discard one card"),
    ("declare", 2): N_("Declarations: High, Low or both (secret until all have declared)"),
}
SIDE_WORDS = {"high": N_("High"), "low": N_("Low"), "both": N_("both")}


def _list(view: Mapping[str, Any], key: str, n: int) -> list[Any]:
    value = view.get(key)
    return value if isinstance(value, list) and len(value) == n else [None] * n


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    if isinstance(seat, str) and seat.isdigit():
        return _name(names, int(seat))
    return "?"


def pots_words(pots: Any) -> str:
    """``12`` or ``12 (main 9 · side 3)``."""
    if not isinstance(pots, list) or not pots:
        return "0"
    amounts = [int(p.get("amount", 0)) for p in pots if isinstance(p, dict)]
    total = sum(amounts)
    if len(amounts) <= 1:
        return str(total)
    sides = ", ".join(str(a) for a in amounts[1:])
    parts = [
        _("main {chips}").format(chips=amounts[0]),
        _("side {chips}").format(chips=sides)
        if len(amounts) == 2
        else _("sides {chips}").format(chips=sides),
    ]
    return f"{total} ({' · '.join(parts)})"


def showdown_lines(showdown: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """The last hand's end: the hands shown (only those still in at the showdown), the best High
    and Low of every pot, who took what."""
    lines: list[str] = []
    shown = showdown.get("shown") or {}
    ranks = showdown.get("ranks") or {}
    declared = showdown.get("declarations") or {}
    for seat, cards in shown.items():
        rank = ranks.get(seat) or {}
        line = f"{_name(names, seat)}: {cards_label(cards)}"
        if rank:
            line += " " + _("(High {high} · Low {low})").format(
                high=ranks_label(rank.get("high")), low=ranks_label(rank.get("low"))
            )
        side = declared.get(seat)
        if side:
            said = _(SIDE_WORDS[side]) if side in SIDE_WORDS else side
            line += ", " + _("declared {side}").format(side=said)
        lines.append(line)
    pots = [p for p in showdown.get("pots") or [] if isinstance(p, dict)]
    for index, pot in enumerate(pots):
        sides = []
        for side, label in (("high", _("High")), ("low", _("Low"))):
            winners = pot.get(side) or []
            if winners and shown:
                who = ", ".join(
                    f"{_name(names, s)} ({ranks_label((ranks.get(str(s)) or {}).get(side, '?'))})"
                    for s in winners
                )
                sides.append(f"{label}: {who}")
        if sides:
            if len(pots) == 1:
                prefix = ""
            elif index == 0:
                prefix = _("Main pot") + " — "
            else:
                prefix = _("Side pot {number}").format(number=index) + " — "
            lines.append(prefix + " · ".join(sides))
    taken: dict[str, int] = {}
    for pot in pots:
        for seat, chips in (pot.get("shares") or {}).items():
            taken[seat] = taken.get(seat, 0) + int(chips)
    if taken:
        words = " · ".join(
            _("{name} {take} {chips}").format(
                name=_name(names, s), take=agree(_name(names, s), "takes", "take"), chips=c
            )
            for s, c in taken.items()
            if c
        )
        if not shown:
            words += " " + _("(everyone else folded: no cards shown)")
        lines.append(words)
    return lines


class PokerBoard(BoardModel):
    colour = 0xC0392B
    story_unit = "hand"

    def title_suffix(self, table: Table) -> str:
        return f" ({plural(table.spec.players, 'player')})"

    def lines(self, table: Table, view: dict[str, Any]) -> list[str]:
        names = seat_names(table)
        if view.get("is_over"):
            return []
        hands = (view.get("options") or {}).get("hands")
        number = view.get("hand_no")
        line = (
            _("Hand {number} of {hands}").format(number=number, hands=hands)
            if hands
            else _("Hand {number}").format(number=number)
        )
        dealer = view.get("dealer")
        if isinstance(dealer, int):
            line += " · " + _("Dealer {mark}: {name}").format(
                mark=DEALER, name=_name(names, dealer)
            )
        # side pots matter once someone is all-in (before that, a bet not yet called only
        # looks like one)
        all_in = any(view.get("all_in") or [])
        pot = pots_words(view.get("pots")) if all_in else str(view.get("pot_total", 0))
        line += " · " + _("**Pot: {chips}**").format(chips=pot)
        lines = [line]
        key = PHASES.get((str(view.get("phase")), int(view.get("street") or 1)))
        if key is None and view.get("phase") == "bet":
            key = PHASES[("bet", 1)]
        if key:
            phase = _(key)
            if view.get("phase") == "bet":
                bets = view.get("round_bets") or []
                top = max(bets) if bets else 0
                phase += " · " + (
                    _("to call {chips}").format(chips=top) if top else _("no bet yet")
                )
            lines.append(phase)
        return lines

    def seat_parts(self, table: Table, view: dict[str, Any], i: int) -> list[str]:
        n = len(table.seats)
        chips = _list(view, "chips", n)[i]
        parts = [_("chips {chips}").format(chips=chips if chips is not None else "?")]
        if view.get("is_over"):
            return parts
        seat = table.seats[i]
        if _list(view, "out", n)[i]:
            parts.append(_("out of chips"))
        elif _list(view, "folded", n)[i]:
            parts.append(_("folded"))
        elif _list(view, "in_hand", n)[i]:
            bet = _list(view, "round_bets", n)[i]
            if view.get("phase") == "bet":
                parts.append(_("bet {bet}").format(bet=bet or 0))
            if _list(view, "all_in", n)[i]:
                parts.append(_("all-in"))
            drawn = _list(view, "drawn", n)[i]
            if drawn is not None:
                parts.append(_("drew 1") if drawn else _("stood pat"))
            if _list(view, "has_declared", n)[i]:
                parts.append(_("declared"))
        if view.get("dealer") == i:
            parts.append(f"{DEALER} " + _("dealer"))
        if seat is not None and seat.left:
            parts.append(_("left (sits out)"))
        return parts

    def breakdown(self, table: Table, view: dict[str, Any]) -> tuple[str, str] | None:
        last = view.get("last_showdown")
        if not isinstance(last, dict):
            return None
        # laid out to fit one field, however long the names (a legend of seat numbers if not)
        lines = fitted(showdown_lines, last, seat_names(table))
        title = _("Hand {number} showdown").format(number=last.get("hand_no", ""))
        return (title, "\n".join(lines)) if lines else None

    def scoring(self, table: Table, events: Sequence[dict[str, Any]]) -> list[tuple[str, str]]:
        return []  # each hand's end shows on the table message itself (``breakdown``)

    def event_words(self, event: dict[str, Any], names: Sequence[str]) -> str | None:
        kind = event.get("type")
        if kind == "uncalled" and event.get("chips"):
            return "— " + _("{name} takes back {chips} uncalled").format(
                name=_name(names, event.get("player")), chips=event["chips"]
            )
        if kind == "showdown":
            taken: dict[str, int] = {}
            for pot in event.get("pots") or []:
                for seat, chips in (pot.get("shares") or {}).items():
                    taken[seat] = taken.get(seat, 0) + int(chips)
            words = ", ".join(
                _("{name} takes {chips}").format(name=_name(names, s), chips=c)
                for s, c in taken.items()
                if c
            )
            if not words:
                return None
            return "— " + _("hand {number} over: {takes}").format(
                number=event.get("hand_no"), takes=words
            )
        if kind == "left":
            return None
        return None

    def final_line(self, table: Table, result: dict[str, Any]) -> str | None:
        """The ranking by chips; players level share the place."""
        scores = result.get("scores")
        if not isinstance(scores, list):
            return None
        names = seat_names(table)
        order = sorted(range(len(scores)), key=lambda s: -scores[s])
        parts = []
        for s in order:
            place = 1 + sum(1 for c in scores if c > scores[s])
            parts.append(f"{place}. {_name(names, s)} {scores[s]}")
        best = [s for s in order if scores[s] == scores[order[0]]]
        if len(best) == len(scores):
            head = _("Everyone ends level: a draw.")
        elif len(best) > 1:
            head = _("{names} share first place.").format(
                names=names_list([_name(names, s) for s in best])
            )
        else:
            head = _("{name} wins with the most chips.").format(name=_name(names, best[0]))
        return head + " " + _("Chips:") + " " + " · ".join(parts)


MODEL = PokerBoard()
