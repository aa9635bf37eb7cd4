-- A daily run: one a player a day a kind (the primary key is the "one
-- attempt a day"), the same run for everyone that day. guild is the server
-- it was asked on (its standings), channel where its spoiler-free result
-- is posted; the run itself is game_id, played in the player's DM.
-- ended_at is 0 while the run goes on; outcome is won, lost or abandoned,
-- score what the run reached, marks its line of symbols.
CREATE TABLE daily_runs (
    day        TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    guild      TEXT    NOT NULL,
    channel    TEXT    NOT NULL,
    game_id    BIGINT  NOT NULL,
    started_at BIGINT  NOT NULL,
    ended_at   BIGINT  NOT NULL DEFAULT 0,
    outcome    TEXT    NOT NULL DEFAULT '',
    score      INTEGER NOT NULL DEFAULT 0,
    marks      TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (day, kind, user_id)
);

CREATE INDEX daily_runs_game ON daily_runs (game_id);
-- A player's days, for streaks.
CREATE INDEX daily_runs_user ON daily_runs (kind, user_id, day);
