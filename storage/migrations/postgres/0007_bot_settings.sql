-- Small key/value facts the bot keeps about itself between starts (see sqlite/0007).
CREATE TABLE bot_settings (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL
);
