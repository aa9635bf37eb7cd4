package reliability

import (
	"context"
	"fmt"
	"testing"
	"time"

	"standoff/internal/games"
	"standoff/internal/notifycheck"
	"standoff/internal/rhythm"
	"standoff/storage"
)

// The notification contract (DESIGN.md, "Notifications"): "Each time
// someone new must act, each such player is notified once, the way they
// chose; nobody else is pinged." Discord notifies for a new message that
// mentions a user (as its allowed mentions permit) or a DM, never for an
// edit. Over seeded random games of every kind, after each move this
// test works out from the states alone (not from the router's code) who
// the game newly waits on, and holds what the router sent to the contract
// as internal/notifycheck states it (the recorder's edits notify nobody).
//
// It holds under each of a player's own settings (/game notify), every
// player of the table choosing the same: a mention (the default), a DM,
// both, none, a daily digest, or quiet hours now (what is due waits for
// their end: nothing now).
func TestNotificationContract(t *testing.T) {
	games := 1
	if long() {
		games = 20
	}
	quiet, _ := rhythm.ParseWindow("11:00-13:00") // the suite's clock reads 12:00 UTC
	for _, set := range []struct {
		name string
		s    rhythm.Settings
	}{
		{"mention", rhythm.Settings{}},
		{"dm", rhythm.Settings{How: rhythm.DM}},
		{"both", rhythm.Settings{How: rhythm.Both}},
		{"none", rhythm.Settings{How: rhythm.Silent}},
		{"digest", rhythm.Settings{Digest: true, DigestAt: 8 * 60}},
		{"quiet", rhythm.Settings{Quiet: quiet}},
	} {
		for _, g := range newEnv(t, 1, nil).games {
			k := g.Kind
			t.Run(set.name+"/"+k.Name, func(t *testing.T) {
				e := newEnv(t, 1, nil)
				for _, u := range seatUsers(k.MaxPlayers) {
					if err := e.stores[0].SavePlayer(context.Background(), storage.Player{UserID: u, Settings: set.s}); err != nil {
						t.Fatal(err)
					}
				}
				for n := 0; n < games; n++ {
					playForNotifications(t, e, k, fmt.Sprintf("c%d", n), uint64(n), set.s)
				}
			})
		}
	}
}

func playForNotifications(t *testing.T, e *env, k *games.Kind, channel string, seed uint64, s rhythm.Settings) {
	t.Helper()
	row := e.start(k, channel, seatUsers(players(k)))
	rng := games.NewRNG(seed + 1)
	_, mark := e.rec.since(0)
	for step := 0; step < 300; step++ {
		row, st := e.load(k, row.ID)
		if row.Status != storage.Active {
			return
		}
		seats := humanToAct(row, st)
		if len(seats) == 0 {
			t.Fatalf("%s game #%d waits on nobody who can move", k.Name, row.ID)
		}
		seat := seats[rng.Intn(len(seats))]
		legal := st.Legal(seat)
		move := legal[rng.Intn(len(legal))]
		actor := row.Seats[seat].UserID
		before := notifycheck.WaitedOn(row, st)
		e.slash(0, actor, channel, k.Name, "move", "move="+move)
		e.routers[0].Wait()
		afterRow, afterSt := e.load(k, row.ID)
		step := notifycheck.Step{Before: before, After: notifycheck.WaitedOn(afterRow, afterSt), Actor: actor}
		var events []recEvent
		events, mark = e.rec.since(mark)
		checkNotified(t, fmt.Sprintf("%s game #%d, %s plays %q", k.Name, row.ID, actor, move), step, events, s)
	}
}

// checkNotified holds one move's messages to the contract, for players who
// all chose s.
func checkNotified(t *testing.T, what string, step notifycheck.Step, events []recEvent, s rhythm.Settings) {
	t.Helper()
	sent := make([]notifycheck.Sent, 0, len(events))
	for _, ev := range events {
		sent = append(sent, notifycheck.Sent{Edit: ev.edit, DM: ev.dm, Pings: ev.m.Mentions,
			View: ev.dm != "" && notifycheck.PrivateView(ev.m.Content)})
	}
	now := rhythm.Decide(s, time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC), rhythm.MustAct)
	want := func(_ string, private bool) notifycheck.Want {
		if private {
			// A private decision comes in its DM, with its controls,
			// whatever the settings: that DM is the notice.
			return notifycheck.Want{DM: true}
		}
		return notifycheck.Want{Ping: now.Mention, DM: now.DM}
	}
	for _, v := range notifycheck.Check(step, sent, want) {
		t.Errorf("%s: %s (settings %+v; waited on before %v, after %v)", what, v, s, step.Before.On, step.After.On)
	}
}
