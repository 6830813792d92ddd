-- Finished games and the seats that played them. One row per game_id: recording is exactly once.
CREATE TABLE games (
    game_id     TEXT PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    game        TEXT NOT NULL,
    options     TEXT NOT NULL,              -- JSON object, every option in force
    players     INTEGER NOT NULL,
    scores      TEXT NOT NULL,              -- JSON list, per side (team for pairs, seat otherwise)
    winners     TEXT NOT NULL,              -- JSON list of seats; [] = draw
    double_win  INTEGER NOT NULL CHECK (double_win IN (0, 1)),
    seed        INTEGER NOT NULL,
    started_at  REAL NOT NULL,
    ended_at    REAL NOT NULL,
    duration    REAL NOT NULL,
    ended_by    TEXT NOT NULL,
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1))
);
CREATE INDEX games_by_guild ON games (guild_id, ended_at DESC, game_id DESC);

CREATE TABLE game_seats (
    game_id     TEXT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,           -- copied from games: history without a join-sort
    ended_at    REAL NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT NOT NULL,
    is_bot      INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    team        INTEGER,
    score       INTEGER NOT NULL,
    outcome     TEXT NOT NULL CHECK (outcome IN ('win', 'loss', 'draw', 'none')),
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX game_seats_by_user ON game_seats (guild_id, user_id, ended_at DESC, game_id DESC);

-- Maintained per guild, game and user inside finish_game's transaction, so leaderboards never
-- aggregate results at query time.
CREATE TABLE standings (
    guild_id    INTEGER NOT NULL,
    game        TEXT NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT NOT NULL,
    is_bot      INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    draws       INTEGER NOT NULL DEFAULT 0,
    points      INTEGER NOT NULL DEFAULT 0,
    streak      INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    mu          REAL NOT NULL,
    sigma       REAL NOT NULL,
    rating      REAL NOT NULL,
    updated_at  REAL NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
) WITHOUT ROWID;
