-- The web's game pages (bot/web): what a finished game's page shows that costs CPU to work out
-- (each move's caption, the final panel, the deals re-checked against the seed), built once per
-- language when the game is recorded, or at its page's first visit for older games. ``data`` is
-- JSON in the layout ``format`` names: a row of another format is rebuilt, never read.
CREATE TABLE game_pages (
    game_id     TEXT NOT NULL,
    lang        TEXT NOT NULL,
    format      INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    moves       INTEGER NOT NULL,
    data        TEXT NOT NULL,
    built_at    REAL NOT NULL,
    PRIMARY KEY (game_id, lang)
);
