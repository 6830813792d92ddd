"""Provably fair deals and replays through the real discord.py stack (issue 16).

Whole games of every game kind are played by clicking; the table message shows the commitment
before the first move, the seed only at the end (the secrecy scan checks every request, the log
is checked too); ``/verify`` re-derives every deal; the final message's **Replay** opens a replay
that steps forward and back to identical pictures, never showing a card the public could not see
then; replays keep working after a restart and refuse stale or forged ids politely."""

from __future__ import annotations

import hashlib
import logging
import re
from typing import Any

import pytest

from bot.discord.media import Switch
from bot.render.cards import card_label
from bot.tables.models import TableStatus
from bot.tables.replay import replay_frame, start_state, verify_game
from storage.models import GameRecord, MoveRecord, SeatRecord

from .conftest import FakeFactory
from .driver import Driver, comp
from .fakediscord import GUILD_ID, FakeDiscord, Person, render_text
from .secrecy import (
    BREAKDOWN_FIELDS,
    _without_history,
    hidden_sets,
    last_move_cards,
    unrevealed_seed,
)

HEX64 = re.compile(r"`([0-9a-f]{64})`")

#: Whole games, to their natural end where short; the long ones (several hundred moves: every
#: step is replayed forward and back) end by Alice's resignation once two deals are behind them,
#: which still proves the replay and /verify across deals. Natural ends: Hurikan, Haggis for two,
#: poker (and Hurikan again in the restart test below).
RESIGN_IN_DEAL = 3
CASES = [
    pytest.param({"game": "hurricane", "preset": "standard"}, True, id="hurricane"),
    pytest.param({"game": "hurricane", "preset": "open"}, True, id="hurricane-open"),
    pytest.param({"game": "hurricane", "preset": "pairs"}, True, id="hurricane-pairs"),
    pytest.param({"game": "hurikan"}, False, id="hurikan"),
    pytest.param({"game": "haggis", "players": 2}, False, id="haggis-2"),
    pytest.param({"game": "haggis", "players": 3}, True, id="haggis-3"),
    pytest.param({"game": "hurricane_poker", "players": 3}, False, id="poker-3"),
]


def commitment_in(text: str) -> str:
    match = re.search(r"commitment `([0-9a-f]{64})`", text)
    assert match is not None, text
    return match.group(1)


class SeedWatch(logging.Handler):
    """Every log record, at every level, emitted while a table's seed is still secret: none may
    carry it (what a DEBUG log of any library would show is included)."""

    def __init__(self, fake: FakeDiscord) -> None:
        super().__init__(level=logging.DEBUG)
        self.fake = fake
        self.leaks: list[str] = []
        self.seen = 0

    def emit(self, record: logging.LogRecord) -> None:
        seed = unrevealed_seed(self.fake.bot.tables.get(self.fake.channel_id))  # type: ignore[attr-defined]
        if seed is None:
            return
        self.seen += 1
        text = record.getMessage() + (str(record.exc_info[1]) if record.exc_info else "")
        if seed in text.lower():
            self.leaks.append(f"{record.name}: {text[:200]}")


async def play_game(
    fake: FakeDiscord, alice: Person, options: dict[str, Any], resign: bool = False
) -> Driver:
    """Alice against computers (every other seat), played to the end by clicks (or to the third
    deal's start, where Alice resigns)."""
    d = Driver(fake, [alice], seed=11)
    opened = await d.open(alice, computer="easy", **options)
    table = d.table
    assert table.status is TableStatus.PLAYING and table.commitment is not None
    # the table as first posted, before Alice's first move (a computer seat may already have
    # moved: the publisher draws the newest state, and the tests' computers move at once)
    text = render_text(opened.reply)
    assert not any(seat == 0 for seat, _move in table.history)
    short = re.search(r"🔒 Fair deal `([0-9a-f]{12})`… — check with /verify", text)
    assert short is not None and table.commitment.startswith(short.group(1)), text
    assert table.commitment not in text  # the whole value: /verify, /history, the final message
    assert table.fair is not None and table.fair.server_seed.hex() not in text
    assert "Seed (revealed)" not in text
    if not resign:
        await d.play_to_end()
        return d
    await d.play_until_deal(RESIGN_IN_DEAL)
    await d.play_moves(1)  # a move into that deal: its first position is not the last step
    ex = await fake.slash("table resign", user=alice.user)
    assert ex.callback_type == 4, ex.content
    await fake.bot.settle()  # type: ignore[attr-defined]
    assert d.table.status is TableStatus.FINISHED and d.table.ended_by == "resigned"
    d.scanner.scan()
    return d


