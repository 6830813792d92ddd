"""Analysis of finished games: for each human move, what expert would have played from that
player's view and what the move cost. Pure (no Discord, storage or asyncio): the table layer
feeds it a game as dealt and its move log and stores the result (docs/analysis.md).

This package's namespace is the model only (what is stored and shown), so that rendering it does
not import the players; the analysis itself is ``bot.analysis.analyse``."""

from .model import (
    ANALYSIS_VERSION,
    AnalysisState,
    GameAnalysis,
    Mark,
    MoveVerdict,
    NotAnalysable,
)

__all__ = [
    "ANALYSIS_VERSION",
    "AnalysisState",
    "GameAnalysis",
    "Mark",
    "MoveVerdict",
    "NotAnalysable",
]
