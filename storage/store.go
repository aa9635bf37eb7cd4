// Package storage keeps games in SQLite (the embedded default) or
// PostgreSQL (for several bot processes sharing one set of games): a row per
// game with its current state and version, its seats, and an append-only
// move log. Every change to a game's state is a compare-and-swap on its
// version, so two clicks at once apply exactly one move, in one process or
// across many.
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
	"time"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver

	"standoff/internal/telemetry"
)

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrations embed.FS

// Store is an open database. SQLite lets one writer and many readers work
// at once in WAL mode, so the store keeps two pools: writes go through a
// single connection whose transactions begin IMMEDIATE (a deferred one that
// reads first and then writes can fail with "database is locked" however
// long the busy timeout, because SQLite cannot upgrade it once another
// writer went ahead), and reads through a pool of query-only connections
// that never wait for the writer. Writes from different goroutines that
// arrive while a commit is in progress share the next transaction and its
// one sync of the WAL (group_commit.go), each keeping its own result.
//
// On PostgreSQL one pool serves both, and a second pool holds the per-game
// advisory locks (see Lock), so that waiting for a lock never takes a
// connection a lock holder needs to finish.
type Store struct {
	db    *sql.DB // the writer
	read  *sql.DB // the readers
	locks *sql.DB // PostgreSQL: connections holding advisory locks
	pg    bool
	// group gathers SQLite's concurrent writes into shared commits (see
	// groupCommit); nil on PostgreSQL, whose pool has concurrent writers.
	group *groupCommit
	// metrics times the writes (telemetry.go); nil: not.
	metrics *telemetry.Metrics
}

// Errors callers branch on.
var (
	ErrNoGame      = errors.New("no game here")
	ErrChannelBusy = errors.New("this channel already has a game")
	ErrConflict    = errors.New("the game changed while the move was being made")
)

// readers is how many read connections the store keeps.
const readers = 4

// stmtCache is how many prepared statements a SQLite connection keeps: more
// than the store has distinct statements, so none is prepared twice.
const stmtCache = 64

// Open opens the database and applies migrations: a PostgreSQL URL
// (postgres://...) or the path of a SQLite file, created if needed.
func Open(path string) (*Store, error) {
	if strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://") {
		return openPostgres(path)
	}
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
		// Each connection keeps its statements prepared: preparing them
		// anew on every call was a third of a commit's CPU.
		q.Set("_stmt_cache_size", strconv.Itoa(stmtCache))
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
	s.group = newGroupCommit(db)
	return s, nil
}

// Close closes the database.
func (s *Store) Close() error {
	if s.group != nil {
		s.group.close()
	}
	var err error
	for _, db := range []*sql.DB{s.locks, s.read, s.db} {
		if db == nil || (db == s.read && s.read == s.db) {
			continue
		}
		if cerr := db.Close(); cerr != nil {
			err = cerr
		}
	}
	return err
}

// write runs one write in a transaction of its own on PostgreSQL, or in
// the next group commit on SQLite; either way it has committed, or left
// nothing behind, when write returns.
func (s *Store) write(ctx context.Context, run writeFunc) (err error) {
	defer s.observeWrite(time.Now(), &err)
	if s.group != nil {
		return s.group.do(ctx, run)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := run(ctx, tx); err != nil {
		return err
	}
	return tx.Commit()
}

// exec runs a write of one statement. PostgreSQL runs it on its own, without
// the round trips of a transaction around it.
func (s *Store) exec(ctx context.Context, query string, args ...any) error {
	return s.execStatement(ctx, false, query, args...)
}

// execSoft is exec for bookkeeping that need not be synced before its
// caller goes on (group_commit.go); on PostgreSQL it is exec.
func (s *Store) execSoft(ctx context.Context, query string, args ...any) error {
	return s.execStatement(ctx, true, query, args...)
}

func (s *Store) execStatement(ctx context.Context, soft bool, query string, args ...any) (err error) {
	defer s.observeWrite(time.Now(), &err)
	query = s.q(query)
	if s.group == nil {
		_, err := s.db.ExecContext(ctx, query, args...)
		return err
	}
	run := func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, query, args...)
		return err
	}
	if soft {
		return s.group.doSoft(ctx, run)
	}
	return s.group.do(ctx, run)
}

func (s *Store) migrate(ctx context.Context) error {
	if err := s.createMigrationsTable(ctx); err != nil {
		return err
	}
	dir := "migrations/" + s.Dialect() + "/"
	names, err := fs.Glob(migrations, dir+"*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		base := strings.TrimPrefix(name, dir)
		v, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return fmt.Errorf("migration %s: name must start with its number", name)
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		if err := s.applyMigration(ctx, v, string(body)); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

// createMigrationsTable creates the migrations table once. On PostgreSQL
// two processes starting together can both miss the table in CREATE TABLE
// IF NOT EXISTS and one then fails ("type schema_migrations already
// exists"): the create runs under the migrations' advisory lock.
func (s *Store) createMigrationsTable(ctx context.Context) error {
	tx, err := s.beginMigration(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, s.q(`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)`)); err != nil {
		return err
	}
	return tx.Commit()
}

// beginMigration starts a transaction that migrating processes take in
// turn: on PostgreSQL it holds an advisory lock for its length (SQLite's
// transactions start as the one writer already).
func (s *Store) beginMigration(ctx context.Context) (*sql.Tx, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	if s.pg {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(7467)`); err != nil {
			tx.Rollback()
			return nil, err
		}
	}
	return tx, nil
}

// applyMigration runs one migration unless it ran before. The check and the
// run share a transaction that starts as a writer (SQLite) or holds a lock
// (PostgreSQL), so processes starting together migrate once.
func (s *Store) applyMigration(ctx context.Context, v int, body string) error {
	tx, err := s.beginMigration(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var done int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM schema_migrations WHERE version = ?`), v).Scan(&done); err != nil {
		return err
	}
	if done > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, body); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO schema_migrations (version) VALUES (?)`), v); err != nil {
		return err
	}
	return tx.Commit()
}
