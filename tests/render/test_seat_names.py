"""Computer seats are named in the reader's language (issue 23, item 4): the stored English name
("Computer 2 (normal)") is read as «Компьютер 2 (средний)» in text, component labels, pictures,
leaderboards and history, for new games and for games stored before names were translated."""

from __future__ import annotations

from bot.i18n import using
from bot.names import COMPUTER_NAME, seat_name, shown
from bot.render.boards.base import plain_names, seat_names
from bot.render.option_words import option_words, preset_word
from bot.render.stats import board_panel, history_panel
from bot.tables.lobby import computer_name
from bot.tables.models import COMPUTER_IDS, GameSpec, Level, Seat, Table
from storage.models import GameSummary, LeaderboardRow, Metric, SeatRecord

LEVELS_RU = {"easy": "лёгкий", "normal": "средний", "hard": "сильный", "expert": "эксперт"}


def _table_with_computers() -> Table:
    table = Table(1, 1, 10, GameSpec("haggis", players=3), [None, None, None])
    table.seats[0] = Seat(10, "Ann")
    for i in (1, 2):
        name = computer_name(table, Level.NORMAL)
        table.seats[i] = Seat(COMPUTER_IDS[Level.NORMAL], name, Level.NORMAL)
    return table


def test_every_computer_name_the_lobby_gives_is_recognised() -> None:
    table = _table_with_computers()
    assert [s.name for s in table.seats if s] == ["Ann", "Computer (normal)", "Computer 2 (normal)"]
    for level in Level:
        assert COMPUTER_NAME.fullmatch(computer_name(table, level))


def test_a_computer_is_named_in_the_readers_language() -> None:
    for level, word in LEVELS_RU.items():
        with using("ru"):
            assert seat_name(f"Computer ({level})") == f"Компьютер ({word})"
            assert seat_name(f"Computer 12 ({level})") == f"Компьютер 12 ({word})"
        with using("en"):
            assert seat_name(f"Computer 12 ({level})") == f"Computer 12 ({level})"
    # a person keeps the name they chose, even one that looks almost like a computer's
    with using("ru"):
        for name in (
            "Ann",
            "Computer",
            "Computer (grandmaster)",
            "My Computer (normal)",
            "**Computer**",
        ):
            assert seat_name(name) == name
        assert shown("**Computer (hard)**") == "\\*\\*Computer (hard)\\*\\*"


def test_table_text_and_pictures_get_the_translated_names() -> None:
    table = _table_with_computers()
    with using("ru"):
        assert plain_names(table) == ["Ann", "Компьютер (средний)", "Компьютер 2 (средний)"]
        assert seat_names(table)[2] == "Компьютер 2 (средний)"
    with using("en"):
        assert plain_names(table)[1:] == ["Computer (normal)", "Computer 2 (normal)"]


def test_stored_games_and_leaderboards_read_computers_in_russian() -> None:
    """A game stored before the change (its seats hold the English name) reads the same."""
    game = GameSummary(
        game_id="g-old",
        game="hurricane",
        options={"preset": "pairs"},
        ended_at=1_700_000_100.0,
        seats=(
            SeatRecord(0, 1, "Ann", team=0),
            SeatRecord(1, -2, "Computer (normal)", team=1),
            SeatRecord(2, 3, "Cy", team=0),
            SeatRecord(3, -2, "Computer 2 (normal)", team=1),
        ),
        scores=(10, 16),
        winners=(1, 3),
        double=False,
        ended_by="finished",
        server_seed=None,
    )
    with using("ru"):
        text = "\n".join(history_panel(None, [game], None).lines)
    assert "Компьютер (средний) & Компьютер 2 (средний)" in text, text
    assert "Computer" not in text and "Ураган · пары" in text
    row = LeaderboardRow(
        rank=1,
        user_id=-3,
        name="Computer (hard)",
        is_bot=True,
        games=10,
        wins=7,
        losses=3,
        draws=0,
        points=100,
        streak=1,
        best_streak=3,
        rating=1600.0,
    )
    with using("ru"):
        board = board_panel("hurricane", Metric.RATING, 0, [row], None, 1, True)
    assert "Компьютер (сильный)" in "\n".join(board.lines), board.lines


def test_presets_and_options_are_read_in_russian() -> None:
    with using("ru"):
        assert [preset_word(p) for p in ("standard", "open", "pairs")] == [
            "обычный",
            "открытый",
            "пары",
        ]
        words = option_words({"target": 16, "lead_after_redeal": "eldest", "trail": "free"})
        assert words == "игра до: 16 · первый ход после досдачи: несдающий · снос: любая карта"
        assert option_words({"wild": "none", "declare": "yes"}) == "джокеры: нет · объявление: да"
    with using("en"):
        assert option_words({"double_below": 8, "wild": "one_eyes"}) == (
            "double below: 8 · wild: one_eyes"
        )
