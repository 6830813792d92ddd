"""``check_open``/``check_start`` refuse exactly what ``open_table``/``start`` refuse, changing nothing;
``parse_option_text`` reads ``name=value`` pairs typed by a user."""

from __future__ import annotations

import pytest

from bot.tables import GameSpec, TableError, TableExists, TableStatus
from bot.tables.specs import command_spec, parse_option_text

from .conftest import CHANNEL, GUEST, HOST, MakeManager, MemoryStorage, open_race


def test_option_text_pairs() -> None:
    assert parse_option_text(None) == {}
    assert parse_option_text("  ") == {}
    text = "Bomb-Capture=Chooser, first_out_bonus = off; target=350"
    assert parse_option_text(text) == {
        "bomb_capture": "chooser",
        "first_out_bonus": "off",
        "target": 350,
    }


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("bomb_capture chooser", "name=value"),
        ("target=", "name=value"),
        ("=5", "name=value"),
        ("target=250 target=350", "given twice"),
    ],
)
def test_option_text_malformed(text: str, words: str) -> None:
    with pytest.raises(TableError, match=words):
        parse_option_text(text)


def test_command_spec_merges_its_own_fields_with_the_options_text() -> None:
    spec = command_spec(
        "hurricane", options="bomb_capture=chooser", preset="pairs", target=20, turn_timer=60
    )
    assert spec == GameSpec(
        game="hurricane",
        options={"bomb_capture": "chooser", "preset": "pairs", "target": 20},
        players=2,
        turn_timer=60,
    )
    assert command_spec("haggis", players=3, turn_timer=0).players == 3


@pytest.mark.parametrize(
    ("game", "fields", "words"),
    [
        ("hurricane", {"options": "target=20", "target": 16}, "target is given twice"),
        ("hurricane", {"options": "preset=open", "preset": "open"}, "preset is given twice"),
        ("haggis", {"preset": "open"}, "Haggis has no presets"),
        ("hurikan", {"preset": "standard"}, "Hurikan has no presets"),
        ("hurikan", {"target": 5}, "Hurikan has no target"),
        (
            "hurricane",
            {"players": 3},
            r"Hurricane's preset sets the number of players \(standard 2, open 2, pairs 4\)",
        ),
        ("hurikan", {"players": 2}, "Hurikan is for 2 players only"),
    ],
)
def test_command_spec_refuses_fields_the_game_has_no_use_for(
    game: str, fields: dict[str, object], words: str
) -> None:
    with pytest.raises(TableError, match=words):
        command_spec(game, turn_timer=120, **fields)  # type: ignore[arg-type]


async def test_check_open_refuses_without_changing_anything(
    make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    with pytest.raises(TableError, match="bomb_capture"):
        manager.check_open(CHANNEL, GameSpec("haggis", {"bomb_capture": "nobody"}))
    with pytest.raises(TableError, match="Unknown option 'colour'.*first_out_bonus"):
        manager.check_open(CHANNEL, GameSpec("haggis", {"colour": "red"}))
    spec = manager.check_open(CHANNEL, GameSpec("haggis", {"first_out_bonus": "off"}, players=3))
    assert spec.players == 3 and spec.options == {"first_out_bonus": "off"}
    assert manager.get(CHANNEL) is None and memory.saves == []


async def test_check_open_and_check_start_match_the_real_refusals(
    race: str, make_manager: MakeManager, memory: MemoryStorage
) -> None:
    manager = make_manager(memory)
    await open_race(manager)
    saves = len(memory.saves)
    with pytest.raises(TableExists):
        manager.check_open(CHANNEL, GameSpec(race))
    with pytest.raises(TableError, match="Only the host"):
        manager.check_start(CHANNEL, GUEST)
    with pytest.raises(TableError, match="still empty"):
        manager.check_start(CHANNEL, HOST)
    await manager.join(CHANNEL, GUEST, "Guest")
    table = manager.check_start(CHANNEL, HOST)
    assert table.status is TableStatus.LOBBY and len(memory.saves) == saves + 1
    await manager.start(CHANNEL, HOST)
    with pytest.raises(TableError, match="already started"):
        manager.check_start(CHANNEL, HOST)
    assert manager.check_open(CHANNEL + 1, GameSpec(race)).game == race


def test_validate_spec_reads_game_info_and_keeps_canonical_values() -> None:
    from bot.tables.specs import seat_choices, validate_spec

    spec = validate_spec(GameSpec("haggis", {"first_out_bonus": True, "target": "350"}, players=3))
    assert spec.options == {"first_out_bonus": "on", "target": 350}
    assert validate_spec(GameSpec("hurricane", {"preset": "pairs"})).players == 4
    assert validate_spec(GameSpec("hurricane", {"preset": "hurikan"})).game == "hurikan"
    assert seat_choices("haggis", {}) == (2, 3) and seat_choices("hurricane", {}) == (2,)
    with pytest.raises(TableError, match="target must be a whole number in 250 | 350, not 300"):
        validate_spec(GameSpec("haggis", {"target": 300}))
    with pytest.raises(TableError, match="Unknown preset 'big'"):
        validate_spec(GameSpec("hurricane", {"preset": "big"}))
    with pytest.raises(TableError, match="Haggis is played by 2 or 3 players, not 5"):
        validate_spec(GameSpec("haggis", {}, players=5))
