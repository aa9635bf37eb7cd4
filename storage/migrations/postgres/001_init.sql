-- Games, their seats and the append-only move log (PostgreSQL; the same
-- schema as migrations/sqlite/001_init.sql). Times are Unix nanoseconds.
CREATE TABLE games (
    id              BIGSERIAL PRIMARY KEY,
    guild           TEXT    NOT NULL DEFAULT '',
    channel         TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    options         TEXT    NOT NULL DEFAULT '{}',
    status          TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    creator         TEXT    NOT NULL,
    seed            BIGINT  NOT NULL,
    version         INTEGER NOT NULL DEFAULT 0,
    state           BYTEA,
    message_id      TEXT    NOT NULL DEFAULT '',
    created_at      BIGINT  NOT NULL,
    updated_at      BIGINT  NOT NULL,
    turn_started_at BIGINT  NOT NULL,
    reminded_at     BIGINT  NOT NULL DEFAULT 0
);

CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel) WHERE status IN ('lobby', 'active');
CREATE INDEX games_status ON games (status);

CREATE TABLE seats (
    game_id   BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
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
    game_id BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n       INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    move    TEXT    NOT NULL,
    at      BIGINT  NOT NULL,
    PRIMARY KEY (game_id, n)
);

-- The log is append-only: a move once written is never changed or removed
-- (deleting a whole game still cascades).
CREATE FUNCTION moves_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the move log is append-only';
END;
$$;
CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves FOR EACH ROW EXECUTE FUNCTION moves_append_only();
