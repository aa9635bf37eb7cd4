package storage

import (
	"context"
	"fmt"
)

// CheckWritable proves at start that moves can be saved: it writes a row
// inside a transaction and rolls it back. A database file that is
// read-only (permissions, an immutable file, a read-only mount) opens and
// reads fine, and would otherwise only fail on the first move.
func (s *Store) CheckWritable(ctx context.Context) error {
	if s.pg {
		return nil // a PostgreSQL role's rights show on the first write
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("the database cannot be written: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version) VALUES (-1)`); err != nil {
		return fmt.Errorf("the database cannot be written (read-only file or directory, or a full disk?): %w", err)
	}
	return nil
}
