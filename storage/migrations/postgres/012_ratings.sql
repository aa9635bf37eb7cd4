-- Glicko-2 ratings (internal/ratings, docs/ratings.md): a player's rating
-- at one game kind on one server, written in the transaction that writes a
-- finished game's results, so a game is rated exactly once and a restart
-- loses none. games counts the rated games; updated is when the last one
-- finished.
CREATE TABLE ratings (
    guild      TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL,
    updated    BIGINT  NOT NULL,
    PRIMARY KEY (guild, kind, user_id)
);
CREATE INDEX ratings_board ON ratings (guild, kind, rating);

-- What a rated game did to each rated seat's rating, for its final message
-- (shown again whenever that message is).
CREATE TABLE rating_changes (
    game_id       BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    user_id       TEXT    NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after  DOUBLE PRECISION NOT NULL,
    deviation     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- The bot was playing the seat for its player when the game ended (a turn
-- limit or a vote handed it over): the player is rated as losing.
ALTER TABLE results ADD COLUMN away INTEGER NOT NULL DEFAULT 0;
