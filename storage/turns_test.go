package storage

import (
	"context"
	"testing"
	"time"
)

// Who a game waits on is kept on its seats with each save: read back with
// the game, listed by Turns for the player (on one server or all), and
// forgotten once the game is no longer being played.
func TestTurnsListsTheGamesWaitingOnAPlayer(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		mk := func(guild, channel string, since time.Duration, next string) *Game {
			t.Helper()
			g := newGame(channel)
			g.Guild, g.TurnLimit, g.TurnBank = guild, 24*time.Hour, 0
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			if since > 0 {
				g.Seats[0].WaitingSince = t0.Add(since)
			}
			g.Seats[0].NextAfter = next
			g.Seats[1].WaitingSince = t0
			g.Seats[1].BankSpent = 90 * time.Minute
			if err := s.Save(ctx, g, g.Version, nil); err != nil {
				t.Fatal(err)
			}
			return g
		}
		older := mk("g1", "c1", time.Hour, "")
		newer := mk("g1", "c2", 3*time.Hour, "")
		next := mk("g1", "c3", 0, "Bob")
		elsewhere := mk("g2", "c4", 2*time.Hour, "")
		done := mk("g1", "c5", 5*time.Hour, "")
		done.Status = Abandoned
		if err := s.Save(ctx, done, done.Version, nil); err != nil {
			t.Fatal(err)
		}

		got, err := s.Game(ctx, older.ID)
		if err != nil || !got.Seats[0].WaitingSince.Equal(t0.Add(time.Hour)) || got.Seats[1].BankSpent != 90*time.Minute || got.TurnLimit != 24*time.Hour {
			t.Fatalf("seats read back: %+v %v", got, err)
		}
		if got, _ := s.Game(ctx, done.ID); !got.Seats[0].WaitingSince.IsZero() || !got.Seats[1].WaitingSince.IsZero() {
			t.Fatalf("an abandoned game still waits: %+v", got.Seats)
		}

		ids := func(ts []Turn) []int64 {
			var out []int64
			for _, t := range ts {
				out = append(out, t.GameID)
			}
			return out
		}
		turns, err := s.Turns(ctx, "alice", "g1")
		if err != nil {
			t.Fatal(err)
		}
		if want := []int64{newer.ID, older.ID, next.ID}; !equalIDs(ids(turns), want) {
			t.Fatalf("alice's turns on g1: %v, want %v (waiting newest first, then next)", ids(turns), want)
		}
		if tr := turns[2]; tr.NextAfter != "Bob" || !tr.Since.IsZero() || tr.Channel != "c3" || tr.People != 2 {
			t.Fatalf("the game alice is next in: %+v", tr)
		}
		if tr := turns[0]; !tr.Since.Equal(t0.Add(3*time.Hour)) || tr.TurnLimit != 24*time.Hour || tr.Kind != "test" || tr.Guild != "g1" {
			t.Fatalf("a waiting game: %+v", tr)
		}
		all, _ := s.Turns(ctx, "alice", "")
		if want := []int64{newer.ID, elsewhere.ID, older.ID, next.ID}; !equalIDs(ids(all), want) {
			t.Fatalf("alice's turns everywhere: %v, want %v", ids(all), want)
		}
		bob, _ := s.Turns(ctx, "bob", "")
		if len(bob) != 4 || bob[0].BankSpent != 90*time.Minute {
			t.Fatalf("bob's turns: %+v", bob)
		}
		if none, _ := s.Turns(ctx, "carol", ""); len(none) != 0 {
			t.Fatalf("carol's turns: %+v", none)
		}
	})
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A game with a time bank is due once a waited-on seat has spent it all,
// and not before: each seat's own bank counts.
func TestDueWhenABankRunsOut(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		g := newGame("c1")
		g.TurnBank = 72 * time.Hour
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		g.Seats[1].WaitingSince, g.Seats[1].BankSpent = t0, 48*time.Hour
		g.MessageID = "m1"
		if err := s.Save(ctx, g, g.Version, nil); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Game(ctx, g.ID); got.TurnBank != 72*time.Hour {
			t.Fatalf("turn bank read back as %v", got.TurnBank)
		}
		due := func(at time.Time) bool {
			t.Helper()
			ids, err := s.Due(ctx, at, 0, 0, time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			return len(ids) == 1
		}
		if due(t0.Add(24*time.Hour - time.Second)) {
			t.Fatal("due before the bank ran out")
		}
		if !due(t0.Add(24 * time.Hour)) {
			t.Fatal("not due when the bank ran out")
		}
	})
}
