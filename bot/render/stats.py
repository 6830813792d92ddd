"""``/leaderboard``, ``/stats`` and ``/history`` as text (``Panel``), from the storage's records.
Pure: no Discord; the cog (``cogs.stats``) reads the storage, turns these panels into embeds and adds
the page buttons. Names are stored raw and escaped here (``shown``), where they are drawn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games import GAMES
from bot.i18n import N_, _, current, ngettext
from bot.names import shown
from storage.models import (
    GameSummary,
    LeaderboardRow,
    Metric,
    PersonalStats,
    PlayerStats,
    TournamentGame,
)

from .analysis import accuracy_text
from .rules import display_title, preset_shown
from .text import Panel
from .words import noun, plural

#: Each game's name in the stats (the English message id, translated when drawn): the name the
#: slash commands' game choices show.
GAME_NAMES = {g: display_title(g) for g in GAMES}
METRIC_NAMES = {
    Metric.RATING: N_("rating"),
    Metric.WINS: N_("wins"),
    Metric.POINTS: N_("match points"),
    Metric.GAMES: N_("games played"),
    Metric.STREAK: N_("win streak"),
    Metric.CHIPS: N_("chips won"),
}
#: A leaderboard page's title; ``bot.discord.ui`` matches it in every language to tell such pages apart.
BOARD_TITLE = N_("{game} leaderboard — {metric}")


def recorded_game_title(game: str, options: dict[str, Any] | None = None) -> str:
    """A recorded game's name, with its preset when the game has presets (``Hurricane · pairs``)."""
    title = _(GAME_NAMES[game]) if game in GAME_NAMES else _game_title(game)
    preset = preset_shown(game, options or {}, lang=current())
    return f"{title} · {preset}" if preset else title


def _game_title(game: str) -> str:
    """A game registered after import (no catalog entry), or one no longer known."""
    try:
        return display_title(game, lang=current())
    except ValueError:
        return game.capitalize()


def metric_value(row: LeaderboardRow, metric: Metric) -> str:
    """A row's value of the metric the board is ranked by, in bold."""
    if metric is Metric.RATING:
        return f"**{row.rating:.0f}**"
    if metric is Metric.WINS:
        return f"**{row.wins}** {noun(row.wins, 'win')}"
    if metric is Metric.POINTS:
        return f"**{row.points}** {noun(row.points, 'pt', 'pts')}"
    if metric is Metric.GAMES:
        return f"**{row.games}** {noun(row.games, 'game')}"
    if metric is Metric.CHIPS:
        return f"**{row.chips:+d}** {noun(abs(row.chips), 'chip')}"
    return _("**{streak}** in a row (best {best})").format(streak=row.streak, best=row.best_streak)


def record_text(row: LeaderboardRow) -> str:
    """Wins, losses, draws (only if any) and games played: ``3W 2L 1D · 6 games``."""
    draws = " " + _("{count}D").format(count=row.draws) if row.draws else ""
    record = _("{wins}W {losses}L").format(wins=row.wins, losses=row.losses)
    return f"{record}{draws} · {plural(row.games, 'game')}"


def board_panel(
    game: str,
    metric: Metric,
    page: int,
    rows: list[LeaderboardRow],
    mine: LeaderboardRow | None,
    viewer_id: int,
    computers: bool = False,
    *,
    server: bool = True,
) -> Panel:
    """One page of a leaderboard (``page`` is 0-based), the viewer's own rank in a field.
    ``server``: the place is a server (else a DM or group DM, told "here")."""
    title = _(BOARD_TITLE).format(game=recorded_game_title(game), metric=_(METRIC_NAMES[metric]))
    panel = Panel(title=title)
    if not rows:
        panel.lines.append(
            _("Nobody is on this page.")
            if page > 0
            else (
                _("Nobody has finished a game of {game} in this server yet.")
                if server
                else _("Nobody has finished a game of {game} here yet.")
            ).format(game=recorded_game_title(game))
        )
    for row in rows:
        you = " ← " + _("you") if row.user_id == viewer_id else ""
        panel.lines.append(
            f"`#{row.rank:>3}` {shown(row.name)} — {metric_value(row, metric)} · {record_text(row)}{you}"
        )
    if mine is None:
        panel.add(
            _("Your rank"),
            _("You have no finished {game} game here yet.").format(game=recorded_game_title(game)),
        )
    else:
        panel.add(
            _("Your rank"), f"#{mine.rank} — {metric_value(mine, metric)} · {record_text(mine)}"
        )
    listed = _("computer players included") if computers else _("computer players are not listed")
    panel.footer = _("Page {number}").format(number=page + 1) + f" · {listed}"
    return panel


