package storage

import (
	"context"
	"database/sql"
	"time"
)

// Heartbeat records that the process is live until expires and counts the
// processes live at now, itself included, in one transaction: the count
// a process divides the global rate limit by. Rows expired for a while
// are deleted on the way, so a crashed process leaves nothing behind.
func (s *Store) Heartbeat(ctx context.Context, process string, now, expires time.Time) (live int, err error) {
	err = s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO process_heartbeats (process, expires_at) VALUES (?, ?)
			ON CONFLICT (process) DO UPDATE SET expires_at = excluded.expires_at`), process, expires.UnixMilli()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM process_heartbeats WHERE expires_at < ?`),
			now.Add(-time.Hour).UnixMilli()); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM process_heartbeats WHERE expires_at > ?`),
			now.UnixMilli()).Scan(&live)
	})
	return live, err
}

// LeaveHeartbeat moves the process's expiry to expires (sooner than a
// heartbeat's): a process that stops counts no longer once the requests it
// sent last can no longer count at Discord either.
func (s *Store) LeaveHeartbeat(ctx context.Context, process string, expires time.Time) error {
	return s.exec(ctx, `UPDATE process_heartbeats SET expires_at = ? WHERE process = ? AND expires_at > ?`,
		expires.UnixMilli(), process, expires.UnixMilli())
}
