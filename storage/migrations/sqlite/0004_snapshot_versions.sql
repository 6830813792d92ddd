-- Table snapshots are versioned (optimistic writes: a process that lost a table cannot overwrite
-- it) and say how many logged moves they include: moves after that are replayed on restore, so a
-- move is appended to the log instead of rewriting the snapshot. Snapshots written before this
-- version were saved with every move, so they include the whole log.
ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tables ADD COLUMN move_no INTEGER NOT NULL DEFAULT 0;
UPDATE tables SET move_no = coalesce(
    (SELECT max(move_no) FROM moves WHERE moves.game_id = tables.game_id), 0);
ALTER TABLE moves ADD COLUMN source TEXT;

-- One row per open connection, deleted at a clean close: a row left behind means the last run
-- stopped uncleanly, and the next start runs the full integrity check.
CREATE TABLE open_marks (
    token       TEXT PRIMARY KEY,
    pid         INTEGER NOT NULL,
    opened_at   REAL NOT NULL
);
