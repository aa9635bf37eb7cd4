package storage

import (
	"context"
	"testing"
	"time"

	"standoff/internal/rhythm"
)

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

// A player's settings are kept across processes: the defaults before they
// chose any, then what they saved; several are read at once, those who
// chose nothing with the defaults.
func TestPlayerSettingsRoundTrip(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		p, err := s.Player(ctx, "alice")
		if err != nil || p.UserID != "alice" || p.How != "" || p.Digest || p.Quiet.On() || !p.AwayUntil.IsZero() {
			t.Fatalf("defaults: %+v %v", p, err)
		}
		want := Player{UserID: "alice", Settings: rhythm.Settings{How: rhythm.DM, Zone: "Europe/Paris",
			Quiet: rhythm.Window{From: 22 * 60, To: 7 * 60}, HeadsUp: true, Digest: true, DigestAt: 8*60 + 30,
			AwayFrom: t0, AwayUntil: t0.Add(72 * time.Hour)}, DigestNext: t0.Add(20 * time.Hour)}
		if err := s.SavePlayer(ctx, want); err != nil {
			t.Fatal(err)
		}
		if err := s.SavePlayer(ctx, Player{UserID: "bob", Settings: rhythm.Settings{How: rhythm.Silent}}); err != nil {
			t.Fatal(err)
		}
		got, err := s.Player(ctx, "alice")
		if err != nil || got != want {
			t.Fatalf("read back %+v %v\nwant %+v", got, err, want)
		}
		all, err := s.Players(ctx, []string{"alice", "bob", "carol"})
		if err != nil || len(all) != 3 || all["alice"] != want || all["bob"].How != rhythm.Silent || all["carol"] != (Player{UserID: "carol"}) {
			t.Fatalf("Players: %+v %v", all, err)
		}
		// A digest switched off, and zeroes, read back as such.
		want.Digest, want.DigestAt, want.DigestNext, want.AwayFrom, want.AwayUntil = false, 0, time.Time{}, time.Time{}, time.Time{}
		if err := s.SavePlayer(ctx, want); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Player(ctx, "alice"); got != want {
			t.Fatalf("after switching off: %+v", got)
		}
	})
}

// What is held for a player is released once, at the earliest release
// time asked, each game once with its strongest event; a second claim of
// the same release (another process, a later tick) gets nothing.
func TestHoldAndTakeHeld(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		g1, g2 := newGame("c1"), newGame("c2")
		for _, g := range []*Game{g1, g2} {
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		morning := t0.Add(19 * time.Hour)
		hold := func(game int64, e rhythm.Event, at, until time.Time) {
			t.Helper()
			if err := s.Hold(ctx, "alice", game, e, at, until); err != nil {
				t.Fatal(err)
			}
		}
		hold(g1.ID, rhythm.MustAct, t0, morning)
		hold(g1.ID, rhythm.Reminder, t0.Add(time.Hour), morning.Add(time.Hour)) // a later release does not delay the first
		hold(g2.ID, rhythm.HeadsUp, t0.Add(2*time.Hour), morning)
		if due, err := s.DuePlayers(ctx, morning.Add(-time.Minute)); err != nil || len(due) != 0 {
			t.Fatalf("due before the release: %+v %v", due, err)
		}
		due, err := s.DuePlayers(ctx, morning)
		if err != nil || len(due) != 1 || due[0].UserID != "alice" || !due[0].HeldUntil.Equal(morning) {
			t.Fatalf("due at the release: %+v %v", due, err)
		}
		held, ok, err := s.TakeHeld(ctx, "alice", due[0].HeldUntil)
		if err != nil || !ok || len(held) != 2 {
			t.Fatalf("TakeHeld: %+v %v %v", held, ok, err)
		}
		if held[0].Game != g1.ID || held[0].Event != rhythm.MustAct || held[0].Channel != "c1" || held[0].Guild != "g1" ||
			held[1].Game != g2.ID || held[1].Event != rhythm.HeadsUp {
			t.Fatalf("held: %+v", held)
		}
		if again, ok, err := s.TakeHeld(ctx, "alice", due[0].HeldUntil); err != nil || ok || len(again) != 0 {
			t.Fatalf("a second claim: %+v %v %v", again, ok, err)
		}
		if due, _ := s.DuePlayers(ctx, morning.Add(48*time.Hour)); len(due) != 0 {
			t.Fatalf("still due after the release: %+v", due)
		}
		// A player back early: the release moves to now.
		hold(g2.ID, rhythm.MustAct, t0.Add(30*time.Hour), t0.Add(100*time.Hour))
		if err := s.ReleaseHeldAt(ctx, "alice", t0.Add(31*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if due, _ := s.DuePlayers(ctx, t0.Add(31*time.Hour)); len(due) != 1 {
			t.Fatalf("released early: %+v", due)
		}
		// Settings saved meanwhile keep what is held.
		if err := s.SavePlayer(ctx, Player{UserID: "alice", Settings: rhythm.Settings{How: rhythm.DM}}); err != nil {
			t.Fatal(err)
		}
		if p, _ := s.Player(ctx, "alice"); !p.HeldUntil.Equal(t0.Add(31 * time.Hour)) {
			t.Fatalf("saving settings moved the release: %+v", p)
		}
	})
}

// A digest is due at its time, claimed once, and then due again a day on.
func TestDigestDue(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		next := t0.Add(2 * time.Hour)
		if err := s.SavePlayer(ctx, Player{UserID: "bob", Settings: rhythm.Settings{Digest: true, DigestAt: 14 * 60}, DigestNext: next}); err != nil {
			t.Fatal(err)
		}
		if due, _ := s.DuePlayers(ctx, next.Add(-time.Second)); len(due) != 0 {
			t.Fatalf("due early: %+v", due)
		}
		due, _ := s.DuePlayers(ctx, next)
		if len(due) != 1 || !due[0].DigestNext.Equal(next) {
			t.Fatalf("due: %+v", due)
		}
		ok, err := s.AdvanceDigest(ctx, "bob", next, next.Add(24*time.Hour))
		if err != nil || !ok {
			t.Fatalf("AdvanceDigest: %v %v", ok, err)
		}
		if ok, _ := s.AdvanceDigest(ctx, "bob", next, next.Add(24*time.Hour)); ok {
			t.Fatal("the same digest was claimed twice")
		}
		if due, _ := s.DuePlayers(ctx, next.Add(time.Hour)); len(due) != 0 {
			t.Fatalf("due after the claim: %+v", due)
		}
	})
}

func TestGuildRhythm(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if g, err := s.GuildRhythm(ctx, "g1"); err != nil || g != (GuildRhythm{}) {
			t.Fatalf("unset: %+v %v", g, err)
		}
		want := GuildRhythm{Bank: 72 * time.Hour, AwayDays: 30}
		if err := s.SetGuildRhythm(ctx, "g1", want); err != nil {
			t.Fatal(err)
		}
		if g, _ := s.GuildRhythm(ctx, "g1"); g != want {
			t.Fatalf("read back %+v", g)
		}
		if g, _ := s.GuildRhythm(ctx, "g2"); g != (GuildRhythm{}) {
			t.Fatalf("another server: %+v", g)
		}
		if err := s.SetGuildRhythm(ctx, "g1", GuildRhythm{AwayDays: 7}); err != nil {
			t.Fatal(err)
		}
		if g, _ := s.GuildRhythm(ctx, "g1"); g != (GuildRhythm{AwayDays: 7}) {
			t.Fatalf("after a change %+v", g)
		}
	})
}
