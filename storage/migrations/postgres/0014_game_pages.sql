-- The web's game pages (see sqlite/0013): each finished game's page summary, per language.
CREATE TABLE game_pages (
    game_id     TEXT NOT NULL,
    lang        TEXT NOT NULL,
    format      INTEGER NOT NULL,
    guild_id    BIGINT NOT NULL,
    moves       INTEGER NOT NULL,
    data        TEXT NOT NULL,
    built_at    DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, lang)
);
