-- Where a server's daily runs are played: daily_thread 0 in the player's
-- DM with the bot (the default), 1 in a private thread of the channel the
-- run was asked in, where the bot may create one.
ALTER TABLE guild_threads ADD COLUMN daily_thread INTEGER NOT NULL DEFAULT 0;

-- The private thread a daily run is played in; '' for the player's DM.
ALTER TABLE daily_runs ADD COLUMN thread TEXT NOT NULL DEFAULT '';
