-- Finished games and the seats that played them. One row per game_id: recording is exactly once.
-- (PostgreSQL twin of sqlite/0001: Discord ids are BIGINT, flags stay 0/1 integers so both
-- backends share their queries.)
CREATE TABLE games (
    game_id     TEXT PRIMARY KEY,
    guild_id    BIGINT NOT NULL,
    channel_id  BIGINT NOT NULL,
    game        TEXT NOT NULL,
    options     TEXT NOT NULL,
    players     INTEGER NOT NULL,
    scores      TEXT NOT NULL,
    winners     TEXT NOT NULL,
    double_win  INTEGER NOT NULL CHECK (double_win IN (0, 1)),
    seed        BIGINT NOT NULL,
    started_at  DOUBLE PRECISION NOT NULL,
    ended_at    DOUBLE PRECISION NOT NULL,
    duration    DOUBLE PRECISION NOT NULL,
    ended_by    TEXT NOT NULL,
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1))
);
CREATE INDEX games_by_guild ON games (guild_id, ended_at DESC, game_id DESC);

CREATE TABLE game_seats (
    game_id     TEXT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild_id    BIGINT NOT NULL,
    ended_at    DOUBLE PRECISION NOT NULL,
    user_id     BIGINT NOT NULL,
    name        TEXT NOT NULL,
    is_bot      INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    team        INTEGER,
    score       INTEGER NOT NULL,
    outcome     TEXT NOT NULL CHECK (outcome IN ('win', 'loss', 'draw', 'none')),
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_seats_by_user ON game_seats (guild_id, user_id, ended_at DESC, game_id DESC);

CREATE TABLE standings (
    guild_id    BIGINT NOT NULL,
    game        TEXT NOT NULL,
    user_id     BIGINT NOT NULL,
    name        TEXT NOT NULL,
    is_bot      INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    draws       INTEGER NOT NULL DEFAULT 0,
    points      INTEGER NOT NULL DEFAULT 0,
    streak      INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
