package storage

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"standoff/storage/pgtest"
)

// twoProcesses opens two stores on one fresh database of each backend, as
// two bot processes would.
func twoProcesses(t *testing.T, f func(t *testing.T, a, b *Store)) {
	open := func(t *testing.T, path string) *Store {
		s, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "standoff.db")
		f(t, open(t, path), open(t, path))
	})
	t.Run("postgres", func(t *testing.T) {
		url := pgtest.URL(t)
		f(t, open(t, url), open(t, url))
	})
}

// An interaction is claimed once, by whichever process records it first;
// claiming it again, there or in another process, is refused. Claims older
// than the memory are pruned, so the table stays small.
func TestClaimInteraction(t *testing.T) {
	twoProcesses(t, func(t *testing.T, a, b *Store) {
		ctx := context.Background()
		now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
		claim := func(s *Store, id string, at time.Time, want bool) {
			t.Helper()
			if got, err := s.ClaimInteraction(ctx, id, at, time.Minute); err != nil || got != want {
				t.Fatalf("claim %s at %v: %v, %v; want %v", id, at.Format(time.TimeOnly), got, err, want)
			}
		}
		claim(a, "1001", now, true)
		claim(a, "1001", now, false)
		claim(b, "1001", now.Add(time.Second), false)
		claim(b, "1002", now.Add(time.Second), true)
		claim(a, "1002", now.Add(2*time.Second), false)
		// Two minutes on, the first claims are pruned by the next one.
		claim(a, "1003", now.Add(2*time.Minute), true)
		var n int
		if err := b.read.QueryRow(`SELECT COUNT(*) FROM seen_interactions`).Scan(&n); err != nil || n != 1 {
			t.Errorf("%d claims kept after pruning (%v), want 1", n, err)
		}
	})
}

func TestBotState(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if v, err := s.BotState(ctx, "commands"); v != "" || err != nil {
			t.Fatalf("unset: %q, %v", v, err)
		}
		for _, v := range []string{"global abc", "guild 900 def"} {
			if err := s.SetBotState(ctx, "commands", v); err != nil {
				t.Fatal(err)
			}
			if got, err := s.BotState(ctx, "commands"); got != v || err != nil {
				t.Fatalf("after setting %q: %q, %v", v, got, err)
			}
		}
	})
}
