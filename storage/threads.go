package storage

import (
	"context"
	"database/sql"
	"errors"
)

// GuildThreads is a server's thread settings.
type GuildThreads struct {
	// Off: new games stay in the channel they were created in, no thread.
	Off bool
	// Told: the server was told once that the bot may not start threads.
	Told bool
	// DailyThread: daily runs are played in a private thread of the channel
	// they were asked in, not in the player's DM.
	DailyThread bool
}

// GuildThreads reads a server's thread settings (zero: the defaults).
func (s *Store) GuildThreads(ctx context.Context, guild string) (GuildThreads, error) {
	var off, told, daily int
	err := s.read.QueryRowContext(ctx, s.q(`SELECT threads_off, told_no_threads, daily_thread FROM guild_threads WHERE guild = ?`), guild).Scan(&off, &told, &daily)
	if errors.Is(err, sql.ErrNoRows) {
		return GuildThreads{}, nil
	}
	return GuildThreads{Off: off != 0, Told: told != 0, DailyThread: daily != 0}, err
}

// SetGuildDailyThread sets where a server's daily runs are played: a
// private thread (true) or the player's DM.
func (s *Store) SetGuildDailyThread(ctx context.Context, guild string, thread bool) error {
	return s.exec(ctx, `INSERT INTO guild_threads (guild, daily_thread) VALUES (?, ?)
		ON CONFLICT (guild) DO UPDATE SET daily_thread = excluded.daily_thread`, guild, b2i(thread))
}

// SetGuildThreadsOff turns a thread per game off (or back on) for a
// server's new games.
func (s *Store) SetGuildThreadsOff(ctx context.Context, guild string, off bool) error {
	return s.exec(ctx, `INSERT INTO guild_threads (guild, threads_off) VALUES (?, ?)
		ON CONFLICT (guild) DO UPDATE SET threads_off = excluded.threads_off`, guild, b2i(off))
}

// TellNoThreadsOnce records that the server is being told the bot may not
// start threads there; first is true for the one caller that records it,
// so two games created at once do not both say it.
func (s *Store) TellNoThreadsOnce(ctx context.Context, guild string) (first bool, err error) {
	err = s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO guild_threads (guild, told_no_threads) VALUES (?, 1)
			ON CONFLICT (guild) DO UPDATE SET told_no_threads = 1 WHERE guild_threads.told_no_threads = 0`), guild)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		first = n > 0
		return err
	})
	return first, err
}

// MoveGame moves a game to another channel (a new game into the thread
// started for it). It fails with ErrChannelBusy when that channel already
// has an open game. The version is unchanged: nothing was shown yet.
func (s *Store) MoveGame(ctx context.Context, id int64, channel string) error {
	err := s.exec(ctx, `UPDATE games SET channel = ? WHERE id = ?`, channel, id)
	if err != nil && uniqueViolation(err) {
		return ErrChannelBusy
	}
	return err
}

// RecordThread records the thread a game was started in and the channel it
// hangs from, so the channel's results can count its threads' games.
func (s *Store) RecordThread(ctx context.Context, gameID int64, thread, parent string) error {
	return s.exec(ctx, `INSERT INTO game_threads (thread, parent, game_id) VALUES (?, ?, ?)
		ON CONFLICT (thread) DO UPDATE SET parent = excluded.parent, game_id = excluded.game_id`, thread, parent, gameID)
}

// ThreadParent is the channel a thread the bot started for a game hangs
// from; ok is false for any other channel.
func (s *Store) ThreadParent(ctx context.Context, thread string) (parent string, ok bool, err error) {
	err = s.read.QueryRowContext(ctx, s.q(`SELECT parent FROM game_threads WHERE thread = ?`), thread).Scan(&parent)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return parent, err == nil, err
}

// ThreadGame is a game in a thread the bot started for it.
type ThreadGame struct {
	Thread string
	ID     int64
	Kind   string
	Status Status // filled by GamesInThreadsOf
}

// OpenGamesInThreadsOf lists the open games in the threads hanging from a
// channel, newest first, at most limit: what a player asking for the
// channel's game is pointed to.
func (s *Store) OpenGamesInThreadsOf(ctx context.Context, parent string, limit int) ([]ThreadGame, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT t.thread, g.id, g.kind FROM game_threads t JOIN games g ON g.id = t.game_id
		WHERE t.parent = ? AND g.channel = t.thread AND g.status IN ('lobby', 'active') ORDER BY g.id DESC LIMIT ?`), parent, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ThreadGame
	for rows.Next() {
		var g ThreadGame
		if err := rows.Scan(&g.Thread, &g.ID, &g.Kind); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// GamesInThreadsOf lists the games, open or ended, in the threads hanging
// from a channel, newest first, at most limit: where a player asking in
// the channel for its games (a replay, the moves) finds them.
func (s *Store) GamesInThreadsOf(ctx context.Context, parent string, limit int) ([]ThreadGame, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT t.thread, g.id, g.kind, g.status FROM game_threads t JOIN games g ON g.id = t.game_id
		WHERE t.parent = ? AND g.channel = t.thread ORDER BY g.id DESC LIMIT ?`), parent, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ThreadGame
	for rows.Next() {
		var g ThreadGame
		if err := rows.Scan(&g.Thread, &g.ID, &g.Kind, &g.Status); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}
