-- A player's rhythm across their games.
--
-- Each seat says whether the table waits on its player and since when
-- (waiting_since, Unix nanoseconds; 0: not waited on), whom they are next
-- after (next_after, that player's name; '' when not next), and how much
-- of a time bank they spent (bank_spent, seconds). They are written with
-- every save that changes who must act, so a player's games waiting on
-- them are found by an index, without decoding any game.
ALTER TABLE seats ADD COLUMN waiting_since INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN next_after    TEXT    NOT NULL DEFAULT '';
ALTER TABLE seats ADD COLUMN bank_spent    INTEGER NOT NULL DEFAULT 0;
CREATE INDEX seats_waiting_user ON seats (user_id) WHERE waiting_since > 0 OR next_after <> '';

-- A game's time bank: each seat's bank size in seconds; 0 for none.
ALTER TABLE games ADD COLUMN turn_bank INTEGER NOT NULL DEFAULT 0;

-- Each player's own settings (no row: the defaults). Times of day are
-- minutes after midnight in their zone; quiet_from = quiet_to is no quiet
-- hours, digest_at -1 no digest. held_until and digest_next are when the
-- clock owes them something (0: nothing), so it reads only those rows.
CREATE TABLE players (
    user_id     TEXT    PRIMARY KEY,
    how         TEXT    NOT NULL DEFAULT 'mention',
    zone        TEXT    NOT NULL DEFAULT '',
    quiet_from  INTEGER NOT NULL DEFAULT 0,
    quiet_to    INTEGER NOT NULL DEFAULT 0,
    heads_up    INTEGER NOT NULL DEFAULT 0,
    digest_at   INTEGER NOT NULL DEFAULT -1,
    away_from   INTEGER NOT NULL DEFAULT 0,
    away_until  INTEGER NOT NULL DEFAULT 0,
    held_until  INTEGER NOT NULL DEFAULT 0,
    digest_next INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX players_held ON players (held_until) WHERE held_until > 0;
CREATE INDEX players_digest ON players (digest_next) WHERE digest_next > 0;

-- What was held back for a player (quiet hours, time away), per game: the
-- strongest event (1 heads-up, 2 reminder, 3 a new turn) and when.
CREATE TABLE held (
    user_id TEXT    NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    event   INTEGER NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (user_id, game_id)
);

-- A server's rhythm settings beside guild_settings: the time bank's size
-- (seconds) and the most days /game away may ask; 0 for the bot's default.
CREATE TABLE guild_rhythm (
    guild     TEXT    PRIMARY KEY,
    bank      INTEGER NOT NULL DEFAULT 0,
    away_days INTEGER NOT NULL DEFAULT 0
);
