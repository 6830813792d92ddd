-- /history names the tournament round a game was played in: its matches found by the game's id.
CREATE INDEX tournament_matches_by_game ON tournament_matches (game_id);
