"""A complete game with a computer at the table, played by simulated users purely through
interactions, with a secrecy scan of every payload. The complete games of every game and preset
between people (lobby → start → hands → plays → deal scoring → game end, and what each shows at its
end) are played once, in ``test_texts.py``, which scans their messages too (``WHOLE_GAME_CHECKS``)."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import pytest

from .conftest import FakeFactory
from .driver import Driver
from .fakediscord import Person, render_text

CARD_IN_LOG = re.compile(
    r"(?<![0-9A-Za-z])(?:[A2-7JQK][HDCS]|10[ROYGB]|[2-9][ROYGB])(?![0-9A-Za-z])|[♥♦♣♠🟥🟧🟨🟩🟦]"
)


@pytest.fixture(autouse=True)
def no_cards_in_logs(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Whole games log nothing at INFO or above that names a card (hidden or not)."""
    caplog.set_level(logging.INFO)
    yield
    formatter = logging.Formatter("%(message)s")
    for record in caplog.records:
        text = formatter.format(record)
        assert not CARD_IN_LOG.search(text), f"a card in the log: {text[:300]}"


async def test_haggis_three_players_with_a_computer(make_fake: FakeFactory) -> None:
    fake = await make_fake(computer_delay=0.0)
    alice, bob = (Person(n, fake.make_user(n)) for n in ("Alice", "Bob"))
    d = Driver(fake, [alice, bob], seed=17)
    await d.open(alice, game="haggis", players=3)
    await d.join_all([bob])
    ex = await fake.click(d.public(), f"lobbyai:{d.channel_id}", user=alice.user, values=["easy"])
    assert ex.callback_type == 6 and "Computer (easy)" in render_text(d.public())
    await d.start(alice)
    await d.play_to_end()
    assert "Game over" in render_text(d.public())
