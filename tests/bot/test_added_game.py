"""A game added from outside (tests/toy_game: Minitrick, registered by the fixture through
``bot.plugin``) plays whole games through the real discord.py stack: the lobby, the private hand,
``/play``, the table message, the result, ``/leaderboard``, ``/history``, ``/verify`` and the
replay, with no
line of the cogs, the Discord layer, the table layer or storage naming it (docs/adding-a-game.md)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.games import GAMES
from bot.plugin import installed
from bot.render.cards import card_label
from bot.tables.models import TableStatus
from tests.toy_game import PLUGIN

from .driver import Driver, comp
from .fakediscord import FakeDiscord, Person, component_ids, iter_components, render_text


@pytest.fixture
def minitrick() -> Iterator[str]:
    with installed(PLUGIN):
        yield PLUGIN.name
    assert PLUGIN.name not in GAMES


async def play_by_hand(d: Driver, rng: random.Random) -> int:
    """Every human move made from the private hand's card buttons, until the game ends."""
    moves = 0
    while d.table.status is TableStatus.PLAYING:
        state = d.table.state
        assert state is not None and state.current_player is not None
        seat = state.current_player
        move = rng.choice([str(a) for a in state.legal_actions(seat)])
        person = d.person(seat)
        msg = await d.fresh_hand(person)
        button = next(
            c
            for c in iter_components(msg["components"])
            if str(c.get("custom_id", "")).startswith("h:act:")
            and c["custom_id"].split(":", 4)[4] == move
        )
        before = d.table.move_no
        await d.click(person, msg, button["custom_id"])
        assert d.table.move_no == before + 1 and d.table.history[-1] == (seat, move)
        d.scanner.scan()
        moves += 1
    await d.fake.bot.settle()  # type: ignore[attr-defined]
    return moves


async def test_lobby_hand_table_and_result(
    minitrick: str, fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = Driver(fake, [alice, bob], seed=5)
    ex = await d.open(alice, game=minitrick, options="target=3")
    lobby = render_text(ex.reply)
    assert "Minitrick — Lobby" in lobby and "target: 3" in lobby
    await d.join_all([bob])
    await d.start(alice)
    table = render_text(d.public())
    assert "Minitrick" in table and "**Trick:** empty" in table and "tricks 0" in table
    assert "🔒 Fair deal" in table and d.table.commitment[:12] in table  # type: ignore[index]

    hand = await d.show_hand(d.person(d.table.state.current_player))  # type: ignore[union-attr, arg-type]
    text = render_text(hand)
    assert "Your hand — Minitrick" in text and "Your cards:" in text
    assert "Play a card" in text
    buttons = [c for c in component_ids(hand) if c.startswith("h:act:")]
    assert len(buttons) == 3  # one per card in hand

    moves = await play_by_hand(d, random.Random(1))
    assert moves >= 6 * 3  # three deals at least: first to 3 points
    final = render_text(d.public())
    result = d.table.state.result()  # type: ignore[union-attr]
    winner = d.person(result["winner"]).name
    assert "Game over" in final and f"{winner} wins" in final
    assert "Last trick" in final and "Seed (revealed)" in final
    scored = [
        render_text(m)
        for m in fake.public_messages()
        if any(str(e.get("title", "")).endswith("— scores") for e in m.get("embeds") or [])
    ]
    assert len(scored) == sum(result["scores"]) and "Deal 1 result — tricks" in scored[0]
    assert d.scanner.checked > 20


async def test_play_command_leaderboard_history_and_replay(
    minitrick: str, fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = Driver(fake, [alice, bob], seed=8)
    await d.open(alice, game=minitrick, options="target=1")
    await d.join_all([bob])
    await d.start(alice)
    rng = random.Random(3)
    while d.table.status is TableStatus.PLAYING:
        state = d.table.state
        assert state is not None and state.current_player is not None
        seat = state.current_player
        person = d.person(seat)
        legal = [str(a) for a in state.legal_actions(seat)]
        ex = await fake.autocomplete("play", "move", user=person.user, value="")
        offered = {c["value"]: c["name"] for c in ex.choices()}
        assert set(offered) == set(legal)
        # the game's own move words (``words.py``): the card, as the hand shows it
        assert all(name == card_label(value) for value, name in offered.items())
        other = d.person(1 - seat)
        ex = await fake.slash("play", user=other.user, move=legal[0])
        assert ex.ephemeral and "it is not your turn" in ex.content.lower(), ex.content
        before = d.table.move_no
        ex = await fake.slash("play", user=person.user, move=rng.choice(legal))
        assert ex.ephemeral and "Played:" in ex.text, ex.text
        assert d.table.move_no == before + 1
    await fake.bot.settle()  # type: ignore[attr-defined]
    result = d.table.state.result()  # type: ignore[union-attr]
    won = d.person(result["winner"])

    ex = await fake.slash("leaderboard", user=alice.user, game=minitrick, metric="wins")
    assert ex.ephemeral and "Minitrick leaderboard" in ex.text
    board = (ex.reply["embeds"][0].get("description") or "").splitlines()
    assert board[0].startswith("`#  1`") and won.name in board[0] and "**1** win" in board[0]
    page = comp(ex.reply, f"lb:{minitrick}:wins:me")
    assert page is not None
    clicked = await fake.click(ex.message, page["custom_id"], user=alice.user)  # type: ignore[arg-type]
    assert clicked.callback_type == 7

    ex = await fake.slash("history", user=bob.user)
    [entry] = [t for t in render_text(ex.reply).splitlines() if t.startswith("<t:")]
    assert "**Minitrick**" in entry
    assert ("**won**" if won is bob else "lost") in entry
    gid = d.table.game_id
    menu = comp(ex.reply, "rpsel")
    assert menu is not None and gid in [o["value"] for o in menu["options"]]

    ex = await fake.slash("verify", user=alice.user, game=gid)  # every deal re-derived
    text = render_text(ex.reply if ex.callback_type == 4 else ex.followups[-1].json)
    assert "Every deal matches the seed." in text and "NOT" not in text, text

    ex = await fake.click(d.public(), f"rp:o:{gid}:0", user=alice.user)
    assert ex.callback_type == 4 and ex.ephemeral, ex.text
    msg = ex.message
    assert msg is not None and "As dealt" in render_text(msg)
    total = d.table.move_no
    for step in range(1, total + 1):
        ex = await fake.click(msg, f"rp:n:{gid}:{step}", user=alice.user)
        assert ex.callback_type == 7, ex.text
        msg = fake.messages[int(msg["id"])]
        assert "Last move:" in render_text(msg) and " plays " in render_text(msg)
    assert f"Move {total} of {total}" in render_text(msg) and "Game over" in render_text(msg)
