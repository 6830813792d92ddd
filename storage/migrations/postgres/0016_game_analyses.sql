-- The analysis of each finished game with a human at it (see sqlite/0016): written once per game
-- and version; a game with a human seat and no row is pending (found again at start).
CREATE TABLE game_analyses (
    game_id      TEXT PRIMARY KEY,
    version      INTEGER NOT NULL,
    analysis     TEXT,
    accuracy     TEXT NOT NULL DEFAULT '{}',
    failure      TEXT,
    cpu_seconds  DOUBLE PRECISION NOT NULL DEFAULT 0,
    created_at   DOUBLE PRECISION NOT NULL
);
CREATE INDEX games_by_end ON games (ended_at DESC, game_id DESC);
