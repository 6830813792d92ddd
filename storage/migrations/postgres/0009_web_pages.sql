-- The web pages (see sqlite/0009): a server's pages exist only after /settings web public:on.
CREATE TABLE guild_web (
    guild_id    BIGINT PRIMARY KEY,
    public      INTEGER NOT NULL CHECK (public IN (0, 1)),
    updated_at  DOUBLE PRECISION NOT NULL
);
-- Each seat's displayed rating right after the game (NULL: unrated or older).
ALTER TABLE game_seats ADD COLUMN rating DOUBLE PRECISION;
