"""The texts of ``/leaderboard``, ``/stats`` and ``/history`` (``bot.render.stats``), straight from
records, without Discord: outcomes, scores, leaderboard rows, escaping of names, Russian wording."""

from __future__ import annotations

import pytest

from bot.i18n import using
from bot.render.stats import (
    board_panel,
    history_panel,
    metric_value,
    outcome_word,
    record_text,
    recorded_game_title,
    relative_time,
    scores_text,
    stats_panel,
)
from storage.models import GameSummary, LeaderboardRow, Metric, PlayerStats, SeatRecord

ANN, BOB, CY, DI = 1, 2, 3, 4


def row(
    rank: int,
    user_id: int,
    name: str,
    *,
    wins: int = 3,
    losses: int = 2,
    draws: int = 0,
    points: int = 4,
    chips: int = 0,
) -> LeaderboardRow:
    return LeaderboardRow(
        rank=rank,
        user_id=user_id,
        name=name,
        is_bot=False,
        games=wins + losses + draws,
        wins=wins,
        losses=losses,
        draws=draws,
        points=points,
        streak=2,
        best_streak=5,
        rating=1502.4,
        chips=chips,
    )


def duel(
    winners: tuple[int, ...] = (0,),
    *,
    scores: tuple[int, ...] = (16, 9),
    double: bool = False,
    ended_by: str = "finished",
    names: tuple[str, str] = ("Ann", "Bob"),
    seed: str | None = None,
) -> GameSummary:
    """A two-seat Hurricane game: Ann in seat 0, Bob in seat 1."""
    return GameSummary(
        game_id="g-duel",
        game="hurricane",
        options={"preset": "standard"},
        ended_at=1_700_000_100.0,
        seats=(SeatRecord(0, ANN, names[0]), SeatRecord(1, BOB, names[1])),
        scores=scores,
        winners=winners,
        double=double,
        ended_by=ended_by,
        server_seed=seed,
    )


def pairs(winners: tuple[int, ...] = (1, 3)) -> GameSummary:
    """Hurricane pairs: Ann & Cy (team 0) against Bob & Di (team 1); scores are per team."""
    seats = tuple(
        SeatRecord(i, uid, name, team=i % 2)
        for i, (uid, name) in enumerate([(ANN, "Ann"), (BOB, "Bob"), (CY, "Cy"), (DI, "Di")])
    )
    return GameSummary(
        game_id="g-pairs",
        game="hurricane",
        options={"preset": "pairs"},
        ended_at=1_700_000_200.0,
        seats=seats,
        scores=(10, 16),
        winners=winners,
        double=False,
        ended_by="resigned",
    )


@pytest.mark.parametrize(
    ("game", "user_id", "word"),
    [
        (duel(), ANN, "**won**"),
        (duel(), BOB, "lost"),
        (duel(double=True), ANN, "**double win**"),
        (duel(double=True), BOB, "lost"),
        (duel(winners=()), ANN, "draw"),
        (duel(ended_by="abandoned"), ANN, "abandoned"),
        (duel(), None, "won by Ann"),
        (duel(), 99, "lost"),  # someone who did not play it
        (pairs(), CY, "lost"),
        (pairs(), DI, "**won**"),
        (pairs(), None, "won by Bob & Di"),
    ],
)
def test_outcome_words(game: GameSummary, user_id: int | None, word: str) -> None:
    assert outcome_word(game, user_id) == word


def test_outcome_words_in_russian() -> None:
    with using("ru"):
        assert outcome_word(duel(), ANN) == "**победа**"
        assert outcome_word(duel(), BOB) == "поражение"
        assert outcome_word(duel(), None) == "победили Ann"


def test_scores_of_a_two_seat_game_put_the_winner_first() -> None:
    assert scores_text(duel()) == "Ann 16 vs Bob 9"
    assert scores_text(duel(winners=(1,), scores=(16, 9))) == "Bob 9 vs Ann 16"


