"""Tables in places where the bot is absent (a user install in a group DM or in a server that never
added the bot): the bot cannot use channel endpoints there, only interaction tokens, each valid 15
minutes and allowing at most 5 follow-ups. The book remembers, per such table, which interactions
can still edit its public message and the latest interaction at the table (to post a fresh message
when every editor's token has expired)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

TOKEN_LIFETIME = 14 * 60  # Discord's 15 minutes, less a margin for a slow write
FOLLOWUP_CAP = 5
ANSWER_WAIT = 3.0  # seconds a re-post waits for the interaction that carries it to be answered


@dataclass
class Editor:
    """An interaction whose token can edit the table message: its original response or a follow-up."""

    interaction: discord.Interaction[Any]
    message_id: int
    original: bool
    born: float


@dataclass
class _Place:
    editors: list[Editor] = field(default_factory=list)
    latest: discord.Interaction[Any] | None = None
    latest_born: float = 0.0
    followups: dict[int, int] = field(default_factory=dict)  # interaction id -> follow-ups sent


class TokenBook:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._places: dict[int, _Place] = {}

    def mark(self, channel_id: int) -> None:
        """The table in this channel lives on interactions alone."""
        self._places.setdefault(channel_id, _Place())

    def __contains__(self, channel_id: int) -> bool:
        return channel_id in self._places

    def forget(self, channel_id: int) -> None:
        self._places.pop(channel_id, None)

    def touch(self, channel_id: int, interaction: discord.Interaction[Any]) -> None:
        """An interaction at the table: its token may post the next table message."""
        place = self._places.get(channel_id)
        if place is not None:
            place.latest, place.latest_born = interaction, self.clock()

    def edited_by(
        self,
        channel_id: int,
        interaction: discord.Interaction[Any],
        message_id: int,
        *,
        original: bool,
    ) -> None:
        place = self._places.get(channel_id)
        if place is None:
            return
        place.editors = [e for e in place.editors if self._alive(e.born)]  # (old messages too)
        place.editors.append(Editor(interaction, message_id, original, self.clock()))

    def editors(self, channel_id: int, message_id: int | None) -> list[Editor]:
        """The living editors of the table message, newest first."""
        place = self._places.get(channel_id)
        if place is None or message_id is None:
            return []
        alive = [e for e in place.editors if e.message_id == message_id and self._alive(e.born)]
        return sorted(alive, key=lambda e: e.born, reverse=True)

    def drop(self, channel_id: int, message_id: int) -> None:
        """No more edits of this (replaced) message."""
        place = self._places.get(channel_id)
        if place is not None:
            place.editors = [e for e in place.editors if e.message_id != message_id]

    def poster(self, channel_id: int) -> discord.Interaction[Any] | None:
        """The latest interaction at the table, if its token lives, it was answered and it may
        still send a follow-up."""
        place = self._places.get(channel_id)
        if place is None or place.latest is None or not self._alive(place.latest_born):
            return None
        if not place.latest.response.is_done():
            return None
        if place.followups.get(place.latest.id, 0) >= FOLLOWUP_CAP:
            return None
        return place.latest

    def unanswered(self, channel_id: int) -> discord.Interaction[Any] | None:
        """The latest interaction at the table while its answer is still being made (its token
        lives): once answered, it may post the table message."""
        place = self._places.get(channel_id)
        if place is None or place.latest is None or not self._alive(place.latest_born):
            return None
        return None if place.latest.response.is_done() else place.latest

    def sent_followup(self, channel_id: int, interaction: discord.Interaction[Any]) -> None:
        place = self._places.get(channel_id)
        if place is not None:
            place.followups[interaction.id] = place.followups.get(interaction.id, 0) + 1

    def _alive(self, born: float) -> bool:
        return self.clock() - born < TOKEN_LIFETIME


async def answered(interaction: discord.Interaction[Any]) -> None:
    """Wait (a little) until ``interaction`` has been answered: a follow-up needs an answer."""
    loop = asyncio.get_running_loop()
    until = loop.time() + ANSWER_WAIT
    while not interaction.response.is_done() and loop.time() < until:
        await asyncio.sleep(0.02)
