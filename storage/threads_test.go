package storage

import (
	"context"
	"errors"
	"testing"
)

// Threads are on unless a server turns them off; being told the bot may not
// start threads happens once per server, however often it is asked; a
// game moves into its thread unless the thread already holds an open game.
func TestGuildThreads(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		check := func(guild string, want GuildThreads) {
			t.Helper()
			got, err := s.GuildThreads(ctx, guild)
			if err != nil || got != want {
				t.Fatalf("%s: %+v, %v; want %+v", guild, got, err, want)
			}
		}
		check("g1", GuildThreads{})
		if err := s.SetGuildThreadsOff(ctx, "g1", true); err != nil {
			t.Fatal(err)
		}
		check("g1", GuildThreads{Off: true})
		check("g2", GuildThreads{})
		for i, want := range []bool{true, false, false} {
			first, err := s.TellNoThreadsOnce(ctx, "g1")
			if err != nil || first != want {
				t.Fatalf("telling g1 the %dth time: first %v, %v; want %v", i+1, first, err, want)
			}
		}
		if first, err := s.TellNoThreadsOnce(ctx, "g2"); err != nil || !first {
			t.Fatalf("g2 is told apart: %v, %v", first, err)
		}
		if err := s.SetGuildThreadsOff(ctx, "g1", false); err != nil {
			t.Fatal(err)
		}
		check("g1", GuildThreads{Told: true})
		check("g2", GuildThreads{Told: true})

		a, b := newGame("c1"), newGame("m9")
		for _, g := range []*Game{a, b} {
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.MoveGame(ctx, b.ID, "c1"); !errors.Is(err, ErrChannelBusy) {
			t.Fatalf("moving into a busy channel: %v, want ErrChannelBusy", err)
		}
		if err := s.MoveGame(ctx, b.ID, "t9"); err != nil {
			t.Fatal(err)
		}
		if g, err := s.OpenGame(ctx, "t9"); err != nil || g.ID != b.ID {
			t.Fatalf("the moved game is not in its thread: %+v, %v", g, err)
		}

		// A channel's results with its threads' games.
		if err := s.RecordThread(ctx, b.ID, "t9", "c1"); err != nil {
			t.Fatal(err)
		}
		if p, ok, err := s.ThreadParent(ctx, "t9"); p != "c1" || !ok || err != nil {
			t.Fatalf("ThreadParent(t9) = %q %v %v", p, ok, err)
		}
		if _, ok, err := s.ThreadParent(ctx, "c1"); ok || err != nil {
			t.Fatalf("c1 is no thread: %v %v", ok, err)
		}
		score := 7
		for _, r := range []Result{
			{GameID: a.ID, Guild: "g", Channel: "c1", Kind: "hunted", UserID: "u1", Players: 1, Score: &score},
			{GameID: b.ID, Guild: "g", Channel: "t9", Kind: "hunted", UserID: "u2", Players: 1, Score: &score},
		} {
			if err := s.AddResults(ctx, []Result{r}); err != nil {
				t.Fatal(err)
			}
		}
		count := func(f ResultFilter) int {
			rs, err := s.Results(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			return len(rs)
		}
		if n := count(ResultFilter{Channel: "c1", Kind: "hunted"}); n != 1 {
			t.Errorf("c1 alone: %d results", n)
		}
		if n := count(ResultFilter{Channel: "c1", Kind: "hunted", WithThreads: true}); n != 2 {
			t.Errorf("c1 with its threads: %d results", n)
		}
		if n := count(ResultFilter{Channel: "t9", WithThreads: true}); n != 1 {
			t.Errorf("t9 with its threads: %d results", n)
		}
	})
}

// A channel's open games in its threads are listed newest first, without
// finished games, games of other channels' threads, or more than asked.
func TestOpenGamesInThreadsOf(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		var ids []int64
		for _, th := range []struct{ thread, parent string }{{"t1", "c1"}, {"t2", "c1"}, {"t3", "c2"}, {"t4", "c1"}} {
			g := newGame(th.thread)
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			if err := s.RecordThread(ctx, g.ID, th.thread, th.parent); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, g.ID)
		}
		first, err := s.OpenGame(ctx, "t1")
		if err != nil {
			t.Fatal(err)
		}
		first.Status = Finished
		if err := s.Save(ctx, first, first.Version, nil); err != nil {
			t.Fatal(err)
		}
		got, err := s.OpenGamesInThreadsOf(ctx, "c1", 10)
		if err != nil || len(got) != 2 || got[0].Thread != "t4" || got[0].ID != ids[3] || got[1].Thread != "t2" {
			t.Fatalf("open games in c1's threads: %+v, %v", got, err)
		}
		if got, err := s.OpenGamesInThreadsOf(ctx, "c1", 1); err != nil || len(got) != 1 || got[0].Thread != "t4" {
			t.Fatalf("at most one: %+v, %v", got, err)
		}
		if got, err := s.OpenGamesInThreadsOf(ctx, "c9", 10); err != nil || len(got) != 0 {
			t.Fatalf("a channel without threads: %+v, %v", got, err)
		}
	})
}

// A server's daily runs are played in the player's DM unless it chooses
// private threads (migration 014); the choice leaves its other thread
// settings alone, and a run remembers its thread.
func TestGuildDailyThread(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if g, err := s.GuildThreads(ctx, "g1"); err != nil || g.DailyThread {
			t.Fatalf("default: %+v, %v; want DMs", g, err)
		}
		if err := s.SetGuildThreadsOff(ctx, "g1", true); err != nil {
			t.Fatal(err)
		}
		if err := s.SetGuildDailyThread(ctx, "g1", true); err != nil {
			t.Fatal(err)
		}
		if g, err := s.GuildThreads(ctx, "g1"); err != nil || g != (GuildThreads{Off: true, DailyThread: true}) {
			t.Fatalf("g1: %+v, %v; want threads off, daily runs in threads", g, err)
		}
		if err := s.SetGuildDailyThread(ctx, "g1", false); err != nil {
			t.Fatal(err)
		}
		if g, err := s.GuildThreads(ctx, "g1"); err != nil || g != (GuildThreads{Off: true}) {
			t.Fatalf("g1 back to DMs: %+v, %v", g, err)
		}
		run := DailyRun{Day: "2026-01-01", Kind: "hunted", UserID: "u1", Name: "alice", Guild: "g1", Channel: "c1", GameID: 7, Thread: "t9"}
		if err := s.StartDaily(ctx, run); err != nil {
			t.Fatal(err)
		}
		if got, ok, err := s.DailyOfGame(ctx, 7); err != nil || !ok || got.Thread != "t9" {
			t.Fatalf("run: %+v, %v, %v; want its thread t9", got, ok, err)
		}
	})
}
