-- What Discord's rate limits held back and a redo still owes, kept here
-- and not in a process's memory, so that any process and any restart can
-- send it (internal/delivery). games.owed says a game has rows here, so
-- that loading a game reads this table only when something is owed.
--
-- what = 1: the owed turn message (post_pending) pings user_id; a row with
-- user_id '' says whom it pings is known (perhaps nobody).
-- what = 2: user_id's private message is owed (their seat's dm_hash is what
-- they were last shown); ping says a closed DM is to be said in the
-- channel with a mention, urgent that it brings a decision the game waits
-- on (it goes first when the budget is short).
CREATE TABLE owed_messages (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id TEXT    NOT NULL,
    what    INTEGER NOT NULL,
    ping    INTEGER NOT NULL DEFAULT 0,
    urgent  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, what, user_id)
);

ALTER TABLE games ADD COLUMN owed INTEGER NOT NULL DEFAULT 0;

-- The clock finds the games that owe a private message after a restart.
CREATE INDEX games_owed ON games (id) WHERE owed = 1;
