"""SHARD_COUNT and SHARD_IDS: parsed and checked at start, with errors that say what to write."""

from __future__ import annotations

import pytest

from bot.config import Config, ConfigError, format_shard_ids, parse_shard_ids, shard_of


@pytest.mark.parametrize(
    ("raw", "count", "ids"),
    [
        ("0-3", 4, (0, 1, 2, 3)),
        ("0,2,5", 6, (0, 2, 5)),
        (" 4 , 0-1 ", 5, (0, 1, 4)),
        ("7", 8, (7,)),
    ],
)
def test_shard_ids_accept_ranges_and_lists(raw: str, count: int, ids: tuple[int, ...]) -> None:
    assert parse_shard_ids(raw, count) == ids
    assert parse_shard_ids(format_shard_ids(ids), count) == ids


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("0-4", "names shard 4, but SHARD_COUNT is 4"),
        ("0,,1", "empty item"),
        ("a-b", "not a shard number"),
        ("3-1", "must go up"),
        ("-1", "not a shard number"),
        ("0-2,2", "more than once"),
    ],
)
def test_bad_shard_ids_are_refused_with_the_reason(raw: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Config.from_env({"SHARD_COUNT": "4", "SHARD_IDS": raw})


def test_shard_settings_from_the_environment() -> None:
    config = Config.from_env({"SHARD_COUNT": "4", "SHARD_IDS": "2-3"})
    assert config.shard_count == 4 and config.shard_ids == (2, 3)
    assert not config.runs_every_shard
    guilds = [(n << 22) | 99 for n in range(8)]
    assert [g for g in guilds if config.owns_guild(g)] == [
        guilds[2],
        guilds[3],
        guilds[6],
        guilds[7],
    ]
    assert [shard_of(g, 4) for g in guilds] == [0, 1, 2, 3, 0, 1, 2, 3]

    whole = Config.from_env({"SHARD_COUNT": "4"})  # every shard, a fixed count
    assert whole.shard_ids is None and whole.runs_every_shard and whole.owns_guild(guilds[1])
    assert Config.from_env({}).shard_count is None

    with pytest.raises(ConfigError, match="SHARD_IDS needs SHARD_COUNT"):
        Config.from_env({"SHARD_IDS": "0"})
    with pytest.raises(ConfigError, match="SHARD_COUNT must be 1 or more"):
        Config.from_env({"SHARD_COUNT": "0"})
    with pytest.raises(ConfigError, match="SHARD_COUNT must be a number"):
        Config.from_env({"SHARD_COUNT": "four"})
