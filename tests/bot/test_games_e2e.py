"""Complete games of every game and preset, played by simulated users purely through interactions
(lobby → start → hands → plays → deal scoring → game end), with a secrecy scan of every payload."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import pytest

from .conftest import FakeFactory
from .driver import Driver, start_table
from .fakediscord import FakeDiscord, Person, render_text

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


def score_posts(fake: FakeDiscord) -> list[str]:
    """The deal/round breakdowns posted as messages of their own."""
    return [
        render_text(m)
        for m in fake.public_messages()
        if any(str(e.get("title", "")).endswith("— scores") for e in m.get("embeds") or [])
    ]


def final_text(d: Driver) -> str:
    return render_text(d.public())


async def test_hurricane_standard_full_game(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=3, game="hurricane", preset="standard")
    moves = await d.play_to_end()
    assert moves >= 72  # a game to 16 takes several deals
    assert d.table.state.view(None)["scores"][d.table.state.result()["winner"]] >= 16  # type: ignore[union-attr]
    text = final_text(d)
    assert "Game over" in text and "Most hearts" in text and "Primiera" in text
    assert "Show my hand" not in text  # the finished table has no controls
    posts = score_posts(fake)
    assert len(posts) >= 2 and all("Most cards" in p for p in posts)
    assert "Game over" in posts[-1] and "Deal 1 result" in posts[0]
    assert d.scanner.checked > 100


async def test_hurricane_open_full_game(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=5, game="hurricane", preset="open")
    await d.play_to_end()
    clicked = [str(ex.payload["data"]["custom_id"]) for ex in d.exchanges]
    assert any(c.startswith("h:act:") and c.endswith(("flip 0", "flip 1")) for c in clicked)
    assert "Game over" in final_text(d)


async def test_hurricane_pairs_full_game(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, carol = users
    dave = Person("Dave", fake.make_user("Dave"))
    d = Driver(fake, [alice, bob, carol, dave], seed=7)
    await d.open(alice, game="hurricane", preset="pairs")
    lobby = render_text(d.public())
    assert "team A" in lobby and "team B" in lobby
    await d.join_all([bob, carol, dave])
    await d.start(alice)
    await d.play_to_end()
    text = final_text(d)
    assert "Game over" in text and " & " in text  # teams are named in the scores
    assert "Hurricanes this deal" in text


async def test_hurikan_full_game(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=11, game="hurikan")
    await d.play_to_end()
    text = final_text(d)
    assert "Game over" in text and "Card values taken" in text


async def test_haggis_two_players_full_game(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=13, game="haggis", players=2)
    await d.play_to_end()
    text = final_text(d)
    assert "Game over" in text and "Points this round" in text
    posts = score_posts(fake)
    assert posts and "Round 1 result" in posts[0] and "Game over" in posts[-1]


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
    assert "Game over" in final_text(d)
