"""Persistence behind the ``Storage`` protocol; ``SqliteStorage`` is the aiosqlite backend.

Ratings
-------
Every finished game updates a skill rating per server and per game (the Hurricane presets share
one board). The bot uses openskill's Plackett-Luce model — a Bayesian rating in the family of
TrueSkill — rather than Elo or Glicko-2, because it rates any number of sides of any size from one
finishing order: a 2-player game is two sides of one; 3-player Haggis ranks the winner first and
the others by final score; in Hurricane ``pairs`` both partners share their team's result, and
each moves according to how sure the bot already is about them; a draw ties everyone. Each player
starts at mu 25, sigma 25/3, and the number shown is the cautious estimate mu - 3·sigma on a
familiar scale: ``1000 + 40 × (mu - 3·sigma)``, so a newcomer shows 1000 and climbs as wins make
the bot confident. Resignations and forfeits count as losses for that side (its opponents win);
an abandoned game is kept in the history but rates nobody. Computer players are rated like
everyone else (one id per level) but are left off the leaderboards.
"""

from .base import Storage, StorageError
from .sqlite import SqliteStorage

__all__ = ["SqliteStorage", "Storage", "StorageError"]
