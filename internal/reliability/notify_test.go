package reliability

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"standoff/internal/games"
	"standoff/internal/rhythm"
	"standoff/storage"
)

// The notification contract (DESIGN.md, "Notifications"): "Each time
// someone new must act, each such player is notified once, the way they
// chose; nobody else is pinged." Discord notifies for a new message that
// mentions a user (as its allowed mentions permit) or a DM, never for an
// edit. Over seeded random games of every kind, after each move this
// test works out from the states alone (not from the router's code) who
// the game newly waits on, and holds what the router sent to it:
//   - whoever a new channel message pings is newly waited on, and is
//     pinged once;
//   - whoever is newly waited on is pinged by a new channel message or
//     sent a DM;
//   - an edit pings nobody (the recorder's edits carry no notification).
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

// waitedOn is who a state waits on, and for what (2: their turn, 1: an
// answer during another's turn): the prompts that are not standing, the
// turn's, those with a default answer, and any other while nobody is on
// turn. Seats the machine plays are left out. private lists those whose
// every such prompt is private (answered by DM).
func waitedOn(row *storage.Game, st games.State) (out map[string]int, private map[string]bool) {
	out, private = map[string]int{}, map[string]bool{}
	if st == nil || st.Outcome() != nil {
		return out, private
	}
	public := map[string]bool{}
	defer func() {
		for u := range out {
			private[u] = !public[u]
		}
	}()
	prompts := st.Prompts()
	anyTurn := slices.ContainsFunc(prompts, func(p games.Prompt) bool { return p.Turn })
	for _, p := range prompts {
		s := row.Seats[p.Seat]
		if p.Standing || s.BotLevel > 0 || s.Away || (!p.Turn && p.Default == "" && anyTurn) {
			continue
		}
		what := 1
		if p.Turn {
			what = 2
		}
		out[s.UserID] = max(out[s.UserID], what)
		public[s.UserID] = public[s.UserID] || !p.Private
	}
	return out, private
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
		before, _ := waitedOn(row, st)
		e.slash(0, actor, channel, k.Name, "move", "move="+move)
		e.routers[0].Wait()
		afterRow, afterSt := e.load(k, row.ID)
		after, private := waitedOn(afterRow, afterSt)
		var events []recEvent
		events, mark = e.rec.since(mark)
		checkNotified(t, fmt.Sprintf("%s game #%d, %s plays %q", k.Name, row.ID, actor, move), before, after, private, actor, events, s)
	}
}

// checkNotified holds one move's messages to the contract, for players who
// all chose s.
func checkNotified(t *testing.T, what string, before, after map[string]int, private map[string]bool, actor string, events []recEvent, s rhythm.Settings) {
	t.Helper()
	fresh := map[string]bool{}
	for u, now := range after {
		if before[u] == 0 || (before[u] == 1 && now == 2 && u != actor) {
			fresh[u] = true
		}
	}
	pings, dms := map[string]int{}, map[string]int{}
	for _, ev := range events {
		if ev.edit {
			continue // an edit notifies nobody, whatever it names
		}
		if ev.dm != "" {
			dms[ev.dm]++
			continue
		}
		for _, u := range ev.m.Mentions {
			pings[u]++
		}
	}
	for u, n := range pings {
		if !fresh[u] {
			t.Errorf("%s: %s was pinged although the game did not newly wait on them (before %v, after %v)", what, u, before, after)
		}
		if n > 1 {
			t.Errorf("%s: %s was pinged %d times", what, u, n)
		}
	}
	now := rhythm.Decide(s, time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC), rhythm.MustAct)
	for u := range fresh {
		switch {
		case private[u]:
			// A private decision comes in its DM, with its controls,
			// whatever the settings: that DM is the notice.
			if dms[u] == 0 || pings[u] > 0 {
				t.Errorf("%s: %s has a new private decision: %d DMs, %d pings (want a DM, no ping)", what, u, dms[u], pings[u])
			}
		case now.Mention && pings[u] != 1:
			t.Errorf("%s: the game now waits on %s, who asked for a mention and was pinged %d times (before %v, after %v)", what, u, pings[u], before, after)
		case now.DM && dms[u] == 0:
			t.Errorf("%s: the game now waits on %s, who asked for a DM and got none (before %v, after %v)", what, u, before, after)
		case !now.Mention && pings[u] > 0:
			t.Errorf("%s: %s asked not to be pinged now (%+v) and was", what, u, s)
		}
	}
}
