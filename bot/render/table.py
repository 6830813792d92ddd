"""The public table message and the private hand message as text (``Panel``), from a ``Table`` and the
engine's views. Pure: no Discord; never reads a hidden card (it only sees ``view(None)`` for the public
message and ``view(seat)`` for that seat's own hand)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.tables.models import Table, TableStatus
from bot.tables.specs import title_of

from .cards import card_label, cards_label, sort_cards
from .hints import trick_line
from .moves import describe_move
from .scores import deal_breakdown, result_line, round_breakdown
from .text import Panel

CARD_BACK = "🂠"
HIDDEN_OPTION_KEYS = {"preset"}


def game_title(table: Table) -> str:
    game = table.spec.game
    title = title_of(game)
    preset = table.spec.options.get("preset")
    if game == "hurricane" and preset and preset != "standard":
        title += f" ({preset})"
    if game == "haggis":
        title += f" ({table.spec.players} players)"
    return title


def seat_names(table: Table) -> list[str]:
    return [
        seat.name if seat is not None else f"seat {i + 1}" for i, seat in enumerate(table.seats)
    ]


def side_names(table: Table) -> list[str]:
    """Names of the scoring sides: teams for Hurricane pairs, else one per seat."""
    names = seat_names(table)
    if table.spec.game == "hurricane" and len(names) == 4:
        return [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
    return names


def seat_label(table: Table, index: int) -> str:
    label = f"Seat {index + 1}"
    team = table.team_of(index)
    if team is not None:
        label += f" (team {'AB'[team]})"
    return label


def timer_words(seconds: float) -> str:
    if not seconds:
        return "off"
    if seconds % 60 == 0:
        minutes = int(seconds // 60)
        return f"{minutes} minute" + ("s" if minutes != 1 else "")
    return f"{seconds:g} seconds"


def option_words(options: dict[str, Any]) -> str:
    return " · ".join(
        f"{k.replace('_', ' ')}: {v}" for k, v in options.items() if k not in HIDDEN_OPTION_KEYS
    )


def lobby_panel(table: Table, options_in_force: dict[str, Any]) -> Panel:
    """The lobby: the game, every option in force, the seats and how to join."""
    status = {
        TableStatus.LOBBY: "Lobby",
        TableStatus.CANCELLED: "Cancelled",
    }.get(table.status, str(table.status))
    panel = Panel(title=f"{game_title(table)} — {status}")
    host = next((s.name for s in table.seats if s is not None and s.user_id == table.host_id), "?")
    panel.lines.append(f"Host: {host}")
    panel.lines.append(f"Turn timer: {timer_words(table.spec.turn_timer)}")
    words = option_words(options_in_force)
    if words:
        panel.lines.append(f"Options: {words}")
    seats = []
    for i, seat in enumerate(table.seats):
        who = "*empty*" if seat is None else seat.name
        seats.append(f"{seat_label(table, i)}: {who}")
    panel.add("Seats", "\n".join(seats))
    if table.status is TableStatus.LOBBY:
        panel.footer = (
            "Join with the button or /table join. The host starts once every seat is filled."
        )
    else:
        panel.footer = "This table was cancelled. Open a new one with /table new."
    return panel


def _who(event: dict[str, Any], key: str, names: Sequence[str]) -> str | None:
    value = event.get(key)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return names[value]
    return None


def last_move_line(table: Table) -> str | None:
    """The most recent move (or table event) in words."""
    names = seat_names(table)
    events = table.last_events
    for ev in events:
        kind = ev.get("type")
        if kind == "resigned":
            return f"{names[ev['seat']]} resigned."
        if kind == "forfeit":
            return f"{names[ev['seat']]} ran out of time three times in a row and forfeits."
        if kind == "abandoned":
            return "Everyone agreed to abandon the game."
        if kind == "abandon_vote":
            return f"{names[ev['seat']]} votes to abandon the game ({ev.get('votes')}/{ev.get('needed')})."
        if kind == "paused":
            return "The host paused the turn clock."
        if kind == "resumed":
            return "The host restarted the turn clock."
    if not table.history:
        return None
    seat, action = table.history[-1]
    sweep = any(ev.get("type") == "sweep" for ev in events)
    line = describe_move(table.spec.game, names[seat], action, sweep=sweep, names=names)
    extras = []
    for ev in events:
        kind = ev.get("type")
        who = (
            names[ev["seat"]]
            if isinstance(ev.get("seat"), int) and ev["seat"] < len(names)
            else None
        )
        if kind == "timeout":
            extras.append(f"(time ran out — played for them, {ev.get('timeouts')}/3)")
        elif kind == "flip" and ev.get("card"):
            extras.append(f"— it is {card_label(ev['card'])}")
        elif kind == "lay_hand" and who:
            extras.append(
                f"— {who} lays {cards_label(ev.get('cards') or []) or 'no cards'} on the table"
            )
        elif kind == "trick_won":
            winner, taker = _who(ev, "winner", names), _who(ev, "taker", names)
            if winner and taker and taker != winner:
                extras.append(f"— {winner} wins the trick with a bomb; {taker} takes the cards")
            elif winner:
                extras.append(f"— {winner} wins the trick")
        elif kind == "went_out" and who:
            extras.append(f"— {who} goes out!")
    return " ".join([line, *extras]).strip()


def _seat_field(table: Table, view: dict[str, Any], i: int) -> tuple[str, str]:
    seat = table.seats[i]
    name = seat.name if seat is not None else f"seat {i + 1}"
    marker = "▶ " if view.get("current_player") == i else ""
    parts = []
    sizes = view.get("hand_sizes")
    if isinstance(sizes, list) and i < len(sizes):
        parts.append(f"hand {sizes[i]}")
    piles = view.get("piles")
    if isinstance(piles, list) and i < len(piles):
        pile = piles[i]
        parts.append(f"pile {len(pile) if isinstance(pile, list) else pile}")
    values = view.get("pile_values")
    if isinstance(values, list) and i < len(values):
        parts.append(f"value {values[i]}")
    sweeps = view.get("sweeps")
    if isinstance(sweeps, list) and len(sweeps) == len(table.seats) and i < len(sweeps):
        parts.append(f"hurricanes {sweeps[i]}")
    open_hands = view.get("open_hands")
    if isinstance(open_hands, list) and i < len(open_hands):
        down = (view.get("down_counts") or [0] * len(table.seats))[i]
        parts.append(
            f"open {cards_label(sort_cards(open_hands[i])) or '—'} {CARD_BACK * down}".rstrip()
        )
    faces = view.get("faces")
    if isinstance(faces, list) and i < len(faces) and faces[i]:
        parts.append("face up " + " ".join(faces[i]))
    bets = view.get("bets")
    if isinstance(bets, list) and i < len(bets) and bets[i]:
        parts.append(f"bet {bets[i]}")
    if seat is not None and seat.computer is not None:
        name = f"🤖 {name}"
    return f"{marker}{name}", " · ".join(parts) or "—"


def _trick_line(table: Table, view: dict[str, Any]) -> str | None:
    return trick_line(view, seat_names(table))


def table_panel(table: Table, view: dict[str, Any]) -> Panel:
    """The public table message during and after play, from the spectator view ``view(None)``."""
    panel = Panel(title=game_title(table))
    game = table.spec.game
    if game in ("hurricane", "hurikan"):
        cards = view.get("table") or []
        panel.lines.append(f"**Table:** {cards_label(cards) if cards else 'empty'}")
        if view.get("stock_count") is not None:
            panel.lines.append(
                f"Stock: {view.get('stock_count')} cards · Deal {view.get('deal', 1)}"
                + _dealer(table, view)
            )
    else:
        trick = _trick_line(table, view)
        if trick:
            panel.lines.append(trick)
        if view.get("round") is not None:
            haggis = view.get("haggis_size")
            panel.lines.append(
                f"Round {view.get('round')}"
                + _dealer(table, view)
                + (f" · Haggis: {haggis} cards face down" if haggis else "")
            )
    last = last_move_line(table)
    if last:
        panel.lines.append(f"Last move: {last}")
    current = view.get("current_player") if table.status is TableStatus.PLAYING else None
    if isinstance(current, int) and current < len(table.seats):
        who = seat_names(table)[current]
        clock = ""
        if table.paused:
            clock = " (turn clock paused)"
        elif table.turn_deadline:
            clock = f" — time runs out <t:{int(table.turn_deadline)}:R>"
        panel.lines.append(f"▶ **{who}** to play{clock}")
    for i in range(len(table.seats)):
        panel.add(*_seat_field(table, view, i))
    scores = view.get("scores")
    if isinstance(scores, list) and scores:
        sides = side_names(table)
        value = " · ".join(f"{n} {s}" for n, s in zip(sides, scores, strict=False))
        sweeps = view.get("sweeps")
        if isinstance(sweeps, list) and len(sweeps) == len(sides) < len(table.seats):
            value += "\nHurricanes this deal: " + " · ".join(
                f"{n} {s}" for n, s in zip(sides, sweeps, strict=False)
            )
        panel.add("Scores", value)
    breakdown = _breakdown(table, view)
    if breakdown:
        panel.add(*breakdown)
    if table.status is TableStatus.FINISHED:
        panel.lines.append(f"**Game over.** {final_line(table, view)}")
        panel.footer = "Thanks for playing! Open a new table with /table new."
    else:
        panel.footer = "Press “Show my hand” to see your cards and play."
    return panel


def _dealer(table: Table, view: dict[str, Any]) -> str:
    dealer = view.get("dealer")
    names = seat_names(table)
    if isinstance(dealer, int) and 0 <= dealer < len(names):
        return f" · Dealer: {names[dealer]}"
    return ""


def _breakdown(table: Table, view: dict[str, Any]) -> tuple[str, str] | None:
    last = view.get("last_deal") or view.get("last_round")
    if not isinstance(last, dict):
        return None
    if table.spec.game == "haggis":
        return "Last round", "\n".join(round_breakdown(last, seat_names(table)))
    title = (
        "Final count"
        if table.spec.game == "hurikan"
        else f"Deal {last.get('deal', '')} result".replace("  ", " ")
    )
    return title, "\n".join(deal_breakdown(last, side_names(table)))


def scoring_panel(table: Table, events: list[dict[str, Any]]) -> Panel | None:
    """A message of its own for the channel's history when a deal or round was just scored."""
    scored = [e for e in events if e.get("type") in ("deal_scored", "round_scored")]
    if not scored:
        return None
    panel = Panel(title=f"{game_title(table)} — scores")
    for event in scored:
        if event["type"] == "round_scored":
            name = f"Round {event.get('round', '')} result".replace("  ", " ")
            panel.add(name, "\n".join(round_breakdown(event, seat_names(table))))
        elif table.spec.game == "hurikan":
            panel.add("Final count", "\n".join(deal_breakdown(event, side_names(table))))
        else:
            name = f"Deal {event.get('deal', '')} result".replace("  ", " ")
            panel.add(name, "\n".join(deal_breakdown(event, side_names(table))))
    over = next((e for e in events if e.get("type") == "game_over"), None)
    if over is not None and table.state is not None and table.state.is_over:
        panel.lines.append(f"**Game over.** {result_line(table.state.result(), side_names(table))}")
    return panel


