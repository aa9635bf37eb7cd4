package storage

import (
	"context"
	"errors"
	"time"

	"standoff/internal/telemetry"
)

// SetMetrics has the store's writes timed and their failures counted in m
// (nil: not). Call it before the store is used.
func (s *Store) SetMetrics(m *telemetry.Metrics) { s.metrics = m }

// observeWrite records a write that started at start and ended with *err.
// The answers a caller branches on (a lost race, no such game, a busy
// channel) are not failures of the database.
func (s *Store) observeWrite(start time.Time, err *error) {
	failed := *err != nil && !errors.Is(*err, ErrConflict) && !errors.Is(*err, ErrNoGame) && !errors.Is(*err, ErrChannelBusy)
	s.metrics.Write(start, failed)
}

// OpenGameCounts counts the games in a lobby or being played by kind and
// status, for the metrics.
func (s *Store) OpenGameCounts(ctx context.Context) (map[[2]string]int, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT kind, status, COUNT(*) FROM games WHERE status IN ('lobby', 'active') GROUP BY kind, status`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[[2]string]int{}
	for rows.Next() {
		var kind, status string
		var n int
		if err := rows.Scan(&kind, &status, &n); err != nil {
			return nil, err
		}
		out[[2]string{kind, status}] = n
	}
	return out, rows.Err()
}

// OwedTurnMessages counts the games whose turn message is owed (a post or
// an edit of the living one), for the metrics.
func (s *Store) OwedTurnMessages(ctx context.Context) (int, error) {
	var n int
	err := s.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE post_pending = 1 OR refresh_pending = 1`).Scan(&n)
	return n, err
}
