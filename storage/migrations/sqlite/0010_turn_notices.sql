-- Correspondence play: each player's choice of turn notices (/settings notifications:
-- correspondence, all or off; a user without a row gets the default, correspondence) and the
-- direct messages sent for turns, so a restart never sends one twice and can mark the last one
-- done. One row per table (channel) and player: the latest notice of that table to that player.
-- ``state``: sent (the notice waits for the player's move), done (the turn passed on) or closed
-- (the player's DMs are closed: not retried for this game). ``game_id`` and ``move_no`` mark the
-- turn the notice was for.
CREATE TABLE user_notifications (
    user_id     INTEGER PRIMARY KEY,
    mode        TEXT NOT NULL,
    updated_at  REAL NOT NULL
);

CREATE TABLE turn_notices (
    channel_id     INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    game_id        TEXT NOT NULL,
    move_no        INTEGER NOT NULL,
    state          TEXT NOT NULL,
    dm_channel_id  INTEGER,
    message_id     INTEGER,
    sent_at        REAL NOT NULL,
    PRIMARY KEY (channel_id, user_id)
);
