-- refresh_pending: the living turn message is out of date (an edit that
-- Discord's limits held back): it is edited again, notifying nobody, as
-- soon as the limits allow, or by the clock after a restart.
ALTER TABLE games ADD COLUMN refresh_pending INTEGER NOT NULL DEFAULT 0;

-- A game that ended with its last message owed (a crash or an outage
-- between the final move's save and its message) is still the clock's:
-- found without reading every ended game.
CREATE INDEX games_ended_owed ON games (id)
    WHERE status IN ('finished', 'abandoned') AND (post_pending = 1 OR refresh_pending = 1);
