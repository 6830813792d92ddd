"""Answering an interaction in time: Discord allows 3 s to acknowledge one, counted from its
creation. ``within_ack`` runs the work and acknowledges first when the work runs late; one lock per
interaction (``answer_lock``) makes sure nobody acknowledges twice."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from .errors import PUBLIC_THINKING

T = TypeVar("T")

ACK_BUDGET = 2.0  # Discord allows 3 s to acknowledge an interaction, counted from its creation
ACK_LOCK = "ack_lock"
log = logging.getLogger("bot.discord.acks")


def answer_lock(interaction: discord.Interaction[Any]) -> asyncio.Lock:
    """The one lock of an interaction's answer: whoever answers first (the deferral timer, the
    table queue posting the table message) holds it, so nobody acknowledges twice."""
    lock = interaction.extras.get(ACK_LOCK)
    if not isinstance(lock, asyncio.Lock):
        lock = interaction.extras[ACK_LOCK] = asyncio.Lock()
    return lock


def seconds_since_created(interaction: discord.Interaction[Any], now: float | None = None) -> float:
    """How long ago Discord created the interaction (its id's timestamp), never negative: what
    Discord's 3 seconds count from, however long the event waited before its handler ran."""
    wall = time.time() if now is None else now
    return max(0.0, wall - interaction.created_at.timestamp())


async def within_ack(
    interaction: discord.Interaction[Any],
    work: Awaitable[T],
    budget: float = ACK_BUDGET,
    *,
    ephemeral: bool | None = None,
) -> T:
    """Await ``work``; if it is not done ``budget`` seconds after Discord **created** the
    interaction (``interaction.created_at``, so a busy event loop's delay before the handler ran
    counts too), acknowledge the interaction first and keep waiting: a component click gets a
    deferred update (``ephemeral=None``), a command a "thinking…" answer, public or ephemeral as its
    reply will be. The caller then answers through ``edit_original_response`` or ``followup``
    (``interaction.response.is_done()`` tells). A failed acknowledgement is logged, never raised:
    the work's result (a move already applied) must reach the caller, who publishes it."""
    loop = asyncio.get_running_loop()
    # The later of: the interaction's creation, and the first step of this handler (a clock that
    # runs behind Discord's must not give more than the budget).
    started = interaction.extras.setdefault("ack_started", loop.time())
    elapsed = max(seconds_since_created(interaction), loop.time() - started)
    remaining = max(0.0, budget - elapsed)
    # The work runs in this task (no task of its own, no asyncio.wait: this is on every move's
    # path); a timer acknowledges the interaction if the work is still going when time is up.
    acks: list[asyncio.Future[None]] = []

    def time_up() -> None:
        if not interaction.response.is_done():
            acks.append(asyncio.ensure_future(_acknowledge(interaction, ephemeral)))

    timer = loop.call_later(remaining, time_up)
    try:
        return await work
    finally:
        timer.cancel()
        if acks:  # let the acknowledgement land, so that ``response.is_done()`` tells the truth
            try:
                await acks[0]
            except discord.HTTPException as exc:
                log.warning("Could not acknowledge interaction %s in time: %s", interaction.id, exc)


async def _acknowledge(interaction: discord.Interaction[Any], ephemeral: bool | None) -> None:
    async with answer_lock(interaction):
        if interaction.response.is_done():
            return
        if ephemeral is None:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
            interaction.extras[PUBLIC_THINKING] = not ephemeral


async def defer_update(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge a click on the table message without touching it (the table's queue redraws
    it): no interaction answer ever writes the public message behind the queue's back."""
    async with answer_lock(interaction):
        if not interaction.response.is_done():
            await interaction.response.defer()
