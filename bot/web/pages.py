"""What each page shows, read from storage and worded in the language in force (the caller sets
it). Plain values for the templates; names stay raw (the templates escape them)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from bot.i18n import _
from bot.names import seat_name
from bot.render.stats import METRIC_NAMES, metric_value, record_text, recorded_game_title
from storage.base import Storage, StorageError
from storage.models import SEASON_METRICS, GameSummary, LeaderboardRow, Metric, SeasonRecord

from .chart import rating_chart
from .games import GameCache
from .summary import GameView, page_of, plain, view_from

logger = logging.getLogger(__name__)

TOP = 10  # rows of each board on the server page
PAGE = 25  # rows of a board page
RECENT = 10  # recent games listed
METRICS = (Metric.RATING, Metric.WINS, Metric.POINTS, Metric.GAMES, Metric.STREAK)
CHIP_GAMES = frozenset({"hurricane_poker"})


def when(seconds: float) -> dict[str, str]:
    moment = datetime.fromtimestamp(seconds, UTC)
    return {"iso": moment.isoformat(), "text": moment.strftime("%Y-%m-%d %H:%M UTC")}


def metrics_of(game: str) -> tuple[Metric, ...]:
    return (*METRICS, Metric.CHIPS) if game in CHIP_GAMES else METRICS


def row_of(row: LeaderboardRow, metric: Metric) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "user_id": row.user_id,
        "name": seat_name(row.name),
        "is_bot": row.is_bot,
        "value": plain(metric_value(row, metric)),
        "record": record_text(row),
    }


def sides_of(game: GameSummary) -> list[dict[str, Any]]:
    """Each side (a team, else a seat) winner first, then by score: names, score, won."""
    teams = any(s.team is not None for s in game.seats)
    sides: dict[int, list[dict[str, Any]]] = {}
    for s in game.seats:
        side = s.team if teams and s.team is not None else s.seat
        sides.setdefault(side, []).append({"name": seat_name(s.name), "user_id": s.user_id})
    won = {
        (s.team if teams and s.team is not None else s.seat)
        for s in game.seats
        if s.seat in game.winners
    }
    scores = game.scores
    order = sorted(
        sides, key=lambda side: (side not in won, -(scores[side] if side < len(scores) else 0))
    )
    return [
        {
            "players": sides[side],
            "score": scores[side] if side < len(scores) else None,
            "won": side in won,
        }
        for side in order
    ]


def outcome_of(game: GameSummary) -> str:
    if game.ended_by == "abandoned":
        return _("abandoned")
    if not game.winners:
        return _("draw")
    how = {"resigned": " " + _("(resigned)"), "forfeit": " " + _("(forfeit)")}.get(
        game.ended_by, ""
    )
    return (_("double win") if game.double else _("won")) + how


def game_row(game: GameSummary) -> dict[str, Any]:
    return {
        "game_id": game.game_id,
        "title": recorded_game_title(game.game, game.options),
        "when": when(game.ended_at),
        "sides": sides_of(game),
        "outcome": outcome_of(game),
        "abandoned": game.ended_by == "abandoned",
    }


async def server(storage: Storage, guild_id: int) -> dict[str, Any]:
    games = await storage.guild_games(guild_id)
    boards = await asyncio.gather(
        *(storage.leaderboard(guild_id, g, Metric.RATING, limit=TOP + 1) for g in games)
    )
    recent = await storage.history(guild_id, None, RECENT)
    seasons = await storage.seasons(guild_id)
    return {
        "guild_id": guild_id,
        "current_season": next((season_row(x) for x in seasons if x.ended_at is None), None),
        "past_seasons": [season_row(x) for x in seasons if x.ended_at is not None],
        "boards": top_boards(games, boards),
        "recent": [game_row(g) for g in recent],
        "metric_name": _(METRIC_NAMES[Metric.RATING]),
    }


def top_boards(games: Sequence[str], boards: Sequence[Sequence[Any]]) -> list[dict[str, Any]]:
    """Each game's board by rating, its first ``TOP`` rows (read ``TOP + 1`` to know of more)."""
    return [
        {
            "game": g,
            "title": recorded_game_title(g),
            "rows": [row_of(r, Metric.RATING) for r in rows[:TOP]],
            "more": len(rows) > TOP,
        }
        for g, rows in zip(games, boards, strict=True)
    ]


def season_row(season: SeasonRecord) -> dict[str, Any]:
    return {
        "id": season.season_id,
        "name": season.name,
        "started": when(season.started_at),
        "ended": None if season.ended_at is None else when(season.ended_at),
        "reset": season.reset_ratings,
        "state": _("running") if season.ended_at is None else _("ended"),
    }


async def find_season(storage: Storage, guild_id: int, season_id: str) -> SeasonRecord | None:
    """The server's season of that id (None: no such season in this server)."""
    return next((x for x in await storage.seasons(guild_id) if x.season_id == season_id), None)


