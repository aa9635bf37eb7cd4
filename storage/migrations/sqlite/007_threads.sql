-- A server's thread settings (no row: the defaults). threads_off turns off
-- a thread per game (new games stay in the channel they were created in);
-- told_no_threads records that the server was once told the bot lacks the
-- permission to start threads, so it is said once, not with every game.
CREATE TABLE guild_threads (
    guild           TEXT    PRIMARY KEY,
    threads_off     INTEGER NOT NULL DEFAULT 0,
    told_no_threads INTEGER NOT NULL DEFAULT 0
);

-- The thread each game was started in, with the channel the thread hangs
-- from: a channel's best scores count the games of its threads.
CREATE TABLE game_threads (
    thread  TEXT    PRIMARY KEY,
    parent  TEXT    NOT NULL,
    game_id INTEGER NOT NULL
);
CREATE INDEX game_threads_parent ON game_threads (parent);
