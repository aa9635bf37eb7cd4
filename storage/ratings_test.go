package storage

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"standoff/internal/ratings"
	"standoff/storage/pgtest"
)

// finish saves g as finished with alice first and bob second.
func finish(t *testing.T, s *Store, g *Game, at time.Time) {
	t.Helper()
	ctx := context.Background()
	g.Status = Finished
	g.UpdatedAt = at
	g.Results = []Result{
		{GameID: g.ID, Seat: 0, Guild: g.Guild, Channel: g.Channel, Kind: g.Kind, UserID: "alice", Rank: 1, Players: 2, FinishedAt: at, Outcome: "won"},
		{GameID: g.ID, Seat: 1, Guild: g.Guild, Channel: g.Channel, Kind: g.Kind, UserID: "bob", Rank: 2, Players: 2, FinishedAt: at, Outcome: "lost"},
	}
	if err := s.Save(ctx, g, g.Version, nil); err != nil {
		t.Fatal(err)
	}
}

func ratingsByUser(t *testing.T, s *Store, guild, kind string) map[string]PlayerRating {
	t.Helper()
	rs, err := s.Ratings(context.Background(), RatingFilter{Guild: guild, Kind: kind})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]PlayerRating{}
	for _, r := range rs {
		out[r.UserID] = r
	}
	return out
}

// TestRatingsWrittenWithResults: the save that finishes a game rates it
// (Glicko-2 from a newcomer's 1500/350: the winner gains what the loser
// loses), the game's rating changes are kept for its final message, and
// writing the same results again, or a save that lost its race, changes
// no rating.
func TestRatingsWrittenWithResults(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		g := newGame("c1")
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		at := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
		stale := g.Version
		finish(t, s, g, at)
		want := ratings.Game([]ratings.Seat{{Rating: ratings.New(), Place: 1}, {Rating: ratings.New(), Place: 2}})
		got := ratingsByUser(t, s, "g1", "test")
		a, b := got["alice"], got["bob"]
		if math.Abs(a.Rating-want[0].Rating) > 1e-9 || math.Abs(b.Rating-want[1].Rating) > 1e-9 || a.Games != 1 || b.Games != 1 ||
			math.Abs(a.Deviation-want[0].Deviation) > 1e-9 || !a.Updated.Equal(at) || a.Rating <= 1500 || b.Rating >= 1500 {
			t.Fatalf("ratings after one game: %+v, want %+v", got, want)
		}
		changes, err := s.RatingChanges(ctx, g.ID)
		if err != nil || len(changes) != 2 || changes[0].UserID != "alice" || changes[0].Before != 1500 ||
			changes[0].After != a.Rating || changes[1].After != b.Rating || changes[1].Deviation != b.Deviation {
			t.Fatalf("rating changes: %+v %v", changes, err)
		}
		// Written again (a retried save, the start-up backfill): not rated twice.
		if err := s.AddResults(ctx, g.Results); err != nil {
			t.Fatal(err)
		}
		g.Status = Finished
		if err := s.Save(ctx, g, stale, nil); err == nil {
			t.Fatal("a stale save went through")
		}
		if again := ratingsByUser(t, s, "g1", "test"); again["alice"] != a || again["bob"] != b {
			t.Fatalf("ratings changed by writing the results again: %+v, were %+v", again, got)
		}
		// Another server, another kind: separate ratings.
		if other := ratingsByUser(t, s, "g2", ""); len(other) != 0 {
			t.Fatalf("ratings on another server: %+v", other)
		}
	})
}

