"""What both backends share: every query and the logic around it, written once against ``Db``
(``storage.sql.db``), one module per concern:

* ``tables``: table snapshots (optimistic versions) and move logs;
* ``results``: a finished game's result, seats, standings and ratings;
* ``leaderboards``: boards, ranks and a player's standings (``ORDERINGS``);
* ``history``: recent games and one game's log;
* ``settings``: the bot's key/value facts and each server's language;
* ``seasons``: seasons and their boards (live, then archived);
* ``tournaments``: tournaments, their entrants and matches.

``SqlStorage`` joins them; a backend (``storage.sqlite``, ``storage.postgres``) subclasses it and
supplies connections and transactions (``SqlBase``'s hooks).
"""

from __future__ import annotations

from .db import Db, SqlBase, dumps
from .history import HistoryQueries
from .leaderboards import ORDERINGS, RECENT_PER_GAME, LeaderboardQueries, order_by
from .results import ResultQueries
from .seasons import SEASON_METRICS, SeasonQueries
from .settings import SettingQueries
from .tables import TableQueries
from .tournaments import TournamentQueries

__all__ = [
    "ORDERINGS",
    "RECENT_PER_GAME",
    "SEASON_METRICS",
    "Db",
    "SqlBase",
    "SqlStorage",
    "dumps",
    "order_by",
]


class SqlStorage(
    TableQueries,
    ResultQueries,
    LeaderboardQueries,
    HistoryQueries,
    SettingQueries,
    SeasonQueries,
    TournamentQueries,
):
    """The ``Storage`` logic on top of a backend's ``_read``/``_write``/``_autocommit``."""
