package storage

import (
	"testing"

	"standoff/storage/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// eachBackend runs a test on a fresh SQLite file and on a fresh PostgreSQL
// database: one set of storage tests for both (PostgreSQL is started by the
// tests from the system's binaries; without them that half is skipped).
func eachBackend(t *testing.T, f func(t *testing.T, s *Store)) {
	t.Run("sqlite", func(t *testing.T) {
		s, _ := openTemp(t)
		f(t, s)
	})
	t.Run("postgres", func(t *testing.T) {
		s, err := Open(pgtest.URL(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		f(t, s)
	})
}
