-- rejoin_free: the bot took the seat over (a turn limit, a vote) and has
-- not been asked to play a later turn of it yet; its player takes it back
-- with /game rejoin at once, without a vote. 1 from the takeover until the
-- seat is asked to act again after another seat's move.
ALTER TABLE seats ADD COLUMN rejoin_free INTEGER NOT NULL DEFAULT 0;
