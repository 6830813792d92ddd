"""The analysis of finished games as players meet it, through the real bot and the fake Discord:
``/replay``'s **Analysis** toggle (the verdict of the move a step shows, privately, "pending" until
the analysis is stored) and ``/history``'s accuracy; a game recorded while the bot ran without
analyses is analysed when it starts again with them.

The analysis itself (``bot.analysis``) is tested on its own; here the queue runs a stand-in that
marks every second move of a person a mistake, in a thread (the bot's worker process is
bench/analysis_load.py's and tests/tables/test_analysis_queue.py's)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

import pytest

import bot.tables.analysis_queue as analysis_queue
from bot.analysis import GameAnalysis, Mark, MoveVerdict
from bot.tables.analysis_queue import analysed_moves
from storage.models import GameLog

from .conftest import FakeFactory
from .driver import Driver, comp
from .fakediscord import FakeDiscord, Person, render_text

ON = {"analysis": True}


def stand_in(game_log: GameLog, samples: int | None = None) -> dict[str, Any]:
    """Every person's move analysed: their 1st, 3rd … best, the others mistakes costing 0.8."""
    verdicts: list[MoveVerdict] = []
    for number, (move, record) in enumerate(
        zip(analysed_moves(game_log), game_log.actions, strict=True), start=1
    ):
        if not move.human:
            continue
        best = len(verdicts) % 2 == 0
        verdicts.append(
            MoveVerdict(
                number,
                move.seat,
                record.action,
                record.action if best else "pass",
                0.0 if best else 0.8,
                Mark.BEST if best else Mark.MISTAKE,
            )
        )
    seats = sorted({v.seat for v in verdicts})
    return GameAnalysis(
        game_log.game_id, game_log.game, "points", tuple(verdicts), {s: 62.5 for s in seats}
    ).to_json()


GATE = threading.Event()


def gated(game_log: GameLog, samples: int | None = None) -> dict[str, Any]:
    GATE.wait(10)
    return stand_in(game_log, samples)


def threads() -> Executor:
    return ThreadPoolExecutor(max_workers=1)


