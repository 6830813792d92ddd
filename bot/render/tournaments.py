"""A tournament's public message and its final standings as text (pure; in the language in force).

The message says what is played and when, the round (or the Arena's window), the current pairings
(each paired human mentioned: the Discord layer lets exactly those mentions ping) and the standings.
Names are stored raw and escaped here (``shown``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Protocol

from bot.i18n import N_, _, current, decimal
from bot.names import seat_name, shown
from storage.models import EntryRecord, MatchRecord, TournamentRecord

from .pictured import Drawing, in_language
from .pictures.standings import Line, standings_picture
from .stats import recorded_game_title

FORMAT_NAMES = {"swiss": N_("Swiss"), "arena": N_("Arena"), "tables": N_("rounds of tables")}
STATUS_NAMES = {
    "registering": N_("registration open"),
    "running": N_("under way"),
    "finished": N_("finished"),
    "cancelled": N_("cancelled"),
}


class StandingRow(Protocol):
    """A line of the standings (``bot.tournaments.state.Row``)."""

    @property
    def rank(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def points(self) -> Fraction: ...
    @property
    def tiebreaks(self) -> tuple[Fraction, ...]: ...
    @property
    def on_fire(self) -> bool: ...
    @property
    def paused(self) -> bool: ...
    @property
    def withdrawn(self) -> bool: ...
    @property
    def games(self) -> int: ...


#: Standings lines shown in the message (the rest: ``/tournament standings``).
SHOWN_ROWS = 20
#: Discord's limit on a message's content.
CONTENT_MAX = 2000


def fit(lines: Sequence[str], limit: int) -> list[str]:
    """As many of ``lines`` as fit in ``limit`` characters, then a line saying how many more."""
    out: list[str] = []
    used = 0
    for i, line in enumerate(lines):
        more = len(lines) - i
        tail = len(_("… and {count} more").format(count=more)) + 1
        if used + len(line) + 1 + (tail if more > 1 else 0) > limit:
            out.append(_("… and {count} more").format(count=more))
            break
        out.append(line)
        used += len(line) + 1
    return out


def chunks(lines: Sequence[str], limit: int = CONTENT_MAX) -> list[str]:
    """``lines`` in messages of at most ``limit`` characters (a long round's pairings)."""
    out: list[str] = []
    current: list[str] = []
    for line in lines:
        line = line[:limit]
        if current and len("\n".join([*current, line])) > limit:
            out.append("\n".join(current))
            current = []
        current.append(line)
    if current:
        out.append("\n".join(current))
    return out


#: the fractions Swiss points and tie-breaks take (Sonneborn-Berger counts a draw's half of a half)
VULGAR = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}


def points_text(points: Fraction) -> str:
    """2, 1½, ¾: Swiss points as players write them."""
    whole, rest = divmod(points, 1)
    if rest == 0:
        return str(int(whole))
    if rest in VULGAR:
        return f"{int(whole)}{VULGAR[rest]}" if whole else VULGAR[rest]
    return decimal(float(points), 2)


def who(entry: EntryRecord | None, mention: bool) -> str:
    """An entrant as the message shows it: mentioned (humans in a current pairing) or named."""
    if entry is None:
        return "?"
    if mention and not entry.is_bot:
        return " & ".join(f"<@{m}>" for m in entry.members)
    return shown(entry.name)


def title(t: TournamentRecord) -> str:
    game = recorded_game_title(t.game, {"preset": t.preset} if t.preset else {})
    return _("{game} tournament · {format}").format(game=game, format=_(FORMAT_NAMES[t.format]))


def ended_early(t: TournamentRecord) -> str | None:
    """Why a finished Swiss played fewer rounds than planned (``swiss.NoPairing``), or None."""
    if t.format != "swiss" or t.status != "finished" or t.round >= t.rounds:
        return None
    return _(
        "Ended after round {round} of {rounds}: every pairing left would have been a rematch."
    ).format(round=t.round, rounds=t.rounds)


