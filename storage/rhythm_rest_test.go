package storage

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// restGames and restPlayers are the at-rest load of docs/performance.md:
// 10,000 stored games being played and 10,000 players with settings.
const (
	restGames   = 10000
	restPlayers = 10000
	restDue     = 10 // of each, due now
)

// fillAtRest stores restGames games in progress, each waiting on a player
// since a while ago, and restPlayers players with quiet hours and a daily
// digest tomorrow; restDue of the players have something due now (a
// release of held notifications, or a digest), and restDue games have run
// out of time. Rows go in by batches, as a bot's years of play would
// leave them.
func fillAtRest(t testing.TB, s *Store, now time.Time) {
	t.Helper()
	ctx := context.Background()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	batch := func(table, columns string, n int, row func(i int) []any) {
		const per = 250
		for start := 0; start < n; start += per {
			var marks []string
			var args []any
			for i := start; i < min(n, start+per); i++ {
				vals := row(i)
				marks = append(marks, "("+strings.TrimSuffix(strings.Repeat("?, ", len(vals)), ", ")+")")
				args = append(args, vals...)
			}
			if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO `+table+` (`+columns+`) VALUES `+strings.Join(marks, ", ")), args...); err != nil {
				t.Fatal(err)
			}
		}
	}
	fresh, stale := unix(now.Add(-time.Hour)), unix(now.Add(-48*time.Hour))
	batch("games", "id, guild, channel, kind, status, creator, seed, state, message_id, created_at, updated_at, turn_started_at, turn_limit", restGames,
		func(i int) []any {
			started := fresh
			if i < restDue {
				started = stale // past its 24-hour limit
			}
			return []any{i + 1, "g", fmt.Sprintf("c%d", i), "test", "active", "u", 1, []byte(`{"n":1}`), "m", fresh, started, started, 86400}
		})
	batch("seats", "game_id, seat, user_id, name, waiting_since", 2*restGames, func(i int) []any {
		game, seat := i/2+1, i%2
		since := int64(0)
		if seat == 0 {
			since = fresh
		}
		return []any{game, seat, fmt.Sprintf("u%d", (game+seat)%restPlayers), "P", since}
	})
	batch("players", "user_id, how, zone, quiet_from, quiet_to, digest_at, held_until, digest_next", restPlayers, func(i int) []any {
		held, digest := int64(0), unix(now.Add(20*time.Hour))
		switch {
		case i < restDue/2:
			held = unix(now.Add(-time.Minute))
		case i < restDue:
			digest = unix(now.Add(-time.Minute))
		}
		return []any{fmt.Sprintf("u%d", i), "dm", "Europe/Paris", 22 * 60, 7 * 60, 8 * 60, held, digest}
	})
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if s.pg {
		// New tables' statistics, as autovacuum would gather them.
		if _, err := s.db.ExecContext(ctx, `ANALYZE`); err != nil {
			t.Fatal(err)
		}
	}
}

// allocated is how many bytes the Go heap handed out while f ran.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// The clock's queries read only what is due, however much is stored: with
// 10,000 games being played and 10,000 players with settings, listing the
// players owed a release or a digest, the games out of time, and one
// player's waiting games allocates a few kilobytes, where reading every
// row would take megabytes. (The bot's RSS at rest with this much stored
// is in docs/performance.md.)
func TestClockReadsOnlyWhatIsDueAtRest(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		now := t0.Add(1000 * time.Hour)
		fillAtRest(t, s, now)
		const budget = 256 << 10
		var players []Player
		var games []int64
		var turns []Turn
		var err error
		for _, c := range []struct {
			name string
			run  func()
		}{
			{"players due", func() { players, err = s.DuePlayers(ctx, now) }},
			{"games due", func() { games, err = s.Due(ctx, now, 0, 0, time.Hour) }},
			{"a player's turns", func() { turns, err = s.Turns(ctx, "u7", "") }},
		} {
			c.run() // warm: prepared statements, connections
			if n := allocated(c.run); err != nil || n > budget {
				t.Errorf("%s: %d bytes allocated (budget %d), err %v", c.name, n, budget, err)
			}
		}
		if len(players) != restDue {
			t.Errorf("%d players due, want %d", len(players), restDue)
		}
		if len(games) != restDue {
			t.Errorf("%d games due, want %d", len(games), restDue)
		}
		if len(turns) != 1 {
			t.Errorf("u7 has %d turns, want 1", len(turns))
		}
		if !s.pg {
			for _, q := range []string{
				`SELECT user_id FROM players WHERE held_until > 0 AND held_until <= 5`,
				`SELECT user_id FROM players WHERE digest_next > 0 AND digest_next <= 5`,
				`SELECT game_id FROM seats WHERE user_id = 'u7' AND (waiting_since > 0 OR next_after <> '')`,
			} {
				if plan := queryPlan(t, s, q); !strings.Contains(plan, "USING INDEX") && !strings.Contains(plan, "USING COVERING INDEX") {
					t.Errorf("%s reads the whole table: %s", q, plan)
				}
			}
		}
	})
}

func queryPlan(t *testing.T, s *Store, q string) string {
	t.Helper()
	rows, err := s.read.Query(`EXPLAIN QUERY PLAN ` + q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		b.WriteString(detail + "; ")
	}
	return b.String()
}

// BenchmarkDuePlayers is the clock's look for players owed something,
// among 10,000 with settings.
func BenchmarkDuePlayers(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "rest.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	now := t0.Add(1000 * time.Hour)
	fillAtRest(b, s, now)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if p, err := s.DuePlayers(ctx, now); err != nil || len(p) != restDue {
			b.Fatal(len(p), err)
		}
	}
}