def test_scores_of_a_team_game_are_per_team_winners_first() -> None:
    assert scores_text(pairs()) == "Bob & Di 16 vs Ann & Cy 10"


def test_scores_of_a_draw_run_from_the_highest() -> None:
    game = GameSummary(
        game_id="g3",
        game="haggis",
        options={},
        ended_at=0.0,
        seats=(SeatRecord(0, ANN, "Ann"), SeatRecord(1, BOB, "Bob"), SeatRecord(2, CY, "Carol")),
        scores=(100, 208, 252),
        winners=(),
        double=False,
        ended_by="finished",
    )
    assert scores_text(game) == "Carol 252 vs Bob 208 vs Ann 100"
    with using("ru"):
        assert scores_text(game) == "Carol 252 против Bob 208 против Ann 100"


def test_names_are_escaped_where_they_are_drawn() -> None:
    game = duel(names=("A_n*n*", "@everyone"))
    assert scores_text(game) == "A\\_n\\*n\\* 16 vs @\u200beveryone 9"  # no ping either
    assert outcome_word(game, None) == r"won by A\_n\*n\*"
    board = board_panel("hurricane", Metric.RATING, 0, [row(1, ANN, "**Ann**")], None, BOB)
    assert board.lines == [r"`#  1` \*\*Ann\*\* — **1502** · 3W 2L · 5 games"]


@pytest.mark.parametrize(
    ("metric", "value"),
    [
        (Metric.RATING, "**1502**"),
        (Metric.WINS, "**3** wins"),
        (Metric.POINTS, "**4** pts"),
        (Metric.GAMES, "**5** games"),
        (Metric.STREAK, "**2** in a row (best 5)"),
    ],
)
def test_metric_values(metric: Metric, value: str) -> None:
    assert metric_value(row(1, ANN, "Ann"), metric) == value


def test_metric_values_count_one_and_sign_chips() -> None:
    one = row(1, ANN, "Ann", wins=1, losses=0, points=1, chips=1)
    assert metric_value(one, Metric.WINS) == "**1** win"
    assert metric_value(one, Metric.POINTS) == "**1** pt"
    assert metric_value(one, Metric.CHIPS) == "**+1** chip"
    assert metric_value(row(1, ANN, "Ann", chips=-40), Metric.CHIPS) == "**-40** chips"


def test_record_text_names_draws_only_when_there_are_some() -> None:
    assert record_text(row(1, ANN, "Ann")) == "3W 2L · 5 games"
    assert record_text(row(1, ANN, "Ann", wins=1, losses=0, draws=1)) == "1W 0L 1D · 2 games"


def test_leaderboard_page_marks_the_viewer_and_shows_their_rank() -> None:
    rows = [row(1, ANN, "Ann", wins=5, losses=1), row(2, BOB, "Bob", wins=1, losses=0)]
    panel = board_panel("haggis", Metric.WINS, 0, rows, rows[1], BOB)
    assert panel.title == "Haggis leaderboard — wins"
    assert panel.lines == [
        "`#  1` Ann — **5** wins · 5W 1L · 6 games",
        "`#  2` Bob — **1** win · 1W 0L · 1 game ← you",
    ]
    assert panel.fields == [("Your rank", "#2 — **1** win · 1W 0L · 1 game")]
    assert panel.footer == "Page 1 · computer players are not listed"


def test_empty_leaderboard_pages() -> None:
    first = board_panel("hurikan", Metric.RATING, 0, [], None, ANN, computers=True)
    assert first.lines == ["Nobody has finished a game of Hurikan in this server yet."]
    assert first.fields == [("Your rank", "You have no finished Hurikan game here yet.")]
    assert first.footer == "Page 1 · computer players included"
    later = board_panel("hurikan", Metric.RATING, 3, [], None, ANN)
    assert later.lines == ["Nobody is on this page."]
    assert later.footer.startswith("Page 4 · ")


