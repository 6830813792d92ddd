"""The public table message and the private hand message as text (``Panel``), from a ``Table`` and the
engine's views. Pure: no Discord; never reads a hidden card (it only sees ``view(None)`` for the public
message and ``view(seat)`` for that seat's own hand)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import N_, _, current
from bot.names import shown
from bot.tables.models import Table, TableStatus
from bot.tables.specs import title_of

from .boards import board_model
from .boards.base import seat_names
from .cards import card_label, cards_label
from .deal_end import bomb_words, choose_words, deal_end_words
from .moves import describe_move
from .option_words import option_words
from .rules import display_title, preset_line
from .scores import result_line
from .text import Panel
from .words import agree, names_list, plural

#: The heading of the story lines, per the board's ``story_unit``.
EARLIER = {
    "deal": N_("Earlier this deal:"),
    "trick": N_("Earlier this trick:"),
    "hand": N_("Earlier this hand:"),
    "round": N_("Earlier this round:"),
}


def game_title(table: Table) -> str:
    return game_name(table.spec.game) + board_model(table.spec.game).title_suffix(table)


def game_name(game: str) -> str:
    """A game's name in the current language (``Hurricane``, ``Ураган``)."""
    lang = current()
    return title_of(game) if lang == "en" else display_title(game, lang=lang)


def game_colour(game: str | None) -> int:
    """The embed colour of a game's messages."""
    return board_model(game or "").colour


def side_names(table: Table) -> list[str]:
    """Names of the scoring sides: teams for Hurricane pairs, else one per seat."""
    return board_model(table.spec.game).side_names(table)


def seat_label(table: Table, index: int) -> str:
    label = _("Seat {number}").format(number=index + 1)
    team = table.team_of(index)
    if team is not None:
        label += " " + _("(team {team})").format(team="AB"[team])
    return label


