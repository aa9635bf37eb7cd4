package storage

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"standoff/internal/games"
)

// saveCounting plays one "move" on a game: its state counts the moves, so
// a copy is consistent exactly when each state's n equals its log length.
func saveCounting(ctx context.Context, s *Store, g *Game) error {
	var st struct{ N int }
	if err := json.Unmarshal(g.State, &st); err != nil {
		return err
	}
	g.State = []byte(fmt.Sprintf(`{"n":%d}`, st.N+1))
	return s.Save(ctx, g, g.Version, &games.SeatMove{Seat: st.N % 2, Move: fmt.Sprintf("m%d", st.N+1)})
}

func checkCounting(t *testing.T, path string) (gamesSeen, moves int) {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatalf("open backup: %v", err)
	}
	defer s.Close()
	ctx := context.Background()
	list, err := s.OpenGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range list {
		if g.Status != Active {
			continue
		}
		var st struct{ N int }
		json.Unmarshal(g.State, &st)
		log, err := s.Moves(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if st.N != len(log) || g.Version != len(log) {
			t.Errorf("backup %s: game %d has state n=%d, version %d but %d logged moves: not one commit's snapshot", filepath.Base(path), g.ID, st.N, g.Version, len(log))
		}
		moves += len(log)
	}
	return len(list), moves
}

// A backup taken while four writers save moves as fast as they can is a
// consistent snapshot, passes its integrity check, and a restore from it
// opens and takes new moves.
func TestBackupWhileGamesGoOn(t *testing.T) {
	s, path := openTemp(t)
	ctx := context.Background()
	var list []*Game
	for i := 0; i < 4; i++ {
		g := newGame(fmt.Sprintf("c%d", i))
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		list = append(list, g)
	}
	stop := make(chan struct{})
	var saved atomic.Int64
	var wg sync.WaitGroup
	for _, g := range list {
		wg.Add(1)
		go func(g *Game) {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if err := saveCounting(ctx, s, g); err != nil {
					t.Errorf("save during backup: %v", err)
					return
				}
				saved.Add(1)
			}
		}(g)
	}
	dir := t.TempDir()
	backups := 5
	var last string
	for i := 0; i < backups; i++ {
		for saved.Load() < int64(20*(i+1)) {
			time.Sleep(time.Millisecond) // let the writers get ahead
		}
		last = filepath.Join(dir, fmt.Sprintf("b%d.db", i))
		info, err := Backup(ctx, path, last)
		if err != nil {
			t.Fatalf("backup %d: %v", i, err)
		}
		if info.Games != 4 || info.Pages == 0 {
			t.Fatalf("backup %d copied %+v", i, info)
		}
	}
	close(stop)
	wg.Wait()
	total := 0
	for i := 0; i < backups; i++ {
		_, m := checkCounting(t, filepath.Join(dir, fmt.Sprintf("b%d.db", i)))
		total += m
	}
	t.Logf("%d backups taken while %d moves were saved; %d moves checked in the copies", backups, saved.Load(), total)

	// Restore: back the backup up to a fresh database and play on there.
	restored := filepath.Join(dir, "restored.db")
	if _, err := Backup(ctx, last, restored); err != nil {
		t.Fatal(err)
	}
	r, err := Open(restored)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	g, err := r.OpenGame(ctx, "c0")
	if err != nil {
		t.Fatal(err)
	}
	if err := saveCounting(ctx, r, g); err != nil {
		t.Fatalf("a move on the restored database: %v", err)
	}
	r.Close()
	checkCounting(t, restored)
}

func TestBackupRefusals(t *testing.T) {
	_, path := openTemp(t)
	ctx := context.Background()
	dir := t.TempDir()
	cases := []struct{ from, to, want string }{
		{filepath.Join(dir, "missing.db"), filepath.Join(dir, "x.db"), "no database at"},
		{path, path, "already exists"},
		{"postgres://u@h/db", filepath.Join(dir, "y.db"), "pg_dump"},
	}
	for _, c := range cases {
		if _, err := Backup(ctx, c.from, c.to); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Backup(%s, %s) = %v, want an error saying %q", c.from, c.to, err, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "missing.db")); err == nil {
		t.Error("a backup of a missing database created it")
	}
	// Not a database at all: a clear error and no file left behind.
	junk := filepath.Join(dir, "junk.db")
	os.WriteFile(junk, []byte(strings.Repeat("not sqlite ", 500)), 0o644)
	if _, err := Backup(ctx, junk, filepath.Join(dir, "z.db")); err == nil {
		t.Error("backing up a file that is not a database succeeded")
	}
	if _, err := os.Stat(filepath.Join(dir, "z.db")); err == nil {
		t.Error("a failed backup left its target behind")
	}
	if _, err := os.Stat(filepath.Join(dir, "z.db.partial")); err == nil {
		t.Error("a failed backup left its partial file behind")
	}
}
