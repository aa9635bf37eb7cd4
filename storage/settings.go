package storage

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// GuildTurnLimit is the turn limit a server set for its new games (0 for
// none); set is false when the server has not chosen one, so the bot's
// configured default applies.
func (s *Store) GuildTurnLimit(ctx context.Context, guild string) (limit time.Duration, set bool, err error) {
	var secs int64
	err = s.read.QueryRowContext(ctx, s.q(`SELECT turn_limit FROM guild_settings WHERE guild = ?`), guild).Scan(&secs)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	return time.Duration(secs) * time.Second, true, nil
}

// SetGuildTurnLimit sets a server's turn limit for its new games (0 for
// none), or forgets it (nil), so the bot's default applies again.
func (s *Store) SetGuildTurnLimit(ctx context.Context, guild string, limit *time.Duration) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if limit == nil {
			_, err := tx.ExecContext(ctx, s.q(`DELETE FROM guild_settings WHERE guild = ?`), guild)
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO guild_settings (guild, turn_limit) VALUES (?, ?)
			ON CONFLICT (guild) DO UPDATE SET turn_limit = excluded.turn_limit`), guild, int64(*limit/time.Second))
		return err
	})
}
