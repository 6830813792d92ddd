"""Swiss pairing and standings: pure, deterministic, no Discord, storage or clock.

An *entrant* is a string key: a player, a computer seat or a registered team of two (``pairs`` is
paired as units, so a team is just one entrant). A match has a *first* entrant (first seat / first
dealer, the chess "white") and a *second*; the result is the first's score: 1, ½ or 0.

Pairing follows the Dutch system where it is simple to state: entrants are ranked by score, then
rating; each score group is split in a top and a bottom half and the i-th of the top meets the i-th
of the bottom; an entrant who cannot be paired in its group floats down to the next. A pair that has
met before is avoided whenever the remaining entrants can still all be paired (a depth-first search
over partners in Dutch preference order backtracks out of dead ends; it gives up on the avoidance
only after a bounded number of steps, which real events never reach). An odd entrant out gets a bye
worth one point: the lowest-ranked entrant who has not had one.

A tournament asks for ``rematches=False``: when every pairing of the field would repeat a pair (or
give someone a second bye), ``pair_round`` raises ``NoPairing`` and the tournament ends early
instead (a small field, or withdrawals, used up its opponents before the rounds planned).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

#: Points of a win, a draw and a loss, and of a bye.
WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)
BYE_POINTS = Fraction(1)

#: Steps of the backtracking search before repeats are allowed (a safety net, never hit in practice).
SEARCH_LIMIT = 200_000


@dataclass(frozen=True)
class Game:
    """One played (or awarded) match: ``score`` is what ``first`` scored (1, ½ or 0)."""

    first: str
    second: str
    score: Fraction

    def points_of(self, entrant: str) -> Fraction:
        return self.score if entrant == self.first else 1 - self.score

    def opponent_of(self, entrant: str) -> str:
        return self.second if entrant == self.first else self.first


@dataclass
class History:
    """Everything earlier rounds decided: the games and the byes (one entrant per bye)."""

    games: list[Game] = field(default_factory=list)
    byes: list[str] = field(default_factory=list)

    def points(self) -> dict[str, Fraction]:
        out: dict[str, Fraction] = {}
        for g in self.games:
            out[g.first] = out.get(g.first, Fraction(0)) + g.score
            out[g.second] = out.get(g.second, Fraction(0)) + (1 - g.score)
        for e in self.byes:
            out[e] = out.get(e, Fraction(0)) + BYE_POINTS
        return out

    def met(self) -> set[frozenset[str]]:
        return {frozenset((g.first, g.second)) for g in self.games}


@dataclass(frozen=True)
class Standing:
    """One line of the standings; the list is sorted best first."""

    entrant: str
    points: Fraction
    buchholz: Fraction
    sonneborn_berger: Fraction
    rating: float

    def key(self) -> tuple[Fraction, Fraction, Fraction, float, str]:
        return (-self.points, -self.buchholz, -self.sonneborn_berger, -self.rating, self.entrant)


class NoPairing(Exception):
    """No pairing of the field avoids a rematch (or a second bye): the Swiss is over early."""


@dataclass(frozen=True)
class Pairing:
    """One round: ``pairs`` as (first, second), board 1 first, and the entrant with the bye."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None


def standings(ratings: Mapping[str, float], history: History) -> list[Standing]:
    """Points, then Buchholz (the opponents' points), then Sonneborn–Berger (the points of the
    opponents beaten, plus half those of the opponents drawn), then rating. A bye adds its point
    to the entrant but no opponent to the tie-breaks."""
    pts = history.points()
    buch: dict[str, Fraction] = {}
    sb: dict[str, Fraction] = {}
    for g in history.games:
        for me in (g.first, g.second):
            opp = g.opponent_of(me)
            got = g.points_of(me)
            buch[me] = buch.get(me, Fraction(0)) + pts.get(opp, Fraction(0))
            sb[me] = sb.get(me, Fraction(0)) + got * pts.get(opp, Fraction(0))
    rows = [
        Standing(
            e,
            pts.get(e, Fraction(0)),
            buch.get(e, Fraction(0)),
            sb.get(e, Fraction(0)),
            float(r),
        )
        for e, r in ratings.items()
    ]
    rows.sort(key=Standing.key)
    return rows


def max_rounds(entrants: int) -> int:
    """The most rounds a Swiss of this size can hold without a forced repeat: n-1 (n even), n (odd)."""
    if entrants < 2:
        return 0
    return entrants - 1 if entrants % 2 == 0 else entrants


def _colour_record(history: History) -> tuple[dict[str, int], dict[str, int]]:
    """Per entrant: times first minus times second, and the last side (+1 first, -1 second)."""
    diff: dict[str, int] = {}
    last: dict[str, int] = {}
    for g in history.games:
        diff[g.first] = diff.get(g.first, 0) + 1
        diff[g.second] = diff.get(g.second, 0) - 1
        last[g.first] = 1
        last[g.second] = -1
    return diff, last