def stats_panel(name: str, stats: list[PlayerStats], *, server: bool = True) -> Panel:
    """A player's results, one field per game (``name`` is already escaped); ``server``: the
    place is a server (else a DM or group DM, told "here")."""
    panel = Panel(title=_("Stats of {name}").format(name=name))
    if not stats:
        panel.lines.append(_no_games(name, server))
        return panel
    for s in stats:
        row = s.row
        rate = 100.0 * row.wins / row.games if row.games else 0.0
        lines = [
            _("Rank #{rank} · rating {rating}").format(rank=row.rank, rating=f"{row.rating:.0f}"),
            f"{record_text(row)} · "
            + _("{rate}% won").format(rate=f"{rate:.0f}")
            + f" · {plural(row.points, 'match point')}",
            _("Win streak {streak} (best {best})").format(streak=row.streak, best=row.best_streak),
        ]
        if s.recent:
            marks = " ".join(_outcome_mark(g, row.user_id) for g in s.recent)
            lines.append(_("Recent: {marks}").format(marks=marks))
        panel.add(recorded_game_title(s.game), "\n".join(lines))
    return panel


#: The title of a player's own record (/stats with scope "mine").
OWN_STATS_TITLE = N_("Stats of {name} in DMs and group DMs")


def own_stats_panel(name: str, stats: list[PersonalStats], user_id: int) -> Panel:
    """A player's own record (``name`` escaped): their games outside servers, wherever played,
    added up per game. No rating or rank: each place keeps its own (the footer says where)."""
    panel = Panel(title=_(OWN_STATS_TITLE).format(name=name))
    if not stats:
        panel.lines.append(_no_own_games(name))
        return panel
    for s in stats:
        rate = 100.0 * s.wins / s.games if s.games else 0.0
        draws = " " + _("{count}D").format(count=s.draws) if s.draws else ""
        record = _("{wins}W {losses}L").format(wins=s.wins, losses=s.losses) + draws
        chats = ngettext("in {count} chat", "in {count} chats", s.places).format(count=s.places)
        lines = [
            f"{record} · {plural(s.games, 'game')} {chats}",
            _("{rate}% won").format(rate=f"{rate:.0f}") + f" · {plural(s.points, 'match point')}",
            _("Win streak {streak} (best {best})").format(streak=s.streak, best=s.best_streak),
        ]
        if s.recent:
            marks = " ".join(_outcome_mark(g, user_id) for g in s.recent)
            lines.append(_("Recent: {marks}").format(marks=marks))
        panel.add(recorded_game_title(s.game), "\n".join(lines))
    panel.footer = _(
        "Ratings are kept per place: /stats with scope here, in a server or a chat, shows its own."
    )
    return panel


def _no_own_games(name: str) -> str:
    return _("{name} has no finished games in DMs or group DMs yet.").format(name=name)


def _seats_of(game: GameSummary, user_id: int) -> list[int]:
    return [s.seat for s in game.seats if s.user_id == user_id]


def _outcome(game: GameSummary, user_id: int | None) -> str:
    """``abandoned``, ``draw``, ``won_by``, ``double``, ``won`` or ``lost``."""
    if game.ended_by == "abandoned":
        return "abandoned"
    if not game.winners:
        return "draw"
    if user_id is None:
        return "won_by"
    mine = _seats_of(game, user_id)
    if any(seat in game.winners for seat in mine):
        return "double" if game.double else "won"
    return "lost"


def outcome_word(game: GameSummary, user_id: int | None) -> str:
    """How a game ended for ``user_id`` (``won``, ``lost``…), or who won it when nobody is asked."""
    outcome = _outcome(game, user_id)
    if outcome == "won_by":
        names = [shown(s.name) for s in game.seats if s.seat in game.winners]
        return _("won by {names}").format(names=" & ".join(names))
    return {
        "abandoned": _("abandoned"),
        "draw": _("draw"),
        "double": "**" + _("double win") + "**",
        "won": "**" + _("won") + "**",
    }.get(outcome, _("lost"))


def _outcome_mark(game: GameSummary, user_id: int) -> str:
    outcome = _outcome(game, user_id)
    marks = {"abandoned": "·", "draw": _("D"), "lost": _("L")}
    return marks.get(outcome, _("W"))


