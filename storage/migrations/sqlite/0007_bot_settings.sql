-- Small key/value facts the bot keeps about itself between starts (e.g. the hash of the slash
-- command tree last synced globally, so an unchanged tree is not synced again).
CREATE TABLE bot_settings (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL,
    updated_at  REAL NOT NULL
);