def _orient(
    a: str, b: str, board: int, diff: Mapping[str, int], last: Mapping[str, int]
) -> tuple[str, str]:
    """Who goes first: ``a`` is the higher ranked. The one who has been second more often goes
    first; on equal balance the one who was second last time; when both want the same side the
    higher ranked gets its wish; with no history the boards alternate (board 1: ``a`` first)."""
    da, db = diff.get(a, 0), diff.get(b, 0)
    if da != db:
        return (a, b) if da < db else (b, a)
    la, lb = last.get(a, 0), last.get(b, 0)
    if la == 0 and lb == 0:
        return (a, b) if board % 2 == 0 else (b, a)
    if la != lb:
        # The one who was second last goes first (or the one with a history, wanting the change).
        if la == -1 or lb == 1:
            return (a, b)
        return (b, a)
    # Both want the same change: the higher ranked gets it.
    return (a, b) if la == -1 else (b, a)


def _candidates(order: Sequence[str], score: Mapping[str, int]) -> Iterable[int]:
    """Indexes (into ``order``, whose head is the entrant to pair) in Dutch preference order: the
    head's own score group from the middle down (top half meets bottom half), then the group's
    upper part, then everyone below in rank order (a downfloat)."""
    s = score[order[0]]
    k = 1
    while k < len(order) and score[order[k]] == s:
        k += 1
    half = k // 2
    yield from range(max(half, 1), k)
    yield from range(half - 1, 0, -1)
    yield from range(k, len(order))


def _pair_all(
    order: list[str],
    score: Mapping[str, int],
    met: set[frozenset[str]],
    allow_repeats: bool,
    must: Mapping[str, int],
) -> tuple[list[tuple[str, str]] | None, bool]:
    """Pairs ``order`` (ranked) without repeats, or None; depth-first with a step limit. Two
    entrants who must both take the same side (``must``: +1 first, -1 second) are not paired.
    The flag: whether the search was cut by its step limit (None then proves nothing)."""
    steps = 0
    # An explicit stack instead of recursion: a field of thousands would pass Python's limit.
    stack: list[tuple[list[str], Iterator[int]]] = [(order, iter(_candidates(order, score)))]
    chosen: list[tuple[str, str]] = []
    while stack:
        rest, cands = stack[-1]
        if not rest:
            return chosen, False
        head = rest[0]
        for i in cands:
            steps += 1
            if steps > SEARCH_LIMIT:
                return None, True
            other = rest[i]
            if not allow_repeats and frozenset((head, other)) in met:
                continue
            if must and must.get(head, 0) != 0 and must.get(head) == must.get(other):
                continue
            chosen.append((head, other))
            tail = rest[1:i] + rest[i + 1 :]
            stack.append((tail, iter(_candidates(tail, score)) if tail else iter(())))
            break
        else:
            stack.pop()
            if chosen:
                chosen.pop()
    return None, False


def pair_round(
    ratings: Mapping[str, float], history: History, *, rematches: bool = True
) -> Pairing:
    """The next round's pairing of every entrant in ``ratings`` (withdrawn ones left out by the
    caller). Ranking: score, then rating, then key, so the result is deterministic.

    ``rematches`` False: a pair that met before and a second bye are never given; ``NoPairing``
    when the field cannot be paired without one (proved by the exhaustive search; a search cut
    by its step limit falls back to allowing them, as a pairing without most likely exists)."""
    pts = history.points()
    # Half-points as integers: comparing Fractions dominates the search otherwise.
    score = {e: int(pts.get(e, Fraction(0)) * 2) for e in ratings}
    order = sorted(ratings, key=lambda e: (-score[e], -float(ratings[e]), e))
    met = history.met()
    had_bye = set(history.byes)
    diff, last = _colour_record(history)

    bye_choices: list[str | None] = [None]
    if len(order) % 2 == 1:
        # Lowest-ranked without a bye first; then anyone without one; a second bye only if all had one.
        fresh = [e for e in reversed(order) if e not in had_bye]
        if not fresh and not rematches:
            raise NoPairing("every entrant has had a bye")
        bye_choices = list(fresh) or list(reversed(order))

    # An entrant two or more games off balance must take the other side next.
    must = {e: (-1 if d > 0 else 1) for e, d in diff.items() if abs(d) >= 2}
    pairs: list[tuple[str, str]] | None = None
    bye: str | None = None
    cut = False
    for allow_repeats, sides in ((False, must), (False, {}), (True, {})):
        if allow_repeats and not rematches and not cut:
            raise NoPairing("every pairing of the field repeats a pair")
        for choice in bye_choices:
            rest = [e for e in order if e != choice]
            pairs, limited = _pair_all(rest, score, met, allow_repeats, sides)
            cut = cut or limited
            if pairs is not None:
                bye = choice
                break
        if pairs is not None:
            break
    if pairs is None:  # with repeats allowed every even list pairs: a bug if reached
        raise RuntimeError("Swiss pairing found no pairing even with repeats allowed")
    rank = {e: i for i, e in enumerate(order)}
    boards = sorted(pairs, key=lambda p: min(rank[p[0]], rank[p[1]]))
    oriented: list[tuple[str, str]] = []
    for board, (x, y) in enumerate(boards):
        hi, lo = (x, y) if rank[x] < rank[y] else (y, x)
        oriented.append(_orient(hi, lo, board, diff, last))
    return Pairing(tuple(oriented), bye)
