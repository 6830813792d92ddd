"""A table run in its own process for the crash test (tests/storage/test_crash.py).

Usage: python crash_worker.py DB SEED step|run

Opens a Hurricane table through the real TableManager on SqliteStorage, seats two humans and plays
random legal moves. After each move is committed it prints ``ACK <move_no> <digest>``; in ``step``
mode it then waits for a line on stdin before the next move, so the test can kill it exactly
between two moves. ``digest`` fingerprints the table (engine state, move number, history)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import sys

from bot.tables.manager import TableManager
from bot.tables.models import GameSpec, Table
from storage.sqlite import SqliteStorage

CHANNEL = 4242
GUILD = 77
USERS = (1, 2)


def digest(table: Table) -> str:
    assert table.state is not None
    data = {
        "engine": table.state.to_dict(),
        "move_no": table.move_no,
        "history": [list(h) for h in table.history],
        "seats": [s.user_id if s else None for s in table.seats],
        "game_id": table.game_id,
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


async def main(path: str, seed: int, mode: str) -> None:
    storage = SqliteStorage(path)
    await storage.open()
    manager = TableManager(storage, computer_delay=0.0, rng_seed=seed)
    spec = GameSpec("hurricane", {"preset": "standard"}, 2, turn_timer=0)
    await manager.open_table(
        channel_id=CHANNEL, guild_id=GUILD, host_id=USERS[0], host_name="Anna", spec=spec
    )
    await manager.join(CHANNEL, USERS[1], "Bruno")
    table = await manager.start(CHANNEL, USERS[0])
    rng = random.Random(seed)
    print(f"ACK {table.move_no} {digest(table)}", flush=True)
    while True:
        if mode == "step":
            await asyncio.to_thread(sys.stdin.readline)
        seat = table.current_seat
        if seat is None:
            print("DONE", flush=True)
            break
        user = USERS[seat]
        action = rng.choice(manager.legal_actions(CHANNEL, user))
        outcome = await manager.act(CHANNEL, user, str(action), table.move_no)
        if outcome.game_over:
            print("DONE", flush=True)
            break
        print(f"ACK {table.move_no} {digest(table)}", flush=True)
    await manager.close()
    await storage.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
