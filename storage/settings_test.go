package storage

import (
	"context"
	"testing"
	"time"
)

// A server's turn limit is kept per server: unset at first, set, changed,
// set to none (0, which is not unset), and forgotten again; another
// server's setting is its own.
func TestGuildTurnLimit(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		check := func(guild string, want time.Duration, wantSet bool) {
			t.Helper()
			got, set, err := s.GuildTurnLimit(ctx, guild)
			if err != nil || got != want || set != wantSet {
				t.Fatalf("%s: limit %v set %v err %v; want %v set %v", guild, got, set, err, want, wantSet)
			}
		}
		set := func(guild string, d *time.Duration) {
			t.Helper()
			if err := s.SetGuildTurnLimit(ctx, guild, d); err != nil {
				t.Fatal(err)
			}
		}
		check("g1", 0, false)
		day, week, none := 24*time.Hour, 7*24*time.Hour, time.Duration(0)
		set("g1", &day)
		check("g1", day, true)
		check("g2", 0, false)
		set("g1", &week)
		set("g2", &none)
		check("g1", week, true)
		check("g2", 0, true)
		set("g1", nil)
		check("g1", 0, false)
		check("g2", 0, true)
	})
}
