"""The private hand message as Discord components: whatever the game, its hand model
(``bot.render.hands``) says what the hand shows and offers; this only turns that into an embed, buttons
and selects whose custom_ids carry each control's payload (see ``bot.discord.ui`` for the format).

Multi-step choices live in the message itself (pull model): the selected cards travel in the payload's
argument, so every click carries everything needed and nothing is kept in memory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.render.cards import BACK, BACK_LABEL
from bot.render.hands import hand_message
from bot.render.hands.base import Button, Control, Style
from bot.render.pictured import Draw, seat_picture
from bot.tables.models import Table

from .media import emoji_kwargs, partial_emoji
from .ui import hand_button, hand_select, one_shot, panel_embed

STYLES = {
    Style.PRIMARY: discord.ButtonStyle.primary,
    Style.SECONDARY: discord.ButtonStyle.secondary,
    Style.SUCCESS: discord.ButtonStyle.success,
    Style.DANGER: discord.ButtonStyle.danger,
}


def component(table: Table, control: Control) -> discord.ui.Item[Any]:
    """One control as a Discord button or select, its payload in the custom_id."""
    kind, arg = control.payload.kind, control.payload.arg
    if isinstance(control, Button):
        emoji = partial_emoji(control.card)
        label = control.label
        if emoji is not None and control.card == BACK:  # the emoji shows the back: not twice
            label = label.replace(BACK_LABEL, "").strip() or label
        return hand_button(
            kind,
            table,
            label,
            arg=arg,
            style=STYLES[control.style],
            disabled=control.disabled,
            row=control.row,
            emoji=emoji,
        )
    options = [
        discord.SelectOption(
            label=o.label,
            value=o.value,
            description=o.description,
            default=o.default,
            **emoji_kwargs(o.card),
        )
        for o in control.options
    ]
    return hand_select(
        kind,
        table,
        control.placeholder,
        options,
        arg=arg,
        min_values=control.min_values,
        max_values=control.max_values,
        row=control.row,
    )


def build_hand(
    table: Table,
    seat: int,
    view: Mapping[str, Any],
    legal: list[str],
    *,
    note: str | None = None,
    selection: object | None = None,
) -> tuple[discord.Embed, discord.ui.View, Draw]:
    """The seat's hand as an embed, a (one-shot) view and how to draw its picture (the selection
    raised; ``bot.discord.media.picture_files`` draws it in a thread and attaches it)."""
    drawn = hand_message(table, seat, view, legal, note=note, selection=selection)
    ui = discord.ui.View(timeout=None)
    for control in drawn.controls:
        ui.add_item(component(table, control))
    embed = panel_embed(drawn.panel, table.spec.game, cards=True)
    return embed, one_shot(ui), seat_picture(view, drawn.raised, drawn.legal)
