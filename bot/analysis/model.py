"""What the analysis of a finished game says, as stored (JSON) and shown: per human move, the
move expert would have played from that player's view and what the played move cost by expert's
estimate; per player an accuracy for the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

#: Bumped when the analysis changes so much that stored ones should be redone.
ANALYSIS_VERSION = 1


class AnalysisState(StrEnum):
    """What can be shown of a finished game's analysis."""

    READY = "ready"  # stored: the verdicts
    PENDING = "pending"  # queued or being analysed
    BUSY = "busy"  # not queued: too many games asked for at once; ask again later
    FAILED = "failed"  # the analysis could not be made (stored as such), or no person played
    OFF = "off"  # this bot analyses no games (ANALYSIS=0), none stored


class NotAnalysable(ValueError):
    """A game the analysis cannot judge (a game it has no measure for)."""


class Mark(StrEnum):
    BEST = "best"  # expert's own move (or one as good by its estimate)
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


@dataclass(frozen=True, slots=True)
class MoveVerdict:
    move_no: int  # 1-based, as in the move log
    seat: int
    played: str  # canonical notation (ENGINE.md)
    best: str  # expert's move from the same view
    cost: float  # expected points (chips in poker) lost against ``best``; 0 when it is best
    mark: Mark

    def to_json(self) -> dict[str, Any]:
        return {
            "move_no": self.move_no,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "cost": round(self.cost, 4),
            "mark": self.mark.value,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MoveVerdict:
        return cls(
            int(data["move_no"]),
            int(data["seat"]),
            str(data["played"]),
            str(data["best"]),
            float(data["cost"]),
            Mark(data["mark"]),
        )


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    game_id: str
    game: str
    unit: str  # "points" or "chips": what ``cost`` counts
    moves: tuple[MoveVerdict, ...]
    accuracy: dict[int, float] = field(default_factory=dict)  # seat -> 0..100
    version: int = ANALYSIS_VERSION
    cpu_seconds: float = 0.0

    def for_move(self, move_no: int) -> MoveVerdict | None:
        return next((m for m in self.moves if m.move_no == move_no), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "game": self.game,
            "unit": self.unit,
            "version": self.version,
            "cpu_seconds": round(self.cpu_seconds, 3),
            "accuracy": {str(seat): round(a, 1) for seat, a in self.accuracy.items()},
            "moves": [m.to_json() for m in self.moves],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameAnalysis:
        return cls(
            game_id=str(data["game_id"]),
            game=str(data["game"]),
            unit=str(data["unit"]),
            moves=tuple(MoveVerdict.from_json(m) for m in data["moves"]),
            accuracy={int(seat): float(a) for seat, a in data.get("accuracy", {}).items()},
            version=int(data.get("version", ANALYSIS_VERSION)),
            cpu_seconds=float(data.get("cpu_seconds", 0.0)),
        )
