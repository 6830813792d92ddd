"""Bot benchmark through the test harness (``python bench/bot.py [--tables 1,100,1000] [--samples 300]``;
``--quick``: a few samples at 51 tables in two servers without storage and the memory figure on
SQLite, the check the test suite runs).

Runs the real bot (``create_bot``) against the in-process fake Discord, opens N Hurricane tables in N channels
(two simulated players each; 50 to a server, the default ``MAX_TABLES_PER_SERVER``), then measures the CPU
time of the process (``time.process_time``), from feeding INTERACTION_CREATE to the interaction callback
reaching the fake:

* a card play (a click on the hand's card select that plays at once: table lock, engine apply, snapshot
  to storage, the hand re-drawn as the response), and
* a bare ``/ping`` on the same stack, and
* a hand "redraw" (the Refresh button: the same hand message and component dispatch as a card play,
  without the move), which shows how much of a card play is the hand message itself,

* the floor: the same click on the same hand message answered by a do-nothing component of the bench's own
  (``floor``: ``edit_message(content=…)``; ``floor+hand``: the hand's own embed and view, built beforehand),
  which is what discord.py and the fake cost for a component edit with none of our code (``floor/ping``
  is floor+hand over the ping: no card play on this stack can come in under it),

with 1, 100 and 1,000 concurrent tables, with SQLite storage (as deployed) and without storage (to show
the cost of the snapshot write). Memory per active table is measured with tracemalloc (the fake's own
allocations excluded). Targets: card play ≤ 2× the ping median, flat in the number of tables; ≤ 64 KB per
table. Numbers are noisy on a shared machine; ``--calls`` also counts the Python function calls of each
kind of interaction (``cProfile``), a figure that load does not move, to compare two trees on a busy
machine (the CPU times of that run include the profiler).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import pstats
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord  # noqa: E402
from discord.ui import Button, DynamicItem  # noqa: E402

from bot.app import create_bot  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.discord.hand import hand_of  # noqa: E402
from bot.tables.models import TableStatus  # noqa: E402
from tests.bot.fakediscord import (  # noqa: E402
    GUILD_ID,
    FakeDiscord,
    component_ids,
    iter_components,
)


class NoStorage:
    """Keeps nothing: isolates the bot's own cost from SQLite's. Every method of
    ``storage.base.Storage``, so the bot runs on it as on a real backend."""

    async def open(self) -> None: ...
    async def close(self) -> None: ...
    async def check(self) -> list[str]:
        return []

    async def save_table(self, *a: Any, **k: Any) -> None: ...
    async def append_move(self, *a: Any, **k: Any) -> None: ...
    async def load_tables(self, guild_filter: Any = None) -> list[Any]:
        return []

    async def delete_table(self, *a: Any) -> None: ...
    async def finish_game(self, *a: Any, **k: Any) -> bool:
        return True

    async def leaderboard(self, *a: Any, **k: Any) -> list[Any]:
        return []

    async def rank_of(self, *a: Any, **k: Any) -> None:
        return None

    async def player_stats(self, *a: Any, **k: Any) -> list[Any]:
        return []

    async def history(self, *a: Any, **k: Any) -> list[Any]:
        return []

    async def personal_stats(self, *a: Any, **k: Any) -> list[Any]:
        return []

    async def personal_history(self, *a: Any, **k: Any) -> list[Any]:
        return []

    async def tournament_games(self, *a: Any) -> dict[str, Any]:
        return {}

    async def game_log(self, *a: Any) -> None:
        return None

    async def get_setting(self, key: str) -> str | None:
        return None

    async def set_setting(self, key: str, value: str) -> None: ...
    async def get_guild_language(self, guild_id: int) -> str | None:
        return None

    async def set_guild_language(self, guild_id: int, lang: str | None) -> None: ...
    async def get_guild_web(self, guild_id: int) -> bool:
        return False

    async def get_notification_mode(self, user_id: int) -> str | None:
        return None

    async def set_notification_mode(self, user_id: int, mode: str) -> None: ...
    async def turn_notices(self, channel_id: int) -> list[Any]:
        return []

    async def save_turn_notice(self, notice: Any) -> None: ...
    async def forget_turn_notices(self, channel_id: int) -> None: ...
    async def get_user_language(self, user_id: int) -> tuple[str | None, str | None]:
        return None, None

    async def set_user_language(self, user_id: int, lang: str) -> None: ...
    async def listen_table_requests(self, wake: Any) -> bool:
        return False

    async def peek_table(self, channel_id: int) -> Any:
        return None

    async def active_tournaments(self, *a: Any, **k: Any) -> list[Any]:
        return []

    async def current_season(self, guild_id: int) -> None:
        return None

    async def save_analysis(self, *a: Any) -> bool:
        return True

    async def load_analysis(self, *a: Any) -> None:
        return None

    async def game_accuracies(self, *a: Any) -> dict[str, Any]:
        return {}

    async def unanalysed_games(self, *a: Any, **k: Any) -> list[str]:
        return []


#: Tables per fake server: a server holds at most ``MAX_TABLES_PER_SERVER`` (50 by default) live
#: tables, so N tables sit in ceil(N / 50) servers, as they would in a real deployment.
TABLES_PER_GUILD = 50


def table_channels(fake: FakeDiscord, n: int, prefix: str) -> list[int]:
    """``n`` channels, 50 to a server (the fake's own server first, then more added)."""
    channels = []
    for i in range(n):
        guild = GUILD_ID if i < TABLES_PER_GUILD else GUILD_ID + i // TABLES_PER_GUILD
        if guild not in fake.guild_ids:
            fake.guild_ids.append(guild)
        channels.append(fake.make_channel(f"{prefix}{i}", guild_id=guild))
    return channels


async def timed(fake: FakeDiscord, payload_maker: Any) -> float:
    """Feed one interaction; return CPU ms (``time.process_time``) until its callback reached the
    fake. The handler's remaining work is then awaited, untimed: only the tasks discord.py started
    for this interaction (not what they spawned, such as a turn clock's wait, which lasts)."""
    payload = payload_maker()
    waiter: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    fake.callback_waiters[payload["token"]] = waiter
    parse = fake.bot._connection.parsers["INTERACTION_CREATE"]  # type: ignore[union-attr]
    before = asyncio.all_tasks()
    profile = cProfile.Profile() if CALLS is not None else None
    if profile is not None:
        profile.enable()
    c0 = time.process_time()
    parse(payload)
    handlers = [t for t in asyncio.all_tasks() - before if t.get_name().startswith(HANDLERS)]
    callback = await asyncio.wait_for(waiter, 10)
    elapsed = (callback.cpu_at - c0) * 1000
    if profile is not None and CALLS is not None:
        profile.disable()
        calls = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]
        CALLS.setdefault(_kind(payload), []).append(calls)
    if handlers:
        _, pending = await asyncio.wait(handlers, timeout=10)
        if pending:
            raise RuntimeError(f"interaction handlers still running after 10 s: {pending}")
    return elapsed


