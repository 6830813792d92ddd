"""What both backends share: every query and the logic around it, written once against ``Db``
(``storage.sql.db``), one module per concern:

* ``tables``: table snapshots (optimistic versions) and move logs;
* ``results``: a finished game's result, seats, standings and ratings;
* ``leaderboards``: boards, ranks and a player's standings (``ORDERINGS``);
* ``history``: recent games and one game's log;
* ``settings``: the bot's key/value facts, each server's language and web setting;
* ``web``: the reads only the web pages make (a server's games, rating over time);
* ``notices``: each player's turn-notice choice and the notices sent;
* ``personal``: a player's own record (their games outside servers, wherever played);
* ``seasons``: seasons and their boards (live, then archived);
* ``tournaments``: tournaments, their entrants and matches;
* ``analyses``: each finished game's analysis and the games waiting for one.

``SqlStorage`` joins them; a backend (``storage.sqlite``, ``storage.postgres``) subclasses it and
supplies connections and transactions (``SqlBase``'s hooks).
"""

from __future__ import annotations

from .analyses import AnalysisQueries
from .db import Db, SqlBase, dumps
from .history import HistoryQueries
from .leaderboards import ORDERINGS, RECENT_PER_GAME, LeaderboardQueries, order_by
from .notices import NoticeQueries
from .personal import PersonalQueries
from .requests import RequestQueries
from .results import ResultQueries
from .seasons import SEASON_METRICS, SeasonQueries
from .settings import SettingQueries
from .tables import TableQueries
from .tournaments import TournamentQueries
from .web import WebQueries

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
    NoticeQueries,
    RequestQueries,
    WebQueries,
    PersonalQueries,
    SeasonQueries,
    TournamentQueries,
    AnalysisQueries,
):
    """The ``Storage`` logic on top of a backend's ``_read``/``_write``/``_autocommit``."""