def timer_words(seconds: float) -> str:
    if not seconds:
        return _("off")
    if seconds % 86400 == 0:
        return plural(int(seconds // 86400), "day")
    if seconds % 3600 == 0:
        return plural(int(seconds // 3600), "hour")
    if seconds % 60 == 0:
        return plural(int(seconds // 60), "minute")
    if float(seconds).is_integer():
        return plural(int(seconds), "second")
    return _("{seconds} seconds").format(seconds=f"{seconds:g}")


SAVING_DELAYED = N_(
    "⚠️ **Saving is delayed**: the database is not answering. The last change is retried "
    "until it is saved; nothing is lost."
)
CLOSED_WORDS = {
    "closed": N_("A moderator closed this table; no result is recorded."),
    "expired": N_("Nobody started this lobby within 30 minutes, so it closed itself."),
    "idle": N_("Nobody moved for 24 hours, so the game is abandoned; no result is recorded."),
    "channel_deleted": N_("The channel was deleted, so the table ended; no result is recorded."),
}


KICKED_BY = {"host": N_("the host"), "moderator": N_("a moderator")}


def closed_line(table: Table) -> str | None:
    """Why the table was closed without a result (moderator, expiry, idleness), if it was."""
    for ev in table.last_events:
        if (
            ev.get("type") == "closed"
            and ev.get("reason") == "expired"
            and table.spec.correspondence
        ):
            return _("Nobody started this lobby in time, so it closed itself.")
        if ev.get("type") == "closed":
            return _(CLOSED_WORDS.get(str(ev.get("reason")), N_("The table was closed.")))
    return None


def lobby_panel(table: Table, options_in_force: dict[str, Any]) -> Panel:
    """The lobby: the game, every option in force, the seats and how to join."""
    status = {
        TableStatus.LOBBY: _("Lobby"),
        TableStatus.CANCELLED: _("Cancelled"),
    }.get(table.status, str(table.status))
    panel = Panel(title=f"{game_title(table)} — {status}")
    host = next(
        (shown(s.name) for s in table.seats if s is not None and s.user_id == table.host_id), "?"
    )
    summary = preset_line(table.spec.game, table.spec.options, lang=current())
    if summary:
        panel.lines.append(f"**{summary}**")
    panel.lines.append(_("Host: {host}").format(host=host))
    if table.spec.correspondence:
        panel.lines.append(
            _(
                "Pace: correspondence — {timer} per move; each player hears of their turn by "
                "direct message (/settings notifications)"
            ).format(timer=timer_words(table.spec.turn_timer))
        )
    else:
        panel.lines.append(
            _("Turn timer: {timer}").format(timer=timer_words(table.spec.turn_timer))
        )
    panel.lines.append(
        _("Turn pings: on (a player is mentioned when their turn comes)")
        if table.spec.pings
        else _("Turn pings: off")
    )
    words = option_words(options_in_force)
    if words:
        panel.lines.append(_("Options: {options}").format(options=words))
    kept = {seat: user for user, seat in table.invited.items()}
    seats = []
    for i, seat in enumerate(table.seats):
        if seat is None and i in kept:
            name = table.invited_names.get(kept[i]) or _("a player of the last game")
            who = "*" + _("kept for {name}").format(name=shown(name)) + "*"
        else:
            who = "*" + _("empty") + "*" if seat is None else shown(seat.name)
        seats.append(f"{seat_label(table, i)}: {who}")
    panel.add(_("Seats"), "\n".join(seats))
    if table.invited and table.status is TableStatus.LOBBY:
        panel.lines.append(
            _("Rematch: the players of the last game take their seats again with Join.")
        )
    if table.status is TableStatus.LOBBY:
        panel.footer = _(
            "Join with the button or /table join. The host starts once every seat is filled."
        )
    else:
        closed = closed_line(table)
        panel.footer = (closed + " " if closed else "") + _(
            "This table was cancelled. Open a new one with /table new."
        )
    return panel


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def turn_ping(table: Table, user_id: int) -> str:
    """The short channel message when the turn passes to a player: "@Anna, your turn at Hurricane"."""
    return _("{player}, your turn at {game}.").format(
        player=mention(user_id), game=game_title(table)
    )


def rematch_invitation(host: str, invited: Sequence[int]) -> str | None:
    """The line above a rematch's lobby, mentioning the players of the last game."""
    if not invited:
        return None
    people = " ".join(mention(u) for u in invited)
    return _("{players}: {host} asks for a rematch — press Join to play again.").format(
        players=people, host=shown(host)
    )


def _who(event: dict[str, Any], key: str, names: Sequence[str]) -> str | None:
    value = event.get(key)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return names[value]
    return None


STORY_MOVES = 4  # the public message tells at least this many moves of the current deal / trick


def recent_moves(table: Table) -> list[str]:
    """The current deal's or trick's last moves in words, oldest first, the newest (or a table
    event such as a resignation) last: at least ``STORY_MOVES`` and at least one per seat, so
    in ``pairs`` and 3-player Haggis every move since a seat's own last one is there."""
    names = seat_names(table)
    count = max(STORY_MOVES, len(table.seats))
    event = _table_event_line(table, names)
    moves = table.history if event is not None else table.history[:-1]
    start = min(max(table.log_from, len(table.history) - count), len(moves))
    lines = [
        describe_move(table.spec.game, names[seat], action, names=names)
        for seat, action in moves[start:]
    ]
    last = last_move_line(table)
    if last:
        lines.append(last)
    return lines[-count:]


def _table_event_line(table: Table, names: Sequence[str]) -> str | None:
    """The last change when it was not a move (resigned, paused…), in words."""
    for ev in table.last_events:
        kind = ev.get("type")
        by = KICKED_BY.get(str(ev.get("kicked_by")))
        kicked = _(by) if by else None
        name = names[ev["seat"]] if isinstance(ev.get("seat"), int) else ""
        if kind == "left" and kicked:
            return _("{name} was removed by {who}: folds and sits out.").format(
                name=name, who=kicked
            )
        if kind == "left":
            return _("{name} left the game: folds and sits out.").format(name=name) + (
                " " + _("(time ran out three times in a row)") if ev.get("timed_out") else ""
            )
        if kind == "resigned" and kicked:
            return _("{name} was removed by {who} and resigns (a loss).").format(
                name=name, who=kicked
            )
        if kind == "resigned":
            return _("{name} resigned.").format(name=name)
        if kind == "forfeit":
            return _("{name} ran out of time three times in a row and forfeits.").format(name=name)
        if kind == "abandoned":
            return _("Everyone agreed to abandon the game.")
        if kind == "closed":
            return closed_line(table)
        if kind == "abandon_vote":
            return _("{name} votes to abandon the game ({votes}/{needed}).").format(
                name=name, votes=ev.get("votes"), needed=ev.get("needed")
            )
        if kind == "paused":
            return _("The host paused the turn clock.")
        if kind == "resumed":
            if ev.get("auto"):
                return _("The pause ran out: the turn clock runs again.")
            return _("The host restarted the turn clock.")
    return None


def last_move_line(table: Table, *, you: int | None = None) -> str | None:
    """The most recent move (or table event) in words; ``you``: the seat of the one reading (the
    terminal's player), whose own move, trick and going out are told in the second person."""
    names = seat_names(table)
    events = table.last_events
    event = _table_event_line(table, names)
    if event is not None:
        return event
    if not table.history:
        return None
    seat, action = table.history[-1]
    sweep = any(ev.get("type") == "sweep" for ev in events)
    line = describe_move(
        table.spec.game, names[seat], action, sweep=sweep, names=names, you=seat == you
    )
    board = board_model(table.spec.game)
    extras = []
    for ev in events:
        kind = ev.get("type")
        who = (
            names[ev["seat"]]
            if isinstance(ev.get("seat"), int) and ev["seat"] < len(names)
            else None
        )
        if kind == "timeout":
            extras.append(
                _("(time ran out — played for them, {count}/3)").format(count=ev.get("timeouts"))
            )
        elif kind == "flip" and ev.get("card"):
            extras.append(_("— it is {card}").format(card=card_label(ev["card"])))
        elif kind == "lay_hand" and who:
            laid = cards_label(ev.get("cards") or []) or _("no cards")
            extras.append(
                _(
                    "— after a hurricane the `open` rules make {name} lay the whole hand on the "
                    "table: {cards}"
                ).format(name=who, cards=laid)
            )
        elif kind == "trick_won" and bomb_words(table, ev, names):
            extras.append(bomb_words(table, ev, names) or "")
        elif kind == "trick_won":
            winner, taker = _who(ev, "winner", names), _who(ev, "taker", names)
            if winner and taker and taker != winner:
                extras.append(
                    _("— {winner} wins the trick with a bomb; {taker} takes the cards").format(
                        winner=winner, taker=taker
                    )
                )
            elif winner and you is not None and ev.get("winner") == you:
                extras.append(_("— you win the trick"))
            elif winner:
                extras.append(_("— {winner} wins the trick").format(winner=winner))
        elif kind == "went_out" and you is not None and ev.get("player") == you:
            extras.append(_("— you go out!"))
        elif kind == "went_out" and _who(ev, "player", names):
            extras.append(_("— {name} goes out!").format(name=_who(ev, "player", names)))
        else:
            words = (
                board.event_words(ev, names)
                or deal_end_words(table, ev, names)
                or choose_words(ev, names)
            )
            if words:
                extras.append(words)
    return " ".join([line, *extras]).strip()


def _seat_field(table: Table, view: dict[str, Any], i: int) -> tuple[str, str]:
    seat = table.seats[i]
    name = shown(seat.name) if seat is not None else _("seat {number}").format(number=i + 1)
    playing = table.status is TableStatus.PLAYING
    marker = "▶ " if playing and view.get("current_player") == i else ""
    parts = board_model(table.spec.game).seat_parts(table, view, i)
    if seat is not None and seat.computer is not None:
        name = f"🤖 {name}"
    return f"{marker}{name}", " · ".join(parts) or "—"


def table_panel(table: Table, view: dict[str, Any]) -> Panel:
    """The public table message during and after play, from the spectator view ``view(None)``."""
    panel = Panel(title=game_title(table))
    if table.saving_delayed:
        panel.lines.append(_(SAVING_DELAYED))
    board = board_model(table.spec.game)
    panel.lines.extend(board.lines(table, view))
    story = recent_moves(table)
    if len(story) > 1:
        panel.lines.append(_(EARLIER[board.story_unit]))
        panel.lines.extend(f"· {line}" for line in story[:-1])
    if story:
        panel.lines.append(_("Last move: {move}").format(move=story[-1]))
    current = view.get("current_player") if table.status is TableStatus.PLAYING else None
    if isinstance(current, int) and current < len(table.seats):
        who = seat_names(table)[current]
        clock = ""
        if table.paused:
            clock = " " + _("(turn clock paused)")
        elif table.turn_deadline and table.spec.correspondence:
            deadline = int(table.turn_deadline)
            clock = " " + _("— time runs out {when}").format(
                when=f"<t:{deadline}:R> (<t:{deadline}:f>)"
            )
        elif table.turn_deadline:
            clock = " " + _("— time runs out {when}").format(
                when=f"<t:{int(table.turn_deadline)}:R>"
            )
        panel.lines.append(_("▶ **{name}** to play").format(name=who) + clock)
    for i in range(len(table.seats)):
        panel.add(*_seat_field(table, view, i))
    scores = board.scores_field(table, view)
    if scores is not None:
        panel.add(*scores)
    breakdown = board.breakdown(table, view)
    if breakdown:
        panel.add(*breakdown)
    panel.lines.extend(fair_lines(table))
    if table.status is TableStatus.FINISHED:
        panel.lines.append(_("**Game over.**") + " " + final_line(table, view))
        panel.footer = (
            _("Thanks for playing! Open a new table with /table new.")
            if table.ended_by == "abandoned"
            else _("Thanks for playing! Rematch plays again with the same seats, or /table new.")
        )
    else:
        panel.footer = _("Press “Show my hand” to see your cards and play.")
    return panel


#: hex digits of the commitment a live table shows (the whole value: /verify, /history, the end)
SHORT_COMMITMENT = 12


def fair_lines(table: Table) -> list[str]:
    """The fair-deal commitment from the start, short while the game is played (a lock, its first
    digits, where to check); the whole value and the seed once the game has ended."""
    commitment = table.commitment
    if commitment is None:
        return []
    seed = table.revealed_seed
    if seed is None:
        return [
            _("🔒 Fair deal {hash}… — check with /verify").format(
                hash=f"`{commitment[:SHORT_COMMITMENT]}`"
            )
        ]
    return [
        _("Fair deal: commitment {hash}").format(hash=f"`{commitment}`"),
        _("Seed (revealed): {seed} — check with {command}").format(
            seed=f"`{seed}`", command=f"`/verify game:{table.game_id}`"
        ),
    ]


def scoring_panel(table: Table, events: list[dict[str, Any]]) -> Panel | None:
    """A message of its own for the channel's history when a deal or round was just scored."""
    fields = board_model(table.spec.game).scoring(table, events)
    if not fields:
        return None
    panel = Panel(title=_("{game} — scores").format(game=game_title(table)))
    for name, value in fields:
        panel.add(name, value)
    over = next((e for e in events if e.get("type") == "game_over"), None)
    if over is not None and table.state is not None and table.state.is_over:
        panel.lines.append(_("**Game over.**") + " " + _result_words(table, table.state.result()))
    return panel


def final_line(table: Table, view: dict[str, Any]) -> str:
    names = seat_names(table)
    if table.ended_by in ("resigned", "forfeit"):
        # a replay (or a table restored after a restart) no longer has the resignation's event:
        # say how the game ended rather than repeat the last move of the log
        return _given_up_line(table) or (
            _("The game ended when a player resigned.")
            if table.ended_by == "resigned"
            else _("The game ended when a player ran out of time.")
        )
    if table.ended_by == "abandoned":
        return closed_line(table) or _("The game was abandoned; no result is recorded.")
    result = view.get("result")
    if not isinstance(result, dict) and table.state is not None and table.state.is_over:
        result = table.state.result()
    if isinstance(result, dict):
        return _result_words(table, result)
    return _("The game ended.") if names else ""


def _result_words(table: Table, result: dict[str, Any]) -> str:
    own = board_model(table.spec.game).final_line(table, result)
    return own if own is not None else result_line(result, side_names(table))


def _given_up_line(table: Table) -> str | None:
    """Winner first for a game someone gave up: "Bob wins — Alice resigned."."""
    event = next((e for e in table.last_events if e.get("type") in ("resigned", "forfeit")), None)
    seat = event.get("seat") if event is not None else None
    if not isinstance(seat, int) or not 0 <= seat < len(table.seats):
        return None
    names, sides = seat_names(table), side_names(table)
    team = table.team_of(seat)
    if team is not None:
        winners = [sides[1 - team]]
    else:
        winners = [n for i, n in enumerate(names) if i != seat]
    who = names_list(winners)
    how = (
        _("{name} resigned.")
        if event is not None and event.get("type") == "resigned"
        else _("{name} forfeited (out of time three turns in a row).")
    ).format(name=names[seat])
    return f"{who} {agree(who, 'wins', 'win')} — {how}"


#: a private hand's title: how hand messages are told apart from other private ones (``bot.discord.ui``)
HAND_TITLE = N_("Your hand — {game}")


def hand_panel(
    table: Table,
    seat: int,
    view: dict[str, Any],
    *,
    note: str | None = None,
    board: Sequence[str] = (),
) -> Panel:
    """A seat's private message around what its game's hand model shows (``board``: the seat's
    cards and the table): the note, the partner, the last move, whose turn it is."""
    panel = Panel(title=_(HAND_TITLE).format(game=game_title(table)))
    if note:
        panel.lines.append(f"*{note}*")
    panel.lines.extend(board)
    team = table.team_of(seat)
    if team is not None:
        partner = seat_names(table)[(seat + 2) % len(table.seats)]
        panel.lines.append(
            _("Your partner: **{name}** (team {team})").format(name=partner, team="AB"[team])
        )
    last = last_move_line(table)
    if last:
        panel.lines.append(_("Last move: {move}").format(move=last))
    current = view.get("current_player")
    if table.status is not TableStatus.PLAYING:
        panel.lines.append(_("The game is over."))
    elif current == seat:
        panel.lines.append(_("▶ **Your turn.**"))
    elif isinstance(current, int):
        panel.lines.append(_("⏳ Waiting for {name}…").format(name=seat_names(table)[current]))
    panel.footer = ""
    return panel
