package storage

import (
	"context"
	"errors"
	"testing"
	"time"

	"standoff/storage/pgtest"
)

// dailyRuns checks what a daily run keeps, on a store and on the same
// database opened again (reopen).
func dailyRuns(t *testing.T, s *Store, reopen func() *Store) {
	ctx := context.Background()
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	run := DailyRun{Day: "2026-01-01", Kind: "hunted", UserID: "alice", Name: "alice", Guild: "g1", Channel: "c1", GameID: 7, Started: at}
	if err := s.StartDaily(ctx, run); err != nil {
		t.Fatal(err)
	}
	again := run
	again.GameID, again.Guild = 8, "g2"
	if err := s.StartDaily(ctx, again); !errors.Is(err, ErrDailyTaken) {
		t.Fatalf("a second run the same day on another server: got %v, want ErrDailyTaken (one attempt a day)", err)
	}
	other := run
	other.Kind, other.GameID = "hijacked", 9
	if err := s.StartDaily(ctx, other); err != nil {
		t.Fatalf("another kind's run the same day must start: %v", err)
	}
	if ended, err := s.EndDaily(ctx, 7, "won", 31, "🟩🟥", at.Add(time.Hour)); !ended || err != nil {
		t.Fatalf("EndDaily: %v, %v", ended, err)
	}
	if ended, err := s.EndDaily(ctx, 7, "lost", 1, "", at.Add(2*time.Hour)); ended || err != nil {
		t.Fatalf("a run ends once: %v, %v", ended, err)
	}
	s = reopen()
	got, ok, err := s.Daily(ctx, "2026-01-01", "hunted", "alice")
	if err != nil || !ok || got.GameID != 7 || got.Outcome != "won" || got.Score != 31 || got.Marks != "🟩🟥" || !got.Ended.Equal(at.Add(time.Hour)) || got.Guild != "g1" {
		t.Fatalf("after a restart: %+v %v %v", got, ok, err)
	}
	if byGame, ok, err := s.DailyOfGame(ctx, 9); !ok || err != nil || byGame.Kind != "hijacked" {
		t.Fatalf("DailyOfGame: %+v %v %v", byGame, ok, err)
	}
	if _, ok, _ := s.DailyOfGame(ctx, 99); ok {
		t.Fatal("a game that is no daily run")
	}
	if runs, err := s.DailyRuns(ctx, "2026-01-01", "hunted"); err != nil || len(runs) != 1 {
		t.Fatalf("DailyRuns: %v %v", runs, err)
	}
	if open, err := s.UnendedDailyRuns(ctx, "2026-01-02"); err != nil || len(open) != 1 || open[0].GameID != 9 {
		t.Fatalf("UnendedDailyRuns: %v %v", open, err)
	}
	if open, _ := s.UnendedDailyRuns(ctx, "2026-01-01"); len(open) != 0 {
		t.Fatalf("today's unended runs are not yesterday's: %v", open)
	}
	next := run
	next.Day, next.GameID = "2026-01-02", 10
	if err := s.StartDaily(ctx, next); err != nil {
		t.Fatal(err)
	}
	if _, err := s.EndDaily(ctx, 10, DailyAbandoned, 3, "", at.Add(25*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if days, err := s.DailyDays(ctx, "hunted", "alice"); err != nil || len(days) != 1 || days[0] != "2026-01-01" {
		t.Fatalf("DailyDays counts runs ended by their rules, not abandoned ones: %v %v", days, err)
	}
}

func TestDailyRunsSQLite(t *testing.T) {
	s, path := openTemp(t)
	dailyRuns(t, s, func() *Store {
		s.Close()
		s2, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s2.Close() })
		return s2
	})
}

func TestDailyRunsPostgres(t *testing.T) {
	url := pgtest.URL(t)
	s, err := Open(url)
	if err != nil {
		t.Fatal(err)
	}
	dailyRuns(t, s, func() *Store {
		s.Close()
		s2, err := Open(url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s2.Close() })
		return s2
	})
}
