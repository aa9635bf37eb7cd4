-- Interactions taken, by id. In HTTP mode any of the bot's processes may
-- receive an interaction, and a validly signed request sent again (a
-- replay) must change nothing: the first process to record the id takes
-- it. Rows are pruned once they are too old to be accepted anyway.
CREATE TABLE seen_interactions (
    id      TEXT    PRIMARY KEY,
    seen_at INTEGER NOT NULL -- Unix milliseconds
);
CREATE INDEX seen_interactions_at ON seen_interactions (seen_at);

-- What the bot keeps about itself, one row per key (e.g. the fingerprint
-- of the slash commands it registered, and where).
CREATE TABLE bot_state (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
