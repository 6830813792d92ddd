"""Without Attach Files in a channel the table message goes out as text only (no file, no
``attachment://`` reference), with one log line, and picks its picture up again when the
permission returns. Both ways Discord lets the bot know: a refused upload (403 50013 Missing
Permissions), and the channel's permission overwrites (CHANNEL_UPDATE) and interactions'
``app_permissions``."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from .driver import Driver, hurricane_duel
from .fakediscord import FakeDiscord, Person, Recorded


def text_only(msg: dict[str, Any]) -> bool:
    embed = msg["embeds"][0]
    return msg["attachments"] == [] and "image" not in embed and "attachment://" not in str(msg)


def has_picture(msg: dict[str, Any]) -> bool:
    return len(msg["attachments"]) == 1 and "image" in msg["embeds"][0]


def table_writes(fake: FakeDiscord, since: int, channel_id: int) -> list[Recorded]:
    return [
        r
        for r in fake.requests[since:]
        if r.method in ("POST", "PATCH") and r.path.startswith(f"/channels/{channel_id}/messages")
    ]


def lost_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "without its picture" in r.getMessage()]


async def play(d: Driver, moves: int) -> None:
    for _ in range(moves):
        seat = d.table.current_seat
        assert seat is not None
        await d.play_move(seat, d.choose(seat))
        await d.fake.bot.settle()  # type: ignore[union-attr]


async def test_a_refused_upload_sends_the_table_as_text_until_the_permission_returns(
    fake: FakeDiscord, users: list[Person], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.discord.publisher")
    d = await hurricane_duel(fake, users)
    assert has_picture(d.public())
    # Attach Files is taken away, and the bot's cache does not know: Discord refuses the upload
    fake.no_attach.add(d.channel_id)
    before = len(fake.requests)
    fake.bot.publisher.redraw(d.table)  # type: ignore[union-attr]
    await fake.bot.settle()  # type: ignore[union-attr]
    writes = table_writes(fake, before, d.channel_id)
    assert [w.status for w in writes] == [403, 200]  # refused with the picture, sent as text
    assert writes[0].files and not writes[1].files
    assert writes[1].json["attachments"] == []  # the old picture goes too
    assert text_only(d.public())
    assert len(lost_lines(caplog)) == 1
    # the following moves go out as text at once: no upload tried against the wall
    before = len(fake.requests)
    await play(d, 3)
    writes = table_writes(fake, before, d.channel_id)
    assert writes and all(w.status == 200 and not w.files for w in writes)
    assert text_only(d.public())
    assert "Last move" in d.public()["embeds"][0]["description"]  # the text says it all
    assert len(lost_lines(caplog)) == 1  # one log line
    assert not fake.violations
    # the permission returns: the next click in the channel says so, the picture is back
    fake.no_attach.discard(d.channel_id)
    await play(d, 1)
    assert has_picture(d.public())
    assert any("pictures are back" in r.getMessage() for r in caplog.records)


async def test_a_channel_without_attach_files_gets_text_without_a_refused_request(
    fake: FakeDiscord, users: list[Person], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.discord.publisher")
    d = await hurricane_duel(fake, users)
    await fake.set_attach_files(d.channel_id, False)  # an overwrite the bot's cache sees
    before = len(fake.requests)
    await play(d, 2)
    writes = table_writes(fake, before, d.channel_id)
    assert writes and all(w.status == 200 and not w.files for w in writes)
    assert text_only(d.public())
    assert len(lost_lines(caplog)) == 1
    # /table status posts the table anew as the command's answer: text only too
    before = len(fake.requests)
    ex = await fake.slash("table status", user=users[0].user)
    assert not ex.ephemeral
    assert all(r.status != 403 for r in fake.requests[before:])
    assert text_only(d.public())
    await fake.set_attach_files(d.channel_id, True)
    await play(d, 1)
    assert has_picture(d.public())
    assert len(lost_lines(caplog)) == 1


async def test_a_refused_answer_posts_the_table_as_text(
    fake: FakeDiscord, users: list[Person], caplog: pytest.LogCaptureFixture
) -> None:
    """``/table status`` answers with the table message itself: refused with its picture (the
    interaction's own permissions not checked here), it is answered as text."""
    caplog.set_level(logging.INFO, logger="bot.discord.publisher")
    d = await hurricane_duel(fake, users)
    fake.no_attach.add(d.channel_id)
    fake.bot.publisher.attach.note = lambda *a: None  # type: ignore[union-attr]
    before = len(fake.requests)
    ex = await fake.slash("table status", user=users[0].user)
    assert not ex.ephemeral
    refused = [r for r in fake.requests[before:] if r.status == 403]
    assert len(refused) == 1 and refused[0].files
    assert text_only(d.public()) and int(d.public()["id"]) == d.table.message_id
    assert len(lost_lines(caplog)) == 1
