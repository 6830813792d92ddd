"""Simulated players who play whole games purely through interactions (clicks on what the bot sent).

The driver peeks at the engine only to decide *which* legal move a player wants (a seeded random choice,
as a person would pick); every move itself is made through the hand message's components."""

from __future__ import annotations

import random
from typing import Any

from bot.discord.ui import hand_custom_id
from bot.render.cards import sort_cards
from bot.render.moves import played_cards
from bot.tables.models import Table, TableStatus

from .fakediscord import Exchange, FakeDiscord, Person, component_ids, iter_components
from .secrecy import SecrecyScanner

#: Hurricane poker's moves made from a select (its payload kind), not a button.
POKER_MENUS = {"bet": "pamt", "raise": "pamt", "draw": "pdraw"}


def comp(msg: dict[str, Any], prefix: str) -> dict[str, Any] | None:
    """The first component whose custom_id starts with ``prefix`` (e.g. ``"hs:card:"``)."""
    return next(
        (
            c
            for c in iter_components(msg.get("components") or [])
            if str(c.get("custom_id", "")).startswith(prefix)
        ),
        None,
    )


async def start_table(
    fake: FakeDiscord, people: list[Person], /, *, seed: int = 1, **options: Any
) -> Driver:
    """A table opened by the first player (``/table new`` with ``options``), joined by the others
    through the lobby buttons and started: the usual first steps of a test."""
    d = Driver(fake, people, seed=seed)
    await d.open(people[0], **options)
    await d.join_all(people[1:])
    await d.start(people[0])
    return d


async def hurricane_duel(fake: FakeDiscord, users: list[Person], **options: Any) -> Driver:
    """The first two users at a started table (Hurricane unless ``game`` says otherwise, seed 2)."""
    return await start_table(fake, users[:2], seed=2, **({"game": "hurricane"} | options))


def one_move_card(select: dict[str, Any], legal: list[str]) -> str | None:
    """A card of the hand's card select that has exactly one legal move (one click plays it)."""
    return next(
        (
            o["value"]
            for o in select["options"]
            if sum(1 for t in legal if t.split(":")[0] == o["value"]) == 1
        ),
        None,
    )


