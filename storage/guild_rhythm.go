package storage

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// GuildRhythm is a server's settings for its players' pace: the size of a
// time bank (turn_limit:bank) and the most days /game away may ask. Zero
// for either means the bot's default.
type GuildRhythm struct {
	Bank     time.Duration
	AwayDays int
}

// GuildRhythm reads a server's rhythm settings (zero: the defaults).
func (s *Store) GuildRhythm(ctx context.Context, guild string) (GuildRhythm, error) {
	var bank int64
	var days int
	err := s.read.QueryRowContext(ctx, s.q(`SELECT bank, away_days FROM guild_rhythm WHERE guild = ?`), guild).Scan(&bank, &days)
	if errors.Is(err, sql.ErrNoRows) {
		return GuildRhythm{}, nil
	}
	return GuildRhythm{Bank: time.Duration(bank) * time.Second, AwayDays: days}, err
}

// SetGuildRhythm writes a server's rhythm settings; zero fields go back to
// the bot's defaults.
func (s *Store) SetGuildRhythm(ctx context.Context, guild string, g GuildRhythm) error {
	return s.exec(ctx, `INSERT INTO guild_rhythm (guild, bank, away_days) VALUES (?, ?, ?)
		ON CONFLICT (guild) DO UPDATE SET bank = excluded.bank, away_days = excluded.away_days`,
		guild, int64(g.Bank/time.Second), g.AwayDays)
}
