-- The language a server chose with /settings language for its public messages (table, lobby, pings);
-- a server without a row follows its own Discord language (guild_locale). ``lang``: "en" or "ru".
CREATE TABLE guild_languages (
    guild_id    INTEGER PRIMARY KEY,
    lang        TEXT NOT NULL,
    updated_at  REAL NOT NULL
);
