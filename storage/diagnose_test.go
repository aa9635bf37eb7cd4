package storage

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"standoff/storage/pgtest"
)

// TestDiagnoseSQLite: a SQLite file not created yet is reported missing
// with its directory writable, and is not created; a migrated one is
// reachable, writable and has every migration; a read-only one is not
// writable.
func TestDiagnoseSQLite(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	missing := Diagnose(ctx, filepath.Join(dir, "none.db"))
	if !missing.Missing || missing.Write != nil || len(missing.Pending()) == 0 {
		t.Errorf("missing file: %+v", missing)
	}
	if _, err := os.Stat(filepath.Join(dir, "none.db")); err == nil {
		t.Error("Diagnose created the file")
	}
	path := filepath.Join(dir, "s.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	d := Diagnose(ctx, path)
	if d.Reach != nil || d.Write != nil || len(d.Pending()) != 0 || len(d.Newer()) != 0 || !slices.Equal(d.Applied, d.Known) {
		t.Errorf("migrated SQLite: %+v", d)
	}
	if os.Getuid() != 0 { // root writes read-only files
		if err := os.Chmod(path, 0o444); err != nil {
			t.Fatal(err)
		}
		if d := Diagnose(ctx, path); d.Write == nil {
			t.Errorf("read-only file writable: %+v", d)
		}
	}
}

// TestDiagnosePostgres: an empty database has every migration pending;
// once opened (migrated) none; a migration of a newer version is
// reported; an unreachable server is.
func TestDiagnosePostgres(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	if d := Diagnose(ctx, url); d.Reach != nil || d.Write != nil || len(d.Applied) != 0 || len(d.Pending()) != len(d.Known) {
		t.Errorf("empty database: %+v", d)
	}
	s, err := Open(url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if d := Diagnose(ctx, url); d.Reach != nil || d.Write != nil || len(d.Pending()) != 0 || len(d.Newer()) != 0 {
		t.Errorf("migrated: %+v", d)
	}
	if err := s.exec(ctx, `INSERT INTO schema_migrations (version) VALUES (999)`); err != nil {
		t.Fatal(err)
	}
	if d := Diagnose(ctx, url); !slices.Equal(d.Newer(), []int{999}) {
		t.Errorf("newer migration: %+v", d)
	}
	if d := Diagnose(ctx, "postgres://nobody@127.0.0.1:1/none?connect_timeout=2"); d.Reach == nil {
		t.Errorf("unreachable server: %+v", d)
	}
}
