"""Going-out points, bets, the round breakdown and who deals next (G-14, G-18..G-21)."""

from __future__ import annotations

from dataclasses import dataclass


def going_out_points(hand_sizes: list[int], seat: int) -> int:
    """G-14/G-15: 5 x the largest hand among the others (face cards included)."""
    return 5 * max(size for s, size in enumerate(hand_sizes) if s != seat)


def bet_points(bets: list[int | None], first_out: int) -> list[int]:
    """G-18: a won bet scores for the bettor; a lost bet scores its value for the first player out
    and for every seat that did not bet (0 is not betting) — once each, never twice."""
    points = [0] * len(bets)
    for bettor, amount in enumerate(bets):
        if not amount:
            continue
        if bettor == first_out:
            points[bettor] += amount
            continue
        for seat, other in enumerate(bets):
            if seat == first_out or (seat != bettor and not other):
                points[seat] += amount
    return points


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The ``round_scored`` breakdown, per seat."""

    out: list[int]
    bonus: list[int]
    cards: list[int]
    bets: list[int]

    @property
    def points(self) -> list[int]:
        return [
            sum(parts) for parts in zip(self.out, self.bonus, self.cards, self.bets, strict=True)
        ]

    def parts(self) -> dict[str, list[int]]:
        return {"out": self.out, "bonus": self.bonus, "cards": self.cards, "bets": self.bets}


def game_winner(totals: list[int], target: int) -> int | None:
    """G-20: once someone reaches the target, the single highest total wins; a tie plays on."""
    best = max(totals)
    if best < target or totals.count(best) > 1:
        return None
    return totals.index(best)


def next_dealer_and_leader(totals: list[int], first_out: int) -> tuple[int, int]:
    """G-21: the highest total deals (tie: the last round's first player out, else the first tied
    seat clockwise from them); the lowest total leads (tie: the first tied seat from the dealer's
    left)."""
    n = len(totals)
    best = max(totals)
    dealer = next(s for s in ((first_out + i) % n for i in range(n)) if totals[s] == best)
    low = min(totals)
    leader = next(s for s in ((dealer + 1 + i) % n for i in range(n)) if totals[s] == low)
    return dealer, leader