def final_line(table: Table, view: dict[str, Any]) -> str:
    names = seat_names(table)
    if table.ended_by == "resigned" or table.ended_by == "forfeit":
        return last_move_line(table) or "The game ended."
    if table.ended_by == "abandoned":
        return "The game was abandoned; no result is recorded."
    result = view.get("result")
    if not isinstance(result, dict) and table.state is not None and table.state.is_over:
        result = table.state.result()
    if isinstance(result, dict):
        return result_line(result, side_names(table))
    return f"The game ended ({table.ended_by or 'finished'})." if names else ""


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
    panel = Panel(title=f"Your hand — {game_title(table)}")
    if note:
        panel.lines.append(f"*{note}*")
    panel.lines.extend(board)
    team = table.team_of(seat)
    if team is not None:
        partner = seat_names(table)[(seat + 2) % len(table.seats)]
        panel.lines.append(f"Your partner: **{partner}** (team {'AB'[team]})")
    last = last_move_line(table)
    if last:
        panel.lines.append(f"Last move: {last}")
    current = view.get("current_player")
    if table.status is not TableStatus.PLAYING:
        panel.lines.append("The game is over.")
    elif current == seat:
        panel.lines.append("▶ **Your turn.**")
    elif isinstance(current, int):
        panel.lines.append(f"⏳ Waiting for {seat_names(table)[current]}…")
    panel.footer = f"move {table.move_no}"
    return panel
