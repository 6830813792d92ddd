-- Unfinished tables (one per channel) and the move log that replays every game.
CREATE TABLE tables (
    channel_id  BIGINT PRIMARY KEY,
    guild_id    BIGINT NOT NULL,
    game_id     TEXT NOT NULL,
    status      TEXT NOT NULL,
    data        TEXT NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL
);

CREATE TABLE moves (
    game_id     TEXT NOT NULL,
    move_no     INTEGER NOT NULL CHECK (move_no >= 1),
    seat        INTEGER NOT NULL,
    action      TEXT NOT NULL,
    at          DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, move_no)
);
