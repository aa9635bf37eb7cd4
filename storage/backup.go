package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	sqlite3 "github.com/mattn/go-sqlite3"
)

// BackupInfo says what a backup copied.
type BackupInfo struct {
	Pages int // database pages copied
	Games int
	Moves int
}

// Backup copies the SQLite database at from into a new file to, with
// SQLite's online backup API, while bots may go on playing in it: the copy
// is taken in one step inside one read transaction, which in WAL mode never
// blocks the writer, so it is the database exactly as it was at one commit.
// The copy is written beside to, checked (PRAGMA integrity_check), synced,
// and only then renamed to to, so a backup cut short leaves no file that
// looks whole. To restore, stop the bot and back the backup up again to a
// new path (or copy it over the database, removing its -wal and -shm files).
//
// Backup never creates or migrates from: a wrong path is an error, and the
// running bot's schema is left alone.
func Backup(ctx context.Context, from, to string) (BackupInfo, error) {
	var info BackupInfo
	if strings.HasPrefix(from, "postgres://") || strings.HasPrefix(from, "postgresql://") {
		return info, errors.New("backup copies SQLite files; back up PostgreSQL with pg_dump")
	}
	if _, err := os.Stat(from); err != nil {
		return info, fmt.Errorf("backup: no database at %s: %w", from, err)
	}
	if _, err := os.Stat(to); err == nil {
		return info, fmt.Errorf("backup: %s already exists; name a new file (a backup never overwrites)", to)
	}
	partial := to + ".partial"
	for _, p := range []string{partial, partial + "-wal", partial + "-shm", partial + "-journal"} {
		os.Remove(p)
	}
	src, err := sql.Open("sqlite3", sqliteURI(from, "_query_only=true&_busy_timeout=10000"))
	if err != nil {
		return info, err
	}
	defer src.Close()
	dst, err := sql.Open("sqlite3", sqliteURI(partial, "_busy_timeout=10000"))
	if err != nil {
		return info, err
	}
	ok := false
	defer func() {
		dst.Close()
		if !ok {
			os.Remove(partial)
		}
	}()
	if info.Pages, err = copyPages(ctx, src, dst); err != nil {
		return info, fmt.Errorf("backup %s: %w", from, err)
	}
	var check string
	if err := dst.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil {
		return info, fmt.Errorf("backup: checking the copy: %w", err)
	}
	if check != "ok" {
		return info, fmt.Errorf("backup: the copy fails its integrity check: %s", check)
	}
	if err := dst.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM moves)`).Scan(&info.Games, &info.Moves); err != nil {
		return info, fmt.Errorf("backup: %s does not look like a Standoff database: %w", from, err)
	}
	if err := dst.Close(); err != nil {
		return info, err
	}
	if err := syncFile(partial); err != nil {
		return info, err
	}
	if err := os.Rename(partial, to); err != nil {
		return info, err
	}
	ok = true
	return info, syncFile(filepath.Dir(to))
}

// copyPages runs the backup API from src's main database into dst's.
func copyPages(ctx context.Context, src, dst *sql.DB) (int, error) {
	sc, err := src.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer sc.Close()
	dc, err := dst.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer dc.Close()
	pages := 0
	err = dc.Raw(func(d any) error {
		return sc.Raw(func(s any) error {
			dconn, ok1 := d.(*sqlite3.SQLiteConn)
			sconn, ok2 := s.(*sqlite3.SQLiteConn)
			if !ok1 || !ok2 {
				return errors.New("not a go-sqlite3 connection")
			}
			b, err := dconn.Backup("main", sconn, "main")
			if err != nil {
				return err
			}
			// All pages in one step: one read transaction, one snapshot. A
			// step at a time would restart whenever a move is saved.
			done, err := b.Step(-1)
			pages = b.PageCount()
			if ferr := b.Finish(); err == nil {
				err = ferr
			}
			if err == nil && !done {
				err = errors.New("the backup did not complete")
			}
			return err
		})
	})
	return pages, err
}

func sqliteURI(path, query string) string {
	escaped := strings.NewReplacer("%", "%25", "#", "%23", "?", "%3F").Replace(path)
	return "file:" + escaped + "?" + query
}

func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}