// TestRatedPlaces: who a finished game rates and at what place.
func TestRatedPlaces(t *testing.T) {
	res := func(user string, rank int, outcome string) Result {
		return Result{UserID: user, Rank: rank, Outcome: outcome}
	}
	bot := func(r Result) Result { r.Automated = true; return r }
	away := func(r Result) Result { r.Away = true; return r }
	for _, c := range []struct {
		name   string
		in     []Result
		seats  []int
		places []int
	}{
		{"a two-player game", []Result{res("a", 2, "lost"), res("b", 1, "won")}, []int{0, 1}, []int{2, 1}},
		{"a draw rates as a draw", []Result{res("a", 1, "drew"), res("b", 1, "drew")}, []int{0, 1}, []int{1, 1}},
		{"Locked Out's ranks with a tie", []Result{res("a", 2, "lost"), res("b", 1, "won"), res("c", 2, "lost"), res("d", 4, "lost")},
			[]int{0, 1, 2, 3}, []int{2, 1, 2, 4}},
		{"a shared win among some", []Result{res("a", 1, "shared"), res("b", 1, "shared"), res("c", 3, "lost")}, []int{0, 1, 2}, []int{1, 1, 3}},
		{"a co-op victory rates nobody", []Result{res("a", 1, "shared"), res("b", 1, "shared")}, nil, nil},
		{"a co-op defeat rates nobody", []Result{res("a", 2, "lost"), res("b", 2, "lost")}, nil, nil},
		{"everyone lost to the police", []Result{res("a", 3, "lost"), res("b", 3, "lost"), res("c", 3, "lost")}, nil, nil},
		{"solo", []Result{res("a", 1, "won")}, nil, nil},
		{"solo against the Cybot", []Result{res("a", 2, "lost"), bot(res("", 1, "won"))}, nil, nil},
		{"bots neither rated nor rating", []Result{res("a", 2, "lost"), bot(res("", 1, "won")), res("b", 3, "lost")}, []int{0, 2}, []int{2, 3}},
		{"a seat the bot took over loses", []Result{away(res("a", 1, "won")), res("b", 2, "lost"), res("c", 3, "lost")}, []int{0, 1, 2}, []int{4, 2, 3}},
		{"one player in two seats", []Result{res("a", 1, "won"), res("a", 2, "lost"), res("b", 3, "lost")}, nil, nil},
	} {
		seats, places := ratedPlaces(c.in)
		if fmt.Sprint(seats, places) != fmt.Sprint(c.seats, c.places) {
			t.Errorf("%s: seats %v places %v, want %v %v", c.name, seats, places, c.seats, c.places)
		}
	}
}

