package storage_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"standoff/internal/games"
	"standoff/storage"
	"standoff/storage/pgtest"
)

// Moves per second on PostgreSQL beside SQLite, in the same run (issue 15):
// a move as the router commits it, under the game's lock (an advisory lock
// on PostgreSQL, so that it holds across processes) with a compare-and-swap
// save and its move log line. Once alone, once from 16 goroutines on 16
// games. PostgreSQL is the throwaway server of pgtest on loopback, with
// its default durability (fsync on), so its numbers include a network
// round trip per statement that SQLite does not pay.
//
//	go test ./storage -run '^$' -bench Backend

// backends opens a fresh store of each kind.
var backends = []struct {
	name string
	open func(b *testing.B) *storage.Store
}{
	{"sqlite", func(b *testing.B) *storage.Store {
		s, err := storage.Open(filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		return s
	}},
	{"postgres", func(b *testing.B) *storage.Store {
		s, err := storage.Open(pgtest.URL(b))
		if err != nil {
			b.Fatal(err)
		}
		return s
	}},
}

// backendGames creates n active two-seat games with a mid-game-sized state.
func backendGames(b *testing.B, s *storage.Store, n int) []*storage.Game {
	b.Helper()
	state := make([]byte, 1500)
	for i := range state {
		state[i] = 'a' + byte(i%26)
	}
	out := make([]*storage.Game, n)
	for i := range out {
		now := time.Now()
		g := &storage.Game{
			Guild: "g", Channel: fmt.Sprintf("c%d", i), Kind: "hijack", Options: games.Options{"size": 4},
			Status: storage.Active, Creator: "alice", Seed: 7, State: state, MessageID: "m1",
			CreatedAt: now, UpdatedAt: now, TurnStartedAt: now,
			Seats: []storage.Seat{{Seat: 0, UserID: "alice", Name: "Alice", Accepted: true}, {Seat: 1, UserID: "bob", Name: "Bob", Accepted: true}},
		}
		if err := s.CreateGame(context.Background(), g); err != nil {
			b.Fatal(err)
		}
		out[i] = g
	}
	return out
}

// lockedMove commits one move on g the router's way.
func lockedMove(ctx context.Context, s *storage.Store, g *storage.Game) error {
	unlock, err := s.Lock(ctx, g.ID)
	if err != nil {
		return err
	}
	defer unlock()
	base := g.Version
	g.UpdatedAt = time.Now()
	return s.Save(ctx, g, base, &games.SeatMove{Seat: base % 2, Move: "a1"})
}

func BenchmarkBackendMove(b *testing.B) {
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) {
			s := be.open(b)
			defer s.Close()
			g := backendGames(b, s, 1)[0]
			ctx := context.Background()
			start := time.Now()
			for b.Loop() {
				if err := lockedMove(ctx, s, g); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "moves/s")
		})
	}
}

func BenchmarkBackendMoveParallel(b *testing.B) {
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) {
			s := be.open(b)
			defer s.Close()
			const workers = 16
			gs := backendGames(b, s, workers)
			var next, moved, failed atomic.Int64
			ctx := context.Background()
			// 16 goroutines whatever the core count: players on different
			// tables at once, not a CPU-bound load.
			b.SetParallelism((workers + 1) / 2)
			start := time.Now()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				g := gs[int(next.Add(1)-1)%len(gs)]
				for pb.Next() {
					switch err := lockedMove(ctx, s, g); {
					case err == nil:
						moved.Add(1)
					case errors.Is(err, storage.ErrConflict):
						// Two goroutines on one game (more goroutines than
						// games on a larger machine): the lock serialises
						// them, so this does not happen; counted if it does.
						failed.Add(1)
					default:
						failed.Add(1)
					}
				}
			})
			b.ReportMetric(float64(moved.Load())/time.Since(start).Seconds(), "moves/s")
			b.ReportMetric(float64(failed.Load()), "failed")
		})
	}
}
