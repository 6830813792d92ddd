"""The words of games across days: the direct message telling a player it is their turn, the
same message once the turn has passed on, and ``/games`` (a player's open tables in a server).

Pure, like the table message: a notice tells only what the public table message tells (the
story of the last moves, whose turn, the deadline), never a card of anyone's hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import N_, _
from bot.names import shown
from bot.tables.models import Table, TableStatus

from .boards.base import seat_names
from .table import game_title, recent_moves, timer_words
from .text import Panel

NOTICE_TITLE = N_("Your turn — {game}")
GAMES_TITLE = N_("Your games — {server}")
#: tables listed on one page of /games (their Show my hand buttons fill two rows of five)
GAMES_PER_PAGE = 10


def table_link(table: Table) -> str:
    """A link that opens the table message (or its channel, before it has one)."""
    base = f"https://discord.com/channels/{table.guild_id}/{table.channel_id}"
    return f"{base}/{table.message_id}" if table.message_id else base


def deadline_words(table: Table) -> str | None:
    """``<t:…:R> (<t:…:f>)``: Discord shows both in the reader's own time zone."""
    if table.paused:
        return _("the turn clock is paused")
    if not table.turn_deadline:
        return None
    at = int(table.turn_deadline)
    return f"<t:{at}:R> (<t:{at}:f>)"


def notice_panel(table: Table, server: str) -> Panel:
    """The direct message of a turn: where, what the others just did, until when, and a link."""
    panel = Panel(title=_(NOTICE_TITLE).format(game=game_title(table)))
    panel.lines.append(
        _("It is your turn at **{server}**, in <#{channel}>.").format(
            server=shown(server), channel=table.channel_id
        )
    )
    story = recent_moves(table)
    if story:
        panel.add(_("Since your last move"), "\n".join(f"· {line}" for line in story))
    when = deadline_words(table)
    if when:
        panel.lines.append(_("Time runs out {when}.").format(when=when))
    panel.lines.append(_("[Go to the table]({link})").format(link=table_link(table)))
    panel.footer = _(
        "Show my hand opens your cards here, only for you; the moves you make here are played "
        "at the table. /settings notifications turns these messages off."
    )
    return panel


def done_panel(table: Table, server: str) -> Panel:
    """The same message once the turn has passed on (or the game ended): no more to do here."""
    title = game_title(table)
    if table.status is TableStatus.PLAYING:
        line = _("✅ Done: the turn has passed on at {game} (**{server}**, <#{channel}>).")
    else:
        line = _("✅ Done: the game of {game} is over (**{server}**, <#{channel}>).")
    panel = Panel(title=title)
    panel.lines.append(
        line.format(game=title, server=shown(server), channel=table.channel_id)
        + " "
        + _("[Go to the table]({link})").format(link=table_link(table))
    )
    return panel


@dataclass(frozen=True)
class GameLine:
    """One table of /games, as the reader sees it."""

    table: Table
    your_turn: bool


def my_games(tables: Sequence[Table], guild_id: int, user_id: int) -> list[GameLine]:
    """The user's open tables of a server (lobbies and games): their turn first, then the
    nearest deadline, then the oldest."""
    lines = [
        GameLine(t, t.current_seat is not None and t.current_seat == t.seat_of(user_id))
        for t in tables
        if t.is_live and t.guild_id == guild_id and t.is_seated(user_id)
    ]
    far = float("inf")
    return sorted(
        lines,
        key=lambda g: (not g.your_turn, g.table.turn_deadline or far, g.table.opened_at),
    )


def games_panel(lines: Sequence[GameLine], user_id: int, server: str, page: int) -> Panel:
    """Page ``page`` (from 1) of /games: each table's game, pace, opponents, whose turn, the
    deadline and a link; the buttons below are numbered as the fields."""
    panel = Panel(title=_(GAMES_TITLE).format(server=shown(server)))
    if not lines:
        panel.lines.append(_("You sit at no open table in this server. Open one with /table new."))
        return panel
    pages = pages_of(len(lines))
    first = (page - 1) * GAMES_PER_PAGE
    for number, line in enumerate(lines[first : first + GAMES_PER_PAGE], start=first + 1):
        panel.add(*_game_field(number, line, user_id))
    panel.lines.append(
        _("Show my hand opens the cards of the table with that number, only for you.")
    )
    if pages > 1:
        panel.footer = _("Page {page} of {pages} — /games page: to see another.").format(
            page=page, pages=pages
        )
    return panel


def pages_of(count: int) -> int:
    return max(1, -(-count // GAMES_PER_PAGE))


def _game_field(number: int, line: GameLine, user_id: int) -> tuple[str, str]:
    table = line.table
    names = seat_names(table)
    others = [names[i] for i, s in enumerate(table.seats) if s is not None and s.user_id != user_id]
    pace = (
        _("correspondence, {timer} per move").format(timer=timer_words(table.spec.turn_timer))
        if table.spec.correspondence
        else _("live")
    )
    name = f"{number}. {game_title(table)} ({pace})"
    parts = [_("with {names}").format(names=", ".join(others)) if others else _("nobody yet")]
    if table.status is TableStatus.LOBBY:
        parts.append(_("waiting in the lobby"))
    elif line.your_turn:
        parts.append(_("**your turn**"))
    elif table.current_seat is not None:
        parts.append(_("{name} to play").format(name=names[table.current_seat]))
    when = deadline_words(table) if table.status is TableStatus.PLAYING else None
    if when:
        parts.append(_("time runs out {when}").format(when=when))
    parts.append(_("[Go to the table]({link})").format(link=table_link(table)))
    return name, " · ".join(parts)