def step_tables(log: Any) -> list[Any]:
    """The table after each step, rebuilt in one pass (what ``replay_frame`` shows at that step)."""
    import dataclasses

    import bot.games as games

    base = replay_frame(log, 0).table
    state = start_state(log)
    out = [base]
    for i, m in enumerate(log.actions):
        events = state.apply(games.parse_action(log.game, m.action), m.seat)
        history = [(x.seat, x.action) for x in log.actions[: i + 1]]
        out.append(
            dataclasses.replace(base, state=state.clone(), history=history, last_events=events)
        )
    return out


def public_secrets(frame_table: Any) -> tuple[frozenset[str], frozenset[str]]:
    """Cards hidden from the public at that step, and the cards the step's move showed."""
    return hidden_sets(frame_table).get("public", frozenset()), last_move_cards(frame_table)


def assert_public_only(body: dict[str, Any], frame_table: Any, given_up: bool = False) -> None:
    """The replay payload shows no card hidden from the public at that step (the previous
    deal's breakdown and the last move's own cards excepted, as on the live table message).
    ``given_up``: the last frame of a resigned game, which says so (the resignation is no move
    of the log) rather than repeat the last move."""
    if given_up:
        assert "**Game over.** The game ended when a player resigned." in str(body), body
    secret, played = public_secrets(frame_table)
    rest, last_line = _without_history(body, breakdown=True)
    text = str(rest)
    for card in secret:
        pattern = re.compile(rf"(?<![0-9A-Za-z]){re.escape(card)}(?![0-9A-Za-z])")
        label = re.compile(rf"(?<![0-9A-Za-z]){re.escape(card_label(card))}(?![0-9A-Za-z])")
        assert not pattern.search(text) and not label.search(text), (card, text[:500])
        if card not in played:
            assert not label.search(last_line), (card, last_line)


