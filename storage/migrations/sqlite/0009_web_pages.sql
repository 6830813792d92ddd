-- The web pages (bot/web): a server's pages exist only after a member with Manage Server turned
-- them on (/settings web public:on); a server without a row (or with public = 0) has none.
CREATE TABLE guild_web (
    guild_id    INTEGER PRIMARY KEY,
    public      INTEGER NOT NULL CHECK (public IN (0, 1)),
    updated_at  REAL NOT NULL
);
-- Each seat's displayed rating right after the game (NULL: unrated, or recorded before this
-- version), so a player's page draws their rating over time without recomputing it.
ALTER TABLE game_seats ADD COLUMN rating REAL;