def header(t: TournamentRecord, entrants: int) -> list[str]:
    lines = [f"**{title(t)}** · {_(STATUS_NAMES[t.status])}"]
    start = f"<t:{int(t.starts_at)}:f> (<t:{int(t.starts_at)}:R>)"
    if t.format == "arena":
        minutes = int(t.window // 60)
        lines.append(_("Starts {start}, lasts {minutes} min.").format(start=start, minutes=minutes))
    else:
        lines.append(_("Starts {start}, {rounds} rounds.").format(start=start, rounds=t.rounds))
    if t.format == "tables":
        lines.append(
            _(
                "Points by place at a table of N: first N − 1, each place below one less, last 0; "
                "a tie shares the points of its places."
            )
        )
    lines.append(_("Entrants: {count}").format(count=entrants))
    if (early := ended_early(t)) is not None:
        lines.append(early)
    return lines


def result_mark(m: MatchRecord) -> str:
    if m.status == "open":
        return _("playing")
    if m.status == "void":
        return _("void")
    if m.places is None:
        return ""
    text = "–".join(str(p) for p in m.places) if len(m.places) > 2 else ""
    if len(m.places) == 2:
        a, b = m.places
        text = "1–0" if a < b else "0–1" if b < a else "½–½"
    if m.status == "forfeit":
        text += " " + _("(forfeit)")
    if m.status == "awarded":
        text += " " + _("(awarded)")
    return text


def pairing_lines(
    t: TournamentRecord, entries: Mapping[str, EntryRecord], matches: Sequence[MatchRecord]
) -> list[str]:
    """The current round (or the Arena's games in play), board by board; only open matches
    mention their players."""
    if t.format == "arena":
        current = [m for m in matches if m.status == "open"]
        if not current:
            return []
        lines = [_("**Playing now**")]
    else:
        current = sorted((m for m in matches if m.round == t.round), key=lambda m: m.board)
        if not current:
            return []
        lines = [_("**Round {round}**").format(round=t.round)]
    for m in current:
        if m.status == "bye":
            lines.append(
                _("Bye: {name} (1 point)").format(name=who(entries.get(m.seats[0]), False))
            )
            continue
        names = " – ".join(who(entries.get(k), m.status == "open") for k in m.seats)
        place = f" <#{m.channel_id}>" if m.channel_id and m.status == "open" else ""
        lines.append(f"{m.board}. {names} · {result_mark(m)}{place}")
    return lines


def history_lines(
    t: TournamentRecord, entries: Mapping[str, EntryRecord], matches: Sequence[MatchRecord]
) -> list[str]:
    """Every round so far, newest first, each board with its result (an Arena: its games, the
    newest first); nobody mentioned. What ``/tournament standings`` shows below the standings."""
    lines: list[str] = []
    if t.format == "arena":
        played = [m for m in matches if m.status != "open"]
        if played:
            lines.append(_("**Games played**"))
        for m in sorted(played, key=lambda m: (m.ended_at or 0.0, m.board), reverse=True):
            names = " – ".join(who(entries.get(k), False) for k in m.seats)
            lines.append(f"{m.board}. {names} · {result_mark(m)}")
        return lines
    for n in sorted({m.round for m in matches}, reverse=True):
        current = sorted((m for m in matches if m.round == n), key=lambda m: m.board)
        if n > t.rounds:
            lines.append("**" + _("Final table") + "**")
        else:
            lines.append(_("**Round {round}**").format(round=n))
        for m in current:
            if m.status == "bye":
                name = who(entries.get(m.seats[0]), False)
                lines.append(_("Bye: {name} (1 point)").format(name=name))
                continue
            names = " – ".join(who(entries.get(k), False) for k in m.seats)
            lines.append(f"{m.board}. {names} · {result_mark(m)}")
    return lines


def standings_lines(rows: Sequence[StandingRow], limit: int = SHOWN_ROWS) -> list[str]:
    """The standings, best first."""
    lines = [_("**Standings**")]
    for row in list(rows)[:limit]:
        rank = row.rank
        name = shown(row.name)
        points = points_text(row.points)
        marks = ""
        if row.on_fire:
            marks += " 🔥"
        if row.paused:
            marks += " " + _("(paused)")
        if row.withdrawn:
            marks += " " + _("(left)")
        tiebreaks = row.tiebreaks
        extra = ""
        if tiebreaks:
            extra = " · " + _("Buchholz {b}, S-B {sb}").format(
                b=points_text(tiebreaks[0]), sb=points_text(tiebreaks[1])
            )
        lines.append(
            _("{rank}. {name} — {points} pts").format(rank=rank, name=name, points=points)
            + extra
            + marks
        )
    if len(lines) == 1:
        lines.append(_("Nobody yet."))
    return lines


def tournament_message(
    t: TournamentRecord,
    entries: Mapping[str, EntryRecord],
    matches: Sequence[MatchRecord],
    rows: Sequence[StandingRow],
) -> str:
    parts = header(t, len(entries))
    top = len(parts)
    if t.status == "registering":
        parts += ["", _("Join with the button below or /tournament join.")]
    budget = CONTENT_MAX - len("\n".join(parts)) - 4
    pairs = pairing_lines(t, entries, matches)
    if pairs:
        pairs = fit(pairs, budget // 2)
        budget -= len("\n".join(pairs)) + 1
    table = fit(standings_lines(rows), budget)
    head = parts[:top]
    tail = parts[top:]
    body = head + ([""] + pairs if pairs else []) + [""] + table + tail
    return "\n".join(body)


def final_message(t: TournamentRecord, rows: Sequence[StandingRow]) -> str:
    """The final standings, winner first."""
    if not rows:
        return _("{title} is over: nobody played.").format(title=title(t))
    first = rows[0]
    lines = [_("🏆 **{name}** wins the {title}!").format(name=shown(first.name), title=title(t))]
    if (early := ended_early(t)) is not None:
        lines.append(early)
    lines.append("")
    lines += fit(standings_lines(rows, limit=len(rows)), CONTENT_MAX - len("\n".join(lines)) - 2)
    return "\n".join(lines)


def progress(t: TournamentRecord) -> str:
    """Where it stands, under the picture's title: the round (or the Arena's length) and state."""
    state = _(STATUS_NAMES[t.status])
    if t.format == "arena":
        return _("{minutes} min").format(minutes=int(t.window // 60)) + " · " + state
    if t.status == "registering" or t.round == 0:
        return _("{rounds} rounds").format(rounds=t.rounds) + " · " + state
    if t.round > t.rounds:
        return _("Final table") + " · " + state
    return _("Round {round} of {rounds}").format(round=t.round, rounds=t.rounds) + " · " + state


def standings_drawing(t: TournamentRecord, rows: Sequence[StandingRow]) -> Drawing:
    """How to draw the standings picture now (in the language in force), for the tournament
    message: the first ``SHOWN_ROWS`` lines, then how many more."""
    lines = tuple(
        Line(
            r.rank,
            seat_name(r.name),
            r.games,
            points_text(r.points),
            tuple(points_text(x) for x in r.tiebreaks[:2]),
            r.on_fire,
            r.paused,
            r.withdrawn,
        )
        for r in list(rows)[:SHOWN_ROWS]
    )
    more = max(0, len(rows) - SHOWN_ROWS)
    heads = (_("Buchholz"), _("S-B")) if t.format == "swiss" else ()
    heading, under = title(t), progress(t)
    lang = current()
    return Drawing(
        in_language(lang, lambda: standings_picture(heading, under, heads, lines, more)),
        lambda: ("standings", heading, under, heads, lines, more, lang),
    )
