"""openskill Plackett-Luce ratings: 2 players, teams, 3 players, draws."""

from __future__ import annotations

from storage.models import Metric
from storage.rating import MU0
from storage.sql import SqlStorage

from .conftest import GUILD, Backend, result


async def skills(
    backend: Backend, game: str = "hurricane"
) -> dict[int, tuple[float, float, float]]:
    rows = await backend.query(
        "SELECT user_id, mu, sigma, rating FROM standings WHERE game = ? AND games > 0", game
    )
    return {u: (mu, sigma, rating) for u, mu, sigma, rating in rows}


async def test_winner_goes_up_loser_goes_down(store: SqlStorage, backend: Backend) -> None:
    await store.finish_game(result([1, 2]))
    s = await skills(backend)
    assert s[1][0] > MU0 > s[2][0]
    assert s[1][2] > 1000.0 > s[2][2]
    await store.finish_game(result([2, 1], winners=(0,)))  # the loser wins the rematch
    t = await skills(backend)
    assert t[2][0] > s[2][0] and t[1][0] < s[1][0]
    assert t[1][1] < s[1][1]  # more games, less uncertainty


async def test_beating_a_proven_player_is_worth_more(store: SqlStorage, backend: Backend) -> None:
    for _ in range(4):
        await store.finish_game(result([1, 2]))
    await store.finish_game(result([3, 1]))  # newcomer 3 beats the strong player 1
    await store.finish_game(result([4, 5]))  # newcomer 4 beats newcomer 5
    s = await skills(backend)
    assert s[3][0] - MU0 > s[4][0] - MU0 > 0


async def test_pairs_rate_both_partners(store: SqlStorage, backend: Backend) -> None:
    await store.finish_game(result([1, 2, 3, 4], winners=(0, 2), scores=(21, 12), teams=True))
    s = await skills(backend)
    assert s[1] == s[3] and s[2] == s[4]
    assert s[1][0] > MU0 > s[2][0]
    for user, won in [(1, True), (2, False), (3, True), (4, False)]:
        row = await store.rank_of(GUILD, "hurricane", user, Metric.WINS)
        assert row is not None and row.wins == int(won) and row.losses == int(not won)


async def test_a_team_wins_when_one_partner_is_named(store: SqlStorage) -> None:
    await store.finish_game(result([1, 2, 3, 4], winners=(2,), scores=(21, 12), teams=True))
    row = await store.rank_of(GUILD, "hurricane", 1, Metric.WINS)
    assert row is not None and row.wins == 1


async def test_three_players_rank_by_finishing_order(store: SqlStorage, backend: Backend) -> None:
    # seat 2 wins; seat 0 beat seat 1 on score
    await store.finish_game(result([1, 2, 3], winners=(2,), scores=(180, 120, 260), game="haggis"))
    s = await skills(backend, "haggis")
    assert s[3][0] > s[1][0] > s[2][0]
    assert s[2][0] < MU0 < s[3][0]
    board = await store.leaderboard(GUILD, "haggis")
    assert [r.user_id for r in board] == [3, 1, 2]
    assert [(r.wins, r.losses) for r in board] == [(1, 0), (0, 1), (0, 1)]


async def test_a_draw_pulls_ratings_together(store: SqlStorage, backend: Backend) -> None:
    await store.finish_game(result([1, 2]))
    before = await skills(backend)
    await store.finish_game(result([1, 2], winners=(), scores=(110, 110)))
    after = await skills(backend)
    assert after[1][0] < before[1][0] and after[2][0] > before[2][0]
    row = await store.rank_of(GUILD, "hurricane", 2, Metric.WINS)
    assert row is not None and (row.draws, row.points) == (1, 0)


async def test_computer_players_are_rated_but_hidden(store: SqlStorage, backend: Backend) -> None:
    await store.finish_game(result([-3, 1]))
    assert (await skills(backend))[-3][0] > MU0
    assert [r.user_id for r in await store.leaderboard(GUILD, "hurricane")] == [1]
    assert [r.user_id for r in await store.leaderboard(GUILD, "hurricane", include_bots=True)] == [
        -3,
        1,
    ]
