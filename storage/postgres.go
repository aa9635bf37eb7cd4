package storage

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
)

// PostgreSQL pool sizes: queries, and connections holding game locks.
const (
	pgConns     = 16
	pgLockConns = 32
)

func openPostgres(url string) (*Store, error) {
	queries, err := pgConnector(url, pgStatementDeadline)
	if err != nil {
		return nil, err
	}
	// A lock waits as long as another process holds the game: no deadline.
	held, err := pgConnector(url, 0)
	if err != nil {
		return nil, err
	}
	db := sql.OpenDB(queries)
	db.SetMaxOpenConns(pgConns)
	db.SetMaxIdleConns(pgConns)
	locks := sql.OpenDB(held)
	locks.SetMaxOpenConns(pgLockConns)
	locks.SetMaxIdleConns(4)
	s := &Store{db: db, read: db, locks: locks, pg: true}
	if err := db.PingContext(context.Background()); err != nil {
		s.Close()
		return nil, fmt.Errorf("connect to PostgreSQL: %w", err)
	}
	// A migration may rewrite a large table: no statement deadline.
	if err := s.migrate(context.WithValue(context.Background(), unbounded{}, true)); err != nil {
		s.Close()
		return nil, fmt.Errorf("migrate PostgreSQL: %w", err)
	}
	return s, nil
}

// Lock takes the game's lock across every process sharing the database, and
// returns its release. On PostgreSQL it is a session advisory lock held on a
// connection of its own; SQLite serves one process, whose callers keep their
// own in-memory lock, and the compare-and-swap on the version guards the
// rest, so there it is free.
func (s *Store) Lock(ctx context.Context, id int64) (func(), error) {
	if !s.pg {
		return func() {}, nil
	}
	conn, err := s.locks.Conn(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, id); err != nil {
		conn.Close()
		return nil, err
	}
	return func() {
		if _, err := conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, id); err != nil {
			// A connection whose unlock failed must not go back to the pool
			// still holding the lock: closing it ends the session and so
			// releases every lock it held.
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
		conn.Close()
	}, nil
}
