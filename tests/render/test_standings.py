"""The standings picture names computers in the reader's language, as the message's text does."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from bot.i18n import using
from bot.render.tournaments import header, points_text, standings_drawing
from bot.tournaments.state import Row
from storage.models import TournamentRecord

RECORD = TournamentRecord(
    tournament_id="t",
    guild_id=1,
    channel_id=1,
    game="hurricane",
    preset="standard",
    format="arena",
    rounds=0,
    window=3600.0,
    starts_at=0.0,
    settings={},
    created_by=1,
    created_at=0.0,
    round=0,
    status="running",
)


def drawn_names(lang: str) -> list[str]:
    rows = [
        Row(1, "u1", "Фёдор", Fraction(4), (), 2),
        Row(2, "c1", "Computer 1 (hard)", Fraction(2), (), 2),
    ]
    with using(lang):
        key = standings_drawing(RECORD, rows).key()
    lines = key[4]
    return [line.name for line in lines]


def test_computers_are_named_in_the_readers_language() -> None:
    assert drawn_names("en") == ["Фёдор", "Computer 1 (hard)"]
    assert drawn_names("ru") == ["Фёдор", "Компьютер 1 (сильный)"]


def test_rounds_of_tables_publish_their_points_by_place() -> None:
    tables = replace(RECORD, format="tables", game="haggis", preset=None, rounds=2)
    for lang, words in (("en", "Points by place"), ("ru", "Очки за место")):
        with using(lang):
            assert any(words in line for line in header(tables, 9))
            assert not any(words in line for line in header(RECORD, 9))


def test_points_and_tie_breaks_are_written_as_players_write_them() -> None:
    assert [points_text(Fraction(n, 4)) for n in (0, 1, 2, 3, 4, 6, 11)] == [
        "0",
        "¼",
        "½",
        "¾",
        "1",
        "1½",
        "2¾",
    ]
    for lang, third in (("en", "0.33"), ("ru", "0,33")):
        with using(lang):
            assert points_text(Fraction(1, 3)) == third