@pytest.mark.parametrize(("options", "resign"), CASES)
async def test_whole_games_commit_reveal_verify_and_replay(
    fake: FakeDiscord,
    users: list[Person],
    options: dict[str, Any],
    resign: bool,
    caplog: Any,
    pictures: Switch,
) -> None:
    # what is checked is the seed's secrecy in every text, log line and step: in words only
    # (the pictures drawn during play are checked by tests/bot/test_pictures.py)
    pictures.enabled = False
    caplog.set_level(logging.DEBUG)
    watch = SeedWatch(fake)
    logging.getLogger().addHandler(watch)
    try:
        alice = users[0]
        d = await play_game(fake, alice, options, resign)
    finally:
        logging.getLogger().removeHandler(watch)
    assert watch.seen > 100 and not watch.leaks, watch.leaks[:3]
    table = d.table
    assert table.fair is not None
    seed = table.fair.server_seed.hex()
    assert d.scanner.seeds_checked > 10  # every request during play was checked for the seed
    shown = commitment_in(render_text(d.public()))
    final = render_text(d.public())
    assert f"Seed (revealed): `{seed}`" in final
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == shown == table.commitment

    # /verify re-derives every deal from the revealed seed
    gid = table.game_id
    ex = await fake.slash("verify", user=alice.user, game=gid)
    assert ex.ephemeral, ex.text
    text = render_text(ex.reply if ex.callback_type == 4 else ex.followups[-1].json)
    storage = fake.bot.storage  # type: ignore[attr-defined]
    log = await storage.game_log(gid)
    report = verify_game(log)
    assert report.all_match and len(report.deals) >= (RESIGN_IN_DEAL if resign else 1)
    assert text.count("✅ matches") == min(len(report.deals), 23 if len(report.deals) > 24 else 24)
    assert "NOT" not in text and seed in text and shown in text
    assert "Every deal matches the seed." in text

    # /history shows the game id and the revealed seed, with a replay menu
    ex = await fake.slash("history", user=alice.user)
    assert gid in ex.text and seed in ex.text
    menu = comp(ex.reply, "rpsel")
    assert menu is not None and gid in [o["value"] for o in menu["options"]]

    # the final table message's Replay button opens the replay at the deal
    replay_id = f"rp:o:{gid}:0"
    ex = await fake.click(d.public(), replay_id, user=alice.user)
    assert ex.callback_type == 4 and ex.ephemeral, ex.text
    msg = ex.message
    assert msg is not None and "As dealt" in render_text(msg)
    total = len(log.actions)
    forward: list[str] = [render_text(msg)]
    tables = step_tables(log)
    assert_public_only(msg, tables[0])
    for step in range(1, total + 1):
        ex = await fake.click(msg, f"rp:n:{gid}:{step}", user=alice.user)
        assert ex.callback_type == 7, ex.text
        msg = fake.messages[int(msg["id"])]
        forward.append(render_text(msg))
        assert "Last move:" in forward[-1], forward[-1]  # the step's own move, as it was shown
        assert_public_only(ex.reply, tables[step], given_up=resign and step == total)
    assert f"Move {total} of {total}" in forward[-1] and "Game over" in forward[-1]
    assert ("resign" in forward[-1]) == resign, forward[-1]
    assert comp(msg, "rp:n:")["disabled"]  # type: ignore[index]
    backward = [forward[-1]]
    for step in range(total - 1, -1, -1):
        await fake.click(msg, f"rp:p:{gid}:{step}", user=alice.user)
        msg = fake.messages[int(msg["id"])]
        backward.append(render_text(msg))
    assert backward[::-1] == forward  # forward and back: identical states

    # the jump to the next deal lands on each deal's first position, ⏭ on the end
    deals = replay_frame(log, 0).deal_starts
    assert len(deals) == len(report.deals)
    for start in deals[1:]:
        ex = await fake.click(msg, f"rp:d:{gid}:{start}", user=alice.user)
        assert ex.callback_type == 7
        msg = fake.messages[int(msg["id"])]
        assert render_text(msg) == forward[start]
    await fake.click(msg, f"rp:l:{gid}:{total}", user=alice.user)
    msg = fake.messages[int(msg["id"])]
    assert render_text(msg) == forward[-1]
    await fake.click(msg, f"rp:f:{gid}:0", user=alice.user)
    assert render_text(fake.messages[int(msg["id"])]) == forward[0]


async def test_seed_revealed_when_a_game_is_abandoned(
    fake: FakeDiscord, users: list[Person]
) -> None:
    from .driver import start_table

    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=2, game="haggis")
    seat = d.table.state.current_player  # type: ignore[union-attr]
    await d.play_move(seat, d.choose(seat))
    assert d.table.fair is not None
    seed = d.table.fair.server_seed.hex()
    await fake.slash("table abandon", user=alice.user)
    ex = await fake.slash("table abandon", user=bob.user)
    await fake.bot.settle()  # type: ignore[attr-defined]
    d.scanner.scan()  # nothing carried the seed before the game ended
    assert d.table.ended_by == "abandoned" and d.table.revealed_seed == seed
    assert seed in render_text(d.public())
    ex = await fake.slash("history", user=bob.user)
    assert seed in ex.text and "abandoned" in ex.text
    ex = await fake.slash("verify", user=bob.user, game=d.table.game_id)
    assert "Every deal matches the seed." in ex.text and seed in ex.text
    ex = await fake.slash("replay", user=bob.user, game=d.table.game_id)
    assert ex.ephemeral and "Move 0 of 1" in ex.text


async def test_verify_of_a_game_in_play_shows_only_the_commitment(
    fake: FakeDiscord, users: list[Person]
) -> None:
    from .driver import start_table

    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=2, game="hurricane")
    ex = await fake.slash("verify", user=bob.user, game=d.table.game_id)
    assert ex.ephemeral and d.table.commitment in ex.text
    assert d.table.fair is not None and d.table.fair.server_seed.hex() not in ex.text
    ex = await fake.slash("replay", user=bob.user, game=d.table.game_id)
    assert ex.ephemeral and "no finished game" in ex.text
    d.scanner.scan()


