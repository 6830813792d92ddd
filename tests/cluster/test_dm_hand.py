"""Issue 27 with several processes: a turn notice's Show my hand, pressed in a DM, reaches the
process running shard 0 (Discord sends every DM interaction there), whatever process holds the
table. Two real bots in one event loop, each on its own fake gateway and shard (0 and 1 of 2),
share one PostgreSQL schema: the table is in a server of shard 1; its notice is clicked on the
bot of shard 0, which draws the hand from the stored table and has the move played by the
holding bot (through storage, woken by NOTIFY). Needs PostgreSQL (skipped locally without one,
failing in CI), like tests/cluster/test_two_workers.py."""

from __future__ import annotations

import copy

from bot.tables.models import TableStatus
from storage.postgres import PostgresStorage
from tests.bot.conftest import FakeFactory, make_fake  # noqa: F401  (the fixture)
from tests.bot.driver import Driver, comp, one_move_card
from tests.bot.fakediscord import FakeDiscord, Person, component_ids, render_text
from tests.storage.conftest import fresh_schema

GUILD = (4001 << 22) | 77  # shard 1 of 2


def on_shard(shard: int) -> dict[str, object]:
    return {"shard_count": 2, "shard_ids": (shard,)}


async def test_a_dm_hand_of_a_table_another_process_holds_is_shown_and_played(
    make_fake: FakeFactory,  # noqa: F811
) -> None:
    async with fresh_schema() as schema:
        stores = [PostgresStorage(None, schema=schema, pool_size=2) for _ in range(2)]
        try:
            for store in stores:
                await store.open()
            await _play(make_fake, *stores)
        finally:
            for store in stores:
                await store.close()


async def _play(make: FakeFactory, store_a: PostgresStorage, store_b: PostgresStorage) -> None:
    def guild_of_shard_1(fake: FakeDiscord) -> None:
        fake.guild_ids = [GUILD]
        fake.channel_id = fake.make_channel("general", guild_id=GUILD)

    def no_guild(fake: FakeDiscord) -> None:
        fake.guild_ids = []

    b = await make(storage=store_b, settings=on_shard(1), prepare=guild_of_shard_1)
    a = await make(storage=store_a, settings=on_shard(0), prepare=no_guild)
    alice, bob, carol = (Person(n, b.make_user(n)) for n in ("Alice", "Bob", "Carol"))
    d = Driver(b, [alice, bob], seed=3)
    await d.open(alice, game="hurricane", preset="standard", pace="correspondence")
    await d.join_all([bob])
    await d.start(alice)
    if d.person(d.table.current_seat or 0) is bob:
        await d.play_move(d.table.current_seat or 0, d.choose(d.table.current_seat or 0))
    await b.bot.settle()  # type: ignore[attr-defined]
    seat = d.table.current_seat
    assert seat is not None and d.person(seat) is alice
    dm = b.dm_of(alice.id)
    [notice] = [m for m in b.messages.values() if int(m["channel_id"]) == dm]

    # the DM, as Discord shows it, is clicked on the bot of shard 0 (which holds no table)
    a.users.update(b.users)
    a.channels[dm], a.bot_dms[dm], a.dm_channels[dm] = b.channels[dm], alice.id, alice.id
    notice = a.messages[int(notice["id"])] = copy.deepcopy(notice)  # (b's copy will say done)
    assert a.bot.tables.get(d.channel_id) is None  # type: ignore[attr-defined]
    ex = await a.click(notice, f"mine:{d.channel_id}", user=alice.user)
    assert ex.callback_type == 4 and ex.ephemeral and "Your hand — Hurricane" in ex.text, ex.text
    hand = ex.message
    assert hand is not None and int(hand["channel_id"]) == dm

    # a move from there: played by the holding bot, the hand redrawn from the stored table
    state = d.table.state
    assert state is not None
    select = comp(hand, "hs:card:")
    assert select is not None, component_ids(hand)
    card = one_move_card(select, [str(m) for m in state.legal_actions(seat)])
    assert card is not None
    before = d.table.move_no
    ex = await a.click(hand, select["custom_id"], user=alice.user, values=[card])
    assert ex.callback_type in (6, 7), (ex.callback_type, ex.content)
    assert d.table.move_no > before and d.person(d.table.current_seat or 0) is bob
    answer = render_text(a.messages[int(hand["id"])])
    assert "Your move is on the table" in answer and "Your hand — Hurricane" in answer
    await b.bot.settle()  # type: ignore[attr-defined]
    assert "Done" in render_text(b.messages[int(notice["id"])])  # the holder marked it done
    assert component_ids(notice) == [f"mine:{d.channel_id}"]  # as a's copy still shows it

    # the same stale hand again: refused as the table layer refuses it, nothing changed
    moved = d.table.move_no
    ex = await a.click(hand, select["custom_id"], user=alice.user, values=[card], forge=True)
    assert d.table.move_no == moved and "out of date" in render_text(a.messages[int(hand["id"])])
    # a player not at the table is refused; so is a table that has ended
    carols = dict(copy.deepcopy(notice), id=str(int(notice["id"]) + 1))
    carols["channel_id"] = str(a.make_bot_dm(carol.user))  # the same notice in Carol's DM
    a.messages[int(carols["id"])] = carols
    ex = await a.click(carols, f"mine:{d.channel_id}", user=carol.user)
    assert ex.ephemeral and "not seated at that table" in ex.content
    await b.slash("table resign", user=bob.user, channel_id=d.channel_id)
    assert d.table.status is TableStatus.FINISHED
    ex = await a.click(notice, f"mine:{d.channel_id}", user=alice.user)
    assert ex.ephemeral and "game has ended" in ex.content
    for fake in (a, b):
        await fake.close()
