package storage

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"standoff/internal/games"
)

// A database written by the first schema opens under the current one with
// its games intact and the new columns at their defaults.
func TestMigrateFromFirstSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	first, err := migrations.ReadFile("migrations/001_init.sql")
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
	s, _ := openTemp(t)
	ctx := context.Background()
	g := newGame("c1")
	g.TurnLimit = 72 * time.Hour
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.MessageID, g.TurnOwner, g.Narration, g.PostPending = "m1", "0", "Ann moved.", true
	if err := s.SetTurnMessage(ctx, g); err != nil {
		t.Fatal(err)
	}
	at := time.Unix(1000, 0).UTC()
	if err := s.SetUnreachable(ctx, g.ID, at); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Game(ctx, g.ID)
	if got.Version != g.Version || got.MessageID != "m1" || got.TurnOwner != "0" || got.Narration != "Ann moved." ||
		!got.PostPending || !got.UnreachableAt.Equal(at) || got.TurnLimit != 72*time.Hour {
		t.Fatalf("got %+v", got)
	}
}

func TestResultsAreWrittenWithTheFinishingSave(t *testing.T) {
	s, _ := openTemp(t)
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
}
