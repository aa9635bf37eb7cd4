package reliability

import (
	"fmt"
	"slices"
	"testing"

	"standoff/internal/games"
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
// The players keep the default settings (a mention); the settings' own
// rules are rhythm's table tests and the commands tests of /game notify.
func TestNotificationContract(t *testing.T) {
	games := 3
	if long() {
		games = 30
	}
	for _, g := range newEnv(t, 1, nil).games {
		k := g.Kind
		t.Run(k.Name, func(t *testing.T) {
			e := newEnv(t, 1, nil)
			for n := 0; n < games; n++ {
				playForNotifications(t, e, k, fmt.Sprintf("c%d", n), uint64(n))
			}
		})
	}
}

// waitedOn is who a state waits on, and for what (2: their turn, 1: an
// answer during another's turn): the prompts that are not standing, the
// turn's, those with a default answer, and any other while nobody is on
// turn. Seats the machine plays are left out.
func waitedOn(row *storage.Game, st games.State) map[string]int {
	out := map[string]int{}
	if st == nil || st.Outcome() != nil {
		return out
	}
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
	}
	return out
}

func playForNotifications(t *testing.T, e *env, k *games.Kind, channel string, seed uint64) {
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
		before := waitedOn(row, st)
		e.slash(0, actor, channel, k.Name, "move", "move="+move)
		e.routers[0].Wait()
		afterRow, afterSt := e.load(k, row.ID)
		after := waitedOn(afterRow, afterSt)
		var events []recEvent
		events, mark = e.rec.since(mark)
		checkNotified(t, fmt.Sprintf("%s game #%d, %s plays %q", k.Name, row.ID, actor, move), before, after, actor, events)
	}
}

// checkNotified holds one move's messages to the contract.
func checkNotified(t *testing.T, what string, before, after map[string]int, actor string, events []recEvent) {
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
	for u := range fresh {
		if pings[u] == 0 && dms[u] == 0 {
			t.Errorf("%s: the game now waits on %s, who was told nothing (before %v, after %v)", what, u, before, after)
		}
	}
}
