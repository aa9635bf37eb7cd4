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
)

// Storage benchmarks (issue 13): the commit of a move (Save with its move
// log line), alone and from many goroutines on different games at once (the
// load that used to fail with "database is locked"), loading a game with
// its seats, and the clock's query for the games that are due. SQLite on a
// temporary file, as the bot runs it.

func benchStore(b *testing.B) *storage.Store {
	b.Helper()
	s, err := storage.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// benchGame is an active two-seat game with a state the size of a
// mid-game Hijack state.
func benchGame(channel string) *storage.Game {
	now := time.Now()
	state := make([]byte, 1500)
	for i := range state {
		state[i] = 'a' + byte(i%26)
	}
	return &storage.Game{
		Guild: "g", Channel: channel, Kind: "hijack", Options: games.Options{"size": 4},
		Status: storage.Active, Creator: "alice", Seed: 7, State: state, MessageID: "m1",
		CreatedAt: now, UpdatedAt: now, TurnStartedAt: now,
		Seats: []storage.Seat{{Seat: 0, UserID: "alice", Name: "Alice", Accepted: true}, {Seat: 1, UserID: "bob", Name: "Bob", Accepted: true}},
	}
}

func createGames(b *testing.B, s *storage.Store, n int) []*storage.Game {
	b.Helper()
	out := make([]*storage.Game, n)
	for i := range out {
		g := benchGame(fmt.Sprintf("c%d", i))
		if err := s.CreateGame(context.Background(), g); err != nil {
			b.Fatal(err)
		}
		out[i] = g
	}
	return out
}

// BenchmarkSaveMove is one move's commit on one game, one after another.
func BenchmarkSaveMove(b *testing.B) {
	s := benchStore(b)
	g := createGames(b, s, 1)[0]
	ctx := context.Background()
	for b.Loop() {
		g.UpdatedAt = time.Now()
		if err := s.Save(ctx, g, g.Version, &games.SeatMove{Seat: g.Version % 2, Move: "a1"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSaveMoveParallel commits moves from 8 goroutines per core, each
// on its own game: concurrent moves on different games must never fail
// each other. Failures are counted (metric "failed"), not hidden.
func BenchmarkSaveMoveParallel(b *testing.B) {
	s := benchStore(b)
	const perCore = 8
	gs := createGames(b, s, 64)
	var next, failed atomic.Int64
	ctx := context.Background()
	b.SetParallelism(perCore)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		g := gs[int(next.Add(1)-1)%len(gs)]
		// Two goroutines sharing a game (more goroutines than games)
		// would conflict by design; re-read to stay honest about it.
		for pb.Next() {
			base := g.Version
			g2 := *g
			g2.UpdatedAt = time.Now()
			err := s.Save(ctx, &g2, base, &games.SeatMove{Seat: base % 2, Move: "a1"})
			switch {
			case err == nil:
				g.Version = g2.Version
			case errors.Is(err, storage.ErrConflict):
			default:
				failed.Add(1)
			}
		}
	})
	b.ReportMetric(float64(failed.Load()), "failed")
}

// BenchmarkLoadGame reads a game row with its seats.
func BenchmarkLoadGame(b *testing.B) {
	s := benchStore(b)
	gs := createGames(b, s, 100)
	ctx := context.Background()
	i := 0
	for b.Loop() {
		if _, err := s.Game(ctx, gs[i%len(gs)].ID); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkDue is the clock's query among 2,000 stored games of which a
// tenth are due.
func BenchmarkDue(b *testing.B) {
	s := benchStore(b)
	gs := createGames(b, s, 2000)
	ctx := context.Background()
	old := time.Now().Add(-48 * time.Hour)
	for i, g := range gs {
		if i%10 == 0 {
			g.TurnStartedAt = old
			if err := s.Save(ctx, g, g.Version, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	for b.Loop() {
		ids, err := s.Due(ctx, time.Now(), 24*time.Hour, 0, time.Hour)
		if err != nil {
			b.Fatal(err)
		}
		if len(ids) != 200 {
			b.Fatalf("%d due, want 200", len(ids))
		}
	}
}
