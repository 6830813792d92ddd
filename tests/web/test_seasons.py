"""Seasons on the web: the server's page lists its running and past seasons; a season's page shows
every game's board of that season (running: counted from its games; ended: the archive), each
paged by the season's metrics; in both languages; names escaped; other servers' seasons are 404."""

from __future__ import annotations

import re

from aiohttp.test_utils import TestClient

from storage.models import GameRecord, SeatRecord
from storage.sqlite import SqliteStorage

from .seed import PRIVATE, PUBLIC, Seeded

S = f"/s/{PUBLIC}"
ODD = "<b>S1</b>"  # a season's name is typed by a member: shown as written


def won(game_id: str, winner: tuple[int, str], loser: tuple[int, str], at: float) -> GameRecord:
    return GameRecord(
        game_id=game_id,
        guild_id=PUBLIC,
        channel_id=1,
        game="hurricane",
        options={"preset": "standard"},
        seats=(SeatRecord(0, *winner), SeatRecord(1, *loser)),
        scores=(61, 40),
        winners=(0,),
        double=False,
        seed=1,
        started_at=at - 60,
        ended_at=at,
    )


async def test_running_and_past_seasons_and_their_boards(
    client: TestClient, store: SqliteStorage, seeded: Seeded
) -> None:
    t = 1_900_000_000.0
    spring = await store.start_season(PUBLIC, ODD, t)
    assert spring is not None
    await store.finish_game(won("sp-1", (301, "Spring Champ"), (302, "Spring Loser"), t + 10))
    await store.finish_game(won("sp-2", (301, "Spring Champ"), (302, "Spring Loser"), t + 20))
    assert await store.end_season(PUBLIC, t + 100) is not None
    summer = await store.start_season(PUBLIC, "Summer", t + 200, reset_ratings=True)
    assert summer is not None
    await store.finish_game(won("su-1", (303, "Summer Star"), (301, "Spring Champ"), t + 300))
    other = await store.start_season(PRIVATE, "Hidden season", t)
    assert other is not None

    page = await (await client.get(S + "/")).text()
    assert re.findall(r'href="/s/\d+/season/(\w+)"', page) == [summer.season_id, spring.season_id]
    assert "&lt;b&gt;S1&lt;/b&gt;" in page and ODD not in page

    running = await (await client.get(f"{S}/season/{summer.season_id}")).text()
    assert "Summer Star" in running and "Spring Loser" not in running
    ended = await (await client.get(f"{S}/season/{spring.season_id}")).text()
    assert "Spring Champ" in ended and "Summer Star" not in ended
    # one board of a season, by another of its metrics; Russian
    board = await client.get(f"{S}/season/{spring.season_id}/board/hurricane?metric=wins&lang=ru")
    text = await board.text()
    assert board.status == 200 and "Spring Champ" in text and "Сезон &lt;b&gt;S1" in text
    ru = await (await client.get(S + "/?lang=ru")).text()
    assert "Сезоны" in ru and "идёт с" in ru
    for path in (
        f"{S}/season/{spring.season_id}/board/hurricane?metric=streak",  # not a season metric
        f"{S}/season/{other.season_id}",  # another server's season
        f"{S}/season/nope",
        f"/s/{PRIVATE}/season/{other.season_id}",  # a server that did not opt in
    ):
        assert (await client.get(path)).status == 404, path
