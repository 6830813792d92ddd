"""Arena: seeded matches between computer-player levels (``python -m bot.arena``)."""

from .match import ArenaConfig, EntryStats, run_arena, wilson_interval

__all__ = ["ArenaConfig", "EntryStats", "run_arena", "wilson_interval"]
