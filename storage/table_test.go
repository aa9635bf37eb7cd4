package storage

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"standoff/internal/games"
	"standoff/storage/pgtest"
)

// A database written by the first schema opens under the current one with
// its games intact and the new columns at their defaults.
func TestMigrateFromFirstSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	first, err := migrations.ReadFile("migrations/sqlite/001_init.sql")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)`,
		string(first),
		`INSERT INTO schema_migrations VALUES (1)`,
		`INSERT INTO games (channel, kind, status, creator, seed, version, state, message_id, created_at, updated_at, turn_started_at)
		 VALUES ('c1', 'hijack', 'active', 'u1', 7, 3, x'7b7d', 'm9', 1, 2, 3)`,
		`INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 'u1', 'Ann'), (1, 1, 'u2', 'Bo')`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.OpenGame(context.Background(), "c1")
	if err != nil {
		t.Fatal(err)
	}
	if g.Version != 3 || g.MessageID != "m9" || len(g.Seats) != 2 || g.Seats[1].Away || g.TurnLimit != 0 || g.PostPending {
		t.Fatalf("migrated game %+v", g)
	}
}

func TestTurnMessageAndUnreachableKeepTheVersion(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		g := newGame("c1")
		g.TurnLimit = 72 * time.Hour
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		g.MessageID, g.TurnOwner, g.Narration, g.PostPending, g.RefreshPending = "m1", "0", "Ann moved.", true, true
		if err := s.RecordDelivery(ctx, g, nil, false); err != nil {
			t.Fatal(err)
		}
		at := time.Unix(1000, 0).UTC()
		if err := s.SetUnreachable(ctx, g.ID, at); err != nil {
			t.Fatal(err)
		}
		got, _ := s.Game(ctx, g.ID)
		if got.Version != g.Version || got.MessageID != "m1" || got.TurnOwner != "0" || got.Narration != "Ann moved." ||
			!got.PostPending || !got.RefreshPending || !got.UnreachableAt.Equal(at) || got.TurnLimit != 72*time.Hour {
			t.Fatalf("got %+v", got)
		}
	})
}

// What one publication showed is recorded in one write: the turn message,
// the channel's reachability, the DMs of the seats named and the votes.
func TestRecordDeliveryWritesWhatWasShown(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		g := newGame("c1")
		g.Table = `{"vote":{}}`
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		at := time.Unix(2000, 0).UTC()
		g.MessageID, g.TurnOwner, g.Narration, g.PostPending, g.UnreachableAt = "m2", "1", "Bo moved.", true, at
		g.Seats[1].DMHash, g.Seats[1].DMFailed = "ab:cd", true
		g.Seats[0].DMHash = "not recorded"
		g.Table = ""
		if err := s.RecordDelivery(ctx, g, []int{1}, true); err != nil {
			t.Fatal(err)
		}
		got, _ := s.Game(ctx, g.ID)
		if got.Version != g.Version || got.MessageID != "m2" || got.TurnOwner != "1" || got.Narration != "Bo moved." ||
			!got.PostPending || !got.UnreachableAt.Equal(at) || got.Table != "" {
			t.Fatalf("got %+v", got)
		}
		if got.Seats[1].DMHash != "ab:cd" || !got.Seats[1].DMFailed || got.Seats[0].DMHash != "" {
			t.Fatalf("only seat 1's DM is recorded: %+v", got.Seats)
		}
		g.Table = `{"vote":{"kind":"skip"}}`
		if err := s.RecordDelivery(ctx, g, nil, false); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Game(ctx, g.ID); got.Table != "" {
			t.Fatalf("votes are written only when asked: %q", got.Table)
		}
	})
}

func TestResultsAreWrittenWithTheFinishingSave(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		g := newGame("c1")
		g.Guild = "g1"
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		ids, _ := s.FinishedWithoutResults(ctx)
		if len(ids) != 0 {
			t.Fatalf("unfinished game listed: %v", ids)
		}
		g.Status = Finished
		score := 12
		g.Results = []Result{
			{GameID: g.ID, Seat: 0, Guild: "g1", Channel: "c1", Kind: g.Kind, UserID: "u1", Rank: 1, Score: &score, Players: 2, FinishedAt: time.Unix(5, 0)},
			{GameID: g.ID, Seat: 1, Guild: "g1", Channel: "c1", Kind: g.Kind, UserID: "u2", Rank: 2, Players: 2, FinishedAt: time.Unix(5, 0)},
		}
		if err := s.Save(ctx, g, g.Version, &games.SeatMove{Seat: 0, Move: "x"}); err != nil {
			t.Fatal(err)
		}
		rs, err := s.Results(ctx, ResultFilter{Guild: "g1"})
		if err != nil || len(rs) != 2 {
			t.Fatalf("results %v %v", rs, err)
		}
		if rs[0].Score == nil || *rs[0].Score != 12 || rs[1].Score != nil || rs[1].Rank != 2 {
			t.Fatalf("results %+v %+v", rs[0], rs[1])
		}
		if rs, _ := s.Results(ctx, ResultFilter{Guild: "other"}); len(rs) != 0 {
			t.Fatalf("other guild sees %v", rs)
		}
		if rs, _ := s.Results(ctx, ResultFilter{UserID: "u2"}); len(rs) != 1 || rs[0].Seat != 1 {
			t.Fatalf("by user %v", rs)
		}
	})
}

// Each seat's outcome is kept beside its rank (a draw and a shared win both
// rank 1), and results written before outcomes were kept can be found and
// labelled.
func TestResultsKeepEachSeatsOutcome(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		g := newGame("c1")
		g.Guild = "g1"
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		g.Status = Finished
		g.Results = []Result{
			{GameID: g.ID, Seat: 0, Guild: "g1", Channel: "c1", Kind: g.Kind, UserID: "u1", Rank: 1, Players: 3, FinishedAt: time.Unix(5, 0), Outcome: "drew"},
			{GameID: g.ID, Seat: 1, Guild: "g1", Channel: "c1", Kind: g.Kind, UserID: "u2", Rank: 1, Players: 3, FinishedAt: time.Unix(5, 0), Outcome: "drew"},
			{GameID: g.ID, Seat: 2, Guild: "g1", Channel: "c1", Kind: g.Kind, UserID: "u3", Rank: 3, Players: 3, FinishedAt: time.Unix(5, 0), Outcome: "lost"},
		}
		if err := s.Save(ctx, g, g.Version, &games.SeatMove{Seat: 0, Move: "x"}); err != nil {
			t.Fatal(err)
		}
		rs, err := s.Results(ctx, ResultFilter{Guild: "g1"})
		if err != nil || len(rs) != 3 || rs[0].Outcome != "drew" || rs[1].Outcome != "drew" || rs[2].Outcome != "lost" {
			t.Fatalf("results %+v %v", rs, err)
		}
		if ids, err := s.ResultsWithoutOutcome(ctx); err != nil || len(ids) != 0 {
			t.Fatalf("unlabelled %v %v", ids, err)
		}
		if err := s.SetOutcome(ctx, g.ID, 2, "", nil); err != nil {
			t.Fatal(err)
		}
		if ids, err := s.ResultsWithoutOutcome(ctx); err != nil || len(ids) != 1 || ids[0] != g.ID {
			t.Fatalf("unlabelled %v %v", ids, err)
		}
		seven := 7
		if err := s.SetOutcome(ctx, g.ID, 2, "lost", &seven); err != nil {
			t.Fatal(err)
		}
		if rs, _ := s.Results(ctx, ResultFilter{UserID: "u3"}); len(rs) != 1 || rs[0].Outcome != "lost" || rs[0].Score == nil || *rs[0].Score != 7 {
			t.Fatalf("relabelled %+v", rs)
		}
	})
}

// The clock asks only for games something may be due for.
func TestDueListsOnlyWhatTheClockMayAct(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		now := time.Date(2026, 1, 10, 0, 0, 0, 0, time.UTC)
		mk := func(ch string, f func(g *Game)) int64 {
			g := newGame(ch)
			g.MessageID = "m"
			g.TurnStartedAt, g.UpdatedAt = now.Add(-time.Hour), now.Add(-time.Hour)
			f(g)
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			return g.ID
		}
		fresh := mk("fresh", func(g *Game) {})
		idle := mk("idle", func(g *Game) { g.TurnStartedAt = now.Add(-13 * time.Hour) })
		owed := mk("owed", func(g *Game) { g.PostPending = true })
		stale := mk("stale", func(g *Game) { g.RefreshPending = true })
		noMsg := mk("nomsg", func(g *Game) { g.MessageID = "" })
		limit := mk("limit", func(g *Game) { g.TurnLimit = 30 * time.Minute })
		old := mk("old", func(g *Game) { g.UpdatedAt = now.Add(-800 * time.Hour) })
		gone := mk("gone", func(g *Game) { g.PostPending, g.UnreachableAt = true, now.Add(-time.Hour) })
		goneLong := mk("gonelong", func(g *Game) { g.PostPending, g.UnreachableAt = true, now.Add(-7*time.Hour) })
		done := mk("done", func(g *Game) { g.Status, g.TurnStartedAt = Finished, now.Add(-99*time.Hour) })
		endedOwed := mk("endedowed", func(g *Game) { g.Status, g.PostPending = Finished, true })
		abandonedStale := mk("abandonedstale", func(g *Game) { g.Status, g.RefreshPending = Abandoned, true })
		endedGone := mk("endedgone", func(g *Game) { g.Status, g.PostPending, g.UnreachableAt = Finished, true, now.Add(-time.Hour) })
		ids, err := s.Due(ctx, now, 12*time.Hour, 720*time.Hour, 6*time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		want := map[int64]bool{idle: true, owed: true, stale: true, endedOwed: true, abandonedStale: true, noMsg: true, limit: true, old: true, goneLong: true}
		got := map[int64]bool{}
		for _, id := range ids {
			got[id] = true
		}
		for id := range want {
			if !got[id] {
				t.Errorf("game %d is due but not listed", id)
			}
		}
		for _, id := range []int64{fresh, gone, done, endedGone} {
			if got[id] {
				t.Errorf("game %d is listed but nothing is due", id)
			}
		}
	})
}

// Many moves on different games at once, with reads beside them, never
// fail each other: one writer connection, transactions that begin as
// writers, readers that do not wait for it.
func TestConcurrentMovesOnDifferentGamesNeverFail(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		const games_, moves = 40, 15
		var ids []int64
		for i := 0; i < games_; i++ {
			g := newGame(fmt.Sprintf("c%d", i))
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, g.ID)
		}
		var wg sync.WaitGroup
		errs := make(chan error, games_*moves*2)
		for _, id := range ids {
			wg.Add(2)
			go func(id int64) {
				defer wg.Done()
				for m := 0; m < moves; m++ {
					g, err := s.Game(ctx, id)
					if err != nil {
						errs <- err
						return
					}
					if err := s.Save(ctx, g, g.Version, &games.SeatMove{Seat: m % 2, Move: "x"}); err != nil {
						errs <- err
					}
					if err := s.RecordDelivery(ctx, g, nil, false); err != nil {
						errs <- err
					}
				}
			}(id)
			go func(id int64) {
				defer wg.Done()
				for m := 0; m < moves; m++ {
					if _, err := s.Moves(ctx, id); err != nil {
						errs <- err
					}
					if _, err := s.Due(ctx, time.Now(), time.Hour, 0, time.Hour); err != nil {
						errs <- err
					}
				}
			}(id)
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Errorf("a storage call failed under load: %v", err)
		}
		for _, id := range ids {
			if ms, _ := s.Moves(ctx, id); len(ms) != moves {
				t.Errorf("game %d has %d moves, want %d", id, len(ms), moves)
			}
		}
	})
}

// On PostgreSQL a game's lock holds across stores (processes); another
// game's lock is independent. On SQLite it is free (one process).
func TestLockHoldsAcrossProcesses(t *testing.T) {
	url := pgtest.URL(t)
	a, err := Open(url)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(url)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx := context.Background()
	release, err := a.Lock(ctx, 7)
	if err != nil {
		t.Fatal(err)
	}
	other, err := b.Lock(ctx, 8)
	if err != nil {
		t.Fatal(err)
	}
	other()
	got := make(chan struct{})
	go func() {
		r, err := b.Lock(ctx, 7)
		if err == nil {
			r()
		}
		close(got)
	}()
	select {
	case <-got:
		t.Fatal("a second process took a lock that was held")
	case <-time.After(300 * time.Millisecond):
	}
	release()
	select {
	case <-got:
	case <-time.After(10 * time.Second):
		t.Fatal("the lock was not handed over after its release")
	}
}
