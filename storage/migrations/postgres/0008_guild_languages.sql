-- The language a server chose with /settings language (see sqlite/0008).
CREATE TABLE guild_languages (
    guild_id    BIGINT PRIMARY KEY,
    lang        TEXT NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL
);
