"""Quiet where nothing changed (issue 23): over whole games, no edit of the public table message is
sent that equals what the message already shows (its text, buttons and picture bytes)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .driver import Driver
from .fakediscord import FakeDiscord, Person, Recorded

WRITE = re.compile(r"/channels/(\d+)/messages(?:/(\d+))?$")


def _looks(rec: Recorded) -> tuple[Any, ...]:
    """What a write makes a reader see: text, embeds, components and the pictures' bytes (the
    request as sent: the fake's answer is its live copy of the message, edited later)."""
    body = rec.json or {}
    pictures = tuple(data for _name, data in rec.files)
    return (body.get("content"), body.get("embeds"), body.get("components"), pictures)


def public_edits(fake: FakeDiscord) -> tuple[int, int]:
    """(edits of public messages, edits that left the message looking exactly as the last write
    through the channel had drawn it)."""
    shown: dict[int, tuple[Any, ...]] = {}
    edits = repeats = 0
    for rec in fake.requests:
        match = WRITE.match(rec.path)
        if not match or rec.method not in ("POST", "PATCH") or not _ok(rec):
            continue
        answer = rec.response
        if not isinstance(answer, dict) or "id" not in answer:
            continue
        mid = int(answer["id"])
        looks = _looks(rec)
        if rec.method == "PATCH":
            edits += 1
            repeats += shown.get(mid) == looks
        shown[mid] = looks
    return edits, repeats


def _ok(rec: Recorded) -> bool:
    return 200 <= rec.status < 300


async def _play(fake: FakeDiscord, alice: Person, options: dict[str, Any]) -> None:
    d = Driver(fake, [alice], seed=5)
    await d.open(alice, computer="normal", **options)
    await d.play_to_end()
    await fake.bot.publisher.flush()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "options",
    [
        pytest.param({"game": "hurricane", "preset": "standard"}, id="hurricane"),
        pytest.param({"game": "haggis", "players": 2}, id="haggis"),
    ],
)
async def test_no_edit_repeats_what_the_table_message_shows(
    fake: FakeDiscord, users: list[Person], options: dict[str, Any]
) -> None:
    await _play(fake, users[0], options)
    edits, repeats = public_edits(fake)
    assert edits > 20  # the table was edited as the game went on …
    assert repeats == 0  # … never to show what it already showed