def scores_text(game: GameSummary) -> str:
    """The scores winner first, then the others from the highest ("Carol 252 vs Bob 208 vs …")."""
    teams = any(s.team is not None for s in game.seats)
    sides: dict[int, list[str]] = {}
    won: set[int] = set()
    for s in game.seats:
        side = s.team if teams and s.team is not None else s.seat
        sides.setdefault(side, []).append(shown(s.name))
        if s.seat in game.winners:
            won.add(side)
    order = sorted(sides, key=lambda side: (side not in won, -game.scores[side], side))
    vs = " " + _("vs") + " "
    return vs.join(f"{' & '.join(sides[side])} {game.scores[side]}" for side in order)


def relative_time(seconds: float) -> str:
    """Discord's relative timestamp markup (``<t:…:R>``, what ``discord.utils.format_dt(…, "R")``
    writes): each reader's client shows it as "3 hours ago" in their own language."""
    return f"<t:{int(seconds)}:R>"


#: /history's titles (a player's, the server's, a player's own record): how its messages are told
#: apart (``bot.discord.ui``)
HISTORY_TITLES = (
    N_("Recent games of {name}"),
    N_("Recent games in this server"),
    N_("Recent games of {name} in DMs and group DMs"),
)


def _no_games(name: str, server: bool) -> str:
    if server:
        return _("{name} has no finished games in this server yet.").format(name=name)
    return _("{name} has no finished games here yet.").format(name=name)


def history_panel(
    name: str | None,
    games: list[GameSummary],
    user_id: int | None,
    *,
    server: bool = True,
    own: bool = False,
    tournaments: Mapping[str, TournamentGame] | None = None,
    accuracies: Mapping[str, Mapping[int, float]] | None = None,
) -> Panel:
    """Recent games, in the order given: of a player (``name`` escaped), else of the server;
    ``server``: the place is a server (else a DM or group DM, told "here"); ``own``: the player's
    own record (their games in every DM and group DM); ``tournaments``: the games that were
    tournament matches (their tournament and round shown); ``accuracies``: each analysed game's
    accuracy per seat (the player's is shown)."""
    if own and name:
        panel = Panel(title=_(HISTORY_TITLES[2]).format(name=name))
    else:
        panel = Panel(
            title=_(HISTORY_TITLES[0]).format(name=name) if name else _(HISTORY_TITLES[1])
        )
    if not games:
        panel.lines.append(
            _no_own_games(name)
            if own and name
            else _no_games(name, server)
            if name
            else _("No games have finished in this server yet.")
            if server
            else _("No games have finished here yet.")
        )
    for g in games:
        how = {"resigned": " " + _("(resigned)"), "forfeit": " " + _("(forfeit)")}.get(
            g.ended_by, ""
        )
        seed = " · " + _("seed {seed}").format(seed=f"`{g.server_seed}`") if g.server_seed else ""
        if (match := (tournaments or {}).get(g.game_id)) is not None:
            seed += " · " + tournament_note(match)
        accuracy = _accuracy_of(g, user_id, accuracies)
        if accuracy is not None:
            seed += " · " + accuracy_text(accuracy)
        panel.lines.append(
            f"{relative_time(g.ended_at)} "
            f"**{recorded_game_title(g.game, g.options)}** — "
            f"{outcome_word(g, user_id)}{how}\n{scores_text(g)}\n"
            "-# " + _("game {id}").format(id=f"`{g.game_id}`") + seed
        )
    if games:
        panel.footer = _(
            "Replay one with the menu below or /replay game:<id>; /verify checks its deals."
        )
    return panel


def _accuracy_of(
    game: GameSummary, user_id: int | None, accuracies: Mapping[str, Mapping[int, float]] | None
) -> float | None:
    """The player's accuracy in that game, when it is analysed and they sat at it."""
    by_seat = (accuracies or {}).get(game.game_id)
    if by_seat is None or user_id is None:
        return None
    seat = next((s.seat for s in game.seats if s.user_id == user_id and not s.is_bot), None)
    return None if seat is None else by_seat.get(seat)


def tournament_note(match: TournamentGame) -> str:
    """Where a tournament game belongs: ``tournament abc123 · round 2`` (an Arena: no round)."""
    where = _("tournament {id}").format(id=f"`{match.tournament_id}`")
    if match.format == "arena" or match.round == 0:
        return where
    return where + " · " + _("round {round}").format(round=match.round)
