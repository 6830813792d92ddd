"""Minitrick's private hand: the cards on the table, then one button per card that may be played
(a click plays it)."""

from __future__ import annotations

from bot.render.cards import card_label
from bot.render.hands import HandModel, Payload, PlayMove, UnknownControl
from bot.render.hands.base import ACT, Button, Control, HandContext, HandView, Outcome, Style


class MinitrickHand(HandModel[None]):
    game = "minitrick"

    def board(self, ctx: HandContext) -> list[str]:
        lines = super().board(ctx)
        trick = ctx.view.get("trick") or []
        if trick:
            lead = trick[0]
            lines.append(f"**Led:** {card_label(lead['card'])} by {ctx.name(lead['player'])}")
        tricks = ctx.view.get("tricks") or [0, 0]
        lines.append(f"**Tricks this deal:** you {tricks[ctx.seat]}, them {tricks[1 - ctx.seat]}")
        return lines

    def draw(self, ctx: HandContext, selection: None) -> HandView:
        controls: list[Control] = [
            Button(Payload(ACT, move), card_label(move), Style.PRIMARY, row=0, card=move)
            for move in ctx.legal
        ]
        hint = ("Play a card: the higher card takes the trick.",) if ctx.legal else ()
        return HandView(hint, tuple(controls))

    def describe(self, ctx: HandContext, move: str) -> str:
        return f"Play {card_label(move)}"

    def on_click(self, ctx: HandContext, payload: Payload, values: list[str]) -> Outcome:
        if payload.kind == "pick" and values:
            return PlayMove(values[0])
        raise UnknownControl(payload.kind)


MODEL = MinitrickHand()
