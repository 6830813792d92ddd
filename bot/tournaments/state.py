"""A tournament's standing derived from its stored rows (pure): the entrants and the matches are
all there is, so any process rebuilds the same state after a restart.

A match's ``places`` (1 = best, equal = tie) say everything: in a two-sided match place 1 against
place 2 is a win, equal places a draw. A void match counts for nobody; a bye is one point (Swiss)
or the points of first place at a table of two (multi-seat rounds).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from storage.models import EntryRecord, MatchRecord, TournamentRecord

from . import arena, multiseat, swiss

SCORED = ("finished", "forfeit", "awarded")
#: Statuses of a match that is over (no table to wait for).
ENDED = (*SCORED, "void", "bye")


@dataclass(frozen=True)
class Row:
    """One line of the standings, best first. ``points`` is a Fraction (Swiss halves) or int;
    ``tiebreaks`` what the format orders by after points, for display."""

    rank: int
    entrant: str
    name: str
    points: Fraction
    tiebreaks: tuple[Fraction, ...]
    games: int
    on_fire: bool = False
    paused: bool = False
    withdrawn: bool = False


def ratings_of(entries: Iterable[EntryRecord], *, active_only: bool = False) -> dict[str, float]:
    return {e.entrant: e.rating for e in entries if not (active_only and e.withdrawn)}


def scored(matches: Iterable[MatchRecord]) -> list[MatchRecord]:
    """Matches that count, in the order they ended."""
    done = [m for m in matches if m.status in SCORED and m.places is not None]
    return sorted(done, key=lambda m: (m.ended_at or 0.0, m.round, m.board, m.match_id))


def swiss_history(matches: Iterable[MatchRecord]) -> swiss.History:
    h = swiss.History()
    ms = list(matches)
    for m in scored(ms):
        if len(m.seats) != 2 or m.places is None:
            continue
        a, b = m.places
        score = Fraction(1) if a < b else Fraction(1, 2) if a == b else Fraction(0)
        h.games.append(swiss.Game(m.seats[0], m.seats[1], score))
    h.byes.extend(m.seats[0] for m in ms if m.status == "bye")
    return h


def arena_of(entries: Iterable[EntryRecord], matches: Iterable[MatchRecord]) -> arena.Arena:
    """The Arena pool replayed from the results in the order they ended; open matches playing."""
    a = arena.Arena()
    for e in entries:
        a.join(e.entrant, e.rating)
        a.entrants[e.entrant].paused = e.paused or e.withdrawn
    ms = list(matches)
    for m in scored(ms):
        if len(m.seats) != 2 or m.places is None or not all(s in a.entrants for s in m.seats):
            continue
        p0, p1 = m.places
        outcome = (
            arena.Outcome.FIRST_WINS
            if p0 < p1
            else arena.Outcome.SECOND_WINS
            if p1 < p0
            else arena.Outcome.DRAW
        )
        a.finish(m.seats[0], m.seats[1], outcome)
    for m in ms:
        if m.status == "open":
            for s in m.seats:
                if s in a.entrants:
                    a.entrants[s].playing = True
    return a


def multiseat_of(
    entries: Iterable[EntryRecord], matches: Iterable[MatchRecord]
) -> multiseat.MultiSeatStandings:
    st = multiseat.MultiSeatStandings(ratings_of(entries))
    ms = list(matches)
    for m in scored(ms):
        if m.places is not None:
            st.record_table(m.seats, m.places)
    for m in ms:
        if m.status == "bye":  # the points of first place at a table of two
            st.points[m.seats[0]] = st.points.get(m.seats[0], Fraction(0)) + 1
    return st


def games_played(matches: Iterable[MatchRecord]) -> dict[str, int]:
    out: dict[str, int] = {}
    for m in scored(matches):
        for s in m.seats:
            out[s] = out.get(s, 0) + 1
    return out


def standings(
    t: TournamentRecord, entries: Sequence[EntryRecord], matches: Sequence[MatchRecord]
) -> list[Row]:
    """The standings of any format, best first."""
    by_key = {e.entrant: e for e in entries}
    played = games_played(matches)
    rows: list[Row] = []
    if t.format == "swiss":
        for i, s in enumerate(swiss.standings(ratings_of(entries), swiss_history(matches))):
            e = by_key[s.entrant]
            rows.append(
                Row(
                    i + 1,
                    s.entrant,
                    e.name,
                    s.points,
                    (s.buchholz, s.sonneborn_berger),
                    played.get(s.entrant, 0),
                    withdrawn=e.withdrawn,
                )
            )
    elif t.format == "arena":
        for i, ae in enumerate(arena_of(entries, matches).standings()):
            e = by_key[ae.key]
            rows.append(
                Row(
                    i + 1,
                    ae.key,
                    e.name,
                    Fraction(ae.points),
                    (),
                    len(ae.results),
                    on_fire=ae.on_fire,
                    paused=e.paused,
                    withdrawn=e.withdrawn,
                )
            )
    else:
        st = multiseat_of(entries, matches)
        ranked = st.ranked()
        final = final_table_order(t, matches, ranked)
        for i, key in enumerate(final):
            e = by_key[key]
            rows.append(
                Row(
                    i + 1,
                    key,
                    e.name,
                    st.points.get(key, Fraction(0)),
                    (),
                    played.get(key, 0),
                    withdrawn=e.withdrawn,
                )
            )
    return rows


def final_table_order(
    t: TournamentRecord, matches: Sequence[MatchRecord], ranked: Sequence[str]
) -> list[str]:
    """With a final table played (the round after ``t.rounds``), its places decide the top."""
    final = [m for m in matches if m.round == t.rounds + 1 and m.places is not None]
    if not final:
        return list(ranked)
    m = final[0]
    order = {e: i for i, e in enumerate(ranked)}
    top = sorted(
        m.seats, key=lambda e: (dict(zip(m.seats, m.places or (), strict=False))[e], order[e])
    )
    return top + [e for e in ranked if e not in set(top)]


def round_matches(matches: Iterable[MatchRecord], round_no: int) -> list[MatchRecord]:
    return sorted((m for m in matches if m.round == round_no), key=lambda m: m.board)


def places_from_result(
    seats_per_entrant: Sequence[Sequence[int]],
    winners: Sequence[int],
    scores_by_seat: Mapping[int, int],
) -> tuple[int, ...]:
    """Places of the entrants of a match from a recorded game: the winners' entrants share
    place 1 (everyone, for a draw: no winners), the others follow by score, equal scores tying.
    ``seats_per_entrant``: the table seats each entrant held (two for a team)."""
    won = [any(s in winners for s in seats) for seats in seats_per_entrant]
    if not any(won):
        return tuple(1 for _ in seats_per_entrant)
    score = [max(scores_by_seat.get(s, 0) for s in seats) for seats in seats_per_entrant]
    n_won = sum(won)
    places = []
    for i in range(len(seats_per_entrant)):
        if won[i]:
            places.append(1)
        else:
            better = sum(1 for j in range(len(score)) if not won[j] and score[j] > score[i])
            places.append(1 + n_won + better)
    return tuple(places)


def forfeited(places: Sequence[int], absent: Sequence[int]) -> tuple[int, ...]:
    """``places`` with the ``absent`` entrants (no-shows) last, tied among themselves; the others
    keep their order and ties, closed up: (1, 2, 3) with the winner absent is (3, 1, 2)."""
    out = []
    for i, place in enumerate(places):
        if i in absent:
            out.append(len(places) - len(absent) + 1)
        else:
            out.append(1 + sum(1 for j, p in enumerate(places) if j not in absent and p < place))
    return tuple(out)
