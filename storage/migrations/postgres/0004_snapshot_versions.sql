-- Versioned table snapshots (optimistic writes) that say how many logged moves they include;
-- later moves are appended to the log and replayed on restore (see sqlite/0004).
ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tables ADD COLUMN move_no INTEGER NOT NULL DEFAULT 0;
UPDATE tables SET move_no = coalesce(
    (SELECT max(move_no) FROM moves WHERE moves.game_id = tables.game_id), 0);
ALTER TABLE moves ADD COLUMN source TEXT;