class Driver:
    def __init__(
        self, fake: FakeDiscord, players: list[Person], channel_id: int | None = None, seed: int = 1
    ) -> None:
        self.fake = fake
        self.players = players
        self.channel_id = fake.channel_id if channel_id is None else channel_id
        self.rng = random.Random(seed)
        self.hands: dict[int, dict[str, Any]] = {}  # user id -> their hand message (as stored)
        self.exchanges: list[Exchange] = []
        self.scanner = SecrecyScanner(fake, self.channel_id)

    @property
    def table(self) -> Table:
        table = self.fake.bot.tables.get(self.channel_id)  # type: ignore[union-attr]
        assert table is not None
        return table

    def public(self) -> dict[str, Any]:
        msg = self.fake.messages.get(self.table.message_id or 0)
        assert msg is not None, "the table has no public message"
        return msg

    async def open(self, host: Person, **options: Any) -> Exchange:
        ex = await self.fake.slash(
            "table new", user=host.user, channel_id=self.channel_id, **options
        )
        assert ex.callback_type == 4 and not ex.ephemeral, ex.content
        return ex

    async def join_all(self, others: list[Person]) -> None:
        for person in others:
            msg = self.public()
            ids = component_ids(msg)
            join = next(
                (c for c in ids if c.startswith("lobby:join:") or c.startswith("lobby:sit:")), None
            )
            assert join is not None, ids
            ex = await self.fake.click(msg, join, user=person.user)
            assert ex.callback_type == 6, ex.content

    async def start(self, host: Person) -> None:
        msg = self.public()
        ex = await self.fake.click(msg, f"lobby:start:{self.channel_id}", user=host.user)
        assert ex.callback_type == 6, ex.content
        assert self.table.status is TableStatus.PLAYING

    def person(self, seat: int) -> Person:
        s = self.table.seats[seat]
        assert s is not None
        return next(p for p in self.players if p.id == s.user_id)

    async def show_hand(self, person: Person) -> dict[str, Any]:
        ex = await self.fake.click(self.public(), f"show:{self.channel_id}", user=person.user)
        if ex.callback_type == 7:  # (where the bot is absent) the click redrew a stale table
            posted = [r for r in ex.followups if r.method == "POST"]  # and the hand followed
            assert len(posted) == 1 and posted[0].json["flags"] & 64, ex.content
            msg = self.fake.messages.get(int(posted[0].response["id"]))
        else:
            assert ex.callback_type == 4 and ex.ephemeral, ex.content
            msg = ex.message
        assert msg is not None
        self.hands[person.id] = msg
        return msg

    async def fresh_hand(self, person: Person) -> dict[str, Any]:
        msg = self.hands.get(person.id)
        if msg is None or int(msg["id"]) not in self.fake.messages:
            return await self.show_hand(person)
        refresh = comp(msg, "h:refresh:")
        assert refresh is not None
        current = hand_custom_id("h", "refresh", self.table, None)
        if refresh["custom_id"].split(":")[:4] == current.split(":")[:4]:
            # drawn at this move of this game (the bot's live update of the hand landed, or the
            # hand answered the player's own last click): what a person would click on
            return msg
        ex = await self.fake.click(msg, refresh["custom_id"], user=person.user)
        assert ex.callback_type == 7
        return self.fake.messages[int(msg["id"])]

    async def click(
        self, person: Person, msg: dict[str, Any], custom_id: str, values: list[str] | None = None
    ) -> dict[str, Any]:
        ex = await self.fake.click(msg, custom_id, user=person.user, values=values)
        self.exchanges.append(ex)
        # 7: the hand answered in place; 6: deferred because the move took long (a loaded machine),
        # then edited through the token - either way the message now shows the answer
        assert ex.callback_type in (6, 7), (ex.callback_type, ex.content, ex.text)
        return self.fake.messages[int(msg["id"])]

    def choose(self, seat: int) -> str:
        state = self.table.state
        assert state is not None
        legal = [str(a) for a in state.legal_actions(seat)]
        assert legal
        plays = [t for t in legal if not t.startswith("bet ")]
        if plays and self.rng.random() < 0.9:
            return self.rng.choice(plays)
        return self.rng.choice(legal)

    async def play_move(self, seat: int, action: str) -> None:
        """Make ``action`` for ``seat`` by clicking through the hand message."""
        person = self.person(seat)
        game = self.table.spec.game
        before = self.table.move_no
        msg = await self.fresh_hand(person)
        cards = played_cards(game, action)
        menu = POKER_MENUS.get(action.split(" ")[0]) if game == "hurricane_poker" else None
        if menu is not None:  # poker's bet / raise amount, the card to discard: a select
            sel = comp(msg, f"hs:{menu}:")
            assert sel is not None, (action, component_ids(msg))
            assert action in [o["value"] for o in sel["options"]], (action, sel["options"])
            await self.click(person, msg, sel["custom_id"], [action])
        elif cards is None:  # pass, bet, give, flip: a button carrying the action
            button = next(
                (
                    c
                    for c in iter_components(msg["components"])
                    if c.get("custom_id", "").startswith("h:act:")
                    and c["custom_id"].split(":", 4)[4] == action
                ),
                None,
            )
            assert button is not None, (action, component_ids(msg))
            await self.click(person, msg, button["custom_id"])
        elif game == "hurricane":
            card = action.split(":")[0]
            sel = comp(msg, "hs:card:")
            assert sel is not None, component_ids(msg)
            msg = await self.click(person, msg, sel["custom_id"], [card])
            if self.table.move_no == before:
                cap = comp(msg, "hs:cap:")
                assert cap is not None, (action, component_ids(msg))
                await self.click(person, msg, cap["custom_id"], [action])
        elif game == "hurikan":
            laid = action.split(":")[0].split("+")
            sel = comp(msg, "hs:klay:")
            assert sel is not None, component_ids(msg)
            msg = await self.click(person, msg, sel["custom_id"], laid)
            if ":" in action:
                take = comp(msg, "hs:ktake:")
                assert take is not None, component_ids(msg)
                await self.click(person, msg, take["custom_id"], [action.split(":")[1]])
            else:
                lay = comp(msg, "h:klaydo:")
                assert lay is not None
                await self.click(person, msg, lay["custom_id"])
        else:
            hand = sort_cards(self.table.state.view(seat)["hand"])  # type: ignore[union-attr]
            for part in range(2):
                sel = comp(msg, f"{hand_custom_id('hs', 'gsel', self.table, str(part))}.")
                if sel is None:
                    break
                in_part = [c for c in hand[part * 25 : part * 25 + 25] if c in cards]
                msg = await self.click(person, msg, sel["custom_id"], in_part)
            play = comp(msg, "h:gplay:")
            assert play is not None
            msg = await self.click(person, msg, play["custom_id"])
            if self.table.move_no == before:
                read = comp(msg, "hs:gread:")
                assert read is not None, (action, msg["embeds"])
                await self.click(person, msg, read["custom_id"], [action])
        assert self.table.move_no > before, f"{action} was not applied for seat {seat}"

    def deal_no(self) -> int:
        """The deal (Hurricane, Hurikan) or round (Haggis) in play, counted from 1."""
        state = self.table.state
        assert state is not None
        view = state.view(None)
        number = view.get("deal") or view.get("round")
        assert isinstance(number, int), sorted(view)
        return number

    async def play_until_deal(self, deal: int, max_moves: int = 5000) -> int:
        """Play random legal moves (as ``play_to_end``) until deal or round ``deal`` has begun:
        a game stopped there (resigned, abandoned) has ``deal - 1`` finished deals behind it."""
        moves = 0
        while self.deal_no() < deal:
            assert self.table.status is TableStatus.PLAYING, "the game ended first"
            moves += await self.play_moves(1)
            assert moves < max_moves, "the deal does not come"
        await self.fake.bot.settle()  # type: ignore[union-attr]
        self.scanner.scan()
        return moves

    async def play_moves(self, count: int) -> int:
        """Up to ``count`` human moves (waiting for the computers' own moves between them) while the
        game goes on."""
        moves = 0
        while self.table.status is TableStatus.PLAYING and moves < count:
            state = self.table.state
            assert state is not None
            seat = state.current_player
            assert seat is not None
            occupant = self.table.seats[seat]
            assert occupant is not None
            if occupant.computer is not None:
                moved = self.table.move_no
                await self.fake.wait_for(
                    lambda m=moved: (  # type: ignore[misc]
                        self.table.move_no != m or self.table.status is not TableStatus.PLAYING
                    )
                )  # type: ignore[attr-defined]
                continue
            await self.play_move(seat, self.choose(seat))
            self.scanner.scan()
            moves += 1
        return moves

    async def wait_for_a_human_turn(self) -> None:
        """Until the computers have made their moves (or the game is over): what a test does next then
        never races a computer's move."""

        def humans_turn() -> bool:
            if self.table.status is not TableStatus.PLAYING or self.table.state is None:
                return True
            seat = self.table.state.current_player
            occupant = None if seat is None else self.table.seats[seat]
            return occupant is not None and occupant.computer is None

        await self.fake.wait_for(humans_turn)  # type: ignore[attr-defined]

    async def play_to_end(self, max_moves: int = 5000) -> int:
        """Play random legal moves (humans only; computers move by themselves) until the game ends."""
        moves = await self.play_moves(max_moves)
        assert self.table.status is TableStatus.FINISHED, f"game not over after {moves} moves"
        await self.fake.bot.settle()  # type: ignore[union-attr]
        self.scanner.scan()
        return moves