#: ``--calls``: Python function calls per interaction kind (cProfile), a figure a busy machine does
#: not distort (CPU times are then meaningless: the profiler's own cost is in them).
CALLS: dict[str, list[int]] | None = None


def _kind(payload: dict[str, Any]) -> str:
    data = payload.get("data") or {}
    if "name" in data:
        return "/" + str(data["name"])
    custom_id = str(data.get("custom_id", "?"))
    return ":".join(custom_id.split(":")[:2])


#: Names of the tasks discord.py starts for one interaction (event, view, dynamic item, command).
HANDLERS = ("discord.py: ", "discord-ui-", "CommandTree-")


class FloorItem(DynamicItem[Button[Any]], template=r"benchfloor:(?P<kind>bare|hand)"):
    """A component with none of the bot's work: the floor of a component edit on this stack."""

    prepared: tuple[discord.Embed, discord.ui.View] | None = None  # the hand, built before timing

    def __init__(self, kind: str) -> None:
        super().__init__(Button(label="floor", custom_id=f"benchfloor:{kind}"))
        self.kind = kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> FloorItem:
        return cls(match["kind"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.kind == "hand" and self.prepared is not None:
            embed, view = self.prepared
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.edit_message(content="ok")


def ping_payload(fake: FakeDiscord, user: dict[str, Any], channel_id: int) -> Any:
    def make() -> dict[str, Any]:
        payload, _ = fake._base_payload(2, user, channel_id)
        payload["data"] = {"id": "1", "name": "ping", "type": 1, "options": []}
        return payload

    return make


def click_payload(
    fake: FakeDiscord,
    msg: dict[str, Any],
    custom_id: str,
    user: dict[str, Any],
    values: list[str] | None,
) -> Any:
    def make() -> dict[str, Any]:
        payload, rec = fake._base_payload(3, user, int(msg["channel_id"]))
        rec.source_message_id = int(msg["id"])
        payload["message"] = msg
        payload["data"] = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
        if values is not None:
            payload["data"]["values"] = values
        return payload

    return make


async def open_tables(
    fake: FakeDiscord,
    channels: list[int],
    players: list[tuple[dict[str, Any], dict[str, Any]]],
    game: str = "hurricane",
) -> None:
    for cid, (a, b) in zip(channels, players, strict=True):
        await fake.slash("table new", user=a, channel_id=cid, game=game, turn_timer=0)
        table = fake.bot.tables.get(cid)  # type: ignore[union-attr]
        msg = fake.messages[table.message_id]
        await fake.click(msg, f"lobby:join:{cid}", user=b)
        await fake.click(fake.messages[table.message_id], f"lobby:start:{cid}", user=a)
        assert table.status is TableStatus.PLAYING


async def one_click_play(
    fake: FakeDiscord, cid: int, users: dict[int, dict[str, Any]]
) -> Any | None:
    """Prepare (unmeasured) a click that plays a card at once for the player to move at table ``cid``."""
    table = fake.bot.tables.get(cid)  # type: ignore[union-attr]
    if table is None or table.status is not TableStatus.PLAYING:
        return None
    seat = table.state.current_player
    user = users[table.seats[seat].user_id]
    ex = await fake.click(fake.messages[table.message_id], f"show:{cid}", user=user)
    hand = ex.message
    assert hand is not None
    legal = [str(a) for a in table.state.legal_actions(seat)]
    sel = next(
        (
            c
            for c in iter_components(hand["components"])
            if c.get("custom_id", "").startswith("hs:card:")
        ),
        None,
    )
    if sel is None:
        return None
    singles = [
        o["value"]
        for o in sel["options"]
        if sum(1 for t in legal if t.split(":")[0] == o["value"]) == 1
    ]
    if not singles:  # every card has several captures: play one (unmeasured) so the game moves on
        first = sel["options"][0]["value"]
        ex = await fake.click(hand, sel["custom_id"], user=user, values=[first])
        assert ex.message is not None
        cap = next(
            (
                c
                for c in iter_components(ex.message["components"])
                if c.get("custom_id", "").startswith("hs:cap:")
            ),
            None,
        )
        if cap is None:  # the capture was asked another way: skip this hand
            return None
        await fake.click(
            ex.message, cap["custom_id"], user=user, values=[cap["options"][0]["value"]]
        )
        return None
    refresh = next((c for c in component_ids(hand) if c.startswith("h:refresh:")), None)
    if refresh is None:  # a hand without its Refresh button (six rows of controls): skip it
        return None
    embed, view, _draw = hand_of(fake.bot.tables, table, int(user["id"]))
    FloorItem.prepared = (embed, view)
    return (
        click_payload(fake, hand, sel["custom_id"], user, [singles[0]]),
        click_payload(fake, hand, refresh, user, None),
        click_payload(
            fake, _swap_id(hand, refresh, "benchfloor:bare"), "benchfloor:bare", user, None
        ),
        click_payload(
            fake, _swap_id(hand, refresh, "benchfloor:hand"), "benchfloor:hand", user, None
        ),
    )


def _swap_id(msg: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """The same message with one button's custom_id replaced (discord.py dispatches only ids it shows)."""
    copy = json.loads(json.dumps(msg))
    for c in iter_components(copy["components"]):
        if c.get("custom_id") == old:
            c["custom_id"] = new
    return copy


async def measure(
    n_tables: int, samples: int, storage: bool, tmp: Path, publish_delay: float = 0.5
) -> dict[str, float]:
    fake = FakeDiscord()
    channels = table_channels(fake, n_tables, "t")
    people = [(fake.make_user(f"A{i}"), fake.make_user(f"B{i}")) for i in range(n_tables)]
    users = {int(u["id"]): u for pair in people for u in pair}
    config = Config(
        token="bench",
        database_path=tmp / f"bench-{n_tables}-{storage}.sqlite3",
        analysis=False,  # bench/analysis_load.py measures the bot with analyses running
    )
    bot = create_bot(config, storage=None if storage else NoStorage(), publish_delay=publish_delay)
    bot.add_dynamic_items(FloorItem)
    await fake.start(bot)
    try:
        return await _measure(fake, bot, channels, people, users, samples)
    finally:
        await fake.close()


async def _measure(
    fake: FakeDiscord,
    bot: Any,
    channels: list[int],
    people: list[Any],
    users: dict[int, Any],
    samples: int,
) -> dict[str, float]:
    fake.auto_settle = False
    await open_tables(fake, channels, people)
    await bot.settle()
    fake.requests.clear()
    rng = random.Random(1)
    ping = [
        await timed(fake, ping_payload(fake, people[0][0], channels[0])) for _ in range(samples)
    ]
    plays: list[float] = []
    redraws: list[float] = []
    floors: list[float] = []
    floors_hand: list[float] = []
    while len(plays) < samples:
        live = [c for c in channels if fake.bot.tables.get(c).status is TableStatus.PLAYING]  # type: ignore[union-attr]
        if not live:  # every game ended: open fresh tables in the same channels
            await open_tables(fake, channels, people)
            continue
        cid = rng.choice(live)
        makers = await one_click_play(fake, cid, users)
        if makers is None:
            continue
        play, refresh, floor, floor_hand = makers
        floors.append(await timed(fake, floor))
        floors_hand.append(await timed(fake, floor_hand))
        redraws.append(await timed(fake, refresh))
        plays.append(await timed(fake, play))
        if len(fake.requests) > 5000:
            fake.requests.clear()
    await bot.settle()
    return {
        "ping_med": statistics.median(ping),
        "ping_p99": statistics.quantiles(ping, n=100)[98],
        "floor_med": statistics.median(floors),
        "floor_hand_med": statistics.median(floors_hand),
        "redraw_med": statistics.median(redraws),
        "play_med": statistics.median(plays),
        "play_p99": statistics.quantiles(plays, n=100)[98],
    }


async def memory_per_table(n_tables: int, tmp: Path, game: str = "hurricane") -> float:
    fake = FakeDiscord()
    channels = table_channels(fake, n_tables, "m")
    people = [(fake.make_user(f"A{i}"), fake.make_user(f"B{i}")) for i in range(n_tables)]
    bot = create_bot(
        Config(token="bench", database_path=tmp / f"mem-{game}.sqlite3", analysis=False),
        publish_delay=0.0,
    )
    await fake.start(bot)
    await open_tables(fake, channels[:1], people[:1], game)  # warm caches and imports
    gc.collect()
    tracemalloc.start(12)
    before = tracemalloc.take_snapshot()
    await open_tables(fake, channels[1:], people[1:], game)
    await bot.settle()
    fake.requests.clear()
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    exclude = [
        tracemalloc.Filter(False, "*fakediscord.py", all_frames=True),
        tracemalloc.Filter(False, tracemalloc.__file__),
    ]
    diff = after.filter_traces(exclude).compare_to(before.filter_traces(exclude), "filename")
    total = sum(stat.size_diff for stat in diff)
    await fake.close()
    return total / (n_tables - 1)


async def main_async(
    cases: list[tuple[int, bool]], samples: int, memory_tables: int, publish_delay: float = 0.5
) -> None:
    """Each case is (tables, with SQLite storage), measured in turn and printed side by side."""
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        print("CPU ms (time.process_time) per interaction, medians and 99th percentiles")
        print(
            f"{'tables':>7} {'storage':>8} {'ping med':>9} {'ping p99':>9} {'floor':>9} "
            f"{'floor+hand':>10} {'redraw':>9} "
            f"{'play med':>9} {'play p99':>9} {'play/ping':>9} {'floor/ping':>10}"
        )
        for n, storage in cases:
            if CALLS is not None:
                CALLS.clear()
            r = await measure(n, samples, storage, tmp, publish_delay)
            ratio = r["play_med"] / r["ping_med"]
            floor_ratio = r["floor_hand_med"] / r["ping_med"]
            label = "sqlite" if storage else "none"
            print(
                f"{n:>7} {label:>8} {r['ping_med']:>7.2f}ms {r['ping_p99']:>7.2f}ms "
                f"{r['floor_med']:>7.2f}ms {r['floor_hand_med']:>8.2f}ms "
                f"{r['redraw_med']:>7.2f}ms "
                f"{r['play_med']:>7.2f}ms {r['play_p99']:>7.2f}ms {ratio:>8.2f}x {floor_ratio:>9.2f}x"
            )
            if CALLS is not None:
                counted = ", ".join(
                    f"{kind} {statistics.median(calls):.0f}" for kind, calls in CALLS.items()
                )
                print(f"{'':>7} function calls per interaction (median): {counted}")
        for game in ("hurricane", "haggis"):
            per = await memory_per_table(memory_tables, tmp, game)
            print(
                f"memory per active {game} table (tracemalloc, fake excluded): {per / 1024:.1f} KB"
            )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", default="1,100,1000", help="comma-separated table counts")
    parser.add_argument("--samples", type=int, default=300, help="interactions measured per case")
    parser.add_argument(
        "--memory-tables", type=int, default=200, help="tables opened for the memory figure"
    )
    parser.add_argument(
        "--storage", default="sqlite,none", help="comma-separated: sqlite, none (no storage)"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="the suite's check: 51 tables (two servers) without storage, memory on SQLite",
    )
    parser.add_argument(
        "--calls",
        action="store_true",
        help="also count Python function calls per interaction kind (cProfile; CPU times then "
        "include the profiler)",
    )
    args = parser.parse_args(argv)
    global CALLS
    if args.calls:
        CALLS = {}
    sizes = [int(x) for x in args.tables.split(",")]
    kinds = [k.strip() for k in args.storage.split(",")]
    if unknown := set(kinds) - {"sqlite", "none"}:
        parser.error(f"unknown --storage {', '.join(sorted(unknown))}: sqlite or none")
    cases = [(n, kind == "sqlite") for kind in kinds for n in sizes]
    if args.quick:
        cases, args.samples, args.memory_tables = [(51, False)], 3, 2
    delay = 0.05 if args.quick else 0.5  # the bot's own delay; shorter only to settle sooner
    asyncio.run(main_async(cases, args.samples, args.memory_tables, delay))


if __name__ == "__main__":
    main()
