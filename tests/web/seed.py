"""A small stored world for the web tests: a server that turned its pages on, with results (some
players named like an attack), a finished fair game with its whole move log and seed, and a
server that did not opt in."""

from __future__ import annotations

import random
from dataclasses import dataclass

import bot.games as games
from bot.games import FAIR_V1, FairSeed
from storage.base import Storage
from storage.models import GameRecord, MoveRecord, SeatRecord, TableSnapshot

PUBLIC = 111_111_111_111
PRIVATE = 222_222_222_222
XSS = "<script>alert(1)</script>"
XSS_IMG = '"><img src=x onerror=alert(2)>'
GAME_ID = "g-fair-1"
PLAYERS = [(101, XSS), (102, "Alice"), (103, XSS_IMG)] + [
    (200 + i, f"Player {i:02d}") for i in range(24)
]


@dataclass(frozen=True)
class Seeded:
    game_id: str
    moves: int
    commitment: str


async def play_fair_game(
    storage: Storage,
    guild_id: int,
    game_id: str,
    seats: list[tuple[int, str]],
    *,
    game: str = "hurikan",
    seed: int = 7,
    ended_at: float = 1_800_000_000.0,
    max_moves: int | None = None,
    table_id: str | None = None,
) -> Seeded:
    """A random-but-legal fair game played to its end and stored as the bot stores it: the move
    log through the table snapshot, then ``finish_game`` (``max_moves``: stopped there, recorded
    as a resignation)."""
    fair = FairSeed(random.Random(seed).randbytes(32), table_id or f"T-{game_id}")
    state = games.new_game(game, seed=seed, players=len(seats), fair=fair)
    rng = random.Random(seed)
    channel = 5000 + seed
    move_no, last = 0, None
    while not state.is_over and (max_moves is None or move_no < max_moves):
        if move_no == 1:
            await storage.save_table(
                TableSnapshot(channel, guild_id, game_id, "playing", state.to_dict(), 0.0), last
            )
        elif last is not None:
            await storage.append_move(channel, last)
        choices = [(s, a) for s in range(state.num_players) for a in state.legal_actions(s)]
        seat, action = rng.choice(choices)
        state.apply(action, seat)
        move_no += 1
        last = MoveRecord(game_id, move_no, seat, str(action), ended_at - 1000 + move_no)
    result = (
        state.result()
        if state.is_over
        else {"winner": 0, "scores": [0] * len(seats), "double": False}
    )
    winner = result["winner"]
    record = GameRecord(
        game_id=game_id,
        guild_id=guild_id,
        channel_id=channel,
        game=game,
        options=dict(state.options),
        seats=tuple(SeatRecord(i, u, n) for i, (u, n) in enumerate(seats)),
        scores=tuple(result["scores"]),
        winners=() if winner is None else (winner,),
        double=bool(result.get("double")),
        seed=seed,
        started_at=ended_at - 1000,
        ended_at=ended_at,
        ended_by="finished" if state.is_over else "resigned",
        rng_version=FAIR_V1,
        server_seed=fair.server_seed.hex(),
        table_id=fair.table_id,
    )
    await storage.finish_game(
        record, snapshot_channel_id=channel if move_no > 1 else None, move=last
    )
    return Seeded(game_id, move_no, fair.commitment)


async def seed_world(storage: Storage) -> Seeded:
    """Results for 27 players in the public server (two boards), one fair game with its log."""
    rng = random.Random(3)
    t = 1_700_000_000.0
    for i in range(60):
        a, b = rng.sample(PLAYERS, 2)
        if i < 6:  # the attack names play often, so they are on the first page
            a = PLAYERS[i % 3]
        t += 60
        await storage.finish_game(
            GameRecord(
                game_id=f"r{i:03d}",
                guild_id=PUBLIC,
                channel_id=1,
                game="hurricane" if i % 4 else "haggis",
                options={"preset": "standard"} if i % 4 else {},
                seats=(SeatRecord(0, a[0], a[1]), SeatRecord(1, b[0], b[1])),
                scores=(61, 40),
                winners=(0,),
                double=False,
                seed=i,
                started_at=t - 300,
                ended_at=t,
            )
        )
    await storage.finish_game(
        GameRecord(
            game_id="secret-1",
            guild_id=PRIVATE,
            channel_id=2,
            game="hurricane",
            options={"preset": "standard"},
            seats=(SeatRecord(0, 101, "Hidden"), SeatRecord(1, 102, "Alice")),
            scores=(61, 40),
            winners=(0,),
            double=False,
            seed=1,
            started_at=t - 300,
            ended_at=t,
        )
    )
    await storage.set_guild_web(PUBLIC, True)
    return await play_fair_game(storage, PUBLIC, GAME_ID, [PLAYERS[0][:2], PLAYERS[1][:2]])
