// Package storage keeps games in SQLite: a row per game with its current
// state and version, its seats, and an append-only move log. Every change to
// a game's state is a compare-and-swap on its version, so two clicks at once
// apply exactly one move.
package storage

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strconv"
	"strings"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is an open database. SQLite lets one writer and many readers work
// at once in WAL mode, so the store keeps two pools: writes go through a
// single connection whose transactions begin IMMEDIATE (a deferred one that
// reads first and then writes can fail with "database is locked" however
// long the busy timeout, because SQLite cannot upgrade it once another
// writer went ahead), and reads through a pool of query-only connections
// that never wait for the writer.
type Store struct {
	db   *sql.DB // the writer
	read *sql.DB // the readers
}

// Errors callers branch on.
var (
	ErrNoGame      = errors.New("no game here")
	ErrChannelBusy = errors.New("this channel already has a game")
	ErrConflict    = errors.New("the game changed while the move was being made")
)

// readers is how many read connections the store keeps.
const readers = 4

// Open opens (creating if needed) the database file and applies migrations.
func Open(path string) (*Store, error) {
	// The DSN is a URI: a '#' or '?' in the file name would cut the path.
	escaped := strings.NewReplacer("%", "%25", "#", "%23", "?", "%3F").Replace(path)
	dsn := func(extra map[string]string) string {
		q := url.Values{}
		q.Set("_journal_mode", "WAL")
		q.Set("_foreign_keys", "on")
		q.Set("_busy_timeout", "5000")
		// FULL syncs the WAL on every commit: an acknowledged move survives
		// a power cut, not only a crash of the process.
		q.Set("_synchronous", "FULL")
		for k, v := range extra {
			q.Set(k, v)
		}
		return "file:" + escaped + "?" + q.Encode()
	}
	db, err := sql.Open("sqlite3", dsn(map[string]string{"_txlock": "immediate"}))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	s := &Store{db: db}
	if err := s.migrate(context.Background()); err != nil {
		db.Close()
		return nil, fmt.Errorf("migrate %s: %w", path, err)
	}
	read, err := sql.Open("sqlite3", dsn(map[string]string{"_txlock": "deferred", "_query_only": "true"}))
	if err != nil {
		db.Close()
		return nil, err
	}
	read.SetMaxOpenConns(readers)
	read.SetMaxIdleConns(readers)
	read.SetConnMaxLifetime(0)
	s.read = read
	return s, nil
}

// Close closes the database.
func (s *Store) Close() error {
	err := s.read.Close()
	if werr := s.db.Close(); werr != nil {
		err = werr
	}
	return err
}

func (s *Store) migrate(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)`); err != nil {
		return err
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		v, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return fmt.Errorf("migration %s: name must start with its number", name)
		}
		var done int
		if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, v).Scan(&done); err != nil {
			return err
		}
		if done > 0 {
			continue
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			tx.Rollback()
			return fmt.Errorf("%s: %w", name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version) VALUES (?)`, v); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}
