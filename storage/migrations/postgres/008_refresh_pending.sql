-- refresh_pending: the living turn message is out of date (an edit that
-- Discord's limits held back): it is edited again, notifying nobody, as
-- soon as the limits allow, or by the clock after a restart.
ALTER TABLE games ADD COLUMN refresh_pending INTEGER NOT NULL DEFAULT 0;
