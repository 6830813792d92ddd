"""Pots and their split (P-4, P-6, P-10, P-11), as pure functions of the chips put in.

Kept apart from the state so property tests can drive them directly: every chip put in is paid
out, and no pot pays a seat that did not contribute to its level.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass
class Pot:
    """One pot: its chips and the seats still in that contributed up to its level."""

    amount: int
    eligible: list[int]
    high: list[int] = field(default_factory=list)
    low: list[int] = field(default_factory=list)
    shares: dict[int, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        return {
            "amount": self.amount,
            "eligible": list(self.eligible),
            "high": list(self.high),
            "low": list(self.low),
            "shares": {str(s): c for s, c in sorted(self.shares.items())},
        }


def uncalled(committed: Sequence[int]) -> tuple[int, int]:
    """(seat, chips) of the part of the biggest contribution nobody matched; (-1, 0) if none."""
    if not committed:
        return -1, 0
    top = max(committed)
    seats = [s for s, c in enumerate(committed) if c == top]
    if len(seats) > 1:
        return -1, 0
    second = max((c for s, c in enumerate(committed) if s != seats[0]), default=0)
    return seats[0], top - second


def build_pots(committed: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """Main pot and side pots, standard poker: one level per distinct contribution of a seat
    still in; chips folded above the top level (none after an uncalled return) join the top pot."""
    n = len(committed)
    levels = sorted({committed[s] for s in range(n) if live[s] and committed[s] > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in committed)
        eligible = [s for s in range(n) if live[s] and committed[s] >= level]
        pots.append(Pot(amount, eligible))
        previous = level
    rest = sum(c - min(c, previous) for c in committed)
    if rest:
        if pots:
            pots[-1].amount += rest
        else:
            pots.append(Pot(rest, [s for s in range(n) if live[s]]))
    return pots


def distribute(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Equal shares; leftover chips one at a time to the winners in ``order`` (dealer's left)."""
    ranked = sorted(winners, key=order.index)
    each, odd = divmod(amount, len(ranked))
    shares = {s: each + (1 if i < odd else 0) for i, s in enumerate(ranked)}
    return {s: c for s, c in shares.items() if c}


def _add(shares: dict[int, int], more: dict[int, int]) -> None:
    for seat, chips in more.items():
        shares[seat] = shares.get(seat, 0) + chips


def _best(seats: Sequence[int], keys: Sequence[int]) -> list[int]:
    if not seats:
        return []
    top = max(keys[s] for s in seats)
    return [s for s in seats if keys[s] == top]


def split_pot(
    pot: Pot,
    high_keys: Sequence[int],
    low_keys: Sequence[int],
    order: Sequence[int],
    declarations: Sequence[str | None] | None = None,
) -> None:
    """Fill ``pot.high``, ``pot.low`` and ``pot.shares`` (P-10 cards speak, P-11 declarations)."""
    contenders = pot.eligible
    if declarations is None:
        high_side, low_side = list(contenders), list(contenders)
    else:
        high_side = [s for s in contenders if declarations[s] in ("high", "both")]
        low_side = [s for s in contenders if declarations[s] in ("low", "both")]
        best_high, best_low = _best(high_side, high_keys), _best(low_side, low_keys)
        failed = {
            s
            for s in contenders
            if declarations[s] == "both" and not (best_high == [s] and best_low == [s])
        }
        high_side = [s for s in high_side if s not in failed]
        low_side = [s for s in low_side if s not in failed]
    pot.high = _best(high_side, high_keys)
    pot.low = _best(low_side, low_keys)
    shares: dict[int, int] = {}
    if pot.high and pot.low:
        low_half = pot.amount // 2
        _add(shares, distribute(pot.amount - low_half, pot.high, order))  # odd chip: High
        _add(shares, distribute(low_half, pot.low, order))
    elif pot.high or pot.low:
        _add(shares, distribute(pot.amount, pot.high or pot.low, order))
    else:
        _add(shares, distribute(pot.amount, contenders, order))
    pot.shares = shares
