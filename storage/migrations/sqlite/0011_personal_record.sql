-- Whether a finished game was played in a server (1) or outside one (0: the bot's DM or a group
-- DM, whose place key ``guild_id`` is the channel's id). Games outside servers add up to each
-- player's own record (/stats and /history "mine"), read through the partial index below.
-- Older rows: a place outside a server was keyed by its channel, so guild_id = channel_id marks
-- it. (A server's original channel, from before 2017, may share the server's id: a game recorded
-- there before this migration counts on its players' own records too; it stays on its server's
-- leaderboard, keyed as ever.)
ALTER TABLE games ADD COLUMN in_server INTEGER NOT NULL DEFAULT 1 CHECK (in_server IN (0, 1));
ALTER TABLE game_seats ADD COLUMN in_server INTEGER NOT NULL DEFAULT 1 CHECK (in_server IN (0, 1));
UPDATE games SET in_server = 0 WHERE guild_id = channel_id;
UPDATE game_seats SET in_server = 0
    WHERE game_id IN (SELECT game_id FROM games WHERE in_server = 0);
CREATE INDEX game_seats_personal ON game_seats (user_id, ended_at DESC, game_id DESC)
    WHERE in_server = 0;
