-- Games played for chips (Hurricane poker): each standing adds up the chips won (final chips
-- minus the starting stack, negative when lost); the leaderboard's "chips won" metric reads it
-- through its own index, in the order of storage.sql.ORDERINGS.
ALTER TABLE standings ADD COLUMN chips INTEGER NOT NULL DEFAULT 0;
CREATE INDEX standings_chips ON standings (guild_id, game, chips DESC, games, user_id);
