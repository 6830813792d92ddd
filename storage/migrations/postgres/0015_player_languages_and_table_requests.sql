-- Each player's Discord language and the moves asked of another process's table (see sqlite/0014).
CREATE TABLE user_languages (
    user_id     BIGINT PRIMARY KEY,
    seen        TEXT,
    chosen      TEXT,
    updated_at  DOUBLE PRECISION NOT NULL
);

CREATE TABLE table_requests (
    id           BIGSERIAL PRIMARY KEY,
    channel_id   BIGINT NOT NULL,
    guild_id     BIGINT NOT NULL,
    user_id      BIGINT NOT NULL,
    action       TEXT NOT NULL,
    move_no      INTEGER NOT NULL,
    created_at   DOUBLE PRECISION NOT NULL,
    taken_at     DOUBLE PRECISION,
    answer       TEXT,
    answered_at  DOUBLE PRECISION
);
CREATE INDEX table_requests_open ON table_requests (guild_id) WHERE answer IS NULL;
