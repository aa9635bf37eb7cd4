-- How each seat's game ended, beside its rank: 'won', 'shared' (won with
-- others), 'drew' or 'lost'. A rank alone cannot tell a draw from a shared
-- win, nor a table that lost to the game from a ranking. Rows from before
-- this column say '' until the bot labels them again from their games.
ALTER TABLE results ADD COLUMN outcome TEXT NOT NULL DEFAULT '';
