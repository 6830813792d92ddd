"""The private hand message as Discord components: whatever the game, its hand model
(``bot.render.hands``) says what the hand shows and offers; this only turns that into an embed, buttons
and selects whose custom_ids carry each control's payload (see ``bot.discord.ui`` for the format).

Multi-step choices live in the message itself (pull model): the selected cards travel in the payload's
argument, so every click carries everything needed and nothing is kept in memory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.i18n import N_
from bot.render.cards import BACK, BACK_LABEL
from bot.render.hands import hand_message
from bot.render.hands.base import Button, Control, Style
from bot.render.pictured import Draw, seat_picture
from bot.tables.errors import NotSeated, TableError
from bot.tables.manager import TableManager
from bot.tables.models import Table

from .media import emoji_kwargs, partial_emoji, picture_files
from .table_message import moment_of
from .ui import hand_button, hand_select, one_shot, panel_embed

NOT_PLAYING = N_("You are not playing at this table — follow the game on the table message.")

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


def seat_of(table: Table, user_id: int) -> int:
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated(NOT_PLAYING)
    return seat


def legal_moves(tables: TableManager, table: Table, user_id: int) -> list[str]:
    return [str(a) for a in tables.legal_actions(table.channel_id, user_id)]


def hand_of(
    tables: TableManager,
    table: Table,
    user_id: int,
    *,
    note: str | None = None,
    selection: object | None = None,
    view: dict[str, Any] | None = None,
    legal: list[str] | None = None,
) -> tuple[discord.Embed, discord.ui.View, Draw]:
    """The user's hand at ``table``. ``view`` / ``legal``: the seat's engine view and legal moves
    if the caller already has them (the state unchanged since), so they are not computed twice."""
    seat = seat_of(table, user_id)
    if table.state is None:
        raise TableError("This table has no game.")
    if view is None:
        view = table.state.view(seat)
    if legal is None:
        legal = legal_moves(tables, table, user_id)
    return build_hand(table, seat, view, legal, note=note, selection=selection)


async def drawn_hand(
    tables: TableManager,
    table: Table,
    user_id: int,
    *,
    note: str | None = None,
    selection: object | None = None,
    view: dict[str, Any] | None = None,
    legal: list[str] | None = None,
) -> tuple[discord.Embed, discord.ui.View, list[discord.File]]:
    """``hand_of`` with the hand's picture (drawn in a thread). If the table moved on while it
    was drawn (a computer's move), the newest hand is drawn instead (its text and picture then
    show one moment; a selection in progress is dropped). Shared by the Play commands and the
    live hands (``bot.discord.live``)."""
    for _attempt in range(3):
        moment = moment_of(table)
        embed, ui, draw = hand_of(
            tables, table, user_id, note=note, selection=selection, view=view, legal=legal
        )
        files = await picture_files(embed, draw)
        now = tables.get(table.channel_id)
        if now is None or moment_of(now) == moment or now.seat_of(user_id) is None:
            return embed, ui, files
        table, selection, view, legal = now, None, None, None
    # the table keeps moving faster than the picture is drawn: the newest hand, as text
    table = tables.get(table.channel_id) or table
    embed, ui, _draw = hand_of(tables, table, user_id, note=note)
    return embed, ui, []
