"""Issue 11: a seeded fuzz of the whole bot through the real discord.py harness.

``FUZZ_INTERACTIONS`` (default 10,000; CI budget under 60 s) random interactions across 20 tables:
wrong users, non-members, stale and forged custom ids, double and concurrent clicks, garbage
``/play``, host-only and moderator commands by others, clicks after the end. ``FUZZ_SEED`` picks
the run. At the end: no unhandled exception (the harness fails on any ERROR log or broken Discord
rule), every interaction answered exactly once, every table's engine state valid
(``load_game(to_dict())`` round-trips, every card once) and no table changed by someone who was
not allowed to change it."""

from __future__ import annotations

import asyncio
import os
import random
import string
from typing import Any

import bot.games as games
from bot.tables.models import Table, TableStatus

from .conftest import FakeFactory
from .fakediscord import MANAGE_CHANNELS, FakeDiscord, Person, iter_components

INTERACTIONS = int(os.environ.get("FUZZ_INTERACTIONS", "10000"))
SEED = int(os.environ.get("FUZZ_SEED", "11"))
TABLES = 20
GAMES = [
    {"game": "hurricane"},
    {"game": "hurricane", "preset": "open"},
    {"game": "hurricane", "preset": "pairs"},
    {"game": "hurikan"},
    {"game": "haggis"},
    {"game": "haggis", "players": 3},
]
TABLE_COMMANDS = [
    "join", "leave", "start", "cancel", "status", "resign", "abandon", "pause", "resume", "close",
]  # fmt: skip
GARBAGE = ["", "²", "7H:3C+4D", "pass", "bet 15", "flip 0", "x" * 60, "💥", "bet ²", "AS AS"]


def fingerprint(table: Table | None) -> Any:
    if table is None:
        return None
    seats = tuple(None if s is None else (s.user_id, s.computer) for s in table.seats)
    return (
        id(table),
        table.status,
        table.move_no,
        seats,
        table.paused,
        frozenset(table.abandon_votes),
    )


def check_state(table: Table) -> None:
    state = table.state
    if state is None:
        return
    data = state.to_dict()
    again = games.load_game(data)
    if again.to_dict() != data:
        raise AssertionError(f"table {table.channel_id}: load_game(to_dict()) differs")
    if table.spec.game in ("hurricane", "hurikan"):
        cards = [*data["table"], *data["stock"]]
        for zone in ("hands", "piles"):
            for part in data[zone]:
                if isinstance(part, dict):  # open hands: {"open": [...], "down": [...]}
                    cards += [c for cards_of in part.values() for c in cards_of]
                else:
                    cards += part
        if len(cards) != len(set(cards)) or len(cards) != 40:
            raise AssertionError(f"table {table.channel_id}: cards not each once: {sorted(cards)}")
    else:
        numbers = [c for h in data["hands"] for c in h if c[:-1].isdigit()] + [
            c for c in data["haggis"] if c[:-1].isdigit()
        ]
        if len(numbers) != len(set(numbers)):
            raise AssertionError(f"table {table.channel_id}: a number card twice")


