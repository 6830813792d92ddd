"""Discord components of the bot: persistent ``DynamicItem``s (their ``custom_id`` carries the channel and,
for hand controls, the table's move number) and small builders for embeds and the public views.

custom_id formats (≤ 100 characters):
  ``show:<channel>``                              Show my hand (public table message)
  ``rematch:<channel>``                           Rematch (a finished table's message)
  ``lobby:<join|leave|start|cancel|sit|pings|pace>:<channel>[:<seat>]``   lobby buttons
  ``lobbyai:<channel>``                            lobby select: add a computer of a level
  ``h:<kind>:<channel>:<move_no>.<game>[:<arg>]``  hand buttons
  ``hs:<kind>:<channel>:<move_no>.<game>[:<arg>]`` hand selects
  ``rp:o:<game id>:0``                             Replay (an ended table; ``cogs.replay``)
  ``rp:<kind>[a]:<game id>:<step>``                a replay frame's steps and its Analysis toggle
                                                   (``bot.discord.replay_controls``)
  ``mine:<channel>``                               Show my hand of that table, from anywhere: a turn
                                                   notice (DM) or /games
(``<game>``: ``game_tag`` of the table's game, so a hand left over from an earlier game of the channel
is told apart even at the same move number.)
Ids are parsed strictly (ASCII digits, printable ASCII arguments): anything else matches no template
and is refused politely by ``CardBot.on_interaction``. Every callback goes through ``guarded``: the
user's click limit, then a check that the message it was clicked on is the kind the control belongs
to (``message_kind``: a hand's controls act only on a private hand, lobby and Show-my-hand buttons
only on the public table message, leaderboard pages only on a leaderboard, replay steps only on a
replay frame, /history's menu only on /history, the other table's Show my hand only on a turn
notice or /games; any other private answer takes none), and errors
reach the one central handler (tests/bot/test_control_homes.py sends every control to every kind)."""

from __future__ import annotations

import inspect
import re
import zlib
from collections.abc import Awaitable
from typing import Any, ClassVar, TypeVar, cast

import discord
from discord.ui import Button, DynamicItem, Select

from bot.i18n import LANGUAGES, N_, _, translate
from bot.render.cards import emojify
from bot.render.notices import GAMES_TITLE, NOTICE_TITLE
from bot.render.replay import REPLAY_TITLE
from bot.render.stats import BOARD_TITLE, HISTORY_TITLES
from bot.render.table import HAND_TITLE, game_colour, seat_label
from bot.render.text import Panel, clip
from bot.tables.errors import TableError
from bot.tables.models import Table

from .controls import controls_of, need
from .errors import cooldown_message, report_interaction_error
from .language import Localised

