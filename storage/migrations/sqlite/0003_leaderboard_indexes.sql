-- One index per leaderboard metric, in exactly the order (tie-breaks included) that
-- storage.sqlite.ORDERINGS uses, so a top-10 page is an index range scan.
CREATE INDEX standings_rating ON standings (guild_id, game, rating DESC, games DESC, user_id);
CREATE INDEX standings_wins ON standings (guild_id, game, wins DESC, games, user_id);
CREATE INDEX standings_points ON standings (guild_id, game, points DESC, games, user_id);
CREATE INDEX standings_games ON standings (guild_id, game, games DESC, wins DESC, user_id);
CREATE INDEX standings_streak ON standings (guild_id, game, streak DESC, best_streak DESC, user_id);
