package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"strings"
)

// Diagnosis is what standoff doctor learns of a database without changing
// it: no migration is applied and the write it tries is rolled back.
type Diagnosis struct {
	Dialect string // "sqlite" or "postgres"
	// Reach is why the database could not be opened (nil: it was).
	Reach error
	// Missing is true for a SQLite file not created yet.
	Missing bool
	// Applied are the migrations the database has, Known this version's.
	Applied, Known []int
	// Write is why a write failed (nil: a table could be created and
	// dropped in a transaction rolled back).
	Write error
}

// Pending are this version's migrations the database lacks (the bot
// applies them when it starts).
func (d Diagnosis) Pending() []int { return minus(d.Known, d.Applied) }

// Newer are migrations the database has that this version does not know:
// a newer version migrated it.
func (d Diagnosis) Newer() []int { return minus(d.Applied, d.Known) }

func minus(a, b []int) []int {
	in := map[int]bool{}
	for _, v := range b {
		in[v] = true
	}
	var out []int
	for _, v := range a {
		if !in[v] && v > 0 {
			out = append(out, v)
		}
	}
	return out
}

// Diagnose opens the database at path (as Open would) read-only in
// effect: it reports whether it is reachable, which migrations it has and
// whether it can be written.
func Diagnose(ctx context.Context, path string) Diagnosis {
	d := Diagnosis{Dialect: "sqlite"}
	if strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://") {
		d.Dialect = "postgres"
	}
	names, _ := fs.Glob(migrations, "migrations/"+d.Dialect+"/*.sql")
	for _, n := range names {
		base := n[strings.LastIndexByte(n, '/')+1:]
		if v, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0]); err == nil {
			d.Known = append(d.Known, v)
		}
	}
	sort.Ints(d.Known)
	var db *sql.DB
	if d.Dialect == "postgres" {
		conn, err := pgConnector(path, pgStatementDeadline)
		if err != nil {
			d.Reach = err
			return d
		}
		db = sql.OpenDB(conn)
	} else {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			d.Missing, d.Write = true, dirWritable(path)
			return d
		}
		escaped := strings.NewReplacer("%", "%25", "#", "%23", "?", "%3F").Replace(path)
		var err error
		if db, err = sql.Open("sqlite3", "file:"+escaped+"?mode=rw&_busy_timeout=5000"); err != nil {
			d.Reach = err
			return d
		}
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if err := db.PingContext(ctx); err != nil {
		d.Reach = err
		return d
	}
	rows, err := db.QueryContext(ctx, `SELECT version FROM schema_migrations ORDER BY version`)
	if err == nil {
		for rows.Next() {
			var v int
			if rows.Scan(&v) == nil {
				d.Applied = append(d.Applied, v)
			}
		}
		rows.Close()
	}
	d.Write = tryWrite(ctx, db)
	return d
}

// tryWrite creates and drops a table in a transaction it rolls back.
func tryWrite(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE standoff_doctor_probe (x INTEGER)`); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `DROP TABLE standoff_doctor_probe`)
	return err
}

// dirWritable reports whether the directory of a SQLite file not created
// yet lets the bot create it (and its -wal and -shm beside it).
func dirWritable(path string) error {
	dir := "."
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		dir = path[:i+1]
	}
	f, err := os.CreateTemp(dir, ".standoff-doctor-*")
	if err != nil {
		return fmt.Errorf("cannot create files in %s: %w", dir, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}
