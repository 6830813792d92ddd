-- The analysis of each finished game with a human at it (bot.analysis): for every human move,
-- the move expert would have played from that player's view and what the played one cost; per
-- seat an accuracy. Written once per game by the background queue (bot.tables.analysis_queue):
-- a second write of the same version changes nothing; a newer ``version`` replaces the row.
-- ``analysis`` is GameAnalysis.to_json() (JSON); NULL with ``failure`` set when the game could
-- not be analysed (a log that does not replay): such a game is not retried at every start.
-- ``accuracy`` (JSON, seat -> 0..100) is copied out of it so /history reads a few bytes per game.
-- Pending: a game with a human seat and no row of the current version; the queue looks for the
-- most recent of those at start (``games_by_end``), so an analysis lost to a restart is redone.
CREATE TABLE game_analyses (
    game_id      TEXT PRIMARY KEY,
    version      INTEGER NOT NULL,
    analysis     TEXT,
    accuracy     TEXT NOT NULL DEFAULT '{}',
    failure      TEXT,
    cpu_seconds  REAL NOT NULL DEFAULT 0,
    created_at   REAL NOT NULL
);
CREATE INDEX games_by_end ON games (ended_at DESC, game_id DESC);
