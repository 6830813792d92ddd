"""Choosing options when opening a table: every named option of RULES.md can be set with
``options:name=value …``, the lobby shows every option in force, the engine plays by them, and a bad
choice is refused privately with the valid choices — also when the answer would have been deferred."""

from __future__ import annotations

import asyncio

import pytest

from bot.tables.models import TableStatus

from .driver import Driver
from .fakediscord import FakeDiscord, Person, iter_components, render_text


async def test_haggis_options_are_chosen_shown_and_played(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, carol = users
    d = Driver(fake, [alice, bob, carol])
    await d.open(
        alice,
        game="haggis",
        players=3,
        target=350,
        options="bomb_capture=chooser, first_out_bonus=off",
    )
    lobby = render_text(d.public())
    for words in ("bomb capture: chooser", "first out bonus: off", "target: 350"):
        assert words in lobby, lobby
    await d.join_all([bob, carol])
    await d.start(alice)
    state = d.table.state
    assert state is not None
    assert state.options == {"target": 350, "first_out_bonus": "off", "bomb_capture": "chooser"}


async def test_hurricane_options_and_every_default_in_the_lobby(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice = users[0]
    d = Driver(fake, [alice])
    await d.open(
        alice, game="hurricane", options="precedence=free min_cards=on double_below=4 trail=free"
    )
    lobby = render_text(d.public())
    for words in ("precedence: free", "min cards: on", "double below: 4", "trail: free"):
        assert words in lobby, lobby
    for default in ("target: 16", "primiera: suits", "leftover: last_capturer"):
        assert default in lobby, lobby  # options left alone are shown too
    assert d.table.spec.options["double_below"] == 4


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"game": "haggis", "options": "bomb_capture=nobody"}, ["tournament", "chooser"]),
        ({"game": "haggis", "options": "colour=red"}, ["bomb_capture", "first_out_bonus"]),
        ({"game": "haggis", "options": "first_out_bonus=maybe"}, ["on | off"]),
        ({"game": "hurricane", "options": "primiera=best"}, ["suits", "sets", "none"]),
        ({"game": "hurricane", "options": "target=350", "target": 20}, ["given twice"]),
        ({"game": "hurricane", "options": "trail free"}, ["name=value"]),
        ({"game": "hurikan", "options": "target=5"}, ["Unknown option 'target'"]),
    ],
)
async def test_bad_options_are_refused_privately(
    fake: FakeDiscord, users: list[Person], values: dict[str, object], words: list[str]
) -> None:
    ex = await fake.slash("table new", user=users[0].user, **values)
    assert ex.callback_type == 4 and ex.ephemeral, ex.content
    for word in words:
        assert word in ex.content, ex.content
    assert fake.bot.tables.get(fake.channel_id) is None  # type: ignore[union-attr]


