-- Glicko-2 ratings (internal/ratings, docs/ratings.md): a player's rating
-- at one game kind on one server, written in the transaction that writes a
-- finished game's results, so a game is rated exactly once and a restart
-- loses none. games counts the rated games; updated is when the last one
-- finished.
CREATE TABLE ratings (
    guild      TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    games      INTEGER NOT NULL,
    updated    INTEGER  NOT NULL,
    PRIMARY KEY (guild, kind, user_id)
);
CREATE INDEX ratings_board ON ratings (guild, kind, rating);

-- What a rated game did to each rated seat's rating, for its final message
-- (shown again whenever that message is).
CREATE TABLE rating_changes (
    game_id       INTEGER  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    user_id       TEXT    NOT NULL,
    rating_before REAL NOT NULL,
    rating_after  REAL NOT NULL,
    deviation     REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- The bot was playing the seat for its player when the game ended (a turn
-- limit or a vote handed it over): the player is rated as losing.
ALTER TABLE results ADD COLUMN away INTEGER NOT NULL DEFAULT 0;