async def season(storage: Storage, guild_id: int, chosen: SeasonRecord) -> dict[str, Any]:
    """A season's page: every game's board of that season (top rows by rating), running or
    archived."""
    games = await storage.guild_games(guild_id)
    boards = await asyncio.gather(
        *(storage.season_leaderboard(chosen, g, Metric.RATING, limit=TOP + 1) for g in games)
    )
    return {
        "guild_id": guild_id,
        "season": season_row(chosen),
        "boards": [board for board in top_boards(games, boards) if board["rows"]],
        "metric_name": _(METRIC_NAMES[Metric.RATING]),
    }


async def board(
    storage: Storage,
    guild_id: int,
    game: str,
    metric: Metric,
    page: int,
    computers: bool,
    in_season: SeasonRecord | None = None,
) -> dict[str, Any] | None:
    """One board, paged: all time, or ``in_season``'s (ranked by the season's metrics)."""
    metrics = metrics_of(game)
    if in_season is not None:
        metrics = tuple(m for m in metrics if m in SEASON_METRICS)
    if metric not in metrics:
        return None
    if in_season is None:
        rows = await storage.leaderboard(
            guild_id,
            game,
            metric,
            limit=PAGE + 1,
            offset=(page - 1) * PAGE,
            include_bots=computers,
        )
    else:
        rows = await storage.season_leaderboard(
            in_season,
            game,
            metric,
            limit=PAGE + 1,
            offset=(page - 1) * PAGE,
            include_bots=computers,
        )
    if not rows and page > 1:
        return None
    return {
        "guild_id": guild_id,
        "game": game,
        "title": recorded_game_title(game),
        "metric": metric.value,
        "metric_name": _(METRIC_NAMES[metric]),
        "metrics": [(m.value, _(METRIC_NAMES[m])) for m in metrics],
        "rows": [row_of(r, metric) for r in rows[:PAGE]],
        "page": page,
        "more": len(rows) > PAGE,
        "computers": computers,
        "season": None if in_season is None else season_row(in_season),
    }


async def player(storage: Storage, guild_id: int, user_id: int) -> dict[str, Any] | None:
    stats = await storage.player_stats(guild_id, user_id)
    recent = await storage.history(guild_id, user_id, RECENT)
    if not stats and not recent:
        return None
    charts = await asyncio.gather(
        *(storage.rating_history(guild_id, user_id, s.game) for s in stats)
    )
    name = (
        stats[0].row.name
        if stats
        else next((s.name for s in recent[0].seats if s.user_id == user_id), str(user_id))
    )
    return {
        "guild_id": guild_id,
        "user_id": user_id,
        "name": seat_name(name),
        "games": [
            {
                "game": s.game,
                "title": recorded_game_title(s.game),
                "rank": s.row.rank,
                "rating": round(s.row.rating),
                "record": record_text(s.row),
                "streak": s.row.streak,
                "best_streak": s.row.best_streak,
                "chart": rating_chart(history),
            }
            for s, history in zip(stats, charts, strict=True)
        ],
        "recent": [{**game_row(g), "mine": mine_of(g, user_id)} for g in recent],
    }


def mine_of(game: GameSummary, user_id: int) -> str:
    """How the game went for this player: won, lost, draw, abandoned."""
    if game.ended_by == "abandoned":
        return _("abandoned")
    if not game.winners:
        return _("draw")
    seats = [s.seat for s in game.seats if s.user_id == user_id]
    return _("won") if any(s in game.winners for s in seats) else _("lost")


async def game(
    storage: Storage, cache: GameCache, guild_id: int, game_id: str, step: int, lang: str
) -> dict[str, Any] | None:
    view = await game_view(storage, cache, game_id, lang)
    if view is None or view.guild_id != guild_id:
        return None
    summary = await storage.game_summary(game_id)
    if summary is None:
        return None
    step = min(step, view.total)
    return {
        "guild_id": guild_id,
        "game": game_row(summary),
        "view": view,
        "step": step,
        "total": view.total,
        "picture": f"/s/{guild_id}/g/{game_id}/{lang}/",
    }


async def game_view(storage: Storage, cache: GameCache, game_id: str, lang: str) -> GameView | None:
    """The game's page summary in ``lang``: kept in memory, else its stored summary (one row,
    written when the game was recorded), else built from the move log and stored for the next
    process (a game recorded before summaries were stored). None: no finished game has that id."""
    view = cache.get(game_id, lang)
    if view is not None:
        return view
    stored = await storage.game_page(game_id, lang)
    view = view_from(stored) if stored is not None else None
    if view is None:
        log = await storage.game_log(game_id)
        if log is None:
            return None
        view = await asyncio.to_thread(cache.build, log, lang)
        try:
            await storage.save_game_page(page_of(view, game_id, lang, time.time()))
        except StorageError as exc:  # a read-only database: the page is still served
            logger.warning("web: could not store the page of game %s: %s", game_id, exc)
    cache.put(game_id, lang, view)
    return view
