-- Each player's language for what reaches them outside an interaction (a turn notice by DM),
-- whatever the server's: ``chosen`` with /settings notifications language:, else ``seen``, the
-- language Discord last gave with their interactions ("en" or "ru"; NULL: none yet).
CREATE TABLE user_languages (
    user_id     INTEGER PRIMARY KEY,
    seen        TEXT,
    chosen      TEXT,
    updated_at  REAL NOT NULL
);

-- Several processes: a move asked of a table that another process holds (a hand opened from a
-- turn notice: DM interactions reach the process running shard 0). The asking process writes a
-- row; the process holding the table's server takes it (``taken_at``), plays it and writes its
-- ``answer`` (JSON); the asker reads the answer and deletes the row. An asker that gives up
-- deletes its row only while nobody has taken it.
CREATE TABLE table_requests (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id   INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    action       TEXT NOT NULL,
    move_no      INTEGER NOT NULL,
    created_at   REAL NOT NULL,
    taken_at     REAL,
    answer       TEXT,
    answered_at  REAL
);
CREATE INDEX table_requests_open ON table_requests (guild_id) WHERE answer IS NULL;
