-- Each player's turn-notice choice and the notices sent (see sqlite/0009).
CREATE TABLE user_notifications (
    user_id     BIGINT PRIMARY KEY,
    mode        TEXT NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL
);

CREATE TABLE turn_notices (
    channel_id     BIGINT NOT NULL,
    user_id        BIGINT NOT NULL,
    game_id        TEXT NOT NULL,
    move_no        INTEGER NOT NULL,
    state          TEXT NOT NULL,
    dm_channel_id  BIGINT,
    message_id     BIGINT,
    sent_at        DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (channel_id, user_id)
);
