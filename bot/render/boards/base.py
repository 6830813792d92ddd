"""What every game's table message shares (``BoardModel``): the generic parts read whatever a
view has (hand sizes, piles, scores, bets); a game's model overrides the parts it draws itself.

Pure: a model reads the table (names, options, status) and the spectator view ``view(None)``
(or, for a hand, the seat's own view), never the full state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import _
from bot.names import seat_name, shown
from bot.tables.models import Table

from ..cards import cards_label, sort_cards
from ..text import Panel

CARD_BACK = "🂠"
DEFAULT_COLOUR = 0x2C3E50


def plain_names(table: Table) -> list[str]:
    """The seats' names unescaped (a computer's in the reader's language: ``seat_name``): for
    component labels and pictures, which draw no Markdown."""
    return [
        seat_name(seat.name) if seat is not None else _("seat {number}").format(number=i + 1)
        for i, seat in enumerate(table.seats)
    ]


def seat_names(table: Table) -> list[str]:
    """The seats' names as drawn into Markdown text (escaped, mentions broken: ``shown``)."""
    return [shown(name) for name in plain_names(table)]


def dealer_words(table: Table, view: dict[str, Any]) -> str:
    dealer = view.get("dealer")
    names = seat_names(table)
    if isinstance(dealer, int) and 0 <= dealer < len(names):
        return " · " + _("Dealer: {name}").format(name=names[dealer])
    return ""


class BoardModel:
    """The generic table: no lines of its own above the seats, each seat's counters from the
    view, the engine's ``scores`` per side."""

    colour: int = DEFAULT_COLOUR
    story_unit: str = "deal"  # what the table's last moves belong to ("Earlier this deal:")

    def title_suffix(self, table: Table) -> str:
        """Words after the game's title (a preset, the number of players)."""
        return ""

    def side_names(self, table: Table) -> list[str]:
        """Names of the scoring sides: one per seat unless a game has teams."""
        return seat_names(table)

    def lines(self, table: Table, view: dict[str, Any]) -> list[str]:
        """Lines at the top of the table message (the cards on the table, the deal, the pot)."""
        return []

    def seat_parts(self, table: Table, view: dict[str, Any], i: int) -> list[str]:
        """What the table shows about seat ``i`` (its hand size, pile, bets…)."""
        n = len(table.seats)
        parts = []
        sizes = view.get("hand_sizes")
        if isinstance(sizes, list) and i < len(sizes):
            parts.append(_("hand {count}").format(count=sizes[i]))
        piles = view.get("piles")
        if isinstance(piles, list) and i < len(piles):
            pile = piles[i]
            count = len(pile) if isinstance(pile, list) else pile
            parts.append(_("pile {count}").format(count=count))
        values = view.get("pile_values")
        if isinstance(values, list) and i < len(values):
            parts.append(_("value {value}").format(value=values[i]))
        sweeps = view.get("sweeps")
        if isinstance(sweeps, list) and len(sweeps) == n and i < len(sweeps):
            parts.append(_("hurricanes {count}").format(count=sweeps[i]))
        open_hands = view.get("open_hands")
        if isinstance(open_hands, list) and i < len(open_hands):
            down = (view.get("down_counts") or [0] * n)[i]
            shown_cards = cards_label(sort_cards(open_hands[i])) or "—"
            parts.append(
                _("open {cards}").format(cards=f"{shown_cards} {CARD_BACK * down}".rstrip())
            )
        faces = view.get("faces")
        if isinstance(faces, list) and i < len(faces) and faces[i]:
            parts.append(_("face up {cards}").format(cards=cards_label(faces[i])))
        bets = view.get("bets")
        if isinstance(bets, list) and i < len(bets) and bets[i]:
            parts.append(_("bet {bet}").format(bet=bets[i]))
        return parts

    def scores_field(self, table: Table, view: dict[str, Any]) -> tuple[str, str] | None:
        scores = view.get("scores")
        if not isinstance(scores, list) or not scores:
            return None
        sides = self.side_names(table)
        return _("Scores"), " · ".join(f"{n} {s}" for n, s in zip(sides, scores, strict=False))

    def breakdown(self, table: Table, view: dict[str, Any]) -> tuple[str, str] | None:
        """The last deal's or round's breakdown as a field (None: nothing scored yet)."""
        return None

    def scoring(self, table: Table, events: Sequence[dict[str, Any]]) -> list[tuple[str, str]]:
        """Fields of a message of its own when a deal, a round or a hand was just scored."""
        return []

    def event_words(self, event: dict[str, Any], names: Sequence[str]) -> str | None:
        """Words added to the last move for one of the game's events (None: nothing)."""
        return None

    def final_line(self, table: Table, result: dict[str, Any]) -> str | None:
        """The game's end in one line, if the game words it itself (None: the generic line)."""
        return None

    def panel_extra(self, table: Table, view: dict[str, Any], panel: Panel) -> None:
        """Anything else the game adds to its table panel."""
