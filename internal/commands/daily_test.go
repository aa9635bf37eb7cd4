package commands

import (
	"crypto/sha256"
	"encoding/binary"
	"testing"
	"time"

	"standoff/storage"
)

// "the day in UTC picks the seed; derive it so that nobody can compute a
// coming day's run from the code alone, e.g. from a secret kept in the
// database"
func TestDailySeedIsTheDaysAndNeedsTheSecret(t *testing.T) {
	secret := []byte("the kept secret, 32 bytes long..")
	today := DailySeed(secret, "2026-01-01", "hunted")
	if again := DailySeed(append([]byte(nil), secret...), "2026-01-01", "hunted"); again != today {
		t.Fatal("the same day gives another run: everyone must play the same run on a day")
	}
	if DailySeed(secret, "2026-01-02", "hunted") == today {
		t.Fatal("the next day gives the same run")
	}
	if DailySeed(secret, "2026-01-01", "hijacked") == today {
		t.Fatal("two kinds share a day's seed")
	}
	if DailySeed([]byte("another secret"), "2026-01-01", "hunted") == today {
		t.Fatal("another secret gives the same run: the run would not depend on the secret")
	}
	// What the code alone could compute from the day is not the seed.
	for _, guess := range []string{"2026-01-01/hunted", "2026-01-01", "hunted/2026-01-01"} {
		sum := sha256.Sum256([]byte(guess))
		if binary.BigEndian.Uint64(sum[:8]) == today {
			t.Fatalf("the seed is the hash of %q: computable without the secret", guess)
		}
	}
	if dailyDay(time.Date(2026, 1, 1, 23, 59, 0, 0, time.FixedZone("x", -5*3600))) != "2026-01-02" {
		t.Fatal("the day is not UTC's")
	}
}

// "today's results on this server and across all servers (by rank, with
// ties)"
func TestDailyStandingsRankWithTies(t *testing.T) {
	at := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	run := func(name, outcome string, score int, ended bool) storage.DailyRun {
		r := storage.DailyRun{Name: name, Outcome: outcome, Score: score}
		if ended {
			r.Ended = at
		}
		return r
	}
	got := rankLine([]storage.DailyRun{
		run("dan", "lost", 40, true), run("amy", "won", 21, true), run("eve", "", 0, false),
		run("bob", "won", 21, true), run("cat", "won", 30, true), run("fay", storage.DailyAbandoned, 50, true),
	})
	want := "1. cat won 30 · 2. amy won 21 · 2. bob won 21 · 4. dan lost 40 · 5. fay abandoned 50 · eve playing."
	if got != want {
		t.Fatalf("standings:\n got %s\nwant %s", got, want)
	}
	if rankLine(nil) != "nobody yet." {
		t.Fatal("empty standings")
	}
}

// "the player's streak (days in a row with a finished run) and best"
func TestDailyStreaks(t *testing.T) {
	now := time.Date(2026, 1, 10, 8, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		days          []string
		current, best int
	}{
		{nil, 0, 0},
		{[]string{"2026-01-10"}, 1, 1},
		{[]string{"2026-01-08", "2026-01-09"}, 2, 2}, // today still to play: the streak holds
		{[]string{"2026-01-07", "2026-01-08"}, 0, 2}, // a day missed: broken
		{[]string{"2026-01-01", "2026-01-02", "2026-01-03", "2026-01-09", "2026-01-10"}, 2, 3},
		{[]string{"2025-12-31", "2026-01-01"}, 0, 2}, // across the year
	} {
		cur, best := streaks(c.days, now)
		if cur != c.current || best != c.best {
			t.Errorf("%v: streak %d best %d, want %d and %d", c.days, cur, best, c.current, c.best)
		}
	}
}

func TestUntilNextDay(t *testing.T) {
	for at, want := range map[time.Time]string{
		time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC):   "in 15h",
		time.Date(2026, 1, 1, 23, 30, 0, 0, time.UTC): "in 30m",
		time.Date(2026, 1, 1, 22, 15, 0, 0, time.UTC): "in 1h 45m",
	} {
		if got := untilNextDay(at); got != want {
			t.Errorf("%v: %q, want %q", at, got, want)
		}
	}
}