async def test_refusals_stay_private_even_when_the_answer_would_be_deferred(
    fake: FakeDiscord, users: list[Person], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no time at all to answer, a table change is deferred publicly ("thinking…"); a refusal
    must still come as an ephemeral answer, so it is checked before anything is deferred."""
    alice, bob, _ = users
    monkeypatch.setattr(fake.bot.get_cog("Tables"), "ack_budget", 0)  # type: ignore[union-attr]
    d = Driver(fake, [alice, bob])
    ex = await fake.slash("table new", user=alice.user, game="hurricane")
    assert ex.callback_type == 5 and not ex.ephemeral  # the lobby itself is public
    refusals = [
        await fake.slash("table new", user=bob.user, game="haggis"),  # a table is already here
        await fake.slash(
            "table new",
            user=bob.user,
            game="haggis",
            channel_id=fake.make_channel("x"),
            options="target=1",
        ),
        await fake.slash("table start", user=bob.user),  # not the host
        await fake.slash("table start", user=alice.user),  # a seat is empty
        await fake.click(d.public(), f"lobby:start:{fake.channel_id}", user=alice.user),
    ]
    for ex in refusals:
        assert ex.callback_type == 4 and ex.ephemeral, (ex.callback_type, ex.content)
        assert not [r for r in ex.followups if r.method == "POST"], ex.content
    assert "already a table" in refusals[0].content
    assert "250 | 350" in refusals[1].content
    assert "Only the host" in refusals[2].content
    assert "still empty" in refusals[3].content and "still empty" in refusals[4].content
    assert d.table.status is TableStatus.LOBBY and d.table.spec.game == "hurricane"


async def test_steps_of_one_command_share_one_ack_budget(
    fake: FakeDiscord, users: list[Person], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``/table new computer:…`` opens, seats computers and starts: each step alone is quick, but
    together they pass the budget, so the command is deferred rather than answered late."""
    manager = fake.bot.tables  # type: ignore[union-attr]
    for name in ("open_table", "add_computer", "start"):
        real = getattr(manager, name)

        async def slow(*args: object, _real: object = real, **kwargs: object) -> object:
            await asyncio.sleep(0.03)
            return await _real(*args, **kwargs)  # type: ignore[operator]

        monkeypatch.setattr(manager, name, slow)
    monkeypatch.setattr(fake.bot.get_cog("Tables"), "ack_budget", 0.05)  # type: ignore[union-attr]
    ex = await fake.slash(
        "table new", user=users[0].user, game="haggis", players=3, computer="easy"
    )
    assert ex.callback_type == 5 and not ex.ephemeral
    table = manager.get(fake.channel_id)
    assert table.status is TableStatus.PLAYING
    posted = [r for r in ex.followups if r.method == "POST"]
    assert posted and table.message_id == int(posted[0].response["id"])


async def test_a_failure_after_a_public_deferral_is_still_told_privately(
    fake: FakeDiscord, users: list[Person], monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the write itself fails after the answer was deferred publicly, the "thinking…" message is
    closed with a neutral line and the reason goes to the user alone."""
    from bot.discord.errors import NOT_DONE
    from bot.tables.errors import TableError
    from bot.tables.persistence import SAVE_FAILED

    manager = fake.bot.tables  # type: ignore[union-attr]

    async def failing(*args: object, **kwargs: object) -> object:
        await asyncio.sleep(0.05)
        raise TableError(SAVE_FAILED)

    monkeypatch.setattr(manager, "open_table", failing)
    monkeypatch.setattr(fake.bot.get_cog("Tables"), "ack_budget", 0.01)  # type: ignore[union-attr]
    ex = await fake.slash("table new", user=users[0].user, game="hurricane")
    assert ex.callback_type == 5 and not ex.ephemeral
    edits = [r for r in ex.followups if r.method == "PATCH"]
    assert edits and edits[0].json["content"] == NOT_DONE
    private = [r for r in ex.followups if r.method == "POST"]
    assert len(private) == 1 and private[0].json["flags"] & 64
    assert private[0].json["content"] == SAVE_FAILED
    assert not any(SAVE_FAILED in render_text(m) for m in fake.public_messages())
    assert manager.get(fake.channel_id) is None


async def test_haggis_chooser_bomber_gives_the_trick_by_button(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """``bomb_capture=chooser`` (3 players): after a bomb wins a trick the bomber's hand offers one Give
    button per opponent, and clicking one hands the trick over."""
    d = Driver(fake, users, seed=21)
    await d.open(users[0], game="haggis", players=3, options="bomb_capture=chooser")
    await d.join_all(users[1:])
    await d.start(users[0])
    for _ in range(600):
        state = d.table.state
        assert state is not None and d.table.status is TableStatus.PLAYING
        seat = state.current_player
        assert seat is not None
        legal = [str(a) for a in state.legal_actions(seat)]
        gives = [t for t in legal if t.startswith("give ")]
        if gives:
            hand = await d.fresh_hand(d.person(seat))
            labels = [c.get("label") for c in iter_components(hand["components"])]
            names = [s.name for i, s in enumerate(d.table.seats) if s is not None and i != seat]
            assert all(any(n in str(lb) for lb in labels) for n in names), labels
            await d.play_move(seat, gives[-1])
            assert d.table.history[-1][1] == gives[-1]
            d.scanner.scan()
            return
        await d.play_move(seat, d.choose(seat))
    raise AssertionError("no bomb won a trick in 600 moves")
