"""Every persistent component the bot registers (``bot.app`` adds them at start): their handlers
are the command groups' (``bot.discord.controls``)."""

from __future__ import annotations

from typing import Any

from discord.ui import DynamicItem

from .board_controls import PageButton
from .replay_controls import ReplayButton, ReplaySelect
from .tournaments import TournamentButton
from .ui import (
    HandButton,
    HandSelect,
    LobbyButton,
    LobbyComputerSelect,
    MyHandButton,
    RematchButton,
    ShowHandButton,
)

DYNAMIC_ITEMS: tuple[type[DynamicItem[Any]], ...] = (
    ShowHandButton,
    MyHandButton,
    RematchButton,
    LobbyButton,
    LobbyComputerSelect,
    HandButton,
    HandSelect,
    ReplayButton,
    ReplaySelect,
    PageButton,
    TournamentButton,
)
