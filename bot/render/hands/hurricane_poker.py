"""Hurricane poker's hand (RULES.md Part 4): your two cards, then the controls of the phase.

- Betting: Check / Call N / Fold buttons and one select for a bet or a raise (every amount the
  spread limit allows: ``bet 1`` … ``bet 3``, ``raise 1`` …).
- The draw: a select of your two cards (the one to discard) and a Stand button.
- Declarations (``declare=yes``): High / Low / Both buttons.

Every control carries the move itself (``ACT`` buttons, the select's values), so nothing is
remembered between clicks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bot.games import IllegalAction, poker_ranks
from bot.i18n import N_, _

from ..cards import card_label, cards_label, ranks_label
from ..moves import move_label
from .base import (
    ACT,
    Button,
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
)

SIDES = ("high", "low", "both")
DRAW_HINT = N_("Draw: discard one card and take the top card of the stock, or stand pat.")
DECLARE_HINT = N_("Declare the side you play for: High, Low or both (both must win both outright).")
SIDE_LABELS = {"high": N_("High"), "low": N_("Low"), "both": N_("Both")}
DECLARED = {"high": N_("high"), "low": N_("low"), "both": N_("both")}


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _at(values: Any, seat: int) -> Any:
    return values[seat] if isinstance(values, list) and 0 <= seat < len(values) else None


def _worth(hand: list[str], view: Mapping[str, Any]) -> str | None:
    """What the hand is worth now on each side ("Worth now: High J–5 · Low 5–J"), as the showdown
    will word it, so a player can judge a bet, the draw and the declaration before it."""
    wild = (view.get("options") or {}).get("wild", "none")
    try:
        high, low = poker_ranks(hand, str(wild))
    except (IllegalAction, ValueError):
        return None
    return _("Worth now: High {high} · Low {low}").format(
        high=ranks_label(high), low=ranks_label(low)
    )


class PokerHand(HandModel[None]):
    game = "hurricane_poker"
    AMOUNT: ClassVar[str] = "pamt"  # the bet / raise select; values are moves
    DRAW: ClassVar[str] = "pdraw"  # the discard select; values are moves

    def board(self, ctx: HandContext) -> list[str]:
        view, seat = ctx.view, ctx.seat
        hand = list(ctx.view.get("hand") or [])
        if hand:
            shown = cards_label(hand)
        elif _at(view.get("folded"), seat):
            shown = _("folded this hand")
        elif _at(view.get("out"), seat):
            shown = _("none: you have no chips left, so you are out of the game")
        else:
            shown = _("none")
        lines = [_("**Your cards:** {cards}").format(cards=shown)]
        worth = _worth(hand, view)
        if worth:
            lines.append(worth)
        chips = _int(_at(view.get("chips"), seat))
        pot = _int(view.get("pot_total"))
        line = _("Your chips: {chips} · Pot: {pot}").format(chips=chips, pot=pot)
        to_call = _int(view.get("to_call"))
        if to_call:
            line += " · " + _("To call: {chips}").format(chips=to_call)
        lines.append(line)
        mine = view.get("my_declaration")
        if isinstance(mine, str):
            side = _(DECLARED[mine]) if mine in DECLARED else mine
            lines.append(_("You declared: {side}").format(side=side))
        return lines

    def draw(self, ctx: HandContext, selection: None) -> HandView:
        legal = ctx.legal
        lines: list[str] = []
        controls: list[Control] = []
        names = ctx.labels  # button labels: no Markdown
        chips = _int(_at(ctx.view.get("chips"), ctx.seat))
        to_call = _int(ctx.view.get("to_call"))
        for word, style in (
            ("check", Style.PRIMARY),
            ("call", Style.PRIMARY),
            ("fold", Style.DANGER),
        ):
            if word in legal:
                label = move_label(self.game, word, names, ctx.view)
                if word == "call" and 0 < chips <= to_call:
                    label = _("Call {chips} (all-in)").format(chips=chips)
                controls.append(Button(Payload(ACT, word), label, style=style, row=0))
        amounts = [t for t in legal if t.split(" ")[0] in ("bet", "raise")]
        if amounts:
            options = tuple(
                Option(label=self._amount_label(ctx, t, chips, to_call), value=t) for t in amounts
            )
            placeholder = _("Bet…") if amounts[0].startswith("bet") else _("Raise by…")
            controls.append(Select(Payload(self.AMOUNT), placeholder, options, row=1))
        draws = [t for t in legal if t.startswith("draw ")]
        if draws or "stand" in legal:
            lines.append(_(DRAW_HINT))
        if draws:
            options = tuple(
                Option(
                    label=_("Discard {card}").format(card=card_label(t.split(" ", 1)[1])),
                    value=t,
                    card=t.split(" ", 1)[1],  # shown as its emoji where there is one
                )
                for t in draws
            )
            controls.append(
                Select(Payload(self.DRAW), _("Draw: pick the card to discard…"), options, row=1)
            )
        if "stand" in legal:
            stand = Button(Payload(ACT, "stand"), _("Stand pat"), style=Style.PRIMARY, row=2)
            controls.append(stand)
        declares = [f"declare {side}" for side in SIDES if f"declare {side}" in legal]
        if declares:
            lines.append(_(DECLARE_HINT))
        for t in declares:
            label = _("Declare {side}").format(side=_(SIDE_LABELS[t.split(" ")[1]]))
            controls.append(Button(Payload(ACT, t), label, style=Style.SUCCESS, row=2))
        return HandView(tuple(lines), tuple(controls))

    def _amount_label(self, ctx: HandContext, move: str, chips: int, to_call: int) -> str:
        """``Bet 2``, ``Raise by 3``; ``(all-in)`` when it puts in every chip the seat has."""
        label = move_label(self.game, move, ctx.labels, ctx.view)
        word, _sep, amount = move.partition(" ")
        cost = int(amount) + (to_call if word == "raise" else 0) if amount.isdigit() else 0
        return f"{label} " + _("(all-in)") if cost and cost >= chips else label

    def on_click(self, ctx: HandContext, payload: Payload, values: list[str]) -> Outcome:
        if payload.kind in (self.AMOUNT, self.DRAW) and values:
            return PlayMove(values[0])  # the engine judges it (a forged value is refused there)
        raise UnknownControl(payload.kind)

    def describe(self, ctx: HandContext, move: str) -> str:
        return move_label(self.game, move, ctx.labels, ctx.view)


MODEL = PokerHand()
