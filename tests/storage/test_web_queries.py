"""The reads of the web pages and the web setting, in both backends."""

from __future__ import annotations

from dataclasses import replace

from storage.models import GamePage
from storage.sql import SqlStorage

from .conftest import GUILD, Backend, result


async def test_web_pages_are_off_until_turned_on_per_server(store: SqlStorage) -> None:
    assert await store.get_guild_web(GUILD) is False
    await store.set_guild_web(GUILD, True)
    assert await store.get_guild_web(GUILD) is True
    assert await store.get_guild_web(GUILD + 1) is False
    await store.set_guild_web(GUILD, False)
    assert await store.get_guild_web(GUILD) is False


async def test_games_rating_history_and_one_summary(store: SqlStorage) -> None:
    first = result([1, 2], ended_at=100.0)
    await store.finish_game(first)
    await store.finish_game(result([2, 1], ended_at=200.0))
    await store.finish_game(result([1, 3, 2], game="haggis", winners=(0,), scores=(250, 1, 2)))
    assert await store.guild_games(GUILD) == ["haggis", "hurricane"]
    assert await store.guild_games(GUILD + 1) == []
    history = await store.rating_history(GUILD, 1, "hurricane")
    assert [at for at, _ in history] == [100.0, 200.0]
    # the last point is the rating the board shows now
    row = await store.rank_of(GUILD, "hurricane", 1)
    assert row is not None and history[-1][1] == row.rating and history[0][1] > row.rating
    summary = await store.game_summary(first.game_id)
    assert summary is not None and summary.winners == first.winners
    assert [s.user_id for s in summary.seats] == [1, 2]
    assert await store.game_summary("nope") is None


async def test_a_game_page_summary_is_stored_per_language_and_replaced(store: SqlStorage) -> None:
    page = GamePage("g1", "en", 1, GUILD, 3, {"steps": [[0, "«<b>»", 1]], "x": None}, 10.0)
    assert await store.game_page("g1", "en") is None
    await store.save_game_page(page)
    await store.save_game_page(replace(page, lang="ru", data={"steps": []}))
    assert await store.game_page("g1", "en") == page
    newer = replace(page, format=2, moves=4, data={"y": [1.5]}, built_at=11.0)
    await store.save_game_page(newer)
    assert await store.game_page("g1", "en") == newer
    ru = await store.game_page("g1", "ru")
    assert ru is not None and ru.data == {"steps": []}
    assert await store.game_page("g2", "en") is None


async def test_older_games_get_back_the_ratings_they_were_recorded_with(
    store: SqlStorage, backend: Backend
) -> None:
    """Games recorded before seats kept their rating: replaying the place's rated games gives
    every seat exactly the rating the recording gave it (2 and 3 sides, teams, a draw, an
    abandoned game, a computer seated twice); later games and other boards are left alone."""
    played = [
        result([1, 2]),
        result([2, 3, 1], winners=(1,), scores=(5, 9, 5)),  # the losers tie
        result([1, 2], winners=()),  # a draw
        result([1, 2, 3, 4], teams=True, winners=(1,)),
        result([3, 1], ended_by="abandoned"),
        result([-1, -1, 2]),  # a computer seated twice: it is not rated, the others are
        result([3, 2]),
        result([1, 3], game="haggis"),
        result([1, 2], guild=GUILD + 1),
        result([2, 1]),  # "after the migration": kept as stored
    ]
    for rec in played:
        assert await store.finish_game(rec)
    ratings = "SELECT game_id, seat, rating FROM game_seats ORDER BY game_id, seat"
    recorded = await backend.query(ratings)
    assert sum(r is None for _g, _s, r in recorded) == 4  # abandoned 2, the computer twice
    await backend.query(
        "UPDATE game_seats SET rating = NULL WHERE game_id <> ?", played[-1].game_id
    )

    assert await store.backfill_ratings(GUILD, "hurricane") == 2 + 3 + 2 + 4 + 1 + 2
    assert await store.backfill_ratings(GUILD, "hurricane") == 0  # nothing left to fill
    after = {(g, s): r for g, s, r in await backend.query(ratings)}
    for game_id, seat, rating in recorded:
        other_board = game_id in (played[7].game_id, played[8].game_id)
        assert after[(game_id, seat)] == (None if other_board else rating), (game_id, seat)
    assert await store.backfill_ratings(GUILD, "haggis") == 2
    assert await store.backfill_ratings(GUILD + 1, "hurricane") == 2
    assert await backend.query(ratings) == recorded
