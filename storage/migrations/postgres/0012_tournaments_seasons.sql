-- (PostgreSQL twin of sqlite/0009: Discord ids are BIGINT.)
-- Seasons: a server's named stretch of time. At most one open (ended_at NULL) per server; a finished
-- game is filed under the season open when it was recorded (games.season_id). When a season ends
-- its final standings are archived in season_standings, one row per game and player.
CREATE TABLE seasons (
    season_id     TEXT PRIMARY KEY,
    guild_id      BIGINT NOT NULL,
    name          TEXT NOT NULL,
    started_at    DOUBLE PRECISION NOT NULL,
    ended_at      DOUBLE PRECISION,
    reset_ratings INTEGER NOT NULL CHECK (reset_ratings IN (0, 1)),
    UNIQUE (guild_id, name)
);
CREATE UNIQUE INDEX seasons_one_open ON seasons (guild_id) WHERE ended_at IS NULL;

CREATE TABLE season_standings (
    season_id   TEXT NOT NULL REFERENCES seasons (season_id) ON DELETE CASCADE,
    game        TEXT NOT NULL,
    user_id     BIGINT NOT NULL,
    name        TEXT NOT NULL,
    is_bot      INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    draws       INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (season_id, game, user_id)
);

ALTER TABLE games ADD COLUMN season_id TEXT;
CREATE INDEX games_by_season ON games (guild_id, season_id, game);

-- Tournaments: the event, its entrants, and its matches (a round's tables, byes included). The
-- running state (scores, streaks, byes) is derived from the finished matches, so a restart resumes
-- from these rows alone; a match's result is written once (status leaves 'open' exactly once).
CREATE TABLE tournaments (
    tournament_id TEXT PRIMARY KEY,
    guild_id      BIGINT NOT NULL,
    channel_id    BIGINT NOT NULL,
    message_id    BIGINT,
    game          TEXT NOT NULL,
    preset        TEXT,
    format        TEXT NOT NULL CHECK (format IN ('swiss', 'arena', 'tables')),
    rounds        INTEGER NOT NULL,
    window_seconds DOUBLE PRECISION NOT NULL, -- Arena: its length from the start; 0 otherwise
    starts_at     DOUBLE PRECISION NOT NULL,
    settings      TEXT NOT NULL,            -- JSON: time control, max players, computers, target
    status        TEXT NOT NULL CHECK (status IN ('registering', 'running', 'finished', 'cancelled')),
    round         INTEGER NOT NULL DEFAULT 0,
    created_by    BIGINT NOT NULL,
    created_at    DOUBLE PRECISION NOT NULL,
    updated_at    DOUBLE PRECISION NOT NULL,
    season_id     TEXT
);
CREATE INDEX tournaments_active ON tournaments (status, guild_id);

CREATE TABLE tournament_entries (
    tournament_id TEXT NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    entrant       TEXT NOT NULL,            -- a player, a computer seat or a team of two
    members       TEXT NOT NULL,            -- JSON list of user ids (two for a team)
    name          TEXT NOT NULL,
    is_bot        INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    rating        DOUBLE PRECISION NOT NULL,
    paused        INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    withdrawn     INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
    joined_at     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (tournament_id, entrant)
);

CREATE TABLE tournament_matches (
    tournament_id TEXT NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    match_id      TEXT NOT NULL,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    seats         TEXT NOT NULL,            -- JSON list of entrants, first seat first
    channel_id    BIGINT,                  -- the table's thread, once opened
    game_id       TEXT,                     -- the recorded game, once finished
    status        TEXT NOT NULL CHECK (status IN ('open', 'finished', 'forfeit', 'awarded', 'void', 'bye')),
    places        TEXT,                     -- JSON list of places per seat (1 = best; equal = tie)
    started_at    DOUBLE PRECISION NOT NULL,
    ended_at      DOUBLE PRECISION,
    PRIMARY KEY (tournament_id, match_id)
);
CREATE INDEX tournament_matches_by_table ON tournament_matches (channel_id);
