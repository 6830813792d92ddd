"""The end of a deal or round in the public story, told with the move that ended it: the cards left
on the table and who takes them (H-13; Hurikan's count for nobody, K-5), the Haggis and the last
hand going to the first out (G-16), the deal's points and the totals, and why a trick won with a
bomb goes to another player (G-13). The next deal may start at once (computers play on), so the
line that ends a deal says all of it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import _
from bot.tables.models import Table

from .boards import board_model
from .cards import cards_label


def _name(names: Sequence[str], seat: Any) -> str | None:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return None


def _per_side(values: Any, sides: Sequence[str]) -> str:
    if not isinstance(values, list):
        return ""
    return " · ".join(f"{name} {value}" for name, value in zip(sides, values, strict=False))


def deal_end_words(table: Table, event: dict[str, Any], names: Sequence[str]) -> str | None:
    """Words for one event that ends a deal or round (None for any other event)."""
    kind = event.get("type")
    if kind == "leftover":
        cards = event.get("cards") or []
        who = _name(names, event.get("seat"))
        if not cards:
            return None
        if who is None:
            return _(
                "— nobody captured this deal, so the cards left on the table go to nobody: {cards}"
            ).format(cards=cards_label(cards))
        return _("— the cards left on the table go to {name}: {cards}").format(
            name=who, cards=cards_label(cards)
        )
    if kind not in ("deal_scored", "round_scored"):
        return None
    sides = board_model(table.spec.game).side_names(table)
    parts = []
    left = event.get("table_left")
    if isinstance(left, list) and left:  # Hurikan: K-5
        parts.append(
            _("— left on the table, counting for nobody: {cards}").format(cards=cards_label(left))
        )
    first = _name(names, event.get("first_out"))
    if kind == "round_scored" and first is not None:  # Haggis: G-16
        parts.append(
            _("— {name}, first out, takes the Haggis and the cards left in hand").format(name=first)
        )
    points, totals = event.get("points"), event.get("totals")
    over = (
        _("— deal over: {points}") if kind == "deal_scored" else _("— round over: {points}")
    ).format(points=_per_side(points, sides))
    if isinstance(totals, list) and totals != points:
        over += " " + _("(totals: {totals})").format(totals=_per_side(totals, sides))
    parts.append(over)
    return " ".join(parts)


def bomb_words(table: Table, event: dict[str, Any], names: Sequence[str]) -> str | None:
    """Why a trick won with a bomb goes to another player (G-13): the player who played just
    before the bomb takes it, or the bomber gave it (``bomb_capture=chooser``)."""
    winner, taker = _name(names, event.get("winner")), _name(names, event.get("taker"))
    if event.get("type") != "trick_won" or not winner or not taker or winner == taker:
        return None
    if event.get("given"):
        return _("— {winner} won the trick with a bomb and gave the cards to {taker}").format(
            winner=winner, taker=taker
        )
    return _(
        "— {winner} wins the trick with a bomb; a trick won with a bomb goes to the player whose "
        "play the bomb beat, so {taker} takes the cards"
    ).format(winner=winner, taker=taker)


def choose_words(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """The bomber is to give the trick away (``bomb_capture=chooser``)."""
    who = _name(names, event.get("player"))
    if event.get("type") != "choose_taker" or who is None:
        return None
    return _("— {name} won the trick with a bomb and now gives it to an opponent").format(name=who)