class Fuzzer:
    def __init__(self, fake: FakeDiscord, rng: random.Random) -> None:
        self.fake = fake
        self.rng = rng
        self.people = [Person(n, fake.make_user(n)) for n in ("Ann", "Ben", "Cid", "Dee", "Eve")]
        self.stranger = Person("Zed", fake.make_user("Zed"))  # never sits anywhere
        self.moderator = Person("Mod", fake.make_user("Mod"))
        fake.member_permissions[self.moderator.id] = MANAGE_CHANNELS
        self.everyone = [*self.people, self.stranger, self.moderator]
        self.channels = [fake.make_channel(f"t{i}") for i in range(TABLES)]
        self.hands: dict[tuple[int, int], list[dict[str, Any]]] = {}  # (user, channel) -> hands
        self.count = 0
        self.actors: list[Person] = []
        self.kinds: dict[str, int] = {}

    @property
    def bot(self) -> Any:
        return self.fake.bot

    def table(self, channel: int) -> Table | None:
        return self.bot.tables.get(channel)  # type: ignore[no-any-return]

    async def step(self) -> None:
        channel = self.rng.choice(self.channels)
        user = self.rng.choice(self.everyone)
        table = self.table(channel)
        before = {c: fingerprint(self.table(c)) for c in self.channels}
        kind = self.rng.choices(
            ["new", "command", "table_click", "hand_click", "show", "play", "forged", "double"],
            weights=[4, 10, 18, 35, 8, 10, 6, 6],
        )[0]
        if table is None or not table.is_live:
            kind = self.rng.choice(["new", "new", "table_click", "hand_click", "forged", "command"])
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        self.actors = [user]
        await getattr(self, f"do_{kind}")(channel, user, table)
        for actor in self.actors:  # judged as whoever acted (a hand's owner, two clickers…)
            try:
                self.judge(before, actor, kind)
                break
            except AssertionError:
                if actor is self.actors[-1]:
                    raise

    def judge(self, before: dict[int, Any], user: Person, kind: str) -> None:
        """A table changed only by someone allowed to change it."""
        for channel, old in before.items():
            table = self.table(channel)
            new = fingerprint(table)
            if new == old or table is None:
                continue
            if old is None or old[0] != new[0]:  # a new table: opened by its host
                # with /table new, or by a player of the finished game pressing Rematch
                was_player = old is not None and user.id in {s[0] for s in old[3] if s is not None}
                rematch = kind == "table_click" and was_player
                if table.host_id != user.id or not (kind == "new" or rematch):
                    raise AssertionError(f"table {channel} opened by {user.name} ({kind})")
                continue
            seated_before = user.id in {s[0] for s in old[3] if s is not None}
            seated_after = table.is_seated(user.id)
            allowed = (
                seated_before or seated_after or table.host_id == user.id or user is self.moderator
            )
            if not allowed:
                raise AssertionError(
                    f"{user.name} changed table {channel} by {kind}: {old} -> {new}"
                )

    # --- interactions --------------------------------------------------------------------------
    async def send(self, coro: Any) -> Any:
        self.count += 1
        return await coro

    async def do_new(self, channel: int, user: Person, table: Table | None) -> None:
        options = dict(self.rng.choice(GAMES))
        if self.rng.random() < 0.3:
            options["computer"] = self.rng.choice(["easy", "normal"])
        if self.rng.random() < 0.2:
            options["options"] = self.rng.choice(["target=10000000000", "bomb_capture=x", "a=b"])
        options["turn_timer"] = 0
        await self.send(self.fake.slash("table new", user=user.user, channel_id=channel, **options))

    async def do_command(self, channel: int, user: Person, table: Table | None) -> None:
        name = self.rng.choice([*TABLE_COMMANDS, "kick", "computer", "hand"])
        values: dict[str, Any] = {}
        if name == "kick":
            values["seat"] = self.rng.randint(1, 4)
        elif name == "computer":
            values["level"] = self.rng.choice(["easy", "normal", "hard"])
        elif name == "join" and self.rng.random() < 0.3:
            values["seat"] = self.rng.randint(1, 4)
        command = "hand" if name == "hand" else f"table {name}"
        ex = await self.send(self.fake.slash(command, user=user.user, channel_id=channel, **values))
        if name == "hand" and ex.message is not None:
            self.hands.setdefault((user.id, channel), []).append(ex.message)

    def _table_message(self, channel: int, table: Table | None) -> dict[str, Any] | None:
        if table is not None and table.message_id in self.fake.messages:
            return self.fake.messages[table.message_id]
        old = [m for m in self.fake.public_messages(channel) if m.get("components")]
        return self.rng.choice(old) if old else None

    async def _click(self, msg: dict[str, Any], user: Person) -> Any:
        comps = [c for c in iter_components(msg.get("components") or []) if "custom_id" in c]
        comps = [c for c in comps if not c.get("disabled")]
        if not comps:
            return None
        comp = self.rng.choice(comps)
        values = None
        if comp["type"] == 3:
            options = [o["value"] for o in comp.get("options") or []]
            lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
            k = self.rng.randint(lo, min(hi, len(options))) if options else 0
            values = self.rng.sample(options, k)
        return await self.send(
            self.fake.click(msg, comp["custom_id"], user=user.user, values=values)
        )

    async def do_table_click(self, channel: int, user: Person, table: Table | None) -> None:
        msg = self._table_message(channel, table)
        if msg is not None:
            ex = await self._click(msg, user)
            if ex is not None and ex.message is not None and ex.ephemeral:
                self.hands.setdefault((user.id, channel), []).append(ex.message)

    async def do_show(self, channel: int, user: Person, table: Table | None) -> None:
        if table is not None and table.status is TableStatus.PLAYING and self.rng.random() < 0.8:
            seated = [s.user_id for s in table.seats if s is not None and s.computer is None]
            user = next((p for p in self.everyone if p.id in seated), user)
            self.actors = [user]
        await self.do_table_click(channel, user, table)

    async def do_hand_click(self, channel: int, user: Person, table: Table | None) -> None:
        owners = [k for k in self.hands if k[1] == channel]
        if not owners:
            return await self.do_show(channel, user, table)
        owner = self.rng.choice(owners)
        person = next(p for p in self.everyone if p.id == owner[0])
        self.actors = [person]
        stored = [m for m in self.hands[owner] if int(m["id"]) in self.fake.messages]
        if not stored:
            return None
        msg = self.fake.messages[int(stored[-1 if self.rng.random() < 0.8 else 0]["id"])]
        await self._click(msg, person)
        return None

    async def do_play(self, channel: int, user: Person, table: Table | None) -> None:
        move = self.rng.choice(GARBAGE)
        if table is not None and table.state is not None and self.rng.random() < 0.6:
            seat = table.current_seat
            if seat is not None and table.seats[seat] is not None:
                occupant = table.seats[seat]
                assert occupant is not None
                legal = [str(a) for a in table.state.legal_actions(seat)]
                if legal and occupant.computer is None:
                    move = self.rng.choice(legal)
                    user = next((p for p in self.everyone if p.id == occupant.user_id), user)
                    self.actors = [user]
        move = move[:100] or "x"
        await self.send(self.fake.slash("play", user=user.user, channel_id=channel, move=move))

    async def do_forged(self, channel: int, user: Person, table: Table | None) -> None:
        mv = table.move_no if table is not None else 0
        other = self.rng.choice(self.channels)
        junk = "".join(self.rng.choice(string.printable) for _ in range(self.rng.randint(0, 12)))
        forged = self.rng.choice([
            f"h:act:{channel}:{mv}:pass", f"h:act:{other}:{mv + 1}:pass", f"h:refresh:{channel}:{mv}",
            f"hs:gsel:{channel}:{mv}.abcdef:².0", f"hs:card:{channel}:{mv}:{junk}",
            f"lobby:start:{other}", f"lobby:sit:{channel}:3", f"lobbyai:{channel}", f"show:{other}",
            "lb:hurricane:rating:0", "lb:haggis:wins:me:all", junk or "x", f"h:{junk}",
        ])[:100]  # fmt: skip
        targets = [m for k, ms in self.hands.items() if k[0] == user.id for m in ms]
        msg = self._table_message(channel, table)
        if targets and (msg is None or self.rng.random() < 0.5):
            msg = self.fake.messages.get(int(self.rng.choice(targets)["id"]))
        if msg is None:
            return
        values = ["x", "7H"] if forged.startswith(("hs:", "lobbyai")) else None
        await self.send(self.fake.click(msg, forged, user=user.user, values=values, forge=True))

    async def do_double(self, channel: int, user: Person, table: Table | None) -> None:
        """The same click twice at once (a double click), or two users at once."""
        owners = [k for k in self.hands if k[1] == channel]
        if owners and self.rng.random() < 0.7:
            owner = self.rng.choice(owners)
            person = next(p for p in self.everyone if p.id == owner[0])
            self.actors = [person]
            stored = [m for m in self.hands[owner] if int(m["id"]) in self.fake.messages]
            if not stored:
                return
            msg = self.fake.messages[int(stored[-1]["id"])]
            comps = [
                c for c in iter_components(msg.get("components") or [])
                if c.get("type") == 2 and not c.get("disabled")
            ]  # fmt: skip
            if not comps:
                return
            cid = self.rng.choice(comps)["custom_id"]
            await asyncio.gather(
                self.send(self.fake.click(msg, cid, user=person.user)),
                self.send(self.fake.click(msg, cid, user=person.user)),
            )
        else:
            msg = self._table_message(channel, table)
            if msg is None:
                return
            a, b = self.rng.sample(self.everyone, 2)
            self.actors = [a, b]
            await asyncio.gather(self._click(msg, a), self._click(msg, b))


async def test_fuzz(make_fake: FakeFactory) -> None:
    fake = await make_fake(computer_delay=3600.0)  # computers wait: every change is someone's
    rng = random.Random(SEED)
    fuzz = Fuzzer(fake, rng)
    while fuzz.count < INTERACTIONS:
        await fuzz.step()
    await fake.bot.settle()  # type: ignore[attr-defined]
    # every interaction answered exactly once (a second answer is a recorded violation)
    unanswered = [r.id for r in fake.interactions.values() if not r.acked]
    assert not unanswered, f"{len(unanswered)} interactions never answered"
    assert not fake.violations, fake.violations[:5]
    tables = [t for c in fuzz.channels if (t := fuzz.table(c)) is not None]
    for table in tables:
        check_state(table)
    played = sum(1 for t in tables if t.state is not None)
    assert played >= 5, fuzz.kinds  # the fuzz reached games in play, not only refusals
    assert sum(t.move_no for t in tables) > 0