@pytest.fixture
def analyses(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(analysis_queue, "process_pool", threads)
    monkeypatch.setattr(analysis_queue, "analyse_log", stand_in)
    GATE.clear()
    yield
    GATE.set()


def people(fake: FakeDiscord, *names: str) -> list[Person]:
    return [Person(n, fake.make_user(n)) for n in names]


def first_human_moves(log: GameLog) -> list[int]:
    return [n for n, m in enumerate(analysed_moves(log), start=1) if m.human]


async def test_replay_shows_each_moves_verdict_privately(
    make_fake: FakeFactory, analyses: None
) -> None:
    fake = await make_fake(settings=ON)
    alice, bob = people(fake, "Alice", "Bob")
    d = Driver(fake, [alice], seed=3)
    await d.open(alice, game="hurricane", preset="standard", computer="easy")
    await d.play_moves(2)
    await d.wait_for_a_human_turn()  # the computer's reply is in the log
    await fake.slash("table resign", user=alice.user)
    await fake.bot.settle()  # type: ignore[union-attr]
    gid = d.table.game_id
    storage = fake.bot.storage  # type: ignore[union-attr]
    stored = await storage.load_analysis(gid)
    assert stored is not None and stored.accuracy == {0: 62.5}
    log = await storage.game_log(gid)
    mine = first_human_moves(log)
    assert len(mine) == 2

    ex = await fake.click(d.public(), f"rp:o:{gid}:0", user=alice.user)
    assert ex.ephemeral
    msg = ex.message
    assert msg is not None and comp(msg, f"rp:sa:{gid}:0") is not None  # the toggle, off
    assert "Expert" not in render_text(msg)
    ex = await fake.click(msg, f"rp:sa:{gid}:0", user=alice.user)
    assert ex.callback_type == 7  # the same private message, redrawn
    msg = fake.messages[int(msg["id"])]
    text = render_text(msg)
    assert "Step through the moves" in text and "Alice: accuracy 62%" in text
    assert comp(msg, f"rp:na:{gid}:1") is not None  # stepping keeps the analysis shown
    assert comp(msg, f"rp:s:{gid}:0") is not None  # and the toggle now hides it
    # a best move, a mistake with expert's move and its cost, a computer's move
    texts = {}
    for step in range(1, len(log.actions) + 1):  # ▶ through the game, the analysis shown
        await fake.click(msg, f"rp:na:{gid}:{step}", user=alice.user)
        msg = fake.messages[int(msg["id"])]
        texts[step] = render_text(msg)
    best, mistake = mine[0], mine[1]
    assert f"Move {best}: **Alice** played" in texts[best] and "best move" in texts[best]
    assert "Expert's move" not in texts[best]
    assert f"Move {mistake}: **Alice** played" in texts[mistake] and "? mistake" in texts[mistake]
    assert "Expert's move: **Pass** · cost 0.80 points" in texts[mistake]
    computer = next(n for n in texts if n not in mine)
    assert f"Move {computer} is not analysed" in texts[computer]
    # hidden again
    last = len(log.actions)
    await fake.click(msg, f"rp:s:{gid}:{last}", user=alice.user)
    msg = fake.messages[int(msg["id"])]
    assert "accuracy" not in render_text(msg) and comp(msg, f"rp:sa:{gid}:{last}")
    # only Alice ever saw the verdicts: nothing public, nothing to Bob
    assert msg["flags"] & 64
    public = " ".join(render_text(m) for m in fake.public_messages())
    assert "accuracy" not in public and "Expert's move" not in public
    assert not any("Expert's move" in str(b) for b in fake.payloads_seen_by(bob.user))

    # /history: Alice's accuracy in that game
    ex = await fake.slash("history", user=alice.user)
    assert ex.ephemeral and gid in ex.text and "accuracy 62%" in ex.text

    # in Russian, for a Russian client
    fake.user_locales[int(alice.user["id"])] = "ru"
    await fake.click(msg, f"rp:sa:{gid}:{last}", user=alice.user)
    msg = fake.messages[int(msg["id"])]
    assert mistake == last - 1  # Alice, the computer, Alice, the computer
    await fake.click(msg, f"rp:pa:{gid}:{mistake}", user=alice.user)
    text = render_text(fake.messages[int(msg["id"])])
    assert f"Ход {mistake}: **Alice** — " in text and "ошибка" in text, text
    assert "Ход эксперта: **Пас** · потеря 0,80 очка" in text and "точность 62%" in text
    ex = await fake.slash("history", user=alice.user)
    assert "точность 62%" in ex.text


async def test_pending_until_stored(
    make_fake: FakeFactory, analyses: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analysis_queue, "analyse_log", gated)
    fake = await make_fake(settings=ON)
    fake.auto_settle = False  # the analysis waits for GATE: only the messages are waited for
    [alice] = people(fake, "Alice")
    d = Driver(fake, [alice], seed=3)
    await d.open(alice, game="hurricane", preset="standard", computer="easy")
    await d.play_moves(2)
    await fake.slash("table resign", user=alice.user)
    gid = d.table.game_id
    queue = fake.bot.analyses  # type: ignore[union-attr]
    for _ in range(1000):  # (``fake.wait_for`` settles: it would wait for the analysis)
        if queue.current == gid:
            break
        await asyncio.sleep(0.005)
    assert queue.pending(gid)
    ex = await fake.slash("history", user=alice.user)
    assert gid in ex.text and "accuracy" not in ex.text, ex.text
    await fake.bot.publisher.flush()  # type: ignore[union-attr]  # the final table message
    ex = await fake.click(d.public(), f"rp:o:{gid}:0", user=alice.user)
    msg = ex.message
    assert msg is not None
    await fake.click(msg, f"rp:sa:{gid}:0", user=alice.user)
    msg = fake.messages[int(msg["id"])]
    assert "Analysis pending" in render_text(msg)
    GATE.set()
    await fake.bot.settle()  # type: ignore[union-attr]
    await fake.click(msg, f"rp:sa:{gid}:0", user=alice.user)
    text = render_text(fake.messages[int(msg["id"])])
    assert "pending" not in text and "Alice: accuracy 62%" in text


async def test_a_game_recorded_without_analyses_is_analysed_at_the_next_start(
    make_fake: FakeFactory, analyses: None, tmp_path: Any
) -> None:
    db = tmp_path / "restart.sqlite3"
    first = await make_fake(db_path=db)  # ANALYSIS off (the tests' default): nothing queued
    assert first.bot.analyses is None  # type: ignore[union-attr]
    [alice] = people(first, "Alice")
    d = Driver(first, [alice], seed=3)
    await d.open(alice, game="hurricane", preset="standard", computer="easy")
    await d.play_moves(2)
    await first.slash("table resign", user=alice.user)
    await first.bot.settle()  # type: ignore[union-attr]
    gid = d.table.game_id
    await first.close()

    second = await make_fake(db_path=db, world=first, settings=ON)
    await second.bot.settle()  # type: ignore[union-attr]
    stored = await second.bot.storage.load_analysis(gid)  # type: ignore[union-attr]
    assert stored is not None and stored.accuracy == {0: 62.5}
    ex = await second.slash("history", user=alice.user)
    assert "accuracy 62%" in ex.text