async def test_replay_works_after_a_restart_and_refuses_stale_or_forged_ids(
    make_fake: FakeFactory,
) -> None:
    first = await make_fake()
    alice = Person("Alice", first.make_user("Alice"))
    d = await play_game(first, alice, {"game": "hurikan"})
    gid = d.table.game_id
    ex = await first.slash("replay", user=alice.user, game=gid)
    replay_msg = ex.message
    assert replay_msg is not None
    ex = await first.click(replay_msg, f"rp:n:{gid}:1", user=alice.user)
    after_one = render_text(first.messages[int(replay_msg["id"])])
    public = d.public()
    await first.close()

    second = await make_fake(world=first)
    # the old replay message's buttons still work (the state is rebuilt from storage)
    msg = second.messages[int(replay_msg["id"])]
    ex = await second.click(msg, f"rp:p:{gid}:0", user=alice.user)
    assert ex.callback_type == 7 and "As dealt" in ex.text
    ex = await second.click(second.messages[int(msg["id"])], f"rp:n:{gid}:1", user=alice.user)
    assert render_text(second.messages[int(msg["id"])]) == after_one
    # and so does the Replay button of the final table message
    ex = await second.click(public, f"rp:o:{gid}:0", user=alice.user)
    assert ex.callback_type == 4 and ex.ephemeral and "As dealt" in ex.text

    # stale or forged: a step past the end, an unknown game, a malformed id
    for custom_id in (f"rp:n:{gid}:999999", "rp:n:0123456789abcdef:1", "rp:x:zz:1", "rpsel"):
        values = ["nope"] if custom_id == "rpsel" else None
        ex = await second.click(msg, custom_id, user=alice.user, forge=True, values=values)
        assert ex.callback_type == 4 and ex.ephemeral, (custom_id, ex.text)
        assert "went wrong" not in ex.text, ex.text
    ex = await second.slash("replay", user=alice.user, game="not-a-game")
    assert ex.ephemeral and "no finished game" in ex.text


async def test_a_legacy_game_replays_and_verify_says_it_predates_fair_deals(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """A game stored before fair deals (a whole-number seed, no server seed) replays by the
    legacy derivation; /verify explains there is nothing to check."""
    import random

    import bot.games as games

    alice, bob, _ = users
    state = games.new_game("hurricane", seed=77, players=2, options={"preset": "standard"})
    rng = random.Random(3)
    moves: list[MoveRecord] = []
    for n in range(1, 13):
        seat = state.current_player
        assert seat is not None
        action = rng.choice(state.legal_actions(seat))
        state.apply(action, seat)
        moves.append(MoveRecord("legacy-1", n, seat, str(action), float(n)))
    record = GameRecord(
        game_id="legacy-1",
        guild_id=GUILD_ID,
        channel_id=fake.channel_id,
        game="hurricane",
        options=dict(state.options),
        seats=(SeatRecord(0, alice.id, "Alice"), SeatRecord(1, bob.id, "Bob")),
        scores=(0, 0),
        winners=(0,),
        double=False,
        seed=77,
        started_at=1.0,
        ended_at=2.0,
        ended_by="resigned",
    )
    storage = fake.bot.storage  # type: ignore[attr-defined]
    assert await storage.finish_game(record)
    for m in moves:
        await storage._autocommit(  # the move log of an old game, written as the old code did
            "log",
            lambda db, m=m: db.execute(
                "INSERT INTO moves (game_id, move_no, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                (m.game_id, m.move_no, m.seat, m.action, m.at),
            ),
        )
    log = await storage.game_log("legacy-1")
    assert log.rng_version == "legacy" and log.server_seed is None
    rebuilt = start_state(log)
    for m in log.actions:
        rebuilt.apply(games.parse_action("hurricane", m.action), m.seat)
    assert rebuilt.to_dict() == state.to_dict()
    ex = await fake.slash("replay", user=alice.user, game="legacy-1")
    assert ex.ephemeral and "Move 0 of 12" in ex.text
    msg = ex.message
    assert msg is not None
    ex = await fake.click(msg, "rp:l:legacy-1:12", user=alice.user)
    assert "Move 12 of 12" in ex.text and "resignation" in ex.text
    ex = await fake.slash("verify", user=alice.user, game="legacy-1")
    assert "before provably fair deals" in ex.text
    assert not HEX64.search(ex.text)
    assert BREAKDOWN_FIELDS  # the scanner's rule for breakdowns is the one used above
