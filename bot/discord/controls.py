"""Who answers each kind of persistent control.

The components themselves (their custom_ids, templates and guards) are the layer's
(``bot.discord.ui``); what a click *does* belongs to a command group. Each cog registers its
handlers here when it loads and removes them when it unloads, so a component never looks a cog up
by name and no cog calls another: ``bot.app`` gives the bot one ``Controls``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, fields
from typing import Any, TypeVar

import discord

from storage.models import Metric

Interaction = discord.Interaction[Any]
#: ``show:<channel>`` — open the clicker's hand of that channel's table.
ShowHand = Callable[[Interaction, int], Awaitable[None]]
#: ``mine:<channel>`` — open the clicker's hand of that table wherever pressed (a DM, /games).
OpenHand = Callable[[Interaction, int], Awaitable[None]]
#: ``rematch:<channel>``
Rematch = Callable[[Interaction, int], Awaitable[None]]
#: lobby buttons and the computer select: (action, channel, seat, the select's values)
LobbyClick = Callable[[Interaction, str, int, "int | None", "list[str] | None"], Awaitable[None]]
#: hand buttons and selects: (kind, channel, move number, argument, values, game tag)
HandClick = Callable[
    [Interaction, str, int, int, "str | None", list[str], "str | None"], Awaitable[None]
]
#: a replay step (game id, step, whether to open a new private message, with the analysis)
ReplayStep = Callable[[Interaction, str, int, bool, bool], Awaitable[None]]
#: a leaderboard page (game, metric, page or ``me``, computers included)
BoardPage = Callable[[Interaction, str, Metric, str, bool], Awaitable[None]]
#: a tournament message's button (action, tournament id)
TournamentClick = Callable[[Interaction, str, str], Awaitable[None]]


class ControlNotReady(RuntimeError):
    """A click reached a control whose command group is not loaded."""


@dataclass
class Controls:
    show_hand: ShowHand | None = None
    open_hand: OpenHand | None = None
    rematch: Rematch | None = None
    lobby_click: LobbyClick | None = None
    hand_click: HandClick | None = None
    replay_step: ReplayStep | None = None
    board_page: BoardPage | None = None
    tournament_click: TournamentClick | None = None

    def clear(self, owner: object) -> None:
        """Forget every handler bound to ``owner`` (a cog being unloaded)."""
        for f in fields(self):
            handler = getattr(self, f.name)
            if handler is not None and getattr(handler, "__self__", None) is owner:
                setattr(self, f.name, None)


def controls_of(client: discord.Client) -> Controls:
    """The bot's handlers (``interaction.client`` is typed as a plain client)."""
    controls = getattr(client, "controls", None)
    if not isinstance(controls, Controls):
        raise ControlNotReady("this client has no controls")
    return controls


T = TypeVar("T")


def need(handler: T | None, name: str) -> T:
    """The registered handler, or a clear error when its command group is not loaded."""
    if handler is None:
        raise ControlNotReady(f"no command group answers {name} controls")
    return handler
