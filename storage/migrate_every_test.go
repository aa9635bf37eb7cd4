package storage

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"testing"

	"standoff/internal/games"
)

// TestMigrateFromEveryEarlierSchema builds a database at every schema
// version the bot ever shipped (the first v SQLite migrations, as that
// version of the bot left it, with a game, its seats and its move log
// written in the first schema's columns), then opens it with the current
// code: it migrates, keeps every game and move, and takes the next move.
// A new migration file is covered without touching this test.
func TestMigrateFromEveryEarlierSchema(t *testing.T) {
	names, err := fs.Glob(migrations, "migrations/sqlite/*.sql")
	if err != nil || len(names) == 0 {
		t.Fatalf("no migrations: %v", err)
	}
	sort.Strings(names)
	for v := 1; v < len(names); v++ {
		t.Run(fmt.Sprintf("from schema %d of %d", v, len(names)), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "old.db")
			db, err := sql.Open("sqlite3", "file:"+path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)`); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < v; i++ {
				body, _ := migrations.ReadFile(names[i])
				if _, err := db.Exec(string(body)); err != nil {
					t.Fatalf("%s: %v", names[i], err)
				}
				if _, err := db.Exec(`INSERT INTO schema_migrations VALUES (?)`, i+1); err != nil {
					t.Fatal(err)
				}
			}
			for _, q := range []string{
				`INSERT INTO games (channel, kind, status, creator, seed, version, state, message_id, created_at, updated_at, turn_started_at)
				 VALUES ('c1', 'hijack', 'active', 'u1', 7, 2, x'7b7d', 'm9', 1, 2, 3)`,
				`INSERT INTO games (channel, kind, status, creator, seed, version, state, message_id, created_at, updated_at, turn_started_at)
				 VALUES ('c2', 'lockedout', 'finished', 'u3', 8, 5, x'7b7d', '', 1, 2, 3)`,
				`INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 'u1', 'Ann'), (1, 1, 'u2', 'Bo'), (2, 0, 'u3', 'Cy')`,
				`INSERT INTO moves (game_id, n, seat, move, at) VALUES (1, 1, 0, 'a5', 10), (1, 2, 1, 'b3', 11)`,
			} {
				if _, err := db.Exec(q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			db.Close()
			s, err := Open(path)
			if err != nil {
				t.Fatalf("migrating from schema %d: %v", v, err)
			}
			defer s.Close()
			ctx := context.Background()
			g, err := s.OpenGame(ctx, "c1")
			if err != nil {
				t.Fatal(err)
			}
			log, err := s.Moves(ctx, g.ID)
			if err != nil || len(log) != 2 || log[1].Move != "b3" {
				t.Fatalf("moves after migrating: %v %v", log, err)
			}
			if g.Version != 2 || len(g.Seats) != 2 || g.MessageID != "m9" {
				t.Fatalf("game after migrating: %+v", g)
			}
			if done, err := s.Game(ctx, 2); err != nil || done.Status != Finished {
				t.Fatalf("finished game after migrating: %+v %v", done, err)
			}
			g.State = []byte(`{"n":3}`)
			if err := s.Save(ctx, g, g.Version, &games.SeatMove{Seat: 0, Move: "c1"}); err != nil {
				t.Fatalf("a move after migrating: %v", err)
			}
			var n int
			s.read.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&n)
			if n != len(names) {
				t.Fatalf("%d migrations recorded, want %d", n, len(names))
			}
		})
	}
}
