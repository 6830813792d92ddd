"""Hurikan's hand: a multi-select of the cards to lay; once some are chosen, a select of the table
card they take (when their values add up to one) and a Lay button. The chosen cards travel as a
mask over the sorted hand in the payloads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bot.i18n import _

from ..cards import card_label, cards_label
from ..hints import (
    HURIKAN_HOW,
    HURIKAN_OPENING,
    hurikan_selection,
    hurikan_takes,
    hurikan_value,
)
from ..moves import move_label, played_cards
from .base import (
    Button,
    Choose,
    Control,
    HandContext,
    HandModel,
    HandView,
    Option,
    Outcome,
    Payload,
    PlayMove,
    Select,
    Style,
    UnknownControl,
    card_option,
    cards_of,
    hex_mask,
    mask_of,
    parse_mask,
)


@dataclass(frozen=True, slots=True)
class Laid:
    """The hand cards chosen to lay (sorted as in the hand)."""

    cards: tuple[str, ...]


class HurikanHand(HandModel[Laid]):
    game = "hurikan"
    LAY_SELECT: ClassVar[str] = "klay"  # choose the cards
    TAKE: ClassVar[str] = "ktake"  # …and the table card they take
    LAY: ClassVar[str] = "klaydo"  # …or lay them

    def board(self, ctx: HandContext) -> list[str]:
        cards = ctx.view.get("table") or []
        on_table = cards_label(cards) if cards else _("empty")
        return [*super().board(ctx), _("**Table:** {cards}").format(cards=on_table)]

    def picked(
        self, ctx: HandContext, selection: Laid | None
    ) -> tuple[tuple[str, ...], bool | None]:
        if selection is None:
            return (), None
        chosen = tuple(c for c in selection.cards if c in ctx.hand)
        if not chosen:
            return (), None
        laid = sorted(chosen)
        ok = any(sorted(t.split(":")[0].split("+")) == laid for t in ctx.legal)
        return chosen, ok

    def draw(self, ctx: HandContext, selection: Laid | None) -> HandView:
        legal, hand = ctx.legal, ctx.hand
        if not legal or not hand:
            return HandView((), ())
        selected = [c for c in selection.cards if c in hand] if selection is not None else []
        opening = bool(ctx.view.get("opening"))
        lines = [_(HURIKAN_OPENING) if opening else _(HURIKAN_HOW)]
        takes_line = hurikan_takes(legal)
        if takes_line:
            lines.append(takes_line)
        options = tuple(
            card_option(c, _("value {value}").format(value=hurikan_value(c)), default=c in selected)
            for c in hand[:25]
        )
        placeholder = (
            _("Choose 1 to 3 cards to lay…")
            if opening
            else _("Choose cards to lay or to take with…")
        )
        most = 3 if opening else len(options)
        controls: list[Control] = [
            Select(
                Payload(self.LAY_SELECT),
                placeholder,
                options,
                min_values=1,
                max_values=min(most, len(options)),
                row=0,
            )
        ]
        if selected:
            chosen = frozenset(selected)
            takes = sorted(
                {
                    t.split(":")[1]
                    for t in legal
                    if ":" in t and played_cards(self.game, t) == chosen
                }
            )
            lines.append(hurikan_selection(selected, takes))
            arg = hex_mask(mask_of(hand, selected))
            if takes:
                opts = tuple(
                    Option(
                        label=_("Take {card}").format(card=card_label(c)),
                        value=c,
                        description=_("worth {value}").format(value=hurikan_value(c)),
                    )
                    for c in takes
                )
                controls.append(
                    Select(Payload(self.TAKE, arg), _("…and take a table card"), opts, row=1)
                )
            can_lay = any(":" not in t and played_cards(self.game, t) == chosen for t in legal)
            controls.append(
                Button(
                    Payload(self.LAY, arg),
                    _("Lay them on the table"),
                    style=Style.PRIMARY,
                    disabled=not can_lay,
                    row=2,
                )
            )
        return HandView(tuple(lines), tuple(controls))

    def on_click(self, ctx: HandContext, payload: Payload, values: list[str]) -> Outcome:
        hand = ctx.hand
        if payload.kind == self.LAY_SELECT:
            return Choose(Laid(tuple(c for c in hand if c in set(values))))
        laid = "+".join(cards_of(hand, parse_mask(payload.arg)))
        if payload.kind == self.TAKE and values:
            return PlayMove(f"{laid}:{values[0]}")
        if payload.kind == self.LAY:
            return PlayMove(laid)
        raise UnknownControl(payload.kind)

    def describe(self, ctx: HandContext, move: str) -> str:
        """``Lay 4♠ + 2♥, take 6♣ (6)``: the label, with the value taken."""
        label = move_label(self.game, move, ctx.labels)
        _laid, colon, taken = move.partition(":")
        return f"{label} ({hurikan_value(taken)})" if colon else label


MODEL = HurikanHand()
