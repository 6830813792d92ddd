"""Analysis of finished games: for each human move, what expert would have played from that
player's view and what the move cost. Pure (no Discord, storage or asyncio): the table layer
feeds it a game as dealt and its move log and stores the result (docs/analysis.md)."""

from .analyse import (
    ESTIMATE_SAMPLES,
    THRESHOLDS,
    AnalysedMove,
    Thresholds,
    analyse_game,
    move_accuracy,
)
from .model import ANALYSIS_VERSION, GameAnalysis, Mark, MoveVerdict

__all__ = [
    "ANALYSIS_VERSION",
    "ESTIMATE_SAMPLES",
    "THRESHOLDS",
    "AnalysedMove",
    "GameAnalysis",
    "Mark",
    "MoveVerdict",
    "Thresholds",
    "analyse_game",
    "move_accuracy",
]
