"""Rounds of multi-seat tables (Haggis for 3, Hurricane poker up to 8): pure seating and points.

Each round seats the entrants by standing (round 1: by rating), the best together at table 1, in
tables as even as the game's seat limits allow. Each table awards points by finishing place from
the published table below; a tie for a place shares the points of the places it covers. Poker
events end with a final table: the top of the standings, one table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction


def points_by_place(size: int) -> tuple[int, ...]:
    """The published table: at a table of ``size``, place 1 scores ``size - 1``, each place below
    one less, the last 0 (so at two seats it is Swiss's 1/0; for 3: 2/1/0; for 8: 7..0)."""
    return tuple(range(size - 1, -1, -1))


def place_points(places: Sequence[int]) -> list[Fraction]:
    """Points for each seat from its finishing place (1 = best; equal places are a tie)."""
    table = points_by_place(len(places))
    out: list[Fraction] = []
    for p in places:
        shared = [i for i, q in enumerate(sorted(places)) if q == p]
        out.append(Fraction(sum(table[i] for i in shared), len(shared)))
    return out


def table_sizes(n: int, min_seats: int, max_seats: int) -> list[int]:
    """Sizes of the fewest tables of at most ``max_seats`` that seat ``n`` as evenly as possible;
    empty when even that leaves a table under ``min_seats``."""
    if n < min_seats:
        return []
    tables = -(-n // max_seats)
    base, extra = divmod(n, tables)
    sizes = [base + 1] * extra + [base] * (tables - extra)
    return sizes if min(sizes) >= min_seats else []


def seat_round(
    ranked: Sequence[str], min_seats: int, max_seats: int
) -> tuple[list[list[str]], list[str]]:
    """Tables of the ranked entrants (best first) in blocks by rank, and the lowest-ranked left
    without a seat (a bye) when the seat limits cannot take everyone (fewer than ``min_seats``)."""
    seated = len(ranked)
    sizes = table_sizes(seated, min_seats, max_seats)
    while not sizes and seated > min_seats:
        seated -= 1
        sizes = table_sizes(seated, min_seats, max_seats)
    if not sizes:
        return [], list(ranked)
    tables: list[list[str]] = []
    at = 0
    for s in sizes:
        tables.append(list(ranked[at : at + s]))
        at += s
    return tables, list(ranked[at:])


@dataclass
class MultiSeatStandings:
    """Points by place summed over rounds; ties by the sum of places (lower is better), rating."""

    ratings: dict[str, float]
    points: dict[str, Fraction] = field(default_factory=dict)
    places: dict[str, int] = field(default_factory=dict)

    def record_table(self, seats: Sequence[str], places: Sequence[int]) -> list[Fraction]:
        got = place_points(places)
        for e, pts, pl in zip(seats, got, places, strict=True):
            self.points[e] = self.points.get(e, Fraction(0)) + pts
            self.places[e] = self.places.get(e, 0) + pl
        return got

    def ranked(self) -> list[str]:
        return sorted(
            self.ratings,
            key=lambda e: (
                -self.points.get(e, Fraction(0)),
                self.places.get(e, 0),
                -self.ratings[e],
                e,
            ),
        )


def first_round(ratings: Mapping[str, float]) -> list[str]:
    """Round 1's order: by rating, best first (key breaks ties, for determinism)."""
    return sorted(ratings, key=lambda e: (-ratings[e], e))


def final_table(ranked: Sequence[str], max_seats: int) -> list[str]:
    """Poker's final table: the top of the standings, one table."""
    return list(ranked[:max_seats])
