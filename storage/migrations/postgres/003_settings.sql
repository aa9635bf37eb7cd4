-- A server's own settings: the turn limit its new games take unless they
-- name one (seconds; 0 for none). No row: the bot's configured default.
CREATE TABLE guild_settings (
    guild      TEXT    PRIMARY KEY,
    turn_limit BIGINT  NOT NULL
);
