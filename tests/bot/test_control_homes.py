"""A control acts only on its own message (issue 23): every kind of control the bot draws is sent,
as a forged component, to every other kind of message the bot sends. Each is refused privately and
politely, in the reader's language, and the message it was placed on stays as it was."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from bot.discord.ui import WrongMessage
from bot.i18n import translate

from .driver import Driver, comp
from .fakediscord import FakeDiscord, Person, component_ids, render_text

REFUSAL = WrongMessage().args[0]


@dataclass
class Home:
    """A message of one kind, the user who may see it, and the controls the bot put on it."""

    kind: str
    message: dict[str, Any]
    person: Person


@dataclass
class Control:
    kind: str  # the kind of message it belongs on
    custom_id: str
    values: list[str] | None = None


def _first(msg: dict[str, Any], *prefixes: str) -> dict[str, Any]:
    for prefix in prefixes:
        found = comp(msg, prefix)
        if found is not None:
            return found
    raise AssertionError(f"no {prefixes} on {component_ids(msg)}")


def _control(kind: str, found: dict[str, Any]) -> Control:
    values = None
    if found.get("type") == 3:
        values = [found["options"][0]["value"]]
    return Control(kind, found["custom_id"], values)


async def _homes(fake: FakeDiscord, alice: Person, bob: Person) -> list[Home]:
    """Every kind of message: a lobby, a live table, a finished one, a hand, a leaderboard page,
    a replay frame, /history, a turn notice (DM), /games, and answers no control belongs on
    (/stats, /rules, /verify)."""
    over = Driver(fake, [alice], seed=11)
    await over.open(alice, game="hurikan", computer="easy")
    await over.play_to_end()
    gid = over.table.game_id
    final = over.public()

    live = Driver(fake, [alice], channel_id=fake.make_channel("live"), seed=3)
    await fake.slash("settings notifications", user=alice.user, notify="all")
    await live.open(alice, game="hurricane", computer="easy", turn_timer=0)
    hand = await live.show_hand(alice)
    # Alice's turn waits two minutes: a turn notice by DM; and /games
    await fake.wait_for(lambda: live.table.current_seat == live.table.seat_of(alice.id))
    fake.advance(121)
    await fake.bot.notices.sweep()  # type: ignore[union-attr]
    notice = fake.messages[
        max(m for m, v in fake.messages.items() if v["channel_id"] == str(fake.dm_of(alice.id)))
    ]
    games = (await fake.slash("games", user=alice.user)).message
    assert games is not None

    lobby = Driver(fake, [bob], channel_id=fake.make_channel("lobby"))
    await lobby.open(bob, game="haggis")

    replay = (await fake.slash("replay", user=alice.user, game=gid)).message
    history = (await fake.slash("history", user=alice.user)).message
    board = (await fake.slash("leaderboard", user=alice.user, game="hurikan")).message
    stats = (await fake.slash("stats", user=alice.user)).message
    rules = (await fake.slash("rules", user=alice.user, game="haggis")).message
    verify = (await fake.slash("verify", user=alice.user, game=gid)).message
    for msg in (replay, history, board, stats, rules, verify):
        assert msg is not None
    return [
        Home("lobby", lobby.public(), bob),
        Home("live table", live.public(), alice),
        Home("finished table", final, alice),
        Home("hand", hand, alice),
        Home("leaderboard", board, alice),  # type: ignore[arg-type]
        Home("replay", replay, alice),  # type: ignore[arg-type]
        Home("history", history, alice),  # type: ignore[arg-type]
        Home("stats", stats, alice),  # type: ignore[arg-type]
        Home("rules", rules, alice),  # type: ignore[arg-type]
        Home("verify", verify, alice),  # type: ignore[arg-type]
        Home("notice", notice, alice),
        Home("games", games, alice),
    ]


def _controls(homes: list[Home]) -> list[Control]:
    """Every kind of control, each taken from the message the bot drew it on."""
    by = {h.kind: h.message for h in homes}
    out = [
        _control("lobby", _first(by["lobby"], "lobby:join:")),
        _control("lobby", _first(by["lobby"], "lobby:start:")),
        _control("lobby", _first(by["lobby"], "lobbyai:")),
        _control("live table", _first(by["live table"], "show:")),
        _control("finished table", _first(by["finished table"], "rematch:")),
        _control("finished table", _first(by["finished table"], "rp:o:")),
        _control("hand", _first(by["hand"], "h:refresh:")),
        _control("hand", _first(by["hand"], "hs:")),
        _control("replay", _first(by["replay"], "rp:n:")),
        _control("replay", _first(by["replay"], "rp:d:")),
        _control("history", _first(by["history"], "rpsel")),
        _control("notice", _first(by["notice"], "mine:")),
        _control("games", _first(by["games"], "mine:")),
    ]
    board = comp(by["leaderboard"], "lb:")
    out.append(
        _control("leaderboard", board)
        if board is not None
        else Control("leaderboard", "lb:hurikan:rating:0")
    )
    return out


# a control may sit on these kinds of message besides its own (the same message in another state)
SHARED = {
    ("lobby", "live table"),
    ("lobby", "finished table"),
    ("live table", "finished table"),
    ("notice", "games"),  # the other table's Show my hand
}


def _may_act(control: str, home: str) -> bool:
    return control == home or (control, home) in SHARED or (home, control) in SHARED


async def test_every_control_is_refused_on_every_other_kind_of_message(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    homes = await _homes(fake, alice, bob)
    controls = _controls(homes)
    tried = 0
    for home in homes:
        for control in controls:
            if _may_act(control.kind, home.kind):
                continue
            mid = int(home.message["id"])
            before = copy.deepcopy(fake.messages[mid])
            moves = {t.channel_id: t.move_no for t in fake.bot.tables.tables()}  # type: ignore[union-attr]
            ex = await fake.click(
                fake.messages[mid],
                control.custom_id,
                user=home.person.user,
                values=control.values,
                forge=True,
            )
            where = f"{control.custom_id} on the {home.kind} message"
            assert ex.callback_type == 4 and ex.ephemeral, where
            assert REFUSAL in ex.content, (where, ex.content)
            assert fake.messages[mid] == before, f"{where} changed it: {render_text(before)!r}"
            assert moves == {t.channel_id: t.move_no for t in fake.bot.tables.tables()}  # type: ignore[union-attr]
            tried += 1
    assert tried >= 90  # 12 controls on 10 kinds of message, less each one's own homes


async def test_the_refusal_speaks_russian(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    fake.user_locales[alice.id] = "ru"
    homes = await _homes(fake, alice, bob)
    by = {h.kind: h.message for h in homes}
    step = _first(by["replay"], "rp:n:")["custom_id"]
    table = by["live table"]
    before = render_text(table)
    ex = await fake.click(table, step, user=alice.user, forge=True)
    assert ex.ephemeral and translate(REFUSAL, "ru") in ex.content, ex.content
    assert translate(REFUSAL, "ru") != REFUSAL
    assert render_text(fake.messages[int(table["id"])]) == before