// oldDatabase builds a database as the bot left it at schema 11 (before
// ratings): a finished game between alice and bob with its results.
func oldDatabase(t *testing.T, db *sql.DB, dialect string) {
	t.Helper()
	names, err := fs.Glob(migrations, "migrations/"+dialect+"/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	if _, err := db.Exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	for i, name := range names[:11] {
		body, _ := migrations.ReadFile(name)
		if _, err := db.Exec(string(body)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := db.Exec(fmt.Sprintf(`INSERT INTO schema_migrations VALUES (%d)`, i+1)); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []string{
		`INSERT INTO games (guild, channel, kind, status, creator, seed, version, state, message_id, created_at, updated_at, turn_started_at)
		 VALUES ('g1', 'c0', 'test', 'finished', 'alice', 7, 9, '{}', '', 1, 2, 3)`,
		`INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 'alice', 'Alice'), (1, 1, 'bob', 'Bob')`,
		`INSERT INTO results (game_id, seat, guild, channel, kind, user_id, automated, rank, players, finished_at, outcome)
		 VALUES (1, 0, 'g1', 'c0', 'test', 'alice', 0, 1, 2, 2, 'won'), (1, 1, 'g1', 'c0', 'test', 'bob', 0, 2, 2, 2, 'lost')`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// TestRatingsSurviveMigrationAndReopening: a database from before ratings
// migrates with its results kept (older games are not rated: ratings
// start with the upgrade, docs/ratings.md), the next finished game rates
// its players, and the ratings and the game's changes are there after the
// store is opened again; on SQLite and PostgreSQL.
func TestRatingsSurviveMigrationAndReopening(t *testing.T) {
	check := func(t *testing.T, open func() *Store) {
		ctx := context.Background()
		s := open()
		rs, err := s.Results(ctx, ResultFilter{Guild: "g1"})
		if err != nil || len(rs) != 2 || rs[0].Away || rs[0].Outcome == "" {
			t.Fatalf("old results after migrating: %+v %v", rs, err)
		}
		if got := ratingsByUser(t, s, "", ""); len(got) != 0 {
			t.Fatalf("old games rated by the migration: %+v", got)
		}
		g := newGame("c1")
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		finish(t, s, g, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
		before := ratingsByUser(t, s, "g1", "test")
		if len(before) != 2 || before["alice"].Games != 1 {
			t.Fatalf("ratings after the first game: %+v", before)
		}
		s.Close()
		s = open()
		defer s.Close()
		after := ratingsByUser(t, s, "g1", "test")
		if len(after) != 2 || after["alice"] != before["alice"] || after["bob"] != before["bob"] {
			t.Fatalf("ratings after reopening: %+v, were %+v", after, before)
		}
		if changes, err := s.RatingChanges(ctx, g.ID); err != nil || len(changes) != 2 || changes[0].After != before["alice"].Rating {
			t.Fatalf("rating changes after reopening: %+v %v", changes, err)
		}
		// The next game starts from the stored ratings.
		g2 := newGame("c2")
		if err := s.CreateGame(ctx, g2); err != nil {
			t.Fatal(err)
		}
		finish(t, s, g2, time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC))
		want := ratings.Game([]ratings.Seat{
			{Rating: ratings.Rating{Rating: before["alice"].Rating, Deviation: before["alice"].Deviation, Volatility: before["alice"].Volatility}, Place: 1},
			{Rating: ratings.Rating{Rating: before["bob"].Rating, Deviation: before["bob"].Deviation, Volatility: before["bob"].Volatility}, Place: 2},
		})
		if now := ratingsByUser(t, s, "g1", "test"); math.Abs(now["alice"].Rating-want[0].Rating) > 1e-9 || now["alice"].Games != 2 {
			t.Fatalf("second game: %+v, want %+v", now, want)
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "old.db")
		db, err := sql.Open("sqlite3", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		oldDatabase(t, db, "sqlite")
		db.Close()
		check(t, func() *Store {
			s, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			return s
		})
	})
	t.Run("postgres", func(t *testing.T) {
		url := pgtest.URL(t)
		conn, err := pgConnector(url, 0)
		if err != nil {
			t.Fatal(err)
		}
		db := sql.OpenDB(conn)
		oldDatabase(t, db, "postgres")
		db.Close()
		check(t, func() *Store {
			s, err := Open(url)
			if err != nil {
				t.Fatal(err)
			}
			return s
		})
	})
}

// TestGamesEndingTogetherAreAllRated: games that end at the same moment
// for the same player (each its own transaction, as two processes sharing
// a PostgreSQL database would write them) are each rated, none lost: the
// player's count is every game, and alice, who won them all, is rated as
// a player who won them one after the other.
func TestGamesEndingTogetherAreAllRated(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		const n = 8
		var gs []*Game
		for i := 0; i < n; i++ {
			g := newGame(fmt.Sprintf("c%d", i))
			g.Seats[1].UserID = fmt.Sprintf("u%d", i)
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			gs = append(gs, g)
		}
		errs := make(chan error, n)
		for _, g := range gs {
			go func(g *Game) {
				at := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
				g.Status = Finished
				g.Results = []Result{
					{GameID: g.ID, Seat: 0, Guild: g.Guild, Channel: g.Channel, Kind: g.Kind, UserID: "alice", Rank: 1, Players: 2, FinishedAt: at, Outcome: "won"},
					{GameID: g.ID, Seat: 1, Guild: g.Guild, Channel: g.Channel, Kind: g.Kind, UserID: g.Seats[1].UserID, Rank: 2, Players: 2, FinishedAt: at, Outcome: "lost"},
				}
				errs <- s.Save(ctx, g, g.Version, nil)
			}(g)
		}
		for range gs {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		alice := ratingsByUser(t, s, "g1", "test")["alice"]
		want := ratings.New()
		for i := 0; i < n; i++ {
			want = ratings.Game([]ratings.Seat{{Rating: want, Place: 1}, {Rating: ratings.New(), Place: 2}})[0]
		}
		if alice.Games != n || math.Abs(alice.Rating-want.Rating) > 1e-6 {
			t.Fatalf("alice after %d wins at once: %+v, want %d games at %.2f", n, alice, n, want.Rating)
		}
	})
}
