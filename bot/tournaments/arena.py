"""Arena: join any time in a window, paired again as soon as you are free (pure, no clock).

Win 2, draw 1, loss 0. Two wins in a row light a streak: while it burns every game counts double
(a win 4, a draw 2), and the first game that is not a win puts it out. A free entrant is paired with
the free entrant nearest in score, never with the opponent of its previous game twice in a row; a
paused entrant is out of the pool until it resumes. A pairing starts only if a game, by its
estimated length, can end before the window closes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

WIN_POINTS, DRAW_POINTS, LOSS_POINTS = 2, 1, 0
#: Wins in a row that light the streak.
STREAK = 2


class Outcome(Enum):
    """A finished Arena game from the first entrant's side."""

    FIRST_WINS = "first"
    SECOND_WINS = "second"
    DRAW = "draw"


@dataclass
class ArenaEntrant:
    """One entrant's running state; ``results`` keeps the points of each game ("2", "4", "0"...)."""

    key: str
    rating: float = 0.0
    points: int = 0
    wins_in_a_row: int = 0
    paused: bool = False
    playing: bool = False
    last_opponent: str | None = None
    results: list[int] = field(default_factory=list)

    @property
    def on_fire(self) -> bool:
        return self.wins_in_a_row >= STREAK


def score_game(entrant: ArenaEntrant, won: bool, drew: bool) -> int:
    """Points of one game for ``entrant`` and its streak afterwards (mutates the entrant)."""
    base = WIN_POINTS if won else DRAW_POINTS if drew else LOSS_POINTS
    got = base * 2 if entrant.on_fire else base
    entrant.wins_in_a_row = entrant.wins_in_a_row + 1 if won else 0
    entrant.points += got
    entrant.results.append(got)
    return got


@dataclass
class Arena:
    """The pool: entrants by key. Methods are the only way the state changes."""

    entrants: dict[str, ArenaEntrant] = field(default_factory=dict)

    def join(self, key: str, rating: float = 0.0) -> None:
        if key in self.entrants:
            self.entrants[key].paused = False
            return
        self.entrants[key] = ArenaEntrant(key, rating)

    def pause(self, key: str) -> None:
        self.entrants[key].paused = True

    def resume(self, key: str) -> None:
        self.entrants[key].paused = False

    def free(self) -> list[ArenaEntrant]:
        return [e for e in self.entrants.values() if not e.paused and not e.playing]

    def pair(self, now: float, window_end: float, game_estimate: float) -> list[tuple[str, str]]:
        """Pairs every free entrant it can (and marks them playing). Nobody is paired when a game
        could not end by ``window_end`` (``now + game_estimate`` past it). Highest score first,
        each with the nearest score that is not its previous opponent; ties by rating."""
        if now + game_estimate > window_end:
            return []
        pool = sorted(self.free(), key=lambda e: (-e.points, -e.rating, e.key))
        taken: set[str] = set()
        pairs: list[tuple[str, str]] = []
        for i, a in enumerate(pool):
            if a.key in taken:
                continue
            # Sorted by points, so the first eligible one below is the nearest in score (anyone
            # untaken above ``a`` already refused ``a`` as its previous opponent).
            best = next(
                (
                    b
                    for b in pool[i + 1 :]
                    if b.key not in taken and b.key != a.last_opponent and a.key != b.last_opponent
                ),
                None,
            )
            if best is None:
                continue
            taken.update((a.key, best.key))
            pairs.append((a.key, best.key))
        for x, y in pairs:
            self.entrants[x].playing = self.entrants[y].playing = True
        return pairs

    def finish(self, first: str, second: str, outcome: Outcome) -> tuple[int, int]:
        """Records a game; both entrants become free again. Returns the points each got."""
        a, b = self.entrants[first], self.entrants[second]
        pa = score_game(a, outcome is Outcome.FIRST_WINS, outcome is Outcome.DRAW)
        pb = score_game(b, outcome is Outcome.SECOND_WINS, outcome is Outcome.DRAW)
        a.playing = b.playing = False
        a.last_opponent, b.last_opponent = second, first
        return pa, pb

    def void(self, first: str, second: str) -> None:
        """A game that does not count (voided by a moderator): both are free, nothing scored."""
        for k in (first, second):
            self.entrants[k].playing = False

    def standings(self) -> list[ArenaEntrant]:
        """Points, then rating, then key: the final order."""
        return sorted(self.entrants.values(), key=lambda e: (-e.points, -e.rating, e.key))
