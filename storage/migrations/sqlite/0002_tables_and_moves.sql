-- Unfinished tables (one per channel) and the move log that replays every game.
CREATE TABLE tables (
    channel_id  INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    game_id     TEXT NOT NULL,
    status      TEXT NOT NULL,
    data        TEXT NOT NULL,              -- JSON: table-layer fields + engine to_dict()
    updated_at  REAL NOT NULL
);

CREATE TABLE moves (
    game_id     TEXT NOT NULL,
    move_no     INTEGER NOT NULL CHECK (move_no >= 1),
    seat        INTEGER NOT NULL,
    action      TEXT NOT NULL,
    at          REAL NOT NULL,
    PRIMARY KEY (game_id, move_no)
) WITHOUT ROWID;
