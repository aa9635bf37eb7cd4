-- The table around a game: its living turn message, delivery trouble, the
-- turn time limit, open votes and requests, seats handed to automation, and
-- the results that stats are counted from.
ALTER TABLE games ADD COLUMN turn_owner     TEXT    NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN narration      TEXT    NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN post_pending   INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN unreachable_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN turn_limit     INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN table_state    TEXT    NOT NULL DEFAULT '';

ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0;

CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild       TEXT    NOT NULL,
    channel     TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    automated   INTEGER NOT NULL,
    rank        INTEGER NOT NULL,
    score       INTEGER,
    players     INTEGER NOT NULL,
    finished_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_guild ON results (guild, kind);
CREATE INDEX results_channel ON results (channel, kind);