def test_leaderboard_in_russian() -> None:
    mine = row(1, ANN, "Ann", wins=3, losses=2, draws=1)
    with using("ru"):
        panel = board_panel("haggis", Metric.WINS, 0, [mine], mine, ANN)
    assert panel.title == "Таблица лидеров: Хаггис — победы"
    assert panel.lines == ["`#  1` Ann — **3** победы · 3В 2П 1Н · 6 игр ← вы"]
    assert panel.fields == [("Ваше место", "#1 — **3** победы · 3В 2П 1Н · 6 игр")]
    assert panel.footer == "Страница 1 · компьютерные игроки не показаны"


def test_game_titles_name_the_preset_of_a_game_with_presets() -> None:
    assert recorded_game_title("hurricane", {"preset": "pairs"}) == "Hurricane (Uragano) · pairs"
    assert recorded_game_title("haggis") == "Haggis"
    assert recorded_game_title("mystery") == "Mystery"  # a game this bot no longer knows
    with using("ru"):
        assert recorded_game_title("hurricane", {"preset": "pairs"}) == "Ураган · пары"


def test_stats_panel_has_a_field_per_game_with_recent_marks() -> None:
    games = (duel(), duel(winners=(1,)), duel(winners=()), duel(ended_by="abandoned"))
    stats = [PlayerStats("hurricane", row(1, ANN, "Ann", wins=1, losses=1, draws=1), games)]
    panel = stats_panel("Ann", stats)
    assert panel.title == "Stats of Ann"
    [(name, value)] = panel.fields
    assert name == "Hurricane (Uragano)"
    assert value.split("\n") == [
        "Rank #1 · rating 1502",
        "1W 1L 1D · 3 games · 33% won · 4 match points",
        "Win streak 2 (best 5)",
        "Recent: W L D ·",
    ]
    assert stats_panel("Ann", []).lines == ["Ann has no finished games in this server yet."]


def test_stats_panel_in_russian() -> None:
    stats = [PlayerStats("haggis", row(1, ANN, "Ann", wins=3, losses=2, draws=1))]
    with using("ru"):
        panel = stats_panel("Ann", stats)
    assert panel.title == "Статистика: Ann"
    assert panel.fields == [
        (
            "Хаггис",
            "Место #1 · рейтинг 1502\n3В 2П 1Н · 6 игр · 50% побед · 4 матч-очка\n"
            "Серия побед 2 (лучшая 5)",
        )
    ]


def test_history_panel_lines() -> None:
    panel = history_panel("Ann", [duel(seed="abc"), pairs()], ANN)
    assert panel.title == "Recent games of Ann"
    assert panel.lines == [
        "<t:1700000100:R> **Hurricane (Uragano) · standard** — **won**\n"
        "Ann 16 vs Bob 9\n-# game `g-duel` · seed `abc`",
        "<t:1700000200:R> **Hurricane (Uragano) · pairs** — lost (resigned)\n"
        "Bob & Di 16 vs Ann & Cy 10\n-# game `g-pairs`",
    ]
    assert panel.footer.startswith("Replay one with the menu below or /replay game:<id>")


def test_history_of_the_server_names_the_winners() -> None:
    panel = history_panel(None, [pairs()], None)
    assert panel.title == "Recent games in this server"
    assert "— won by Bob & Di (resigned)" in panel.lines[0]
    empty = history_panel(None, [], None)
    assert empty.lines == ["No games have finished in this server yet."]
    assert empty.footer == ""


def test_history_in_russian() -> None:
    with using("ru"):
        panel = history_panel("Ann", [duel(winners=(1,), ended_by="forfeit")], ANN)
    assert panel.title == "Последние игры: Ann"
    assert panel.lines == [
        "<t:1700000100:R> **Ураган · обычный** — поражение (досрочно: время вышло)\n"
        "Bob 9 против Ann 16\n-# игра `g-duel`"
    ]


def test_relative_time_is_discords_markup_of_the_whole_second() -> None:
    assert relative_time(1_700_000_100.25) == "<t:1700000100:R>"
