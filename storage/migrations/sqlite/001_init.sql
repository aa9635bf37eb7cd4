-- Games, their seats and the append-only move log.
CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    guild           TEXT    NOT NULL DEFAULT '',
    channel         TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    options         TEXT    NOT NULL DEFAULT '{}',
    status          TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    creator         TEXT    NOT NULL,
    seed            INTEGER NOT NULL,
    version         INTEGER NOT NULL DEFAULT 0,
    state           BLOB,
    message_id      TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    turn_started_at INTEGER NOT NULL,
    reminded_at     INTEGER NOT NULL DEFAULT 0
);

-- One open game per channel; any number of channels.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel) WHERE status IN ('lobby', 'active');
CREATE INDEX games_status ON games (status);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   TEXT    NOT NULL,
    name      TEXT    NOT NULL,
    bot_level INTEGER NOT NULL DEFAULT 0,
    accepted  INTEGER NOT NULL DEFAULT 1,
    dm_hash   TEXT    NOT NULL DEFAULT '',
    dm_failed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n       INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    move    TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, n)
);

-- The log is append-only: a move once written is never changed or removed
-- (deleting a whole game still cascades).
CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END;
