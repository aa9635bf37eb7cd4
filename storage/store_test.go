package storage

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"standoff/internal/games"
)

func openTemp(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "standoff.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

func newGame(channel string) *Game {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	return &Game{
		Guild: "g1", Channel: channel, Kind: "test", Options: games.Options{"size": 3},
		Status: Active, Creator: "alice", Seed: 1<<63 + 5, State: []byte(`{"n":0}`),
		CreatedAt: now, UpdatedAt: now, TurnStartedAt: now,
		Seats: []Seat{{Seat: 0, UserID: "alice", Name: "Alice", Accepted: true}, {Seat: 1, UserID: "bob", Name: "Bob"}},
	}
}

func TestCreateAndLoadRoundTrip(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		g := newGame("c1")
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		got, err := s.OpenGame(ctx, "c1")
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != g.ID || got.Seed != g.Seed || got.Options["size"] != 3 || string(got.State) != `{"n":0}` ||
			!got.CreatedAt.Equal(g.CreatedAt) || len(got.Seats) != 2 || got.Seats[1].Name != "Bob" || got.Seats[1].Accepted {
			t.Fatalf("loaded game differs: %+v", got)
		}
		if got.SeatOf("bob") != 1 || got.SeatOf("carol") != -1 {
			t.Fatal("SeatOf wrong")
		}
	})
}

func TestOneOpenGamePerChannel(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if err := s.CreateGame(ctx, newGame("c1")); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateGame(ctx, newGame("c1")); !errors.Is(err, ErrChannelBusy) {
			t.Fatalf("second open game in a channel: got %v, want ErrChannelBusy", err)
		}
		if err := s.CreateGame(ctx, newGame("c2")); err != nil {
			t.Fatalf("another channel must be free: %v", err)
		}
		g, _ := s.OpenGame(ctx, "c1")
		g.Status = Finished
		if err := s.Save(ctx, g, g.Version, nil); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateGame(ctx, newGame("c1")); err != nil {
			t.Fatalf("a finished game must free its channel: %v", err)
		}
		if _, err := s.OpenGame(ctx, "c3"); !errors.Is(err, ErrNoGame) {
			t.Fatalf("empty channel: got %v", err)
		}
		// OpenGameID names the same game as OpenGame: the new one, not
		// the finished one, and none in an empty channel.
		open, _ := s.OpenGame(ctx, "c1")
		if id, err := s.OpenGameID(ctx, "c1"); err != nil || id != open.ID || id == g.ID {
			t.Fatalf("OpenGameID(c1) = %d, %v; the open game is %d, the finished one %d", id, err, open.ID, g.ID)
		}
		if _, err := s.OpenGameID(ctx, "c3"); !errors.Is(err, ErrNoGame) {
			t.Fatalf("OpenGameID of an empty channel: got %v", err)
		}
	})
}

func TestSaveIsCompareAndSwap(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		g := newGame("c1")
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		const racers = 8
		var wg sync.WaitGroup
		errs := make([]error, racers)
		for i := 0; i < racers; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				mine, err := s.Game(ctx, g.ID)
				if err != nil {
					errs[i] = err
					return
				}
				mine.State = []byte(`{"n":1}`)
				errs[i] = s.Save(ctx, mine, 0, &games.SeatMove{Seat: i % 2, Move: "m"})
			}(i)
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case errors.Is(err, ErrConflict):
			default:
				t.Fatalf("unexpected error: %v", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d of %d concurrent saves on one version applied; want exactly 1", ok, racers)
		}
		moves, err := s.Moves(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := s.Game(ctx, g.ID)
		if len(moves) != 1 || got.Version != 1 {
			t.Fatalf("log has %d moves and version is %d; want 1 and 1", len(moves), got.Version)
		}
	})
}

func TestMoveLogIsAppendOnly(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		g := newGame("c1")
		s.CreateGame(ctx, g)
		for i := 0; i < 3; i++ {
			if err := s.Save(ctx, g, g.Version, &games.SeatMove{Seat: i % 2, Move: string(rune('a' + i))}); err != nil {
				t.Fatal(err)
			}
		}
		moves, _ := s.Moves(ctx, g.ID)
		if len(moves) != 3 || moves[0].Move != "a" || moves[2].Move != "c" || moves[1].Seat != 1 {
			t.Fatalf("log = %+v", moves)
		}
		if _, err := s.db.Exec(s.q(`UPDATE moves SET move = 'x' WHERE game_id = ?`), g.ID); err == nil {
			t.Fatal("rewriting a logged move must be refused")
		}
	})
}

func TestReopenKeepsEverythingAndMigratesOnce(t *testing.T) {
	s, path := openTemp(t)
	ctx := context.Background()
	g := newGame("c1")
	s.CreateGame(ctx, g)
	s.SetMessage(ctx, g.ID, "m42")
	g.MessageID, g.Seats[1].DMHash, g.Seats[1].DMFailed = "m42", "h", true
	s.RecordDelivery(ctx, g, []int{1}, false)
	s.Close()
	s2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	got, err := s2.OpenGame(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if got.MessageID != "m42" || !got.Seats[1].DMFailed || got.Seats[1].DMHash != "h" {
		t.Fatalf("reopened game lost data: %+v", got)
	}
	var fk, n int
	s2.db.QueryRow(`PRAGMA foreign_keys`).Scan(&fk)
	s2.db.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&n)
	files, _ := fs.Glob(migrations, "migrations/sqlite/*.sql")
	if fk != 1 || n != len(files) {
		t.Fatalf("foreign_keys=%d migrations=%d", fk, n)
	}
	var mode string
	s2.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode)
	if mode != "wal" {
		t.Fatalf("journal mode %q, want wal", mode)
	}
}

func TestPathsWithURICharacters(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	a, err := Open(filepath.Join(dir, "game#1?.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(filepath.Join(dir, "game#2?.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := a.CreateGame(ctx, newGame("c1")); err != nil {
		t.Fatal(err)
	}
	if err := b.CreateGame(ctx, newGame("c1")); err != nil {
		t.Fatalf("two files whose names differ after '#' must be two databases: %v", err)
	}
}
