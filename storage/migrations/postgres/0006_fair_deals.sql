-- Provably fair deals (docs/fair-deals.md): how a game's deals were derived ('legacy': the
-- whole-number seed; 'fair-v1': HMAC of the server seed and the table id), and for fair games the
-- server seed (hex, recorded when the game has ended and so revealed) and the public table id.
ALTER TABLE games ADD COLUMN rng_version TEXT NOT NULL DEFAULT 'legacy';
ALTER TABLE games ADD COLUMN server_seed TEXT;
ALTER TABLE games ADD COLUMN table_id TEXT;