LEVEL_LABELS = {
    "easy": N_("Easy"),
    "normal": N_("Normal"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}


class ClickTooFast(TableError):
    """A user clicks faster than the per-user limit (``ACTION_RATE`` per ``ACTION_PER_SECONDS``)."""


class WrongMessage(TableError):
    """A control used on a kind of message it does not belong to (a forged or copied id)."""

    def __init__(self) -> None:
        super().__init__(N_("That control does not belong on this message — nothing was changed."))


#: What a message is, as far as its controls are concerned.
TABLE_MESSAGE = "table"  # the public table message (lobby, Show my hand, Rematch, Replay)
HAND_MESSAGE = "hand"  # a player's private hand
BOARD_MESSAGE = "board"  # a private leaderboard page
REPLAY_MESSAGE = "replay"  # a private replay frame (its step buttons)
HISTORY_MESSAGE = "history"  # /history's private answer (its replay menu)
NOTICE_MESSAGE = "notice"  # a turn notice sent by direct message
GAMES_MESSAGE = "games"  # /games's private answer
MESSAGE_KINDS = (
    TABLE_MESSAGE,
    HAND_MESSAGE,
    BOARD_MESSAGE,
    REPLAY_MESSAGE,
    HISTORY_MESSAGE,
    NOTICE_MESSAGE,
    GAMES_MESSAGE,
)


def _title_patterns(*msgids: str) -> list[re.Pattern[str]]:
    """The titles made from ``msgids`` in every language, each placeholder matching any text."""
    return [
        re.compile(re.sub(r"\\\{[a-z_]+\\\}", ".+", re.escape(translate(msgid, lang))), re.S)
        for msgid in msgids
        for lang in LANGUAGES
    ]


#: Private messages told apart by their title (``bot.render``), in every language.
_PRIVATE_KINDS = (
    (BOARD_MESSAGE, _title_patterns(BOARD_TITLE)),
    (REPLAY_MESSAGE, _title_patterns(REPLAY_TITLE)),
    (HISTORY_MESSAGE, _title_patterns(*HISTORY_TITLES)),
    (HAND_MESSAGE, _title_patterns(HAND_TITLE)),
    (GAMES_MESSAGE, _title_patterns(GAMES_TITLE)),
)
_NOTICE_TITLES = _title_patterns(NOTICE_TITLE)


def message_kind(message: discord.Message | None) -> str | None:
    """The kind of message a click came from, read from what Discord says about the message
    (its flags and the bot's own embed), never from the clicked custom_id; None for a message
    no control belongs on (an answer of /rules, /stats, /verify…)."""
    if message is None or not message.embeds:
        return None
    title = message.embeds[0].title or ""
    if not message.flags.ephemeral:
        if message.guild is None and any(p.fullmatch(title) for p in _NOTICE_TITLES):
            return NOTICE_MESSAGE  # (a direct message; a table's titles never read so)
        return TABLE_MESSAGE
    for kind, patterns in _PRIVATE_KINDS:
        if any(pattern.fullmatch(title) for pattern in patterns):
            return kind
    return None


def expect_message(interaction: discord.Interaction[Any], kind: str | tuple[str, ...]) -> None:
    """Refuse a control on a message of another kind: a hand's Refresh on the public table, a
    leaderboard page id on a table message, a lobby button on a hand…"""
    kinds = (kind,) if isinstance(kind, str) else kind
    if message_kind(interaction.message) not in kinds:
        raise WrongMessage()


async def guarded(
    interaction: discord.Interaction[Any],
    work: Awaitable[None],
    kind: str | tuple[str, ...] | None = None,
) -> None:
    """Run a component handler: the user's click limit and the message kind first; any
    exception goes to the central error handler."""
    try:
        retry = getattr(interaction.client, "action_retry_after", None)
        wait = retry(interaction) if retry is not None else None
        if wait:
            raise ClickTooFast(cooldown_message(wait))
        if kind is not None:
            expect_message(interaction, kind)
        if kind == TABLE_MESSAGE and await _answered_for_the_table(interaction):
            return
        await work
    except Exception as exc:
        await report_interaction_error(interaction, exc)
    finally:
        if inspect.iscoroutine(work) and inspect.getcoroutinestate(work) == inspect.CORO_CREATED:
            work.close()  # refused before it ran


async def _answered_for_the_table(interaction: discord.Interaction[Any]) -> bool:
    """Where the table lives on tokens, a click on a table message may first have to redraw it
    (``TablePublisher.table_click``); True: the click was answered that way and does nothing more."""
    publisher = getattr(interaction.client, "publisher", None)
    table_click = getattr(publisher, "table_click", None)
    return bool(table_click is not None and await table_click(interaction))


EMBED_TOTAL = 6000


def panel_embed(panel: Panel, game: str | None = None, *, cards: bool = False) -> discord.Embed:
    """A panel as an embed. ``cards``: show the cards in the description and field values as the
    card emojis (where installed), as far as Discord's length limits allow (the rest stays text)."""
    title = clip(panel.title, 256)
    footer = clip(panel.footer, 2048) if panel.footer else ""
    description = panel.description
    fields = list(panel.fields)
    if cards:
        room = EMBED_TOTAL - len(title) - len(footer) - len(description)
        room -= sum(len(n) + len(v) for n, v in fields)
        grown = emojify(description, min(4096, len(description) + room), game=game)
        room -= len(grown) - len(description)
        description = grown
        for i, (name, value) in enumerate(fields):
            grown = emojify(value, min(1024, len(value) + room), game=game)
            room -= len(grown) - len(value)
            fields[i] = (name, grown)
    embed = discord.Embed(title=title, description=description, colour=game_colour(game))
    for name, value in fields:
        embed.add_field(name=name, value=value, inline=False)
    if footer:
        embed.set_footer(text=footer)
    return embed


def _values(interaction: discord.Interaction[Any]) -> list[Any]:
    data = cast(dict[str, Any], interaction.data or {})
    return list(data.get("values") or [])


class TableButton(Localised, DynamicItem[Button[Any]], template=r"(show|rematch):[0-9]{1,20}"):
    """A button of the public table message that carries only its table's channel
    (``<prefix>:<channel>``). Only its subclasses are registered."""

    prefix: ClassVar[str]
    label: ClassVar[str]
    emoji: ClassVar[str]
    style: ClassVar[discord.ButtonStyle]

    def __init__(self, channel_id: int) -> None:
        super().__init__(
            Button(
                label=_(self.label),
                emoji=self.emoji,
                style=self.style,
                custom_id=f"{self.prefix}:{channel_id}",
            )
        )
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> TableButton:
        return cls(int(match["ch"]))


class ShowHandButton(TableButton, template=r"show:(?P<ch>[0-9]{1,20})"):
    prefix, label, emoji, style = "show", N_("Show my hand"), "🃏", discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        show_hand = need(controls_of(interaction.client).show_hand, "show")
        await guarded(interaction, show_hand(interaction, self.channel_id), TABLE_MESSAGE)


class RematchButton(TableButton, template=r"rematch:(?P<ch>\d{1,20})"):
    """On a finished table: a new lobby with the same game, options and seats."""

    prefix, label, emoji, style = "rematch", N_("Rematch"), "🔁", discord.ButtonStyle.success

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        rematch = need(controls_of(interaction.client).rematch, "rematch")
        await guarded(interaction, rematch(interaction, self.channel_id), TABLE_MESSAGE)


class MyHandButton(Localised, DynamicItem[Button[Any]], template=r"mine:(?P<ch>[0-9]{1,20})"):
    """Show my hand of one table, pressed away from it: on a turn notice (the bot's direct
    message) or on /games. The hand opens where it was pressed, only for the presser."""

    def __init__(self, channel_id: int, label: str | None = None) -> None:
        super().__init__(
            Button(
                label=clip(label or _("Show my hand"), 80),
                emoji="🃏",
                style=discord.ButtonStyle.primary,
                custom_id=f"mine:{channel_id}",
            )
        )
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> MyHandButton:
        return cls(int(match["ch"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        open_hand = need(controls_of(interaction.client).open_hand, "mine")
        work = open_hand(interaction, self.channel_id)
        await guarded(interaction, work, (NOTICE_MESSAGE, GAMES_MESSAGE))


class LobbyButton(
    Localised,
    DynamicItem[Button[Any]],
    template=r"lobby:(?P<act>join|leave|start|cancel|sit|pings|pace):(?P<ch>[0-9]{1,20})(?::(?P<seat>[0-3]))?",
):
    def __init__(self, item: Button[Any], action: str, channel_id: int, seat: int | None) -> None:
        super().__init__(item)
        self.action, self.channel_id, self.seat = action, channel_id, seat

    @classmethod
    def make(
        cls,
        action: str,
        channel_id: int,
        label: str,
        style: discord.ButtonStyle,
        seat: int | None = None,
        *,
        disabled: bool = False,
    ) -> LobbyButton:
        cid = f"lobby:{action}:{channel_id}" + (f":{seat}" if seat is not None else "")
        button: Button[Any] = Button(label=label, style=style, custom_id=cid, disabled=disabled)
        return cls(button, action, channel_id, seat)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> LobbyButton:
        seat = int(match["seat"]) if match["seat"] is not None else None
        return cls(cast(Button[Any], item), match["act"], int(match["ch"]), seat)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        lobby_click = need(controls_of(interaction.client).lobby_click, "lobby")
        work = lobby_click(interaction, self.action, self.channel_id, self.seat, None)
        await guarded(interaction, work, TABLE_MESSAGE)


class LobbyComputerSelect(
    Localised, DynamicItem[Select[Any]], template=r"lobbyai:(?P<ch>[0-9]{1,20})"
):
    def __init__(self, item: Select[Any], channel_id: int) -> None:
        super().__init__(item)
        self.channel_id = channel_id

    @classmethod
    def make(cls, channel_id: int) -> LobbyComputerSelect:
        options = [
            discord.SelectOption(
                label=_("Add a computer: {level}").format(level=_(label)), value=level
            )
            for level, label in LEVEL_LABELS.items()
        ]
        select: Select[Any] = Select(
            custom_id=f"lobbyai:{channel_id}",
            placeholder=_("Add a computer player…"),
            options=options,
        )
        return cls(select, channel_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> LobbyComputerSelect:
        return cls(cast(Select[Any], item), int(match["ch"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = [str(v) for v in _values(interaction)]
        lobby_click = need(controls_of(interaction.client).lobby_click, "lobby")
        work = lobby_click(interaction, "computer", self.channel_id, None, values)
        await guarded(interaction, work, TABLE_MESSAGE)


HAND_TEMPLATE = (
    r":(?P<kind>[a-z]{1,8}):(?P<ch>[0-9]{1,20}):(?P<mv>[0-9]{1,9})(?:\.(?P<game>[0-9a-f]{6}))?"
    r"(?::(?P<arg>[\x20-\x39\x3b-\x7e]{0,60}))?"
)
ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])


def game_tag(table: Table) -> str:
    """Six hex digits naming the table's game (each new game of the channel gets another)."""
    return f"{zlib.crc32(table.game_id.encode()) & 0xFFFFFF:06x}"


def hand_custom_id(prefix: str, kind: str, table: Table, arg: str | None) -> str:
    """``<prefix>:<kind>:<channel>:<move_no>.<game>[:<arg>]``: the click carries the game and the
    move it was drawn at."""
    cid = f"{prefix}:{kind}:{table.channel_id}:{table.move_no}.{game_tag(table)}"
    return cid if arg is None else f"{cid}:{arg}"


_HAND_ID = re.compile(r"hs?" + HAND_TEMPLATE)


def hand_channels(message: discord.Message | None) -> set[int]:
    """The tables (channels) the hand controls on ``message`` belong to: one for a hand as the
    bot drew it, wherever it was opened (a forged control added to it makes two)."""
    found: set[int] = set()
    for row in message.components if message is not None else []:
        for item in getattr(row, "children", [row]):
            matched = _HAND_ID.fullmatch(str(getattr(item, "custom_id", "") or ""))
            if matched is not None:
                found.add(int(matched["ch"]))
    return found


class HandControl(Localised, DynamicItem[ItemT], template=r"hs?" + HAND_TEMPLATE):
    """What the hand's buttons and selects share: the parsed custom_id and one dispatch to
    the Play commands' ``hand_click`` (a button has no values). Only its subclasses are registered."""

    def __init__(
        self,
        item: ItemT,
        kind: str,
        channel_id: int,
        move_no: int,
        arg: str | None,
        game: str | None = None,
    ) -> None:
        super().__init__(item)
        self.kind, self.channel_id, self.move_no, self.arg = kind, channel_id, move_no, arg
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> HandControl[ItemT]:
        return cls(
            cast(ItemT, item),
            match["kind"],
            int(match["ch"]),
            int(match["mv"]),
            match["arg"],
            match["game"],
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = [str(v) for v in _values(interaction)]
        hand_click = need(controls_of(interaction.client).hand_click, "hand")
        work = hand_click(
            interaction, self.kind, self.channel_id, self.move_no, self.arg, values, self.game
        )
        await guarded(interaction, work, HAND_MESSAGE)


class HandButton(HandControl[Button[Any]], template=r"h" + HAND_TEMPLATE):
    """Receives clicks on the hand's buttons (built by ``hand_button``)."""


class HandSelect(HandControl[Select[Any]], template=r"hs" + HAND_TEMPLATE):
    """Receives choices in the hand's selects (built by ``hand_select``)."""


# The hand is drawn on every click, so its controls are built as plain components: clicks reach
# HandButton / HandSelect through their registered templates whatever object drew the message, and
# ``one_shot`` tells discord.py not to keep the drawn view (nothing in it listens).


def hand_button(
    kind: str,
    table: Table,
    label: str,
    *,
    arg: str | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    row: int | None = None,
    emoji: discord.PartialEmoji | None = None,
) -> Button[Any]:
    return Button(
        label=clip(label, 80),
        style=style,
        custom_id=hand_custom_id("h", kind, table, arg),
        disabled=disabled,
        row=row,
        emoji=emoji,
    )


def hand_select(
    kind: str,
    table: Table,
    placeholder: str,
    options: list[discord.SelectOption],
    *,
    arg: str | None = None,
    min_values: int = 1,
    max_values: int = 1,
    row: int | None = None,
) -> Select[Any]:
    options = options[:25]
    return Select(
        custom_id=hand_custom_id("hs", kind, table, arg),
        placeholder=clip(placeholder, 150),
        options=options,
        min_values=min(min_values, len(options)),
        max_values=max(1, min(max_values, len(options))),
        row=row,
    )


def one_shot(view: discord.ui.View) -> discord.ui.View:
    """Mark a drawn hand view finished, so that sending it registers nothing with discord.py."""
    view.stop()
    return view


def lobby_view(table: Table) -> discord.ui.View:
    """Join (disabled when every seat is taken) / Leave / Start / Cancel (team seats for Hurricane
    pairs), the host's turn-pings and pace switches and the computer select."""
    view = discord.ui.View(timeout=None)
    ch = table.channel_id
    if table.team_of(0) is not None:
        for i in table.empty_seats:
            view.add_item(
                LobbyButton.make(
                    "sit",
                    ch,
                    _("Sit: {seat}").format(seat=seat_label(table, i)),
                    discord.ButtonStyle.success,
                    i,
                )
            )
    else:
        full = not table.empty_seats
        label = _("Table full") if full else _("Join")
        view.add_item(
            LobbyButton.make("join", ch, label, discord.ButtonStyle.success, disabled=full)
        )
    view.add_item(LobbyButton.make("leave", ch, _("Leave"), discord.ButtonStyle.secondary))
    view.add_item(LobbyButton.make("start", ch, _("Start"), discord.ButtonStyle.primary))
    view.add_item(LobbyButton.make("cancel", ch, _("Cancel"), discord.ButtonStyle.danger))
    pings = _("Turn pings: on") if table.spec.pings else _("Turn pings: off")
    view.add_item(LobbyButton.make("pings", ch, pings, discord.ButtonStyle.secondary))
    pace = _("Pace: correspondence") if table.spec.correspondence else _("Pace: live")
    view.add_item(LobbyButton.make("pace", ch, pace, discord.ButtonStyle.secondary))
    if table.empty_seats:
        view.add_item(LobbyComputerSelect.make(ch))
    return view


def final_view(table: Table, web_url: str | None = None) -> discord.ui.View:
    """The ended table's **Replay** button (``rp:o:<game>:0``, handled by ``cogs.replay``),
    unless the game was abandoned **Rematch**, and the game's web page when there is one."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        Button(
            label=_("Replay"),
            emoji="🎬",
            style=discord.ButtonStyle.secondary,
            custom_id=f"rp:o:{table.game_id}:0",
        )
    )
    if table.ended_by != "abandoned":
        view.add_item(RematchButton(table.channel_id))
    if web_url is not None:
        view.add_item(Button(label=_("Web page"), emoji="🌐", url=web_url))
    return one_shot(view)


def table_view(table: Table) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ShowHandButton(table.channel_id))
    return view
